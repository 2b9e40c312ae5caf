//! The JSON Schema of a family's rules files, generated from the types the loader reads them
//! into, for editors: taplo (Even Better TOML) and tombi read a draft-07 schema named by a
//! file's `#:schema ../schemas/draughts.json` comment, then complete keys, show each key's
//! documentation and flag a misspelt key or value as it is typed.
//!
//! The schema says what one file may contain on its own: every key is optional (a child that
//! `extends` another states only what differs), so it cannot see what only the merged rules
//! can (a missing key, a region that does not exist); `rulebench check` does that.

use super::family::{RulesFile, SCHEMA_VERSION};
use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde_json::{Value, json};

/// The JSON Schema (draft-07) of the rules files of `F`'s family.
pub fn json_schema_of<F: RulesFile + JsonSchema>() -> Value {
    let family = F::FAMILY.name();
    let generator = SchemaSettings::draft07().into_generator();
    let mut schema = generator.into_root_schema_for::<F>().to_value();
    // TOML has no null: an optional key is one that may be left out.
    without_null(&mut schema);
    let root = schema
        .as_object_mut()
        .expect("a struct's schema is an object");
    root.insert(
        "title".into(),
        json!(format!("rulebench {family} rules file")),
    );
    root.insert(
        "description".into(),
        json!(format!(
            "A {family} variant (or a house rule) as a rulebench rules file: \
             `rulebench check FILE` checks what a schema cannot (the merged rules after \
             `extends`, and whether they make a game)."
        )),
    );
    if let Some(properties) = root.get_mut("properties").and_then(Value::as_object_mut) {
        // A file of this schema is of this family, written for the version this build reads.
        properties.insert(
            "family".into(),
            json!({
                "description": format!("The family of games the file belongs to: `\"{family}\"`."),
                "enum": [family],
            }),
        );
        properties.insert(
            "schema".into(),
            json!({
                "description": format!(
                    "The version of the rules-file format the file is written for: \
                     this build reads {SCHEMA_VERSION}."
                ),
                "type": "integer",
                "enum": [SCHEMA_VERSION],
            }),
        );
    }
    schema
}

/// Takes `null` out of every type, enumeration and alternative of `schema`, where the
/// generator put it for the optional keys.
fn without_null(schema: &mut Value) {
    match schema {
        Value::Array(items) => items.iter_mut().for_each(without_null),
        Value::Object(obj) => {
            if let Some(Value::Array(types)) = obj.get_mut("type") {
                types.retain(|t| t != "null");
                if let [one] = types.as_slice() {
                    let one = one.clone();
                    obj.insert("type".into(), one);
                }
            }
            if let Some(Value::Array(values)) = obj.get_mut("enum") {
                values.retain(|v| !v.is_null());
            }
            if let Some(Value::Array(alternatives)) = obj.get_mut("anyOf") {
                alternatives.retain(|a| a != &json!({ "type": "null" }));
                if let [one] = alternatives.as_slice()
                    && let Some(inner) = one.as_object().cloned()
                {
                    obj.remove("anyOf");
                    for (key, value) in inner {
                        obj.entry(key).or_insert(value);
                    }
                }
            }
            obj.values_mut().for_each(without_null);
        }
        _ => {}
    }
}

/// [`json_schema_of`] as the text of a `.json` file: pretty-printed, ending with a newline.
pub fn json_schema_text<F: RulesFile + JsonSchema>() -> String {
    let mut text =
        serde_json::to_string_pretty(&json_schema_of::<F>()).expect("a JSON value prints");
    text.push('\n');
    text
}
