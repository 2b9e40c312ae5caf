//! What the fuzz targets read their input as: the variants they play, the bytes they draw
//! choices from, and the scratch folder for files they write.

use crate::variant::Variant;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The variants the targets play: every shipped variant, and every shipped house rule laid
/// over each variant it applies to (`id`, loaded variant).
pub fn variants() -> &'static [(String, Variant)] {
    static VARIANTS: OnceLock<Vec<(String, Variant)>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        let mut out = Vec::new();
        for id in crate::rules::shipped_variants() {
            if let Ok(v) = crate::load::load::<Variant>(&id) {
                out.push((id.clone(), v));
            }
            for house in crate::rules::shipped_house_rules() {
                let spec = format!("{id}+{house}");
                if let Ok(v) = crate::load::load::<Variant>(&spec) {
                    out.push((spec, v));
                }
            }
        }
        out
    })
}

/// The shipped variants alone (no house rules), as [`variants`] holds them.
pub(super) fn plain_variants() -> &'static [(String, Variant)] {
    static PLAIN: OnceLock<Vec<(String, Variant)>> = OnceLock::new();
    PLAIN.get_or_init(|| {
        variants()
            .iter()
            .filter(|(id, _)| !id.contains('+'))
            .cloned()
            .collect()
    })
}

/// The same draughts games (either width) played by the line-table generator, by index in
/// [`variants`], where the kernel plays them: a second generator to compare the first with.
pub(super) fn line_table_games() -> &'static [Option<Variant>] {
    static GAMES: OnceLock<Vec<Option<Variant>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        variants()
            .iter()
            .map(|(_, v)| match v {
                Variant::Draughts(g) if !g.follows_line_tables() => Some(Variant::Draughts(
                    Box::new((**g).clone().with_line_tables()),
                )),
                Variant::WideDraughts(g) if !g.follows_line_tables() => Some(
                    Variant::WideDraughts(Box::new((**g).clone().with_line_tables())),
                ),
                _ => None,
            })
            .collect()
    })
}

/// Reads the fuzzer's bytes one by one; zeros once they run out.
pub(super) struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    pub(super) fn new(data: &'a [u8]) -> Self {
        Bytes { data, at: 0 }
    }
    pub(super) fn left(&self) -> usize {
        self.data.len() - self.at
    }
    pub(super) fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at = (self.at + 1).min(self.data.len());
        b
    }
    pub(super) fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }
    /// A number below `n` (0 when `n` is 0).
    pub(super) fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        if n <= 256 {
            self.byte() as usize % n
        } else {
            self.u16() as usize % n
        }
    }
    pub(super) fn rest(&mut self) -> &'a [u8] {
        let r = &self.data[self.at..];
        self.at = self.data.len();
        r
    }
}

/// A directory of this thread's own for the files the targets write: copies of the shipped
/// rules files (so that `extends = "russian.toml"` finds one) and the file under test.
pub(super) fn scratch() -> &'static Path {
    thread_local! {
        static DIR: &'static Path = {
            let dir = std::env::temp_dir().join(format!(
                "rulebench-fuzz-{}-{:?}",
                std::process::id(),
                std::thread::current().id()
            )
            .replace(['(', ')'], ""));
            let _ = std::fs::create_dir_all(dir.join("house"));
            for (path, text) in crate::rules::embedded::EMBEDDED {
                let rel = path.strip_prefix("rules/").unwrap_or(path);
                let _ = std::fs::write(dir.join(rel), text);
            }
            Box::leak(dir.into_boxed_path())
        };
    }
    DIR.with(|d| *d)
}

/// Writes `text` into the scratch directory as `name` and returns its path.
pub(super) fn write_scratch(name: &str, text: &[u8]) -> Option<PathBuf> {
    let path = scratch().join(name);
    std::fs::write(&path, text).ok()?;
    Some(path)
}
