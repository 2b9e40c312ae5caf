//! `[rules] explosion`: every capture explodes (atomic chess); the types the blast spares and
//! those it never removes.

use super::pieces::pieces_named;
use crate::chess::rules::{ExplosionRule, PieceType};
use crate::chess::schema::{ExplosionSection, GameRulesSection};
use crate::rules::{Loader, Val};

/// The explosion rule of `section`, its types among `pieces`; `Err` once an error has been
/// reported.
pub(super) fn compile_explosion(
    loader: &Loader,
    section: &GameRulesSection,
    x: &Val<ExplosionSection>,
    pieces: &[PieceType],
) -> Result<ExplosionRule, ()> {
    let names: Vec<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
    let bits = |list: &Option<Val<Vec<Val<String>>>>| -> Result<u32, ()> {
        match list {
            None => Ok(0),
            Some(list) => {
                let kinds = pieces_named(loader, &names, &list.value).ok_or(())?;
                Ok(kinds.iter().fold(0, |acc, &k| acc | 1 << k))
            }
        }
    };
    let (spares, immune) = (bits(&x.value.spares), bits(&x.value.immune));
    let mut ok = spares.is_ok() && immune.is_ok();
    let (spares, immune) = (spares.unwrap_or(0), immune.unwrap_or(0));
    if let Some(list) = &x.value.spares {
        for v in &list.value {
            if names
                .iter()
                .position(|n| *n == v.value)
                .is_some_and(|k| immune >> k & 1 != 0)
            {
                loader.warn(loader.at(
                    v,
                    format!(
                        "`{}` is immune already: sparing it changes nothing",
                        v.value
                    ),
                    Some("list it in `immune` or in `spares`, not both".into()),
                ));
            }
        }
    }
    // The legal moves of rules with royal pieces are those after which the mover's royal
    // pieces stand and are not attacked, the blast seen: the rules below would need their
    // own reading of check under a blast.
    if pieces.iter().any(|p| p.royal)
        && let Some(f) = section.royal_may_flee_check.as_ref().filter(|f| !f.value)
    {
        loader.report(loader.at(
            f,
            "`royal_may_flee_check = false` cannot be combined with `explosion` while a type is royal",
            Some("remove one of them, or make no type royal".into()),
        ));
        ok = false;
    }
    if ok {
        Ok(ExplosionRule { spares, immune })
    } else {
        Err(())
    }
}
