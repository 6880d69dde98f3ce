//! Colour, decided once per stream, and the named styles of the theme.

use super::args::ColorChoice;
use crate::shell::settings::Theme;
use crate::shell::{Output, Style};
use owo_colors::{OwoColorize, Style as Paint};
use std::io::{self, IsTerminal, Write};

/// Whether to colour a stream: the flag, then `NO_COLOR`, then
/// `CLICOLOR_FORCE` / `FORCE_COLOR`, then `TERM=dumb` and `CLICOLOR=0`
/// (both off), then whether the stream is a terminal.
pub fn use_color(choice: ColorChoice, is_terminal: bool) -> bool {
    let var = |k: &str| std::env::var_os(k);
    let set = |k: &str| var(k).is_some_and(|v| !v.is_empty());
    let forced = |k: &str| var(k).is_some_and(|v| !v.is_empty() && v != "0");
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto if set("NO_COLOR") => false,
        ColorChoice::Auto if forced("CLICOLOR_FORCE") || forced("FORCE_COLOR") => true,
        ColorChoice::Auto if var("TERM").is_some_and(|t| t == "dumb") => false,
        ColorChoice::Auto if var("CLICOLOR").is_some_and(|v| v == "0") => false,
        ColorChoice::Auto => is_terminal,
    }
}

/// Colour stdout?
pub fn stdout_color(choice: ColorChoice) -> bool {
    use_color(choice, io::stdout().is_terminal())
}

/// Colour stderr?
pub fn stderr_color(choice: ColorChoice) -> bool {
    use_color(choice, io::stderr().is_terminal())
}

/// The background a theme is for, when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Background {
    Light,
    Dark,
    /// Not known: colours that read on either.
    Either,
}

/// The background `theme` means; `auto` reads `colorfgbg` (the
/// terminal's `COLORFGBG`, `fg;bg` or `fg;default;bg`): background 7 or
/// 15 (white) is light, another colour number dark, anything else unknown.
pub fn background(theme: Theme, colorfgbg: Option<&str>) -> Background {
    match theme {
        Theme::Light => Background::Light,
        Theme::Dark => Background::Dark,
        Theme::Auto => match colorfgbg
            .and_then(|v| v.rsplit(';').next())
            .and_then(|bg| bg.trim().parse::<u8>().ok())
        {
            Some(7 | 15) => Background::Light,
            Some(_) => Background::Dark,
            None => Background::Either,
        },
    }
}

/// The theme: one paint per style. With the background unknown every
/// style reads on a dark and on a light background alike: mid colours
/// (never bright white or bright yellow text), bold for one side, reverse
/// video for the last move. With the background known, white pieces are
/// drawn white: bright white on a dark background, white on black on a
/// light one (and black pieces black there).
pub fn paint_on(style: Style, background: Background) -> Paint {
    match (style, background) {
        (Style::WhitePiece, Background::Dark) => Paint::new().bright_white().bold(),
        (Style::WhitePiece, Background::Light) => Paint::new().bright_white().on_black().bold(),
        (Style::BlackPiece, Background::Light) => Paint::new().black().bold(),
        (style, _) => paint(style),
    }
}

/// [`paint_on`] a background of either kind.
pub fn paint(style: Style) -> Paint {
    match style {
        Style::Plain => Paint::new(),
        Style::UpperTeam => Paint::new().red().bold(),
        Style::LowerTeam => Paint::new().blue().bold(),
        Style::WhitePiece => Paint::new().magenta().bold(),
        Style::BlackPiece => Paint::new().green(),
        Style::River => Paint::new().cyan(),
        Style::LastMove => Paint::new().reversed(),
        Style::Label => Paint::new().dimmed(),
    }
}

/// The style of `error:`.
pub fn error_paint() -> Paint {
    Paint::new().red().bold()
}

/// The style of `warning:`.
pub fn warning_paint() -> Paint {
    Paint::new().yellow().bold()
}

