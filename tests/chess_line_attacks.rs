//! The chess family's line attacks (what riders along files, ranks and diagonals see): the
//! fast implementation of each width and the difference-of-rays one agree with a plain walk
//! along the rays, on random occupancies of 64-bit and 128-bit boards.

use rulebench::chess::bitboard::{DiffLines, LineAttacks, RayLines, Set};

/// The line attacks of every implementation agree with the rays, on a 64-bit board and
/// on 128-bit ones.
#[test]
fn line_attacks_agree() {
    let board = rulebench::chess::geometry::Geometry::<u64>::new(8, 8, &[]).unwrap();
    let rays = |p: u32, d: usize| board.ray(p, d);
    let plain = RayLines::<u64>::new(64, &rays);
    let fast = <u64 as Set>::Lines::new(64, &rays);
    let diff = DiffLines::<u64>::new(64, &rays);
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..2000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let occupied = x & x.rotate_left(17);
        let p = (x >> 58) as u32;
        for other in [fast.orthogonal(p, occupied), diff.orthogonal(p, occupied)] {
            assert_eq!(plain.orthogonal(p, occupied), other);
        }
        for other in [fast.diagonal(p, occupied), diff.diagonal(p, occupied)] {
            assert_eq!(plain.diagonal(p, occupied), other);
        }
    }
    for (files, ranks) in [(10, 8), (12, 8), (9, 10), (10, 10), (16, 8)] {
        let board = rulebench::chess::geometry::Geometry::<u128>::new(files, ranks, &[]).unwrap();
        let rays = |p: u32, d: usize| board.ray(p, d);
        let points = files * ranks;
        let plain = RayLines::<u128>::new(points, &rays);
        let diff = DiffLines::<u128>::new(points, &rays);
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let y = x.rotate_left(29);
            let occupied =
                ((x as u128) << 64 | y as u128) & (x as u128 | (y as u128) << 61) & board.all();
            let p = (x >> 40) as u32 % points;
            assert_eq!(
                plain.orthogonal(p, occupied),
                diff.orthogonal(p, occupied),
                "{files}x{ranks} {p}"
            );
            assert_eq!(
                plain.diagonal(p, occupied),
                diff.diagonal(p, occupied),
                "{files}x{ranks} {p}"
            );
        }
    }
}
