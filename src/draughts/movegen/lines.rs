//! The line-table generator: every rule of the vocabulary on any layout, following lines
//! square by square through the geometry's tables of next squares. It plays what the
//! shift-based kernel cannot: moves along rows and columns, boards of all squares (Turkish),
//! and captures that may not turn back. It is also an
//! independent second generator for the variants the kernel plays: the tests compare the two.
//!
//! Like the kernel it allocates nothing per node: move lists are reused buffers, the search
//! state lives on the stack.

use super::line_steps::{StepShifts, Steps};
use super::lists::{DetailedList, DetailedMove, MoveList, Sink};
use super::moves::Move;
use super::zobrist::Zobrist;
use crate::bits::Bits;
use crate::draughts::geometry::{NO_SQUARE, Step};
use crate::draughts::position::Position;
use crate::draughts::rules::{Lines, PieceValues, Rules};
use crate::draughts::schema::{
    Colour, Criterion, KingLanding, KingRange, PromotionDuringCapture, Removal,
};

/// The rules compiled for the line-table generator, on bitboards of `B`.
#[derive(Clone, Debug)]
pub struct LineTables<B> {
    squares: B,
    next: Box<[[u8; 8]; 128]>,
    /// [white, black]: where a man steps (forward, and sideways along rows).
    man_moves: [Steps; 2],
    /// [white, black]: where a man captures.
    man_captures: [Steps; 2],
    king_moves: Steps,
    king_captures: Steps,
    flying: bool,
    landing: KingLanding,
    immediate: bool,
    may_reverse: bool,
    men_capture_kings: bool,
    promotion: PromotionDuringCapture,
    /// The row where white men are crowned (top row), and black's (bottom row).
    promotion_rows: [B; 2],
    pub(in crate::draughts) compulsory: bool,
    precedence: Vec<Criterion>,
    values: PieceValues,
    /// Zobrist keys.
    zobrist: Zobrist,
    /// Per square, the squares next to it along its capture steps: [white man, black man,
    /// king]. A man or short king with no opposing piece there has no capture.
    reach: Box<[[B; 3]; 128]>,
    /// The step from a square to a square next to it (read only for the pairs in `reach`).
    toward: Box<[[u8; 128]; 128]>,
    /// The steps as shifts of whole sets, when the layout allows (then the pieces with a
    /// first jump are found at once and the last ply's ordinary moves counted by set sizes).
    pub(in crate::draughts) shifts: Option<StepShifts<B>>,
}

impl<B: Bits> LineTables<B> {
    /// Compiles the rules.
    pub(crate) fn new(rules: &Rules) -> LineTables<B> {
        let geo = &rules.geometry;
        let next = Box::new(*geo.next_table());
        // White moves up (toward row 0), black down; sideways is along a row.
        let forward = |white: bool| move |s: Step| s.vertical() == if white { -1 } else { 1 };
        let man_steps = |lines: Lines, white: bool, backward: bool| {
            Steps::along(lines, |s| {
                forward(white)(s) || s.vertical() == 0 || (backward && s.vertical() != 0)
            })
        };
        let man_captures = [
            man_steps(rules.man_capture_lines, true, rules.men_capture_backward),
            man_steps(rules.man_capture_lines, false, rules.men_capture_backward),
        ];
        let king_captures = Steps::along(rules.king_capture_lines, |_| true);
        let mut reach = Box::new([[B::ZERO; 3]; 128]);
        for bit in geo.bits() {
            for (kind, steps) in [man_captures[0], man_captures[1], king_captures]
                .iter()
                .enumerate()
            {
                for s in steps.iter() {
                    let n = next[bit as usize][s as usize];
                    if n != NO_SQUARE {
                        reach[bit as usize][kind] |= B::bit(n as u32);
                    }
                }
            }
        }
        let mut toward = Box::new([[0u8; 128]; 128]);
        for bit in geo.bits() {
            for s in Step::ALL {
                let n = next[bit as usize][s as usize];
                if n != NO_SQUARE {
                    toward[bit as usize][n as usize] = s as u8;
                }
            }
        }
        LineTables {
            reach,
            toward,
            shifts: StepShifts::new(&next, geo.squares()),
            squares: geo.squares(),
            next,
            man_moves: [
                man_steps(rules.man_move_lines, true, false),
                man_steps(rules.man_move_lines, false, false),
            ],
            man_captures,
            king_moves: Steps::along(rules.king_move_lines, |_| true),
            king_captures,
            flying: rules.king_range == KingRange::Flying,
            landing: rules.king_landing,
            immediate: rules.removal == Removal::Immediate,
            may_reverse: rules.may_reverse,
            men_capture_kings: rules.men_capture_kings,
            promotion: rules.promotion_during_capture,
            promotion_rows: [geo.row_mask(0), geo.row_mask(geo.rows() - 1)],
            compulsory: rules.compulsory_capture,
            precedence: rules.precedence.clone(),
            values: rules.values,
            zobrist: Zobrist::new(),
        }
    }

