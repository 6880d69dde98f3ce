//! The live progress line of a long command at the prompt, and the
//! `timer` report.
//!
//! While a command entered at the prompt runs, a thread watches the
//! session's [`Live`] counters. Once the command has run for [`DELAY`] and
//! printed nothing for as long, it shows one line on stderr (through
//! `indicatif`): what runs, nodes so far, nodes per second, elapsed time,
//! root moves done of all. Output of the command clears the line first
//! ([`Guarded`]), so the line never mixes with what is printed, and it is
//! cleared when the command ends. Only when stderr is a terminal: nothing of
//! it reaches stdout or a pipe.

use super::stderr_term::{StderrTerm, size};
use crate::shell::{Live, Output, Style};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io;
use std::sync::atomic::Ordering;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a command runs (and stays silent) before its progress shows.
pub const DELAY: Duration = Duration::from_millis(500);

/// How often the line is refreshed.
const TICK: Duration = Duration::from_millis(100);

/// The line, shared by the progress thread and the output.
struct Line {
    bar: Mutex<Option<ProgressBar>>,
    /// Whether the bar may be on the screen (checked before locking).
    shown: AtomicBool,
    /// When the command last printed (or started), in ms since `started`.
    quiet_since: AtomicU64,
    started: Instant,
    /// Whether the line is kept off the screen (a pager has the terminal).
    held: AtomicBool,
}

impl Line {
    fn ms(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// Note output now; take the line off the screen if it is there (it may
    /// come back after [`DELAY`] without output).
    fn clear(&self) {
        self.quiet_since.store(self.ms(), Ordering::Relaxed);
        if self.shown.load(Ordering::Acquire) {
            let mut bar = self.bar.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(bar) = bar.take() {
                bar.finish_and_clear();
            }
            self.shown.store(false, Ordering::Release);
        }
    }

    /// Keep the line off the screen (`true`, taking it off now) or let it
    /// come back after [`DELAY`] of quiet (`false`). The flag is set under
    /// the bar's lock, which [`Line::tick`] checks it under.
    fn hold(&self, held: bool) {
        let mut bar = self.bar.lock().unwrap_or_else(PoisonError::into_inner);
        self.held.store(held, Ordering::Release);
        if let Some(bar) = bar.take() {
            bar.finish_and_clear();
        }
        self.shown.store(false, Ordering::Release);
        self.quiet_since.store(self.ms(), Ordering::Relaxed);
    }

    /// Draw or refresh the line, if the command has been quiet long enough.
    fn tick(&self, live: &Live) {
        if self.held.load(Ordering::Acquire) {
            return;
        }
        let quiet = self
            .ms()
            .saturating_sub(self.quiet_since.load(Ordering::Relaxed));
        if u128::from(quiet) < DELAY.as_millis() {
            return;
        }
        let mut bar = self.bar.lock().unwrap_or_else(PoisonError::into_inner);
        if self.held.load(Ordering::Acquire) {
            return;
        }
        let width = size().map_or(80, |(w, _)| w);
        let text = fit(message(live, self.started.elapsed()), width);
        self.shown.store(true, Ordering::Release);
        bar.get_or_insert_with(new_bar).set_message(text);
    }
}

/// The progress line of a command at the prompt, or of a whole batch run.
pub struct Progress {
    line: Arc<Line>,
    /// Whether a thread draws the line (stderr is a terminal).
    active: bool,
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Progress {
    /// Start watching `live`; when `show` is false (stderr is not a
    /// terminal) nothing is ever drawn.
    pub fn start(live: Arc<Live>, show: bool) -> Progress {
        let line = Arc::new(Line {
            bar: Mutex::new(None),
            shown: AtomicBool::new(false),
            quiet_since: AtomicU64::new(0),
            started: Instant::now(),
            held: AtomicBool::new(false),
        });
        let mut progress = Progress {
            line,
            active: false,
            stop: None,
            thread: None,
        };
        if !show {
            return progress;
        }
        let (stop, stopped) = mpsc::channel::<()>();
        let shared = Arc::clone(&progress.line);
        progress.thread = std::thread::Builder::new()
            .name("progress".to_string())
            .spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(TICK) {
                    shared.tick(&live);
                }
            })
            .ok();
        progress.active = progress.thread.is_some();
        progress.stop = Some(stop);
        progress
    }

    /// Stop watching and clear the line.
    pub fn finish(mut self) {
        self.end();
    }

