//! The one place where a choice of evaluation (`off`, `default`, a
//! network file) becomes an [`Evaluator`], or a typed error that every
//! front end shows: `set net`, `agent --net`, `selfplay --net` and the
//! lab's programs all call [`load`] (or [`resolve`] on the text given).
//! The library reads no files itself: the caller passes its reader (the
//! front end's checked one, `front::files::read_net`).

use super::choice::NetChoice;
use super::evaluator::Evaluator;
use crate::congo::nnue::{NetFileError, Network, default_net};
use crate::quote::quoted_path;
use std::sync::Arc;

/// Reads a network file: its bytes, or why not (the front end's I/O).
pub type ReadNet = dyn Fn(&str) -> Result<Vec<u8>, String> + Send + Sync;

/// A shared [`ReadNet`] (what a session keeps).
pub type NetReader = Arc<ReadNet>;

/// Why a choice of evaluation cannot be used. Nothing changes where one
/// is returned: the engine keeps the evaluation it had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// Text that names no choice (the empty name).
    #[error("expected `off`, `default` or a network file's name")]
    Choice,
    /// The file cannot be read (missing, a directory, too big, no reader).
    #[error("cannot read {}: {reason}", quoted_path(.path))]
    Unreadable { path: String, reason: String },
    /// The file is read but is not a network file this boardsh can use.
    #[error("cannot use {} as a network: {error}", quoted_path(.path))]
    NetFile { path: String, error: NetFileError },
    /// The network built into the binary does not read (a test holds
    /// that it does).
    #[error("the built-in network cannot be read")]
    BuiltIn,
}

/// The evaluation `choice` names, a file read by `read` (`None`: no file
/// may be read here) and checked ([`Network::from_bytes`]: magic,
/// version, shape, checksum).
///
/// # Errors
///
/// [`LoadError`]: the file unreadable or not a usable network file, or
/// the built-in network unreadable.
pub fn load(choice: &NetChoice, read: Option<&ReadNet>) -> Result<Evaluator, LoadError> {
    match choice {
        NetChoice::Off => Ok(Evaluator::Hand),
        NetChoice::Default => default_net().map(Evaluator::Net).ok_or(LoadError::BuiltIn),
        NetChoice::File(path) => {
            let unreadable = |reason: String| LoadError::Unreadable {
                path: path.clone(),
                reason,
            };
            let read = read.ok_or_else(|| unreadable("no files are read here".to_string()))?;
            let bytes = read(path).map_err(unreadable)?;
            let (net, _) = Network::from_bytes(&bytes).map_err(|error| LoadError::NetFile {
                path: path.clone(),
                error,
            })?;
            Ok(Evaluator::Net(Arc::new(net)))
        }
    }
}

/// [`load`] of the text of a `--net` option ([`NetChoice::parse`]); no
/// text: [`STARTUP_NET`](super::STARTUP_NET).
///
/// # Errors
///
/// [`LoadError::Choice`] for the empty text, else [`load`]'s.
pub fn resolve(text: Option<&str>, read: Option<&ReadNet>) -> Result<Evaluator, LoadError> {
    let choice = match text {
        None => super::STARTUP_NET,
        Some(text) => NetChoice::parse(text).ok_or(LoadError::Choice)?,
    };
    load(&choice, read)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reader(bytes: &'static [u8]) -> impl Fn(&str) -> Result<Vec<u8>, String> + Send + Sync {
        move |_| Ok(bytes.to_vec())
    }

    #[test]
    fn each_choice_resolves_or_says_why_not() {
        let good: &'static [u8] = Box::leak(Network::random(4, 1).to_bytes("t").into_boxed_slice());
        assert_eq!(resolve(Some("off"), None), Ok(Evaluator::Hand));
        assert_eq!(resolve(Some(""), None), Err(LoadError::Choice));
        assert_eq!(resolve(None, None), Ok(Evaluator::startup()));
        assert_eq!(
            resolve(Some("DEFAULT"), None)
                .ok()
                .and_then(|e| e.net().cloned()),
            default_net()
        );
        let net = resolve(Some("n.nnue"), Some(&reader(good))).unwrap();
        assert_eq!(net.net().map(|n| n.hidden()), Some(4));
        // No reader: the file is unreadable here, not silently skipped.
        assert_eq!(
            resolve(Some("n.nnue"), None),
            Err(LoadError::Unreadable {
                path: "n.nnue".into(),
                reason: "no files are read here".into()
            })
        );
        let failing = |_: &str| Err::<Vec<u8>, _>("no such file".to_string());
        assert_eq!(
            resolve(Some("gone.nnue"), Some(&failing))
                .unwrap_err()
                .to_string(),
            "cannot read `gone.nnue`: no such file"
        );
        // Damaged bytes: refused, and the message names the file.
        let damaged = resolve(Some("bad.nnue"), Some(&reader(b"garbage"))).unwrap_err();
        assert!(matches!(&damaged, LoadError::NetFile { path, .. } if path == "bad.nnue"));
        assert!(
            damaged
                .to_string()
                .starts_with("cannot use `bad.nnue` as a network: ")
        );
    }
}