    /// Searches every piece square by square and lists the last ply's moves, without the
    /// whole-set shifts (the reference the tests compare the shifts with).
    pub(crate) fn without_shifts(&mut self) {
        self.shifts = None;
    }

    /// Whether the shift-based kernel cannot play these rules: moves along rows or columns,
    /// men and kings capturing along different lines, men capturing forward only along rows
    /// and columns, a board of all squares, one wider than `B`, or a capture that may not
    /// turn back over a square freed during it.
    pub(crate) fn needed(rules: &Rules) -> bool {
        // The kernel moves along the diagonals; men and kings capture along the same lines,
        // the diagonals or (men backward too) the diagonals, rows and columns.
        let moves =
            rules.man_move_lines == Lines::DIAGONAL && rules.king_move_lines == Lines::DIAGONAL;
        let captures = rules.man_capture_lines == rules.king_capture_lines
            && rules.man_capture_lines.diagonal
            && (!rules.man_capture_lines.orthogonal || rules.men_capture_backward);
        !moves
            || !captures
            || !rules.geometry.is_padded()
            || !rules.geometry.fits::<B>()
            || (!rules.may_reverse && rules.removal == Removal::Immediate)
    }

    #[inline(always)]
    fn next(&self, bit: u32, s: Step) -> u8 {
        self.next[bit as usize][s as usize]
    }

    /// The unique legal moves.
    pub(crate) fn legal_moves(&self, pos: &Position<B>) -> MoveList<B> {
        let mut list = MoveList::with_capacity(64);
        self.generate(pos, &mut list);
        list
    }

    /// The unique legal moves with their jump sequences.
    pub(crate) fn detailed_moves(&self, pos: &Position<B>) -> Vec<DetailedMove<B>> {
        let mut list = DetailedList::default();
        self.generate(pos, &mut list);
        list.moves
    }

    /// All legal moves of `pos` into `sink`.
    pub(crate) fn generate<S: Sink<B>>(&self, pos: &Position<B>, sink: &mut S) {
        self.captures(pos, sink);
        if !self.compulsory || !sink.has_captures() {
            self.quiet(pos, sink);
        }
    }

    /// The ordinary moves.
    fn quiet<S: Sink<B>>(&self, pos: &Position<B>, sink: &mut S) {
        let white = pos.side == Colour::White;
        let own = pos.pieces(pos.side);
        let empty = self.squares & !pos.occupied();
        let row = self.promotion_rows[!white as usize];
        let mut walkers = own;
        if let Some(shifts) = &self.shifts {
            // The men's moves a step at a time for all of them at once; the kings' below.
            let men = own & !pos.kings;
            for s in self.man_moves[!white as usize].iter() {
                let back = s.opposite();
                for to in (shifts.step(men, s) & empty).squares() {
                    sink.quiet(Move {
                        captured: B::ZERO,
                        paths: 1,
                        from: self.next(to, back),
                        to: to as u8,
                        promotes: row.has(to),
                    });
                }
            }
            walkers = own & pos.kings;
        }
        for from in walkers.squares() {
            let king = pos.kings.has(from);
            let steps = if king {
                &self.king_moves
            } else {
                &self.man_moves[!white as usize]
            };
            for s in steps.iter() {
                let mut at = self.next(from, s);
                while at != NO_SQUARE && empty.has(at as u32) {
                    sink.quiet(Move {
                        captured: B::ZERO,
                        paths: 1,
                        from: from as u8,
                        to: at,
                        promotes: !king && row.has(at as u32),
                    });
                    if !king || !self.flying {
                        break;
                    }
                    at = self.next(at as u32, s);
                }
            }
        }
    }

