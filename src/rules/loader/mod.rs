//! Resolving rules (a spec such as `russian`, `my/file.toml`, `russian+no-compulsory-capture`,
//! or a file's text) into one merged file of a family: shipped files by id or alias, paths, a
//! user's `./rules/` (finding what a part names is `find`), `extends` chains with cycle
//! detection and the family they name (`chain`), and house rules laid over a variant
//! (`overlay`). Every error is located in the texts the loader holds (`sources`).

mod chain;
mod find;
mod overlay;
mod sources;

pub use chain::{MAX_EXTENDS, family_of};
pub use sources::{Identity, Loader};
