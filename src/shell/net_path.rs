//! Where a network file named by `set net FILE` is, when the name is read
//! from a script or written by `save`.
//!
//! In a script, a relative name is relative to the script's directory, as
//! `source`, `svg` and `review FILE` are ([`beside`]), so a saved session
//! replays from any working directory. The session keeps the name as
//! resolved (relative to the working directory, or absolute); `save`
//! writes it so that it resolves to the same file from the saved file's
//! directory ([`for_file_in`]): as it is when the file goes to the working
//! directory or the name is absolute, else absolute.

use std::path::Path;

/// `path`, named in the script `from`: relative to `from`'s directory
/// (unchanged when absolute or when `from` is in the working directory).
pub fn beside(from: &str, path: &str) -> String {
    match Path::new(from).parent() {
        Some(dir) if Path::new(path).is_relative() && !dir.as_os_str().is_empty() => {
            dir.join(path).to_string_lossy().into_owned()
        }
        _ => path.to_string(),
    }
}

/// `path` (relative to the working directory `cwd`, or absolute) as a
/// script in `dir` must name it for [`beside`] to find it again: as it is
/// when absolute or when `dir` is the working directory, else joined to
/// `cwd` (absolute). `None` for `cwd`: the working directory is unknown,
/// and the name is left as it is.
pub fn for_file_in(path: &str, dir: &Path, cwd: Option<&Path>) -> String {
    if Path::new(path).is_absolute() || dir.as_os_str().is_empty() {
        return path.to_string();
    }
    match cwd {
        Some(cwd) => cwd.join(path).to_string_lossy().into_owned(),
        None => path.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_in_a_script_is_beside_it() {
        assert_eq!(beside("s.bsh", "n.nnue"), "n.nnue");
        assert_eq!(beside("sub/s.bsh", "n.nnue"), "sub/n.nnue");
        assert_eq!(beside("/a/s.bsh", "../n.nnue"), "/a/../n.nnue");
        assert_eq!(beside("sub/s.bsh", "/abs/n.nnue"), "/abs/n.nnue");
    }

    #[test]
    fn save_writes_a_name_that_finds_the_same_file() {
        let cwd = Path::new("/w");
        // Saved into the working directory: as it is.
        assert_eq!(for_file_in("n.nnue", Path::new(""), Some(cwd)), "n.nnue");
        // Elsewhere: absolute, so `beside` leaves it alone.
        let there = for_file_in("n.nnue", Path::new("out"), Some(cwd));
        assert_eq!(there, "/w/n.nnue");
        assert_eq!(beside("out/s.bsh", &there), "/w/n.nnue");
        assert_eq!(
            for_file_in("/n.nnue", Path::new("out"), Some(cwd)),
            "/n.nnue"
        );
        assert_eq!(for_file_in("n.nnue", Path::new("out"), None), "n.nnue");
    }
}
