//! Embeds the shipped rules files (`rules/*.toml`, `rules/house/*.toml`) into the binary, so
//! that a variant id works from any directory. No variant is named in the Rust sources.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let mut table = String::from("/// Shipped rules files: (path relative to the crate, text).\n");
    table.push_str("pub(crate) static EMBEDDED: &[(&str, &str)] = &[\n");
    for dir in ["rules", "rules/house"] {
        println!("cargo:rerun-if-changed={dir}");
        let abs = Path::new(&root).join(dir);
        let mut entries: Vec<_> = std::fs::read_dir(&abs)
            .map(|r| r.filter_map(Result::ok).map(|e| e.path()).collect())
            .unwrap_or_default();
        entries.sort();
        for path in entries {
            if path.extension().and_then(|e| e.to_str()) != Some("toml") {
                continue;
            }
            println!("cargo:rerun-if-changed={}", path.display());
            let name = format!("{dir}/{}", path.file_name().unwrap().to_string_lossy());
            writeln!(
                table,
                "    ({name:?}, include_str!({:?})),",
                path.display().to_string()
            )
            .unwrap();
        }
    }
    table.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("embedded_rules.rs");
    std::fs::write(out, table).unwrap();
}
