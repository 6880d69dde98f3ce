//! Which evaluation a session, `agent` and `selfplay` are asked for:
//! `off`, `default` or a network file, as the user wrote it.

/// A choice of network: none (the hand-written evaluation), the built-in
/// one, or a network file (named as the user gave it; [`load`](super::load)
/// reads it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum NetChoice {
    /// No network: the hand-written evaluation.
    Off,
    /// The built-in network ([`default_net`](crate::congo::nnue::default_net)).
    Default,
    /// A network file.
    File(String),
}

/// The network every session, `boardsh agent` and `boardsh selfplay`
/// start with: the one place to change when a trained network has passed
/// its test against the hand-written evaluation (`NetChoice::Default`).
pub const STARTUP_NET: NetChoice = NetChoice::Default;

impl NetChoice {
    /// `off`, `default` (any case) or a file name (any other text but the
    /// empty one): what `set net`, `--net` and the lab's `--net` take.
    pub fn parse(text: &str) -> Option<NetChoice> {
        if text.eq_ignore_ascii_case("off") {
            Some(NetChoice::Off)
        } else if text.eq_ignore_ascii_case("default") {
            Some(NetChoice::Default)
        } else if text.is_empty() {
            None
        } else {
            Some(NetChoice::File(text.to_string()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_in_any_case_else_a_file() {
        assert_eq!(NetChoice::parse("OFF"), Some(NetChoice::Off));
        assert_eq!(NetChoice::parse("Default"), Some(NetChoice::Default));
        assert_eq!(
            NetChoice::parse("off.nnue"),
            Some(NetChoice::File("off.nnue".into()))
        );
        assert_eq!(NetChoice::parse(""), None);
    }
}
