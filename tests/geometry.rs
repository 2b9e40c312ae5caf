//! Draughts board geometry: the next square along rows, columns and diagonals on boards of
//! all squares (Turkish) and of dark squares (Frisian's rows and columns), and single steps
//! equal to the nearest square of each ray. Expected squares worked out by hand from the
//! board descriptions of docs/games/draughts.md (#notation, #frisian, #turkish).

use rulebench::draughts::geometry::{Direction, Geometry, NO_SQUARE, PlayableCorner, Step};
use rulebench::draughts::schema::BoardSquares;

#[test]
fn lines_of_all_squares_and_of_dark_squares() {
    // Turkish layout: 1 = a8 is bit 0, 64 = h1 is bit 63; d4 is row 4, column 3.
    let g = Geometry::new(8, 8, PlayableCorner::LowerLeft, BoardSquares::All).unwrap();
    assert_eq!(g.square_count(), 64);
    let d4 = g.bit_of_algebraic("d4").unwrap();
    let name = |b: u8| g.algebraic(b as u32);
    assert_eq!(name(g.next(d4, Step::Up)), "d5");
    assert_eq!(name(g.next(d4, Step::Left)), "c4");
    assert_eq!(name(g.next(d4, Step::DownRight)), "e3");
    let h1 = g.bit_of_algebraic("h1").unwrap();
    assert_eq!(g.next(h1, Step::Right), NO_SQUARE);
    assert_eq!(g.next(h1, Step::Down), NO_SQUARE);
    // Frisian: along a row the next dark square is two columns away (28 -> 29, c5 -> e5),
    // along a column two rows away (33 -> 23).
    let g = Geometry::new(10, 10, PlayableCorner::LowerLeft, BoardSquares::Dark).unwrap();
    let sq = |n: u32| g.bit_of_number(n).unwrap();
    assert_eq!(g.next(sq(28), Step::Right), sq(29) as u8);
    assert_eq!(g.next(sq(33), Step::Up), sq(23) as u8);
    assert_eq!(g.next(sq(30), Step::Right), NO_SQUARE);
    assert_eq!(g.next(sq(5), Step::Up), NO_SQUARE);
}

#[test]
fn steps_match_rays() {
    for (c, r, corner) in [
        (8, 8, PlayableCorner::LowerLeft),
        (8, 8, PlayableCorner::LowerRight),
        (10, 10, PlayableCorner::LowerLeft),
        (6, 7, PlayableCorner::LowerRight),
    ] {
        let g = Geometry::new(c, r, corner, BoardSquares::Dark).unwrap();
        assert_eq!(g.square_count(), c * r / 2);
        for bit in g.bits() {
            for dir in Direction::EIGHT {
                let first = g.ray::<u64>(bit, dir);
                let step = g.step(1 << bit, dir);
                // The single step is the ray's nearest square.
                let nearest = if first == 0 {
                    0
                } else if dir.increases() {
                    1 << first.trailing_zeros()
                } else {
                    1 << (63 - first.leading_zeros())
                };
                assert_eq!(step, nearest, "{c}x{r} bit {bit} {dir:?}");
            }
        }
    }
}
