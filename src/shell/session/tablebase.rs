//! The endgame tables in the session: where they come from (the front end
//! gives a loader, as the session reads no files) and the `tb` command.

use super::Session;
use crate::congo::tablebase::Tablebase;
use crate::shell::error::ErrorKind;
use crate::shell::reply::Reply;
use crate::shell::settings::Setting;
use std::fmt;
use std::sync::Arc;

/// Gives the tables when first asked (the front end reads them from the
/// data directory once); `None` when there are none.
pub type TableLoader = Arc<dyn Fn() -> Option<Arc<Tablebase>> + Send + Sync>;

/// The session's source of tables: none, or a loader.
#[derive(Clone, Default)]
pub struct TableSource(Option<TableLoader>);

impl fmt::Debug for TableSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() {
            "TableSource(loader)"
        } else {
            "TableSource(none)"
        })
    }
}

impl Session {
    /// Where the engine and `tb` get the endgame tables from.
    pub fn set_table_loader(&mut self, loader: TableLoader) {
        self.tables = TableSource(Some(loader));
    }

    /// The tables, if the `tablebase` setting is on and there are some.
    pub(super) fn tables(&self) -> Option<Arc<Tablebase>> {
        if !self.settings.flag(Setting::Tablebase) {
            return None;
        }
        self.tables.0.as_ref().and_then(|load| load())
    }

    /// `tb`: the exact value of the position, from the tables.
    pub(super) fn tb(&self) -> Result<Reply, ErrorKind> {
        self.refuse_finished()?;
        let text = match self.tables() {
            None if !self.settings.flag(Setting::Tablebase) => {
                "no tablebase: the tablebase setting is off".to_string()
            }
            None => "no tablebase: build one with `boardsh tablebase build`".to_string(),
            Some(tb) => match tb.verdict(&self.position) {
                Some(v) if v.winner().is_some() => {
                    let result = match v.probe.outcome {
                        crate::congo::tablebase::Outcome::Win => "win",
                        _ => "loss",
                    };
                    format!("{result} in {} plies: {v}", v.probe.plies)
                }
                Some(_) => "draw".to_string(),
                None => format!(
                    "not in the tablebase (it holds both lions in their castles and at most {} pieces)",
                    tb.max_pieces()
                ),
            },
        };
        Ok(Reply::Text(format!("{text}\n")))
    }
}
