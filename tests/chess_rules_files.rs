//! Chess-family rules files are checked like source code: a bad Betza string, an unknown key,
//! region or letter is rejected with the file, line and column and what would be valid; a
//! child states only the difference.

use crate::common;
use rulebench::chess::Rules;
use rulebench::{Count, Game, LocatedError};

use common::{assert_at, dir, write};

/// A child of xiangqi with `body` after the head; returns its path and the error (the file
/// loaded as a game, so that its start position is checked too).
fn error_of(test: &str, body: &str) -> (String, LocatedError) {
    let d = dir(test);
    let path = write(&d, "variant.toml", &format!("{HEAD}{body}"));
    let e = rulebench::load::<rulebench::Chess>(&path).expect_err("the file must be rejected");
    (path, e)
}

const HEAD: &str =
    "schema = 1\nfamily = \"chess\"\nextends = \"xiangqi\"\n[variant]\nsource = \"a test\"\n";

#[test]
fn unknown_betza_atom_or_modifier_points_at_the_letter() {
    let (path, e) = error_of("atom", "[pieces.horse]\nmovement = \"nJ\"\n");
    assert_at(&e, &path, 7, 14, &["unknown Betza atom `J`", "W F D"]);
    let (path, e) = error_of("modifier", "[pieces.cannon]\nmovement = \"mRcxR\"\n");
    assert_at(&e, &path, 7, 16, &["unknown Betza modifier `x`", "m c n p"]);
    let (path, e) = error_of("hop-leaper", "[pieces.cannon]\nmovement = \"mRcpN\"\n");
    assert_at(&e, &path, 7, 15, &["hop on a leaper", "riders"]);
    let (path, e) = error_of("dangling", "[pieces.cannon]\nmovement = \"mRc\"\n");
    assert_at(&e, &path, 7, 15, &["modifiers without an atom"]);
}

#[test]
fn unknown_keys_and_values_name_the_valid_ones() {
    let (path, e) = error_of("key", "[pieces.horse]\nleter = \"n\"\n");
    assert_at(&e, &path, 7, 1, &["unknown key `leter`", "letter"]);
    let (path, e) = error_of("rule", "[rules]\nstalemate = \"lose\"\n");
    assert_at(&e, &path, 7, 13, &["lose", "loss", "draw", "win"]);
    let (path, e) = error_of("facing", "[rules]\nfacing_royals = \"forbidden\"\n");
    assert_at(&e, &path, 7, 17, &["forbidden", "illegal", "allowed"]);
}

#[test]
fn unknown_region_suggests_the_nearest() {
    let (path, e) = error_of("region", "[pieces.advisor]\nconfined_to = \"palac\"\n");
    assert_at(
        &e,
        &path,
        7,
        15,
        &["unknown region `palac`", "did you mean `palace`"],
    );
    let (path, e) = error_of(
        "region-side",
        "[regions]\nfort = { red = [\"d1-f3\"], white = [\"d8-f10\"] }\n",
    );
    assert_at(&e, &path, 7, 35, &["`white` is not a side", "red", "black"]);
    let (path, e) = error_of(
        "point",
        "[regions]\nfort = { red = [\"d1-j3\"], black = [\"d8\"] }\n",
    );
    assert_at(&e, &path, 7, 17, &["j3", "not on the board"]);
}

#[test]
fn letters_sizes_and_start_positions_are_checked() {
    let (path, e) = error_of("letter", "[pieces.horse]\nletter = \"r\"\n");
    assert_at(&e, &path, 7, 10, &["letter `r`", "chariot"]);
    let (path, e) = error_of("board", "[board]\nfiles = 12\nranks = 12\n");
    assert_at(&e, &path, 7, 9, &["12x12", "128"]);
    // The start position is checked as any FEN, located in the file.
    let (path, e) = error_of(
        "fen",
        "[setup]\nfen = \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w - - 0 1\"\n",
    );
    assert_at(&e, &path, 7, 66, &["`X` is not a piece"]);
    // Two generals facing on an open file with red to move: black cannot be in check.
    let (path, e) = error_of(
        "facing-start",
        "[setup]\nfen = \"4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1\"\n",
    );
    assert_at(&e, &path, 7, 8, &["in check"]);
}

#[test]
fn a_file_of_another_family_cannot_be_extended() {
    let d = dir("family");
    let path = write(
        &d,
        "v.toml",
        "schema = 1\nfamily = \"chess\"\nextends = \"russian\"\n[variant]\nsource = \"x\"\n",
    );
    let e = rulebench::load::<Rules>(&path).unwrap_err();
    assert!(
        e.to_string()
            .contains("draughts rules file where a chess file is needed"),
        "{e}"
    );
    assert_eq!(e.file, "rules/russian.toml");
}

#[test]
fn a_child_states_only_the_difference() {
    let d = dir("child");
    // Soldiers that move sideways from the start: only the soldier's movement changes.
    let path = write(
        &d,
        "sideways.toml",
        &format!("{HEAD}[pieces.soldier]\nmovement = \"fsW\"\nmovement_in = {{}}\n"),
    );
    let r = rulebench::load::<Rules>(&path).unwrap();
    assert_eq!(r.id, "sideways");
    assert_eq!(r.pieces.len(), 7, "the other pieces are inherited");
    let game = rulebench::Chess::<u128>::with_rules(r).unwrap();
    // From the start the soldiers gain their sideways steps: a4 and i4 one each (the edge),
    // c4, e4 and g4 two each (b4, d4, f4 and h4 are empty): 44 + 8 = 52.
    assert_eq!(game.perft(&game.start(), 1, Count::Unique), 52);
}

#[test]
fn every_shipped_file_loads_and_states_its_source() {
    for id in rulebench::rules::shipped_of(rulebench::rules::Family::Chess) {
        let r = rulebench::load::<Rules>(&id).unwrap();
        assert!(!r.source.is_empty(), "{id}");
        assert_eq!(r.id, id);
    }
    assert_eq!(
        rulebench::load::<Rules>("chinese-chess").unwrap().id,
        "xiangqi"
    );
    assert_eq!(
        rulebench::rules::family_of("xiangqi").unwrap(),
        rulebench::rules::Family::Chess
    );
}