    fn end(&mut self) {
        drop(self.stop.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        self.line.clear();
    }

    /// The output of a command at the prompt: the line is cleared before
    /// anything is printed, and each end of line is flushed (the prompt is
    /// line-buffered, so rows of a long `divide` show as they come).
    pub fn guard<'a, O: Output + ?Sized>(&self, inner: &'a mut O) -> Guarded<'a, O> {
        Guarded {
            inner,
            line: self.active.then(|| Arc::clone(&self.line)),
            clear_on_write: true,
            flush_lines: true,
        }
    }

    /// The output of a batch run: the line is cleared before anything is
    /// printed only when stdout shares the terminal; nothing is flushed early.
    pub fn guard_batch<'a, O: Output + ?Sized>(
        &self,
        inner: &'a mut O,
        stdout_is_terminal: bool,
    ) -> Guarded<'a, O> {
        Guarded {
            inner,
            line: self.active.then(|| Arc::clone(&self.line)),
            clear_on_write: stdout_is_terminal,
            flush_lines: false,
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.end();
    }
}

fn new_bar() -> ProgressBar {
    let target = ProgressDrawTarget::term_like_with_hz(Box::new(StderrTerm), 10);
    let bar = ProgressBar::with_draw_target(None, target);
    if let Ok(style) = ProgressStyle::with_template("{msg}") {
        bar.set_style(style);
    }
    bar
}

/// `text` cut to fit in `width - 1` columns (the line must never wrap).
fn fit(mut text: String, width: u16) -> String {
    let room = usize::from(width.saturating_sub(1)).max(1);
    if let Some((cut, _)) = text.char_indices().nth(room) {
        text.truncate(cut);
    }
    text
}

/// The text of the line: `perft 7: 12,345,678 nodes, 4.1 M nodes/s, 0:03,
/// root moves 5/28 (Ctrl-C stops)`.
fn message(live: &Live, elapsed: Duration) -> String {
    let nodes = live.perft.nodes.load(Ordering::Relaxed) + live.work.load(Ordering::Relaxed);
    let [games, of] = [0, 1].map(|i| live.games.get(i).map_or(0, |n| n.load(Ordering::Relaxed)));
    if of > 0 {
        let of = usize::try_from(of).unwrap_or(usize::MAX);
        let games = usize::try_from(games).unwrap_or(usize::MAX);
        // `review` counts the game's positions in the same counters.
        let label = live.label();
        let what = if label.starts_with("review") {
            "positions"
        } else {
            "games"
        };
        return progress_text(&label, nodes, (what, games, of), elapsed);
    }
    let done = live.perft.roots_done.load(Ordering::Relaxed);
    let roots = live.perft.roots.load(Ordering::Relaxed);
    progress_text(&live.label(), nodes, ("root moves", done, roots), elapsed)
}

/// [`message`] from its parts; `counted` is what is counted (root moves,
/// games), how many are done and of how many (0: not shown).
pub fn progress_text(
    label: &str,
    nodes: u64,
    counted: (&str, usize, usize),
    elapsed: Duration,
) -> String {
    let (what, done, roots) = counted;
    let mut text = if label.is_empty() {
        "running".to_string()
    } else {
        label.to_string()
    };
    text.push(':');
    if nodes > 0 {
        text.push_str(&format!(
            " {} nodes, {},",
            grouped(nodes),
            rate(nodes, elapsed)
        ));
    }
    let secs = elapsed.as_secs();
    text.push_str(&format!(" {}:{:02}", secs / 60, secs % 60));
    if roots > 0 {
        text.push_str(&format!(", {what} {done}/{roots}"));
    }
    text.push_str(" (Ctrl-C stops)");
    text
}

/// `n` with thousands separated by commas.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Nodes per second, in a readable unit.
pub fn rate(nodes: u64, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    if secs <= 0.0 {
        return "- nodes/s".to_string();
    }
    #[allow(clippy::cast_precision_loss)] // a rate, shown to 3 digits
    let per_sec = nodes as f64 / secs;
    if per_sec >= 1e6 {
        format!("{:.2} M nodes/s", per_sec / 1e6)
    } else if per_sec >= 1e3 {
        format!("{:.1} k nodes/s", per_sec / 1e3)
    } else {
        format!("{per_sec:.0} nodes/s")
    }
}

/// What `set timer on` prints after a command: its wall time, and for a
/// count (perft, divide) the nodes and nodes per second.
pub fn timer_text(elapsed: Duration, nodes: u64) -> String {
    let mut text = format!("time: {:.3} s", elapsed.as_secs_f64());
    if nodes > 0 {
        text.push_str(&format!(
            " ({} nodes, {})",
            grouped(nodes),
            rate(nodes, elapsed)
        ));
    }
    text
}

/// An output that takes the progress line off the screen before writing
/// (see [`Progress::guard`] and [`Progress::guard_batch`]).
pub struct Guarded<'a, O: Output + ?Sized> {
    inner: &'a mut O,
    /// The line, when one is drawn.
    line: Option<Arc<Line>>,
    /// Whether this output shares the terminal with the line.
    clear_on_write: bool,
    flush_lines: bool,
}

