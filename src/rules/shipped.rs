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
    /// The group it is listed under: `[variant] group`, else its parent's, else the family's
    /// name (`house rules` for a house rule).
    pub group: String,
}

/// What `shipped` reads of a file's head.
#[derive(Deserialize)]
struct Head {
    family: Option<Family>,
    extends: Option<String>,
    variant: Option<Named>,
    overlay: Option<Named>,
}

#[derive(Deserialize)]
struct Named {
    name: Option<String>,
    group: Option<String>,
}

/// The `[variant] group` of shipped file `id` or of the nearest shipped file up its `extends`
/// chain that has one (a chain of files outside `rules/` ends the search).
fn group_of(heads: &[(String, Option<Head>)], id: &str) -> Option<String> {
    let mut id = id.to_string();
    for _ in 0..heads.len() {
        let head = heads.iter().find(|(i, _)| *i == id)?.1.as_ref()?;
        if let Some(g) = head.variant.as_ref().and_then(|v| v.group.clone()) {
            return Some(g);
        }
        let parent = head.extends.as_deref()?.split('+').next()?;
        id = parent.trim_end_matches(".toml").to_string();
    }
    None
}

/// Every shipped file, variants first, in file order.
pub fn shipped() -> Vec<Shipped> {
    let heads: Vec<(String, Option<Head>)> = EMBEDDED
        .iter()
        .map(|(path, text)| (stem_of(path), toml::from_str(text).ok()))
        .collect();
    let mut out: Vec<Shipped> = EMBEDDED
        .iter()
        .zip(&heads)
        .map(|((path, _), (id, head))| {
            // A child that leaves its family out has its parent's.
            let family = head
                .as_ref()
                .and_then(|h| h.family)
                .or_else(|| family_of(RulesSource::Spec(id)).ok());
            let house_rule = is_house_rule(path);
            let group = if house_rule {
                "house rules".to_string()
            } else {
                group_of(&heads, id).unwrap_or_else(|| family.map_or("?", |f| f.name()).to_string())
            };
            Shipped {
                family,
                name: head
                    .as_ref()
                    .and_then(|h| h.variant.as_ref().or(h.overlay.as_ref()))
                    .and_then(|n| n.name.clone())
                    .unwrap_or_else(|| id.clone()),
                house_rule,
                group,
                id: id.clone(),
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
