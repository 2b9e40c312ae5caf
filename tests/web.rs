//! The playground's protocol (`rulebench::web`), natively: the answers the browser page gets
//! from the WebAssembly build of the same code. Counts against the published tables in
//! `tests/reference/perft/`; bad input answered with located diagnostics.

use crate::common;
use serde_json::{Value, json};

fn ask(request: Value) -> Value {
    let text = rulebench::web::answer(&request.to_string());
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// The text of a shipped variant, as the page's variant list gives it.
fn shipped(id: &str) -> String {
    let list = ask(json!({"op": "variants"}));
    let found = list["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["id"] == id)
        .unwrap_or_else(|| panic!("{id} is not listed"));
    found["text"].as_str().unwrap().to_string()
}

#[test]
fn every_shipped_variant_is_listed_with_its_text_and_family() {
    let list = ask(json!({"op": "variants"}));
    let list = list["variants"].as_array().unwrap();
    let ids: Vec<&str> = list.iter().map(|v| v["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), rulebench::rules::shipped_variants().len());
    for v in list {
        let family = v["family"].as_str().unwrap();
        assert!(family == "draughts" || family == "chess", "{v}");
        assert!(!v["text"].as_str().unwrap().is_empty(), "{v}");
    }
    // A shipped file's text checks clean as the page's editor text.
    let answer = ask(json!({"op": "check", "rules": shipped("xiangqi")}));
    assert_eq!(answer["diagnostics"], json!([]), "{answer}");
}

#[test]
fn perft_equals_the_published_tables() {
    let russian = common::reference("russian");
    let xiangqi = common::case_reference("xiangqi");
    let chess = common::case_reference("chess");
    for (id, depth, expected) in [
        ("russian", 6, russian.unique[5]),
        ("xiangqi", 3, xiangqi.case[0].perft[2]),
        ("chess", 4, chess.case[0].perft[3]),
    ] {
        let answer = ask(json!({"op": "perft", "rules": shipped(id), "depth": depth}));
        assert_eq!(answer["nodes"], expected.to_string(), "{id} perft {depth}");
    }
    // Divide: the moves' counts add up to the published perft, paths counted too.
    let answer = ask(json!({
        "op": "perft", "rules": shipped("russian"), "depth": 8, "count": "paths", "divide": true
    }));
    assert_eq!(answer["nodes"], russian.paths[7].to_string());
    let rows = answer["divide"].as_array().unwrap();
    assert_eq!(rows.len(), 7);
    let sum: u128 = rows
        .iter()
        .map(|r| r[1].as_str().unwrap().parse::<u128>().unwrap())
        .sum();
    assert_eq!(sum, u128::from(russian.paths[7]));
}

#[test]
fn a_position_comes_with_its_moves_cells_and_picture() {
    let rules = shipped("russian");
    let answer = ask(json!({"op": "position", "rules": rules, "moves": ["c3-d4"]}));
    assert_eq!(answer["side"], "black", "{answer}");
    assert_eq!(answer["played"], json!(["c3-d4"]));
    assert!(answer["svg"].as_str().unwrap().starts_with("<svg"));
    assert_eq!(answer["layout"]["files"], 8);
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7);
    // Each quiet move goes from one cell to the next diagonal one (rank 0 at the bottom:
    // black moves down).
    for m in moves {
        let cells = m["cells"].as_array().unwrap();
        assert_eq!(cells.len(), 2, "{m}");
        let (a, b) = (&cells[0], &cells[1]);
        assert_eq!(a[1].as_i64().unwrap() - 1, b[1].as_i64().unwrap(), "{m}");
        assert_eq!((a[0].as_i64().unwrap() - b[0].as_i64().unwrap()).abs(), 1);
    }
    // And each move's cells are its own: the first and last are the squares its notation
    // names (`b6-a5`: file b, rank 6 at index 1, 5).
    for m in moves {
        let text = m["notation"].as_str().unwrap().as_bytes();
        let cell = |i: usize| json!([text[i] - b'a', text[i + 1] - b'1']);
        let cells = m["cells"].as_array().unwrap();
        assert_eq!((&cells[0], &cells[1]), (&cell(0), &cell(3)), "{m}");
    }
    assert!(answer["explain"].as_array().unwrap().len() > 3);
    // A rules file of the user's, extending a shipped one, plays.
    let answer = ask(json!({
        "op": "position",
        "rules": "schema = 1\nextends = \"russian\"\n[variant]\nid = \"mine\"\nname = \"Mine\"\nsource = \"docs/games/draughts.md#russian\"\n",
        "fen": "W:Wc3:Bd4,f6"
    }));
    assert_eq!(answer["name"], "Mine", "{answer}");
    assert_eq!(answer["moves"][0]["notation"], "c3:g7");
}

#[test]
fn bad_input_is_a_located_diagnostic() {
    let rules = shipped("russian");
    // A misspelt key: on its line, with the valid ones.
    let misspelt = rules.replacen("[capture]", "[captrue]", 1);
    let line = misspelt
        .lines()
        .position(|l| l.starts_with("[captrue]"))
        .unwrap()
        + 1;
    let answer = ask(json!({"op": "check", "rules": misspelt}));
    let first = &answer["diagnostics"][0];
    assert_eq!(first["severity"], "error", "{answer}");
    assert_eq!(first["line"], line, "{answer}");
    assert_eq!(first["file"], "playground.toml");
    assert!(
        first["message"].as_str().unwrap().contains("captrue"),
        "{answer}"
    );
    // A FEN, a move, a depth, an op, a request that is not JSON: each said, none a panic.
    for (request, words) in [
        (
            json!({"op": "position", "rules": rules, "fen": "W:Wz9"}),
            "z9",
        ),
        (
            json!({"op": "position", "rules": rules, "moves": ["a1b2"]}),
            "a1b2",
        ),
        (
            json!({"op": "perft", "rules": rules, "depth": 99}),
            "depth 99",
        ),
        (json!({"op": "perft", "rules": rules}), "depth"),
        (json!({"op": "play"}), "unknown op `play`"),
        (json!({"op": "check"}), "needs `rules`"),
        (json!({"op": "check", "rules": "x = ["}), "playground.toml"),
    ] {
        let answer = ask(request.clone());
        let list = answer["diagnostics"]
            .as_array()
            .unwrap_or_else(|| panic!("{answer}"));
        assert!(!list.is_empty(), "{request}: {answer}");
        let text = answer.to_string();
        assert!(text.contains(words), "{request}: {words} not in {text}");
    }
    let answer: Value = serde_json::from_str(&rulebench::web::answer("{not json")).unwrap();
    assert!(answer["diagnostics"][0]["message"].is_string(), "{answer}");
}