impl<O: Output + ?Sized> Guarded<'_, O> {
    fn before(&self) {
        if self.clear_on_write
            && let Some(line) = &self.line
        {
            line.clear();
        }
    }
}

// Not inlined: callers loop over their output (a board, a listing), and
// this wrapper's extra work inlined into those loops slows them down.
impl<O: Output + ?Sized> Output for Guarded<'_, O> {
    #[inline(never)]
    fn styled(&mut self, style: Style, text: &str) -> io::Result<()> {
        self.before();
        self.inner.styled(style, text)?;
        if self.flush_lines && text.contains('\n') {
            self.inner.flush()?;
        }
        Ok(())
    }

    #[inline(never)]
    fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.before();
        self.inner.raw(bytes)?;
        if self.flush_lines && memchr::memchr(b'\n', bytes).is_some() {
            self.inner.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        // Before a diagnostic on stderr: the line must not be in its way,
        // whatever stdout is.
        if let Some(line) = &self.line {
            line.clear();
        }
        self.inner.flush()
    }
    fn width(&self) -> usize {
        self.inner.width()
    }

    fn height(&self) -> Option<usize> {
        self.inner.height()
    }

    fn page(&mut self, text: &str) -> io::Result<()> {
        // The pager may keep the terminal for long: no line over it.
        let line = self.line.clone().filter(|_| self.clear_on_write);
        if let Some(line) = &line {
            line.hold(true);
        }
        let shown = self.inner.page(text);
        if let Some(line) = &line {
            line.hold(false);
        }
        shown
    }

    fn window(&self) -> Option<usize> {
        self.inner.window()
    }

    fn set_theme(&mut self, theme: crate::shell::settings::Theme) {
        self.inner.set_theme(theme);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_well() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(9_404_326), "9,404,326");
        // 9,404,326 nodes in 2 s: 4.702163 M per second.
        assert_eq!(rate(9_404_326, Duration::from_secs(2)), "4.70 M nodes/s");
        assert_eq!(rate(1500, Duration::from_secs(1)), "1.5 k nodes/s");
        assert_eq!(rate(7, Duration::from_secs(1)), "7 nodes/s");
    }

    #[test]
    fn the_line_says_what_runs_and_how_far() {
        let text = progress_text(
            "perft 7",
            12_345_678,
            ("root moves", 5, 28),
            Duration::from_millis(63_500),
        );
        assert_eq!(
            text,
            "perft 7: 12,345,678 nodes, 194.4 k nodes/s, 1:03, root moves 5/28 (Ctrl-C stops)"
        );
        let text = progress_text(
            "source big.bsh",
            0,
            ("root moves", 0, 0),
            Duration::from_secs(2),
        );
        assert_eq!(text, "source big.bsh: 0:02 (Ctrl-C stops)");
        // `odds` counts games, done of all, in place of root moves.
        let live = Live::default();
        live.begin("odds 1000");
        live.games[0].store(3, Ordering::Relaxed);
        live.games[1].store(1000, Ordering::Relaxed);
        assert_eq!(
            message(&live, Duration::from_secs(2)),
            "odds 1000: 0:02, games 3/1000 (Ctrl-C stops)"
        );
    }

    #[test]
    fn the_line_never_wraps() {
        assert_eq!(fit("perft 7: 0:02".to_string(), 10), "perft 7: ");
        assert_eq!(fit("perft".to_string(), 80), "perft");
    }

    #[test]
    fn the_timer_reports_counts() {
        assert_eq!(timer_text(Duration::from_millis(1234), 0), "time: 1.234 s");
        assert_eq!(
            timer_text(Duration::from_secs(2), 9_404_326),
            "time: 2.000 s (9,404,326 nodes, 4.70 M nodes/s)"
        );
    }

    #[test]
    fn output_passes_through_and_flushes_lines() {
        struct Counting(Vec<u8>, usize);
        impl Output for Counting {
            fn styled(&mut self, _: Style, text: &str) -> io::Result<()> {
                self.0.extend_from_slice(text.as_bytes());
                Ok(())
            }
            fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
                self.0.extend_from_slice(bytes);
                Ok(())
            }
            fn flush(&mut self) -> io::Result<()> {
                self.1 += 1;
                Ok(())
            }
        }
        let progress = Progress::start(Arc::new(Live::default()), false);
        let mut out = Counting(Vec::new(), 0);
        let mut g = progress.guard(&mut out);
        g.text("a1: ").unwrap();
        g.text("17\n").unwrap();
        g.raw(b"x").unwrap();
        drop(g);
        progress.finish();
        assert_eq!(out.0, b"a1: 17\nx");
        assert_eq!(out.1, 1, "one flush, at the end of the line");
    }
}
