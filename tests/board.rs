//! The library's `Board` (a game of any variant behind one type, what the Python package
//! holds), variants loaded from a rules file's text, and perft's stop flag. Expected counts
//! are the published tables in tests/reference/perft/ (dctl's Russian table, the
//! chessprogramming wiki's Xiangqi table) and the chessprogramming wiki's chess perft.

use crate::common::options;
use rulebench::{Board, Count, Outcome, Variant};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// dctl's Russian start table (tests/reference/perft/russian.toml), unique and paths.
const RUSSIAN_UNIQUE: [u128; 12] = [
    7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032, 110917189, 544770444,
];
const RUSSIAN_PATHS: [u128; 12] = [
    7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667, 22450628, 110961169, 545059387,
];

fn variant(spec: &str) -> Arc<Variant> {
    Arc::new(rulebench::load::<Variant>(spec).expect("a shipped variant"))
}

#[test]
fn a_board_plays_and_takes_back_moves_in_any_notation() {
    let russian = variant("russian");
    let mut board = Board::start(russian.clone());
    let start = board.fen();
    assert_eq!(board.legal_moves().len(), 7, "published perft 1");
    assert_eq!(board.side_to_move(), "white");
    let played = board.push("c3-d4").expect("a legal opening move");
    assert_eq!(played.notation, "c3-d4");
    assert_eq!(board.side_to_move(), "black");
    assert_eq!(board.played(), std::slice::from_ref(&played));
    // The reply by its index among the legal moves.
    let reply = board.legal_moves()[0].clone();
    assert_eq!(board.push_index(reply.index).expect("a legal reply"), reply);
    assert_eq!(board.pop(), Some(reply));
    assert_eq!(board.pop(), Some(played));
    assert_eq!(board.pop(), None);
    assert_eq!(board.fen(), start);
}

#[test]
fn a_move_that_is_not_legal_is_an_error_and_changes_nothing() {
    let mut board = Board::start(variant("russian"));
    let before = board.fen();
    let e = board
        .push("c3-e5")
        .expect_err("not a legal move at the start");
    assert!(e.message.contains("not a legal move"), "{}", e.message);
    assert!(e.help.as_deref().is_some_and(|h| h.contains("c3-d4")));
    let e = board
        .push_index(7)
        .expect_err("seven moves, numbered 0 to 6");
    assert!(e.message.contains("no legal move 7"), "{}", e.message);
    assert_eq!(board.fen(), before);
    assert!(board.played().is_empty());
}

#[test]
fn a_capture_is_described_with_its_squares() {
    // The two-piece capture of the library's first example.
    let board = Board::from_fen(variant("russian"), "W:Wc3:Bd4,f6").expect("a PDN FEN");
    let moves = board.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].notation, "c3:g7");
    let captured = moves[0].details["captured"].as_array().expect("a list");
    assert_eq!(captured.len(), 2);
    assert!(Board::from_fen(variant("russian"), "W:Wz9").is_err());
}

#[test]
fn fools_mate_ends_the_game_for_black() {
    // 1. f3 e5 2. g4 Qh4#, in SAN and in coordinates.
    let mut board = Board::start(variant("chess"));
    for mv in ["f3", "e7e5", "g4", "Qh4"] {
        board.push(mv).expect("a legal move of the fool's mate");
    }
    assert!(board.legal_moves().is_empty());
    match board.outcome() {
        Outcome::Win { winner, .. } => assert_eq!(winner, "black"),
        other => panic!("checkmate, not {other:?}"),
    }
    assert!(board.svg().starts_with("<svg"));
    assert!(board.diagram().lines().count() >= 8);
}

#[test]
fn board_perft_equals_the_published_tables_with_threads_and_hash() {
    let board = Board::start(variant("russian"));
    for (d, want) in RUSSIAN_UNIQUE.iter().enumerate().take(8) {
        let got = board.perft(d as u32 + 1, Count::Unique, &options(2, 8, None));
        assert_eq!(got, *want, "Russian perft {} (unique)", d + 1);
    }
    let divide = board.divide(8, Count::Paths, &options(2, 0, None));
    assert_eq!(divide.len(), 7);
    assert_eq!(
        divide.iter().map(|(_, n)| n).sum::<u128>(),
        RUSSIAN_PATHS[7]
    );
    // The chessprogramming wiki's Xiangqi start table.
    let xiangqi = Board::start(variant("xiangqi"));
    let got = xiangqi.perft(4, Count::Unique, &options(2, 0, None));
    assert_eq!(got, 3_290_240);
}

