//! Tab on a file-name argument: where it starts, and names written so
//! that the parser reads back exactly the completed path.

use crate::shell::commands::{Complete, Keyword};
use crate::shell::words;

/// Byte offsets where the blank-separated words of `seg` start.
fn word_starts(seg: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut prev_blank = true;
    for (i, c) in seg.char_indices() {
        let blank = c == ' ' || c == '\t';
        if prev_blank && !blank {
            out.push(i);
        }
        prev_blank = blank;
    }
    out
}

/// Completions of a file-name argument typed so far (`arg`, from its start
/// to the cursor): pairs of what to show and what replaces the whole
/// argument. `home` is what `~` stands for; `list(dir)` lists the entries
/// of directory `dir` (`""`: the current one) as (name, is a directory).
/// Each replacement is written by [`words::quote`], so the parser reads it
/// back as exactly the completed path; a directory ends in `/` so that Tab
/// can go on into it.
pub fn complete_path(
    arg: &str,
    home: Option<&str>,
    list: impl Fn(&str) -> Vec<(String, bool)>,
) -> Vec<(String, String)> {
    let (typed, _) = words::read_partial(arg, home);
    let cut = typed.rfind('/').map_or(0, |i| i + 1);
    let (dir, base) = typed.split_at(cut);
    // A leading `~/` typed by the user stays `~/` (then quoted text).
    let tilde = home
        .filter(|h| (arg == "~" || arg.starts_with("~/")) && typed.starts_with(h))
        .map(|h| h.len() + 1);
    let mut out: Vec<(String, String)> = list(dir)
        .into_iter()
        .filter(|(name, _)| name.starts_with(base))
        .map(|(name, is_dir)| {
            let slash = if is_dir { "/" } else { "" };
            let full = format!("{dir}{name}{slash}");
            let replacement = match tilde.and_then(|n| full.get(n..)) {
                Some(rest) if !rest.is_empty() => format!("~/{}", words::quote(rest)),
                _ => words::quote(&full),
            };
            (format!("{name}{slash}"), replacement)
        })
        .collect();
    out.sort();
    out
}

/// Where the file-name argument of the command text `seg` starts, when
/// the cursor (at the end of `seg`) is in it: a file name is the last
/// argument and runs to the end of the command, blanks and quotes included.
pub(super) fn path_start(seg: &str) -> Option<usize> {
    let starts = word_starts(seg);
    let (kw, _) = Keyword::find(seg.get(*starts.first()?..)?.split([' ', '\t']).next()?)?;
    let at = kw
        .spec()
        .args
        .iter()
        .position(|a| a.complete == Complete::Path)?;
    // The words before the path must be ones the other entries accept.
    for i in 0..at {
        let word = seg.get(*starts.get(i + 1)?..)?.split([' ', '\t']).next()?;
        if let Some(c) = kw.spec().args.get(i).map(|a| a.complete) {
            let ok = matches!(c, Complete::Words(l) | Complete::ExactWords(l)
                if l.iter().any(|o| o.eq_ignore_ascii_case(word)));
            if !ok && !matches!(c, Complete::Nothing) {
                return None;
            }
        }
    }
    match starts.get(at + 1) {
        Some(&s) => Some(s),
        // Not typed yet: only once the words before it are complete.
        None => (starts.len() == at + 1 && seg.ends_with([' ', '\t'])).then_some(seg.len()),
    }
}
