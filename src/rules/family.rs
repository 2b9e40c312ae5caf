//! The families of games, and what the shared loader needs of a family's rules-file schema.

use super::located::{OverlaySection, Val, VariantSection};
use serde::Deserialize;

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
