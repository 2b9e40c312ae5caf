//! Rules as data, for every family: a rules file names its family (`family = "draughts"`,
//! `family = "chess"`); this module finds the file (a shipped id or alias, a path, a user's
//! `./rules/`), follows `extends` and `+overlay`s, and hands the merged file, every value
//! located in its source, to the family, which checks and compiles it.
//!
//! ```
//! use rulebench::rules::{Family, family_of};
//! assert_eq!(family_of("russian+no-compulsory-capture").unwrap(), Family::Draughts);
//! assert_eq!(family_of("xiangqi").unwrap(), Family::Chess);
//! ```

mod json_schema;
mod loader;
mod located;
mod walk;

pub use json_schema::{json_schema_of, json_schema_text};
pub use loader::{Identity, Loader};
pub use located::{Merge, OverlaySection, Val, VariantSection};
pub(crate) use located::{common_keys, common_keys_over, merge_fields, need, standalone_keys};

use loader::{aliases_of, stem_of};
use serde::Deserialize;

include!(concat!(env!("OUT_DIR"), "/embedded_rules.rs"));

/// The schema version this build reads.
pub const SCHEMA_VERSION: u32 = 1;

/// A family of games: one engine each, every variant of it a rules file.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, serde::Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Draughts and checkers: men and kings on the dark squares, captures by jumping.
    Draughts,
    /// Chess-like games whose pieces are declared in Betza notation (Xiangqi, Minixiangqi).
    Chess,
}

impl Family {
    /// Every family, in the order the tools list them.
    pub const ALL: [Family; 2] = [Family::Draughts, Family::Chess];

    /// The families as a rules file writes them, for help texts.
    pub const NAMES: &'static str = "`family = \"draughts\"` or `family = \"chess\"`";

    /// The name as a rules file writes it.
    pub fn name(self) -> &'static str {
        match self {
            Family::Draughts => "draughts",
            Family::Chess => "chess",
        }
    }
}

/// What the shared loader needs of a family's rules-file schema: the keys every file has,
/// and how a child's sections lie over its parent's.
pub trait RulesFile: serde::de::DeserializeOwned + serde::Serialize {
    /// The family whose files this schema reads.
    const FAMILY: Family;
    /// `schema = 1`.
    fn schema(&self) -> Option<&Val<u32>>;
    /// `extends = "..."`.
    fn extends(&self) -> Option<&Val<String>>;
    /// `[variant]`.
    fn variant(&self) -> Option<&Val<VariantSection>>;
    /// `[overlay]`, in a house rule.
    fn overlay(&self) -> Option<&Val<OverlaySection>>;
    /// Lays `self` (a child, or an overlay) over `parent`: what `self` states wins. The
    /// `[variant]` identity is inherited only when `inherit_identity` (an overlay keeps the
    /// base's identity; a child that extends a parent has its own).
    fn over(self, parent: Self, inherit_identity: bool) -> Self;
    /// Columns (files) and rows (ranks), when the file states them (for an overlay's `boards`).
    fn board_size(&self) -> Option<(u32, u32)>;
    /// The file as it stands alone: no `extends`, no `[overlay]`, its identity given `id`.
    fn standalone(&mut self, id: &str);
}

/// What `check` found in one rules spec: every error, every warning, and the effective rules
/// after `extends` and overlays as TOML (when the files could be merged).
#[derive(Debug, Default)]
pub struct Checked {
    /// The problems, each located.
    pub errors: Vec<crate::diagnostics::LocatedError>,
    /// Legal things that cannot be what the author meant, each located.
    pub warnings: Vec<crate::diagnostics::LocatedError>,
    /// The resolved rules as a TOML file that loads back to the same rules.
    pub resolved: Option<String>,
}

/// Checks `spec` as a file of family `F` compiled by `compile`: every problem at once.
pub fn check_with<F: RulesFile, R>(
    spec: &str,
    compile: impl FnOnce(&Loader, F, String) -> Result<R, crate::diagnostics::LocatedError>,
) -> Checked {
    checked(Loader::load_collecting::<F>(spec), compile)
}

/// Checks the text of a rules file as if it were at `name`, as a file of family `F` compiled
/// by `compile`: every problem at once.
pub fn check_text_with<F: RulesFile, R>(
    name: &str,
    text: &str,
    compile: impl FnOnce(&Loader, F, String) -> Result<R, crate::diagnostics::LocatedError>,
) -> Checked {
    checked(Loader::from_toml_collecting::<F>(name, text), compile)
}

/// What a loading found, and the compiling of what it loaded: every problem, sorted by place.
fn checked<F: RulesFile, R>(
    (loader, loaded): (Loader, Option<(F, String)>),
    compile: impl FnOnce(&Loader, F, String) -> Result<R, crate::diagnostics::LocatedError>,
) -> Checked {
    let mut resolved = None;
    if let Some((mut file, id)) = loaded {
        file.standalone(&id);
        resolved = toml::to_string(&file).ok();
        if let Err(e) = compile(&loader, file, id)
            && !loader.has_problems()
        {
            loader.report(e);
        }
    }
    let mut errors = loader.take_problems();
    errors.sort_by(|a, b| (&a.file, a.line, a.column).cmp(&(&b.file, b.line, b.column)));
    errors.dedup_by(|a, b| {
        a.file == b.file && a.line == b.line && a.column == b.column && a.message == b.message
    });
    Checked {
        errors,
        warnings: loader.take_warnings(),
        resolved,
    }
}

/// The family of the variant that `spec` names (`russian`, `xiangqi+house`, `my/file.toml`).
pub fn family_of(spec: &str) -> Result<Family, crate::diagnostics::LocatedError> {
    Loader::family_of(spec)
}

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
                    .or_else(|| Loader::family_of(&id).ok()),
                name: head
                    .and_then(|h| h.variant.or(h.overlay))
                    .and_then(|n| n.name)
                    .unwrap_or_else(|| id.clone()),
                house_rule: path.starts_with("rules/house/"),
                id,
            }
        })
        .collect();
    out.sort_by_key(|s| s.house_rule);
    out
}

/// The text of the shipped file `id` (a variant or a house rule), if there is one.
pub fn shipped_text(id: &str) -> Option<&'static str> {
    EMBEDDED
        .iter()
        .find(|(path, _)| stem_of(path) == id)
        .map(|(_, text)| *text)
}

/// The ids of the shipped variants (not the house rules), in file order.
pub fn shipped_variants() -> Vec<String> {
    EMBEDDED
        .iter()
        .filter(|(path, _)| !path.starts_with("rules/house/"))
        .map(|(path, _)| stem_of(path))
        .collect()
}

/// The ids of the shipped house rules.
pub fn shipped_house_rules() -> Vec<String> {
    EMBEDDED
        .iter()
        .filter(|(path, _)| path.starts_with("rules/house/"))
        .map(|(path, _)| stem_of(path))
        .collect()
}

/// The ids of the shipped variants of one family.
pub fn shipped_of(family: Family) -> Vec<String> {
    shipped()
        .into_iter()
        .filter(|s| !s.house_rule && s.family == Some(family))
        .map(|s| s.id)
        .collect()
}

/// The aliases a shipped file declares.
pub fn aliases(id: &str) -> Vec<String> {
    EMBEDDED
        .iter()
        .find(|(path, _)| stem_of(path) == id)
        .map(|(_, text)| aliases_of(text))
        .unwrap_or_default()
}
