//! The JSON Schemas of the rules files (`schemas/`, `rulebench schema`): committed and
//! current, named by every shipped file's `#:schema` comment, valid for every shipped file,
//! and never stricter than the loader while catching the broken files whose problem is a key,
//! a value or a type (what a schema can tell).

use rulebench::Game;
use rulebench::rules::Family;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The schemas, compiled by an independent validator (boon), by family.
struct Validators {
    schemas: boon::Schemas,
    index: Vec<(Family, boon::SchemaIndex)>,
}

impl Validators {
    fn new() -> Validators {
        let mut schemas = boon::Schemas::new();
        let mut compiler = boon::Compiler::new();
        let mut index = Vec::new();
        for family in Family::ALL {
            let url = format!("https://rulebench.invalid/schemas/{}.json", family.name());
            let text = rulebench::variant::json_schema(family);
            let json: Value = serde_json::from_str(&text).expect("the schema is JSON");
            compiler.add_resource(&url, json).unwrap();
            let i = compiler
                .compile(&url, &mut schemas)
                .unwrap_or_else(|e| panic!("the {} schema does not compile: {e}", family.name()));
            index.push((family, i));
        }
        Validators { schemas, index }
    }

    /// The schema's complaints about `text` as a file of `family` (empty when valid).
    fn problems(&self, family: Family, text: &str) -> Option<String> {
        let json: Value = toml::from_str(text).ok()?;
        let (_, i) = self.index.iter().find(|(f, _)| *f == family).unwrap();
        self.schemas
            .validate(&json, *i)
            .err()
            .map(|e| format!("{e:#}"))
    }
}

/// The TOML files directly in `dir`, sorted.
fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

/// The family `text` names, else the one of the parent it extends (a shipped variant).
fn family_of_text(text: &str) -> Option<Family> {
    let table: toml::Table = toml::from_str(text).ok()?;
    match table.get("family").and_then(|f| f.as_str()) {
        Some("draughts") => Some(Family::Draughts),
        Some("chess") => Some(Family::Chess),
        Some(_) => None,
        None => rulebench::rules::family_of(table.get("extends")?.as_str()?).ok(),
    }
}

#[test]
fn the_committed_schemas_are_current() {
    for family in Family::ALL {
        let path = root().join(format!("schemas/{}.json", family.name()));
        let committed =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            committed == rulebench::variant::json_schema(family),
            "{} is not what this build generates: run `rulebench schema --out schemas`",
            path.display()
        );
    }
}

#[test]
fn every_shipped_file_names_its_schema_and_is_valid_by_it() {
    let validators = Validators::new();
    let mut files = toml_files(&root().join("rules"));
    files.extend(toml_files(&root().join("rules/house")));
    files.extend(toml_files(&root().join("docs/examples")));
    assert!(files.len() >= 40, "only {} files", files.len());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let family = family_of_text(&text).unwrap_or_else(|| panic!("{}", path.display()));
        // The directive is relative to the file: `rules/x.toml` names `../schemas/...`.
        let depth = path.strip_prefix(root()).unwrap().components().count() - 1;
        let directive = format!(
            "#:schema {}schemas/{}.json",
            "../".repeat(depth),
            family.name()
        );
        assert_eq!(
            text.lines().next(),
            Some(directive.as_str()),
            "{} does not start with its schema directive",
            path.display()
        );
        if let Some(problems) = validators.problems(family, &text) {
            panic!("{} is not valid by its schema:\n{problems}", path.display());
        }
    }
}

/// The loader's messages for the problems a schema can see in a file on its own.
const SCHEMA_KINDS: [&str; 4] = [
    "unknown key",
    "unknown value",
    "invalid type",
    "is not known to this rulebench",
];