    /// The captures, with precedence.
    fn captures<S: Sink<B>>(&self, pos: &Position<B>, sink: &mut S) {
        let starters = match &self.shifts {
            Some(shifts) => self.starters(shifts, pos),
            None => pos.pieces(pos.side),
        };
        self.captures_by(pos, starters, sink);
    }

    /// The captures of the pieces of `starters` (a set that holds every piece with one).
    pub(in crate::draughts) fn captures_by<S: Sink<B>>(
        &self,
        pos: &Position<B>,
        starters: B,
        sink: &mut S,
    ) {
        let white = pos.side == Colour::White;
        let enemy = pos.pieces(pos.side.opponent());
        let mut search = Search {
            g: self,
            sink,
            white,
            from: 0,
            occupied: B::ZERO,
            enemy,
            enemy_kings: enemy & pos.kings,
            captured: B::ZERO,
            jumps: 0,
            king_order: 0,
            started_as_king: false,
        };
        let man_targets = if self.men_capture_kings {
            enemy
        } else {
            enemy & !pos.kings
        };
        for from in starters.squares() {
            let king = pos.kings.has(from);
            // Most pieces have no opposing piece next to them: no capture, no search.
            let (kind, targets) = if king {
                (2, enemy)
            } else {
                (!white as usize, man_targets)
            };
            if !(king && self.flying) && (self.reach[from as usize][kind] & targets).is_empty() {
                continue;
            }
            search.from = from;
            search.occupied = pos.occupied() & !B::bit(from);
            search.started_as_king = king;
            search.capture_from(from, king, None, true);
        }
    }

    /// The pieces of the side to move that have a first jump (found by shifting whole sets).
    #[inline(always)]
    pub(in crate::draughts) fn starters(&self, shifts: &StepShifts<B>, pos: &Position<B>) -> B {
        let white = pos.side == Colour::White;
        let own = pos.pieces(pos.side);
        let enemy = pos.pieces(pos.side.opponent());
        let empty = self.squares & !pos.occupied();
        let men = own & !pos.kings;
        let kings = own & pos.kings;
        let man_targets = if self.men_capture_kings {
            enemy
        } else {
            enemy & !pos.kings
        };
        let side = !white as usize;
        let mut starters = shifts.short_starters(men, &self.man_captures[side], man_targets, empty);
        if !kings.is_empty() {
            starters |= if self.flying {
                shifts.flying_starters(kings, &self.king_captures, enemy, empty)
            } else {
                shifts.short_starters(kings, &self.king_captures, enemy, empty)
            };
        }
        starters
    }

    /// The number of legal moves of `pos` when the side to move has no capture: its ordinary
    /// moves counted by set sizes.
    #[inline(always)]
    pub(in crate::draughts) fn count_quiet(
        &self,
        shifts: &StepShifts<B>,
        pos: &Position<B>,
    ) -> u32 {
        let white = pos.side == Colour::White;
        let own = pos.pieces(pos.side);
        let empty = self.squares & !pos.occupied();
        let men = own & !pos.kings;
        let kings = own & pos.kings;
        let mut n = shifts.count_moves(men, &self.man_moves[!white as usize], empty, false);
        if !kings.is_empty() {
            n += shifts.count_moves(kings, &self.king_moves, empty, self.flying);
        }
        n
    }

    /// The Zobrist hash of a position (pieces and side to move), from scratch.
    pub fn zobrist(&self, pos: &Position<B>) -> u64 {
        self.zobrist.hash(pos)
    }

