//! The shipped rules files listed with their family and name, for `list` and the tools.

use super::embedded::{EMBEDDED, is_house_rule, stem_of};
use super::family::Family;
use super::loader::family_of;
use super::source::RulesSource;
use serde::Deserialize;

/// A shipped rules file: its id, family, name and whether it is a house rule.
#[derive(Clone, Debug)]
pub struct Shipped {
    /// The id (file stem).
    pub id: String,
    /// Its family.
    pub family: Option<Family>,
    /// `[variant] name` or `[overlay] name`.
    pub name: String,
    /// A house rule (`rules/house/`) rather than a variant.
    pub house_rule: bool,
}

/// Every shipped file, variants first, in file order.
pub fn shipped() -> Vec<Shipped> {
    #[derive(Deserialize)]
    struct Head {
        family: Option<Family>,
        variant: Option<Named>,
        overlay: Option<Named>,
    }
    #[derive(Deserialize)]
    struct Named {
        name: Option<String>,
    }
    let mut out: Vec<Shipped> = EMBEDDED
        .iter()
        .map(|(path, text)| {
            let head: Option<Head> = toml::from_str(text).ok();
            let id = stem_of(path);
            Shipped {
                // A child that leaves its family out has its parent's.
                family: head
                    .as_ref()
                    .and_then(|h| h.family)
                    .or_else(|| family_of(RulesSource::Spec(&id)).ok()),
                name: head
                    .and_then(|h| h.variant.or(h.overlay))
                    .and_then(|n| n.name)
                    .unwrap_or_else(|| id.clone()),
                house_rule: is_house_rule(path),
                id,
            }
        })
        .collect();
    out.sort_by_key(|s| s.house_rule);
    out
}

/// The ids of the shipped variants of one family.
pub fn shipped_of(family: Family) -> Vec<String> {
    shipped()
        .into_iter()
        .filter(|s| !s.house_rule && s.family == Some(family))
        .map(|s| s.id)
        .collect()
}