#[test]
fn the_schema_agrees_with_the_loader_on_the_broken_files() {
    let validators = Validators::new();
    let (mut caught, mut beyond) = (Vec::new(), Vec::new());
    for path in toml_files(&root().join("tests/broken-rules")) {
        let text = std::fs::read_to_string(&path).unwrap();
        if toml::from_str::<toml::Table>(&text).is_err() {
            continue; // Not TOML: the editor's TOML parser says so, not the schema.
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let spec = if name.starts_with("overlay-") || name == "redundant-overlay.toml" {
            format!("russian+tests/broken-rules/{name}")
        } else {
            format!("tests/broken-rules/{name}")
        };
        let checked = rulebench::check(&spec);
        // A family the file names but no schema has: the draughts schema refuses it.
        let family = family_of_text(&text).unwrap_or(Family::Draughts);
        let schema_says = validators.problems(family, &text);
        let loader_says_schema_kind = checked
            .errors
            .iter()
            .any(|e| SCHEMA_KINDS.iter().any(|k| e.message.contains(k)));
        if loader_says_schema_kind {
            assert!(
                schema_says.is_some(),
                "{name}: the loader finds {:?}, the schema nothing",
                checked
                    .errors
                    .iter()
                    .map(|e| &e.message)
                    .collect::<Vec<_>>()
            );
            caught.push(name);
        } else {
            // Never stricter than the loader: what the schema refuses, the loader refuses.
            if let Some(problems) = &schema_says {
                assert!(
                    !checked.errors.is_empty(),
                    "{name}: the schema refuses what the loader accepts:\n{problems}"
                );
            }
            beyond.push(name);
        }
    }
    // The catalogue has such files (unknown keys, sections, values, families, a wrong type, an
    // unknown schema version); if none were found the test would prove nothing.
    assert!(caught.len() >= 8, "only {caught:?}");
    assert!(
        beyond.len() >= 30,
        "only {} beyond the schema",
        beyond.len()
    );
}

#[test]
fn a_schema_key_is_accepted_and_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("rulebench-schema-key-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let russian = std::fs::read_to_string(root().join("rules/russian.toml")).unwrap();
    let with_key = russian.replacen(
        "schema = 1",
        "\"$schema\" = \"../schemas/draughts.json\"\nschema = 1",
        1,
    );
    assert_ne!(with_key, russian);
    let path = dir.join("russian-with-key.toml");
    std::fs::write(&path, &with_key).unwrap();
    let spec = path.to_string_lossy().into_owned();
    let checked = rulebench::check(&spec);
    assert!(checked.errors.is_empty(), "{:?}", checked.errors);
    assert!(checked.warnings.is_empty(), "{:?}", checked.warnings);
    // The resolved rules stand alone elsewhere: the key, relative to the file, is dropped.
    assert!(!checked.resolved.unwrap().contains("$schema"));
    // Published: Russian draughts from the start, perft 4 = 1469
    // (tests/reference/perft/russian.toml: dctl's test file, shashki.com).
    let variant = rulebench::load::<rulebench::Variant>(&spec).unwrap();
    let n = rulebench::with_game!(&variant, game => game.perft(&game.start(), 4, rulebench::Count::Unique));
    assert_eq!(n, 1469);
    let validators = Validators::new();
    assert_eq!(validators.problems(Family::Draughts, &with_key), None);
    // A misspelt value is what an editor flags as it is typed.
    let misspelt = with_key.replace("range = \"flying\"", "range = \"flyng\"");
    assert_ne!(misspelt, with_key);
    assert!(validators.problems(Family::Draughts, &misspelt).is_some());
    std::fs::remove_dir_all(&dir).ok();
}

/// Taplo (the TOML engine of the Even Better TOML editor extension), as `.ci/run` installs it
/// from npm (`@taplo/cli`) and names it in `RULEBENCH_TAPLO`; `None` (the test says SKIPPED)
/// without it, unless `RULEBENCH_REQUIRE_TAPLO` asks for it.
fn taplo() -> Option<PathBuf> {
    let path = std::env::var_os("RULEBENCH_TAPLO").map(PathBuf::from);
    let found = path.filter(|p| p.is_file());
    assert!(
        found.is_some() || std::env::var_os("RULEBENCH_REQUIRE_TAPLO").is_none(),
        "RULEBENCH_REQUIRE_TAPLO is set but RULEBENCH_TAPLO names no taplo"
    );
    found
}

#[test]
fn the_editors_toml_engine_follows_the_directives() {
    let Some(taplo) = taplo() else {
        eprintln!(
            "SKIPPED: taplo not found (RULEBENCH_TAPLO); .ci/run installs @taplo/cli from npm"
        );
        return;
    };
    let check = |dir: &Path, files: &[PathBuf]| {
        std::process::Command::new(&taplo)
            .arg("check")
            .args(files)
            .current_dir(dir)
            .output()
            .expect("taplo runs")
    };
    // Every shipped file: taplo finds the schema its first line names and finds it valid.
    let mut files = toml_files(&root().join("rules"));
    files.extend(toml_files(&root().join("rules/house")));
    files.extend(toml_files(&root().join("docs/examples")));
    let out = check(root(), &files);
    assert!(
        out.status.success(),
        "taplo check refused a shipped file:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A misspelt key in a copy under target/ (its directive pointed one folder further up):
    // taplo flags it at its line, as the editor would.
    let text = std::fs::read_to_string(root().join("rules/russian.toml")).unwrap();
    assert!(text.contains("\nrange = \"flying\""));
    let misspelt = text
        .replace("\nrange = \"flying\"", "\nrnage = \"flying\"")
        .replacen("#:schema ../schemas/", "#:schema ../../schemas/", 1);
    let line = misspelt
        .lines()
        .position(|l| l.starts_with("rnage"))
        .unwrap()
        + 1;
    let dir = tempdir_beside_rules();
    let copy = dir.join("misspelt.toml");
    std::fs::write(&copy, misspelt).unwrap();
    let out = check(&dir, std::slice::from_ref(&copy));
    let _ = std::fs::remove_dir_all(&dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "taplo accepted a misspelt key");
    assert!(stderr.contains("'rnage' was unexpected"), "{stderr}");
    assert!(
        stderr.contains(&format!("misspelt.toml:{line}:")),
        "{stderr}"
    );
}

/// A fresh folder two levels below the repository, under `target/` so that it is never
/// committed.
fn tempdir_beside_rules() -> PathBuf {
    let dir = root().join(format!("target/taplo-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
