//! Long text at the prompt (`help`, `review`) through a pager: `$PAGER` (a
//! program and its arguments; set but empty: none), else `less -RFX`
//! (colours kept, no paging when it fits, and the text left on the screen
//! after `q`, where `less -R` cleared it away). Only the
//! prompt's terminal output asks for it, never a script or a pipe.

use std::io::Write;
use std::process::{Command, Stdio};

/// The pager to run: `$PAGER`'s words when set, else `less -RFX`; `None`
/// when `$PAGER` is set but blank (paging turned off).
pub fn pager_command(env: Option<&str>) -> Option<Vec<String>> {
    match env {
        Some(value) => {
            let words: Vec<String> = value.split_whitespace().map(str::to_string).collect();
            (!words.is_empty()).then_some(words)
        }
        None => Some(vec!["less".to_string(), "-RFX".to_string()]),
    }
}

/// Show `text` through the pager and wait for it to end; `false` when no
/// pager could be started (the caller then prints the text itself).
pub fn page(text: &str) -> bool {
    let env = std::env::var("PAGER").ok();
    let Some(words) = pager_command(env.as_deref()) else {
        return false;
    };
    let Some((program, args)) = words.split_first() else {
        return false;
    };
    let Ok(mut child) = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .spawn()
    else {
        return false;
    };
    if let Some(mut stdin) = child.stdin.take() {
        // The reader may quit before reading it all (a closed pipe): fine.
        let _ = stdin.write_all(text.as_bytes());
    }
    child.wait().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_pager() {
        assert_eq!(
            pager_command(None),
            Some(vec!["less".to_string(), "-RFX".to_string()])
        );
        assert_eq!(
            pager_command(Some("more -d")),
            Some(vec!["more".to_string(), "-d".to_string()])
        );
        assert_eq!(pager_command(Some("  ")), None, "blank: no pager");
    }
}
