//! `[rules] extinction`: the piece types a side may not lose, counted together or one by one,
//! and how few of them is too few.

use super::pieces::pieces_named;
use crate::chess::rules::ExtinctionRule;
use crate::chess::schema::ExtinctionSection;
use crate::rules::{Loader, Val};

/// The extinction rule of `section`, its types among `names`; `Err` once an error has been
/// reported.
pub(super) fn compile_extinction(
    loader: &Loader,
    names: &[&str],
    section: &Val<ExtinctionSection>,
) -> Result<ExtinctionRule, ()> {
    let x = &section.value;
    let (kinds, named) = match &x.pieces {
        None => ((1u32 << names.len()) - 1, false),
        Some(list) if list.value.is_empty() => {
            loader.report(loader.at(
                list,
                "no piece types: a side could never lose them all",
                Some("name the types, or leave `pieces` out for all of a side's pieces".into()),
            ));
            return Err(());
        }
        Some(list) => {
            let kinds = pieces_named(loader, names, &list.value).ok_or(())?;
            (kinds.iter().fold(0, |acc, &k| acc | 1 << k), true)
        }
    };
    let fewer_than = match &x.fewer_than {
        None => 1,
        Some(n) if n.value == 0 || n.value > 64 => {
            loader.report(loader.at(
                n,
                format!("fewer than {} pieces is out of range", n.value),
                Some(
                    "a number from 1 (none left) to 64, e.g. `fewer_than = 3` for a side that must keep three"
                        .into(),
                ),
            ));
            return Err(());
        }
        Some(n) => n.value,
    };
    let each_type = x.each_type.as_ref().is_some_and(|e| e.value);
    if let Some(e) = x.each_type.as_ref().filter(|e| e.value)
        && kinds.count_ones() == 1
    {
        loader.warn(loader.at(
            e,
            "`each_type` changes nothing: only one type counts",
            Some("name more types in `pieces`, or remove it".into()),
        ));
    }
    Ok(ExtinctionRule {
        kinds,
        named,
        result: x.result.value,
        each_type,
        fewer_than,
    })
}