#[test]
fn a_search_with_a_stop_flag_counts_the_same_until_it_is_stopped() {
    // Perft 12 leaves subtrees deeper than a stoppable search hands to the kernel whole, so
    // the flag is looked at inside them: the counts must not change for it, either way of
    // counting.
    let board = Board::start(variant("russian"));
    let flag = AtomicBool::new(false);
    let got = board.perft(12, Count::Unique, &options(2, 0, Some(&flag)));
    assert_eq!(got, RUSSIAN_UNIQUE[11]);
    let got = board.perft(12, Count::Paths, &options(2, 0, Some(&flag)));
    assert_eq!(got, RUSSIAN_PATHS[11]);
}

#[test]
fn a_stopped_search_returns_soon() {
    // American checkers perft 40 would run for ages; stopped after 0.2 s it returns what it had. A
    // watchdog fails the test instead of letting it hang if the flag is not heeded.
    let board = Board::start(variant("american"));
    let flag = Arc::new(AtomicBool::new(false));
    let (tx, rx) = std::sync::mpsc::channel();
    let search_flag = flag.clone();
    std::thread::spawn(move || {
        let n = board.perft(40, Count::Unique, &options(2, 0, Some(&search_flag)));
        let _ = tx.send(n);
    });
    std::thread::sleep(std::time::Duration::from_millis(200));
    flag.store(true, Ordering::Relaxed);
    let stopped = rx.recv_timeout(std::time::Duration::from_secs(60));
    assert!(
        stopped.is_ok(),
        "the search did not stop within a minute of the flag"
    );
}

#[test]
fn a_variant_loads_from_the_text_of_its_rules_file() {
    let text = "schema = 1\nextends = \"russian\"\n\n[variant]\nid = \"my-russian\"\nname = \"Mine\"\nsource = \"docs/games/draughts.md#russian\"\n";
    let mine = Arc::new(
        rulebench::load::<rulebench::Variant>(rulebench::rules::RulesSource::text(
            "my-russian.toml",
            text,
        ))
        .expect("a valid file"),
    );
    assert_eq!(mine.id(), "my-russian");
    assert_eq!(mine.name(), "Mine");
    assert_eq!(mine.family().name(), "draughts");
    let board = Board::start(mine);
    for (d, want) in RUSSIAN_UNIQUE.iter().enumerate().take(6) {
        assert_eq!(
            board.perft(d as u32 + 1, Count::Unique, &options(1, 0, None)),
            *want
        );
    }
    // A misspelt key: located in the text, under the name given.
    let bad = "schema = 1\nextends = \"russian\"\n\n[capture]\ncompulsary = false\n";
    let e =
        rulebench::load::<rulebench::Variant>(rulebench::rules::RulesSource::text("bad.toml", bad))
            .expect_err("an unknown key");
    assert_eq!((e.file.as_str(), e.line), ("bad.toml", 5), "{e:?}");
    // No family and nothing to inherit one from.
    let e = rulebench::load::<rulebench::Variant>(rulebench::rules::RulesSource::text(
        "none.toml",
        "schema = 1\n",
    ))
    .expect_err("no family");
    assert_eq!(e.file, "none.toml");
    // A chess-family file by its text.
    let text = "schema = 1\nextends = \"xiangqi\"\n\n[variant]\nid = \"my-xiangqi\"\nsource = \"docs/games/xiangqi.md#xiangqi\"\n";
    let mine = rulebench::load::<rulebench::Variant>(rulebench::rules::RulesSource::text(
        "my-xiangqi.toml",
        text,
    ))
    .expect("a valid file");
    assert_eq!(mine.family().name(), "chess");
    assert_eq!(mine.side_names(), ["red", "black"]);
}
