//! The shipped rules files, compiled into the program (`rules/*.toml` and
//! `rules/house/*.toml`, listed by `build.rs`), and what can be read off them without loading:
//! ids, texts, aliases.

use std::path::Path;

include!(concat!(env!("OUT_DIR"), "/embedded_rules.rs"));

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
        .filter(|(path, _)| !is_house_rule(path))
        .map(|(path, _)| stem_of(path))
        .collect()
}

/// The ids of the shipped house rules.
pub fn shipped_house_rules() -> Vec<String> {
    EMBEDDED
        .iter()
        .filter(|(path, _)| is_house_rule(path))
        .map(|(path, _)| stem_of(path))
        .collect()
}

/// The aliases a shipped file declares.
pub fn aliases(id: &str) -> Vec<String> {
    shipped_text(id).map(aliases_of).unwrap_or_default()
}

/// Whether a shipped file's path is a house rule's (`rules/house/`).
pub(crate) fn is_house_rule(path: &str) -> bool {
    path.starts_with("rules/house/")
}

/// The file name without directory and extension.
pub(crate) fn stem_of(path: &str) -> String {
    Path::new(path)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The `[variant] aliases` of a file's text (empty when it has none or does not parse).
pub(crate) fn aliases_of(text: &str) -> Vec<String> {
    #[derive(serde::Deserialize)]
    struct Head {
        variant: Option<HeadVariant>,
    }
    #[derive(serde::Deserialize)]
    struct HeadVariant {
        aliases: Option<Vec<String>>,
    }
    toml::from_str::<Head>(text)
        .ok()
        .and_then(|h| h.variant)
        .and_then(|v| v.aliases)
        .unwrap_or_default()
}