    /// The Zobrist hash after `mv`, from `hash`, the hash of `pos`.
    pub fn zobrist_after(&self, pos: &Position<B>, hash: u64, mv: &Move<B>) -> u64 {
        self.zobrist.after(pos, hash, mv)
    }
}

/// The search for the capture sequences of one piece.
struct Search<'a, B: Bits, S: Sink<B>> {
    g: &'a LineTables<B>,
    sink: &'a mut S,
    white: bool,
    from: u32,
    /// All pieces but the mover; taken pieces stay in it until the move ends.
    occupied: B,
    enemy: B,
    enemy_kings: B,
    captured: B,
    jumps: u32,
    king_order: u64,
    started_as_king: bool,
}

impl<B: Bits, S: Sink<B>> Search<'_, B, S> {
    /// The squares that stop a piece now.
    #[inline(always)]
    fn blockers(&self) -> B {
        if self.g.immediate {
            self.occupied & !self.captured
        } else {
            self.occupied
        }
    }

    /// Whether the piece on `bit` may be taken by a king (`king`) or a man.
    #[inline(always)]
    fn takeable(&self, bit: u8, king: bool) -> bool {
        let b = bit as u32;
        (self.enemy & !self.captured).has(b)
            && (king || self.g.men_capture_kings || !self.enemy_kings.has(b))
    }

    fn take(&mut self, victim: u8) {
        let bit = B::bit(victim as u32);
        self.captured |= bit;
        if self.enemy_kings & bit != B::ZERO {
            self.king_order |= 1u64 << (63 - self.jumps.min(63));
        }
        self.jumps += 1;
    }

    fn untake(&mut self, victim: u8) {
        let bit = B::bit(victim as u32);
        self.jumps -= 1;
        self.captured &= !bit;
        if self.enemy_kings & bit != B::ZERO {
            self.king_order &= !(1u64 << (63 - self.jumps.min(63)));
        }
    }

    /// The precedence score of the capture so far, criteria compared in order (as the
    /// kernel's `Capture::score`).
    fn score(&self) -> u128 {
        let kings = (self.captured & self.enemy_kings).count();
        let pieces = self.captured.count();
        let mut score: u128 = 0;
        for c in &self.g.precedence {
            score = match c {
                Criterion::MostPieces => (score << 7) | pieces as u128,
                Criterion::MostKings => (score << 7) | kings as u128,
                Criterion::MostValue => {
                    let v = self.g.values;
                    (score << 40) | ((pieces - kings) * v.man + kings * v.king) as u128
                }
                Criterion::MadeByKing => (score << 1) | self.started_as_king as u128,
                Criterion::KingTakenEarliest => (score << 64) | self.king_order as u128,
            };
        }
        score
    }

    fn emit(&mut self, to: u8, king: bool) {
        let row = self.g.promotion_rows[!self.white as usize];
        let promotes = !self.started_as_king && (king || row.has(to as u32));
        let mv = Move {
            captured: self.captured,
            paths: 1,
            from: self.from as u8,
            to,
            promotes,
        };
        let score = self.score();
        self.sink.capture_any(mv, score, self.jumps);
    }

    /// The captures of a piece on `at` (a king or a man) that came there by a jump along
    /// `came`; `first_landing` when `at` is directly behind the piece just taken. Returns
    /// whether there was any.
    fn capture_from(&mut self, at: u32, king: bool, came: Option<Step>, first: bool) -> bool {
        let mut found = false;
        if king && self.g.flying {
            for d in self.g.king_captures.iter() {
                if !self.turn_allowed(d, came, true, first) {
                    continue;
                }
                found |= self.flying_in(at, d);
            }
            return found;
        }
        // A man or a short king: the steps toward the pieces it may take next to it, in the
        // steps' order (most often none, or one).
        let kind = if king { 2 } else { !self.white as usize };
        let mut targets = self.enemy & !self.captured;
        if !king && !self.g.men_capture_kings {
            targets &= !self.enemy_kings;
        }
        let mut toward = 0u8;
        for v in (self.g.reach[at as usize][kind] & targets).squares() {
            toward |= 1 << self.g.toward[at as usize][v as usize];
        }
        while toward != 0 {
            let d = Step::ALL[toward.trailing_zeros() as usize];
            toward &= toward - 1;
            if self.turn_allowed(d, came, king, first) {
                found |= self.short_in(at, king, d);
            }
        }
        found
    }

    /// Whether a piece that came to its square by a jump along `came` (`first`: onto the
    /// first landing square behind the piece taken) may jump on along `d`.
    #[inline(always)]
    fn turn_allowed(&self, d: Step, came: Option<Step>, king: bool, first: bool) -> bool {
        let Some(c) = came else { return true };
        // Straight back: blocked by the piece just taken unless it left the board; then only
        // a flying king can go back over its square, from the first landing square (one
        // path), and only if the rules allow the turn.
        if d == c.opposite()
            && !(self.g.may_reverse && self.g.immediate && king && self.g.flying && first)
        {
            return false;
        }
        // Going on straight is looked at from the first landing square only: one path,
        // whichever square between the two pieces is touched.
        d != c || first
    }

    /// A jump of a man or a short king from `at` along `d`.
    /// The piece next to `at` along `d` is one it may take (the caller found it in `reach`).
    fn short_in(&mut self, at: u32, king: bool, d: Step) -> bool {
        let victim = self.g.next(at, d);
        debug_assert!(victim != NO_SQUARE && self.takeable(victim, king));
        let landing = self.g.next(victim as u32, d);
        if landing == NO_SQUARE || self.blockers().has(landing as u32) {
            return false;
        }
        self.take(victim);
        if S::WANTS_PATH {
            self.sink.land(self.jumps as usize - 1, landing);
        }
        self.land_short(landing, king, d);
        self.untake(victim);
        true
    }

    /// After a man or a short king lands on `at` having jumped along `came`.
    fn land_short(&mut self, at: u8, king: bool, came: Step) {
        let row = self.g.promotion_rows[!self.white as usize];
        if !king && row.has(at as u32) {
            match self.g.promotion {
                PromotionDuringCapture::EndsMove => {
                    self.emit(at, true);
                    return;
                }
                PromotionDuringCapture::ContinueAsKing => {
                    if !self.capture_from(at as u32, true, Some(came), true) {
                        self.emit(at, true);
                    }
                    return;
                }
                PromotionDuringCapture::OnlyAtEnd => {}
            }
        }
        if !self.capture_from(at as u32, king, Some(came), true) {
            self.emit(at, king);
        }
    }

    /// A capture by a flying king from `at` along `d`.
    fn flying_in(&mut self, at: u32, d: Step) -> bool {
        let blockers = self.blockers();
        let mut victim = self.g.next(at, d);
        while victim != NO_SQUARE && !blockers.has(victim as u32) {
            victim = self.g.next(victim as u32, d);
        }
        if victim == NO_SQUARE || !self.takeable(victim, true) {
            return false;
        }
        let mut landings = [0u8; 16];
        let mut n = 0;
        let mut l = self.g.next(victim as u32, d);
        while l != NO_SQUARE && !blockers.has(l as u32) && n < landings.len() {
            landings[n] = l;
            n += 1;
            l = self.g.next(l as u32, d);
        }
        if n == 0 {
            return false;
        }
        // How many of the landing squares it may go on from, and end on.
        let (go_on, end) = match self.g.landing {
            KingLanding::AnySquareBeyond => (n, n),
            KingLanding::DirectlyBehind => (1, 1),
            KingLanding::DirectlyBehindLastKing if self.enemy_kings.has(victim as u32) => (n, 1),
            KingLanding::DirectlyBehindLastKing => (n, n),
        };
        self.take(victim);
        let slot = self.jumps as usize - 1;
        let mut any = false;
        for (i, &l) in landings[..go_on].iter().enumerate() {
            if S::WANTS_PATH {
                self.sink.land(slot, l);
            }
            any |= self.capture_from(l as u32, true, Some(d), i == 0);
        }
        if !any {
            for &l in &landings[..end] {
                if S::WANTS_PATH {
                    self.sink.land(slot, l);
                }
                self.emit(l, true);
            }
        }
        self.untake(victim);
        true
    }
}