/// An output that colours styled text when `color` is set.
pub struct Themed<W: Write> {
    pub inner: W,
    pub color: bool,
    /// The columns text is wrapped to; 0: the terminal's width at the time
    /// of writing ([`stdout_width`]), so a resized window is followed.
    pub width: usize,
    /// The background the colours are for (the `theme` setting, read
    /// when the session sets it).
    pub background: Background,
}

/// The width of stdout when it is a terminal, else 80.
pub fn stdout_width() -> usize {
    stdout_size().map_or(crate::shell::wrap::DEFAULT_WIDTH, |(cols, _)| cols)
}

/// The height of stdout in rows when it is a terminal.
pub fn stdout_height() -> Option<usize> {
    stdout_size().map(|(_, rows)| rows).filter(|&rows| rows > 0)
}

/// Columns and rows of stdout when it is a terminal that gives its size
/// (`console`, already built for indicatif, asks it; a terminal giving 0
/// rows or columns counts as none).
fn stdout_size() -> Option<(usize, usize)> {
    console::Term::stdout()
        .size_checked()
        .map(|(rows, cols)| (usize::from(cols), usize::from(rows)))
}

impl<W: Write> Output for Themed<W> {
    fn styled(&mut self, style: Style, text: &str) -> io::Result<()> {
        if self.color && style != Style::Plain {
            write!(
                self.inner,
                "{}",
                text.style(paint_on(style, self.background))
            )
        } else {
            self.inner.write_all(text.as_bytes())
        }
    }

    fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.inner.write_all(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }

    fn set_theme(&mut self, theme: Theme) {
        let colorfgbg = std::env::var("COLORFGBG").ok();
        self.background = background(theme, colorfgbg.as_deref());
    }

    fn window(&self) -> Option<usize> {
        (self.width == 0 && io::stdout().is_terminal()).then(stdout_width)
    }

    fn width(&self) -> usize {
        if self.width == 0 {
            stdout_width()
        } else {
            self.width
        }
    }

    fn height(&self) -> Option<usize> {
        // Only a terminal's own size (a fixed width is a test's or a
        // pipe's, which never pages or shrinks the board).
        if self.width == 0 {
            stdout_height()
        } else {
            None
        }
    }

    fn page(&mut self, text: &str) -> io::Result<()> {
        // Taller than the window (the prompt's line included): through
        // the pager, or as it is when none runs.
        if self
            .height()
            .is_some_and(|rows| text.lines().count() >= rows)
        {
            self.inner.flush()?;
            if super::pager::page(text) {
                return Ok(());
            }
        }
        self.text(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_theme_follows_the_setting_then_colorfgbg() {
        for fgbg in [None, Some("0;15"), Some("15;0")] {
            assert_eq!(background(Theme::Light, fgbg), Background::Light);
            assert_eq!(background(Theme::Dark, fgbg), Background::Dark);
        }
        // rxvt's forms: `fg;bg` and `fg;default;bg`; 7 and 15 are white.
        assert_eq!(background(Theme::Auto, Some("0;15")), Background::Light);
        assert_eq!(
            background(Theme::Auto, Some("0;default;7")),
            Background::Light
        );
        assert_eq!(background(Theme::Auto, Some("15;0")), Background::Dark);
        assert_eq!(
            background(Theme::Auto, Some("7;default;0")),
            Background::Dark
        );
        assert_eq!(background(Theme::Auto, None), Background::Either);
        assert_eq!(background(Theme::Auto, Some("default")), Background::Either);
    }

    #[test]
    fn white_pieces_are_white_when_the_background_is_known() {
        let sgr = |style, bg| format!("{}", "L".style(paint_on(style, bg)));
        // 97: bright white foreground; 40: black background; 30: black.
        assert!(sgr(Style::WhitePiece, Background::Dark).contains("97"));
        let light = sgr(Style::WhitePiece, Background::Light);
        assert!(light.contains("97") && light.contains("40"), "{light:?}");
        assert!(sgr(Style::BlackPiece, Background::Light).contains("30"));
        // Unknown background: the colours that read on both (no white).
        assert!(!sgr(Style::WhitePiece, Background::Either).contains("97"));
        assert_eq!(
            sgr(Style::River, Background::Light),
            sgr(Style::River, Background::Either)
        );
    }
}
