//! House rules laid over a variant: whether the overlay applies to the variant's board, and
//! the keys it sets to what the variant already says (warned about).

use super::sources::Loader;
use crate::diagnostics::LocatedError;
use crate::rules::family::RulesFile;
use crate::rules::located::{OverlaySection, Val};

impl Loader {
    /// Warns about every key of the overlay in file `idx` that sets what `base` already says.
    pub(super) fn warn_redundant<F: RulesFile>(&self, idx: usize, base: &F, base_id: &str) {
        use toml::de::{DeTable, DeValue, ValueDeserializer};
        let Ok(base) = toml::Value::try_from(base) else {
            return;
        };
        let text = self.files[idx].text.clone();
        let Ok(doc) = DeTable::parse(&text) else {
            return;
        };
        fn leaves<'i>(
            table: &DeTable<'i>,
            path: &mut Vec<String>,
            out: &mut Vec<(String, toml::Spanned<DeValue<'i>>)>,
        ) {
            for (key, value) in table.iter() {
                path.push(key.get_ref().to_string());
                match value.get_ref() {
                    DeValue::Table(inner) => leaves(inner, path, out),
                    _ => out.push((path.join("."), value.clone())),
                }
                path.pop();
            }
        }
        let mut found = Vec::new();
        leaves(doc.get_ref(), &mut Vec::new(), &mut found);
        for (path, leaf) in found {
            let first = path.split('.').next().unwrap_or("");
            if matches!(
                first,
                "schema" | "$schema" | "family" | "overlay" | "variant" | "extends"
            ) {
                continue;
            }
            let span = leaf.span();
            let Ok(mine) =
                <toml::Value as serde::Deserialize>::deserialize(ValueDeserializer::from(leaf))
            else {
                continue;
            };
            let theirs = path.split('.').try_fold(&base, |v, key| v.get(key));
            if theirs == Some(&mine) {
                self.warn(self.error(
                    idx,
                    span,
                    format!("`{path}` is already `{mine}` in `{base_id}`"),
                    Some("this house rule changes nothing here".into()),
                ));
            }
        }
    }

    pub(super) fn check_overlay_board<F: RulesFile>(
        &self,
        overlay: &Val<OverlaySection>,
        base: &F,
        base_id: &str,
    ) -> Result<(), LocatedError> {
        let Some(boards) = &overlay.value.boards else {
            return Ok(());
        };
        if boards.value.is_empty() {
            return Ok(());
        }
        let size = |b: &str| {
            b.split_once('x').is_some_and(|(c, r)| {
                c.parse::<u32>().is_ok_and(|c| c > 0) && r.parse::<u32>().is_ok_and(|r| r > 0)
            })
        };
        if let Some(bad) = boards.value.iter().find(|b| !size(b)) {
            return Err(self.at(
                boards,
                format!("`{bad}` is not a board size"),
                Some("write each board as COLUMNSxROWS, e.g. `boards = [\"8x8\"]`".into()),
            ));
        }
        let Some((c, r)) = base.board_size() else {
            return Ok(());
        };
        let name = format!("{c}x{r}");
        if boards.value.contains(&name) {
            return Ok(());
        }
        Err(self.at(
            boards,
            format!(
                "this house rule applies to {} boards; `{base_id}` is played on {name}",
                boards.value.join(", ")
            ),
            Some("apply it to a variant played on one of the listed boards".into()),
        ))
    }
}
