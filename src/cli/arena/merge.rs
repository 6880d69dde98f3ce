//! `boardsh match --merge FILE...`: the summary of results files of one
//! match (shards, resumed runs), each pair counted once.

use super::json::Json;
use super::results::{self, PairRecord};
use super::summary::{sprt_line, summary};
use super::{plan, usage};
use crate::cli::EXIT_OK;
use crate::cli::args::MatchArgs;
use std::collections::BTreeMap;
use std::io::{self, Write};

/// `boardsh match --merge FILES`: the summary of results files (shards of
/// one match, or runs of it), each pair counted once.
pub(super) fn run_merge(args: &MatchArgs) -> io::Result<i32> {
    let (sprt, files) = match plan::sprt_and_rest(args) {
        Ok(x) => x,
        Err(msg) => return usage(&msg),
    };
    if files.is_empty() {
        return usage("--merge needs one or more results files");
    }
    let mut header: Option<(String, Json)> = None;
    let mut pairs: BTreeMap<u64, (String, PairRecord)> = BTreeMap::new();
    for name in &files {
        let text = match crate::cli::files::read_regular(
            name.as_ref(),
            crate::cli::files::RESULTS_LIMIT,
            "a results file",
        )
        .map(String::from_utf8)
        {
            Ok(Ok(t)) => t,
            Ok(Err(_)) => return usage(&format!("{name}: not a results file (not UTF-8)")),
            Err(e) => return usage(&format!("{name}: cannot read it: {e}")),
        };
        let file = match results::read(name, &text) {
            Ok(f) => f,
            Err(msg) => return usage(&msg),
        };
        match (&header, file.header) {
            (_, None) => return usage(&format!("{name}: no results in it")),
            (None, Some(h)) => header = Some((name.clone(), h)),
            (Some((first, h0)), Some(h)) => {
                if *h0 != h {
                    return usage(&format!(
                        "{name}: another match's results than {first} (agents, time, seed or openings differ)"
                    ));
                }
            }
        }
        for (n, p) in file.pairs {
            if let Some((other, q)) = pairs.get(&n) {
                if *q != p {
                    return usage(&format!(
                        "pair {} is in both {other} and {name}, with different games",
                        n + 1
                    ));
                }
                continue;
            }
            pairs.insert(n, (name.clone(), p));
        }
    }
    let (tally, penta) = results::totals(pairs.values().map(|(_, p)| p));
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if let Some((_, h)) = &header {
        for (k, name) in [("A", "A"), ("B", "B")] {
            if let Some(cmd) = h.get(k).and_then(Json::as_str) {
                writeln!(out, "{name}: {cmd}")?;
            }
        }
    }
    writeln!(
        out,
        "merged {} files: {} games in {} pairs",
        files.len(),
        tally.games(),
        pairs.len()
    )?;
    summary(&mut out, &tally, &penta, None)?;
    if let Some(sprt) = &sprt {
        sprt_line(&mut out, sprt, &penta, None)?;
    }
    out.flush()?;
    Ok(EXIT_OK)
}
