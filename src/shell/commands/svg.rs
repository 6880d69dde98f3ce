//! The `svg FILE` / `svg! FILE` tail of `show` (`board` has its own grammar,
//! which also takes `legend`, and uses the same file name rule).

use super::session::file_name;
use super::{ArgSpec, Complete};
use crate::shell::command::{Command, SvgFile};
use crate::shell::parse::grammar::{Res, bare, word};

/// The usage of `show`: nothing, or a picture to write.
pub const USAGE: &str = "[svg[!] <file>]";

/// The argument positions of `show`.
pub const ARGS: &[ArgSpec] = &[
    ArgSpec {
        hint: USAGE,
        complete: Complete::ExactWords(&["svg", "svg!"]),
    },
    ArgSpec {
        hint: "<file>",
        complete: Complete::Path,
    },
];

/// `name` alone gives `plain`; `name svg FILE` (or `svg! FILE`, which may
/// overwrite) gives `make(file)`. Anything else is refused as `bare`
/// refuses it, so the errors of a bare `show` stay as they were.
pub(crate) fn svg_or_bare<'a>(
    input: &'a str,
    name: &'static str,
    plain: Command,
    make: fn(SvgFile) -> Command,
) -> Res<'a, Command> {
    match word(input) {
        Ok((rest, w)) if w == "svg" || w == "svg!" => {
            let (rest, path) = file_name(rest)?;
            Ok((
                rest,
                make(SvgFile {
                    path,
                    force: w == "svg!",
                }),
            ))
        }
        _ => bare(input, name, plain),
    }
}
