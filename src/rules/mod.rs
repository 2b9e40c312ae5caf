//! Rules as data, for every family: a rules file names its family (`family = "draughts"`,
//! `family = "chess"`); this module finds the file (a shipped id or alias, a path, a user's
//! `./rules/`, or a text), follows `extends` and `+overlay`s, and hands the merged file, every
//! value located in its source, to the family, which checks and compiles it
//! (`rulebench::load` and `rulebench::check` are the way in).
//!
//! - [`source`]: what to load; `embedded` and [`shipped`](mod@shipped): the files shipped with the
//!   program; [`family`]: the families and what the loader needs of their schemas;
//! - `located`: values with the place they were written; `walk`: every schema error of a
//!   file at once; [`loader`]: specs to merged files; [`check`]: everything `check` reports;
//!   [`json_schema`]: the schemas editors read.

pub mod check;
pub(crate) mod embedded;
pub mod family;
pub mod json_schema;
pub mod loader;
pub(crate) mod located;
pub mod shipped;
pub mod source;
pub(crate) mod walk;

pub use check::Checked;
pub use embedded::{aliases, shipped_house_rules, shipped_text, shipped_variants};
pub use family::{Family, RulesFile, SCHEMA_VERSION};
pub use json_schema::{json_schema_of, json_schema_text};
pub use loader::{Identity, Loader, MAX_EXTENDS, family_of};
pub use located::{Merge, OverlaySection, Place, Val, VariantSection};
pub(crate) use located::{common_keys, common_keys_over, merge_fields, need, standalone_keys};
pub use shipped::{Shipped, shipped, shipped_of};
pub use source::RulesSource;
