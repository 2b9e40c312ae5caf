//! Rules files mutated from the shipped ones: a vocabulary of their keys and values, and the
//! extremes a mutation puts in.

use super::inputs::Bytes;
use std::sync::OnceLock;

/// Every distinct value, key and line of the shipped rules files: the vocabulary the
/// mutations draw from.
pub(super) struct Vocabulary {
    pub(super) values: Vec<String>,
    pub(super) keys: Vec<String>,
    pub(super) lines: Vec<String>,
}

pub(super) fn vocabulary_of<'a>(texts: impl Iterator<Item = &'a str>) -> Vocabulary {
    let mut values = Vec::new();
    let mut keys = Vec::new();
    let mut lines = Vec::new();
    // Per key, every item its lists hold in any file: one list of them all is a value too
    // (a precedence naming all five criteria, which no shipped file does).
    let mut list_items: Vec<(String, Vec<String>)> = Vec::new();
    for text in texts {
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            lines.push(line.to_string());
            if let Some((k, v)) = line.split_once('=') {
                keys.push(k.trim().to_string());
                let v = v.split(" #").next().unwrap_or(v).trim();
                values.push(v.to_string());
                if let Some(inner) = v.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
                    let key = k.trim().to_string();
                    let at = match list_items.iter().position(|(k, _)| *k == key) {
                        Some(at) => at,
                        None => {
                            list_items.push((key, Vec::new()));
                            list_items.len() - 1
                        }
                    };
                    for item in inner.split(',').map(str::trim).filter(|i| !i.is_empty()) {
                        if !list_items[at].1.iter().any(|x| x == item) {
                            list_items[at].1.push(item.to_string());
                        }
                    }
                }
                // The items of a list or an inline table, one by one.
                for item in v
                    .trim_matches(|c| matches!(c, '[' | ']' | '{' | '}'))
                    .split(',')
                {
                    let item = item.split_once('=').map_or(item, |(_, x)| x).trim();
                    if !item.is_empty() {
                        values.push(item.to_string());
                    }
                }
            }
        }
    }
    for (_, items) in &list_items {
        if items.len() > 1 {
            values.push(format!("[{}]", items.join(", ")));
        }
    }
    for v in [&mut values, &mut keys, &mut lines] {
        v.sort();
        v.dedup();
    }
    Vocabulary {
        values,
        keys,
        lines,
    }
}

pub(super) fn rules_vocabulary() -> &'static Vocabulary {
    static VOCAB: OnceLock<Vocabulary> = OnceLock::new();
    VOCAB.get_or_init(|| vocabulary_of(crate::rules::embedded::EMBEDDED.iter().map(|(_, t)| *t)))
}

/// Numbers at the edges of every integer type a file may hold.
pub(super) const EXTREMES: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "3",
    "7",
    "13",
    "26",
    "64",
    "127",
    "128",
    "129",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "1e9",
    "nan",
    "inf",
    "0.5",
    "\"\"",
    "[]",
    "{}",
    "true",
    "false",
];

/// Applies the edits the bytes describe to `text`, line by line: delete, duplicate or swap
/// lines; replace a value with one of the vocabulary, an extreme number, a number or a
/// string from the bytes; rename a key; insert a line of another file or an unknown key;
/// change `extends`.
pub(super) fn mutate(
    text: &str,
    vocab: &Vocabulary,
    extends: &[String],
    bytes: &mut Bytes,
) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut edits = 0;
    while bytes.left() > 0 && edits < 32 {
        edits += 1;
        let op = bytes.byte() % 12;
        let n = lines.len().max(1);
        let i = bytes.below(n);
        if lines.is_empty() {
            lines.push(String::new());
        }
        let set_value = |line: &mut String, value: &str| {
            let key = line.split_once('=').map_or(line.as_str(), |(k, _)| k);
            *line = format!("{} = {value}", key.trim_end());
        };
        match op {
            0 => {
                lines.remove(i);
            }
            1 => {
                let l = lines[i].clone();
                lines.insert(i, l);
            }
            2 => {
                let j = bytes.below(n);
                lines.swap(i, j);
            }
            3 => {
                let v = &vocab.values[bytes.below(vocab.values.len())];
                set_value(&mut lines[i], v);
            }
            4 => {
                let v = EXTREMES[bytes.below(EXTREMES.len())];
                set_value(&mut lines[i], v);
            }
            5 => {
                let v = (bytes.u16() as i64 - 1024).to_string();
                set_value(&mut lines[i], &v);
            }
            6 => {
                let len = bytes.below(12);
                let s: String = (0..len)
                    .map(|_| (b' ' + bytes.byte() % 95) as char)
                    .filter(|c| *c != '"' && *c != '\\')
                    .collect();
                set_value(&mut lines[i], &format!("\"{s}\""));
            }
            7 => {
                let k = &vocab.keys[bytes.below(vocab.keys.len())];
                let value = lines[i].split_once('=').map(|(_, v)| v.to_string());
                lines[i] = match value {
                    Some(v) => format!("{k} ={v}"),
                    None => format!("{k} = 1"),
                };
            }
            8 => {
                let l = vocab.lines[bytes.below(vocab.lines.len())].clone();
                lines.insert(i, l);
            }
            9 => {
                let k = bytes.byte();
                lines.insert(i, format!("unknown_key_{k} = {k}"));
            }
            10 if !extends.is_empty() => {
                let target = &extends[bytes.below(extends.len())];
                let line = format!("extends = \"{target}\"");
                match lines
                    .iter()
                    .position(|l| l.trim_start().starts_with("extends"))
                {
                    Some(at) => lines[at] = line,
                    None => {
                        // Before the first table, where a top-level key belongs.
                        let at = lines
                            .iter()
                            .position(|l| l.trim_start().starts_with('['))
                            .unwrap_or(lines.len());
                        lines.insert(at, line);
                    }
                }
            }
            _ => {
                // A table header from the vocabulary, or one made up.
                let header = if bytes.byte().is_multiple_of(2) {
                    let heads: Vec<&String> =
                        vocab.lines.iter().filter(|l| l.starts_with('[')).collect();
                    heads
                        .get(bytes.below(heads.len()))
                        .map_or("[x]".to_string(), |h| h.to_string())
                } else {
                    format!("[table{}]", bytes.byte())
                };
                lines.insert(i, header);
            }
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// What `extends` may be changed to: every shipped id and alias, as an id and as a path to
/// the copy in the scratch directory, with house rules, itself, and files that do not exist.
pub(super) fn extends_targets() -> &'static [String] {
    static TARGETS: OnceLock<Vec<String>> = OnceLock::new();
    TARGETS.get_or_init(|| {
        let mut out = Vec::new();
        for id in crate::rules::shipped_variants() {
            out.extend(crate::rules::aliases(&id));
            out.push(format!("{id}.toml"));
            for house in crate::rules::shipped_house_rules() {
                out.push(format!("{id}+{house}"));
                out.push(format!("{id}.toml+house/{house}.toml"));
            }
            out.push(id);
        }
        for house in crate::rules::shipped_house_rules() {
            out.push(format!("house/{house}.toml"));
            out.push(house);
        }
        out.extend(
            [
                "fuzz-mutated.toml",
                "./fuzz-mutated.toml",
                "missing.toml",
                "",
                "+",
                "no-such-variant",
            ]
            .map(String::from),
        );
        out
    })
}
