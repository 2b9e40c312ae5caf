//! Perft statistics: the columns published perft tables carry besides the leaves (captures,
//! en passant captures, castlings, promotions, checks, checkmates; for draughts the most pieces
//! one leaf move takes), what one leaf move is for them, and a position's statistics. Each
//! family says which columns it counts and what a leaf move is
//! ([`crate::game::Game::stat_columns`], [`crate::game::Game::leaf_move`]); the search that
//! counts them is the perft driver's ([`crate::perft::stats`]).

/// A column of perft statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    /// The leaves: the moves at the last ply.
    Nodes,
    /// Leaf moves that take a piece (en passant included).
    Captures,
    /// Leaf moves that take en passant.
    EnPassant,
    /// Leaf moves that castle.
    Castles,
    /// Leaf moves that promote (each choice of piece a move of its own), or crown a man.
    Promotions,
    /// Leaf moves that give check (checkmates included).
    Checks,
    /// Leaf moves that give checkmate.
    Mates,
    /// The most pieces one leaf move takes (a maximum over the leaves, not a sum).
    LongestCapture,
}

impl Column {
    /// Every column, in the order tables print them.
    pub const ALL: [Column; 8] = [
        Column::Nodes,
        Column::Captures,
        Column::EnPassant,
        Column::Castles,
        Column::Promotions,
        Column::Checks,
        Column::Mates,
        Column::LongestCapture,
    ];

    /// The name as the command line and the tables write it (the wiki's column names).
    pub fn name(self) -> &'static str {
        match self {
            Column::Nodes => "nodes",
            Column::Captures => "captures",
            Column::EnPassant => "ep",
            Column::Castles => "castles",
            Column::Promotions => "promotions",
            Column::Checks => "checks",
            Column::Mates => "mates",
            Column::LongestCapture => "longest-capture",
        }
    }

    /// The column of that name.
    pub fn named(name: &str) -> Option<Column> {
        Column::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// What one leaf move is, for the statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeafMove {
    /// It takes a piece.
    pub capture: bool,
    /// It takes en passant.
    pub en_passant: bool,
    /// It castles.
    pub castle: bool,
    /// It promotes (or crowns a man).
    pub promotion: bool,
    /// It gives check.
    pub check: bool,
    /// It gives checkmate.
    pub mate: bool,
    /// The pieces it takes.
    pub taken: u32,
}

/// The statistics of a perft: a count per column (a maximum for the longest capture).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Leaves.
    pub nodes: u128,
    /// Leaf moves that capture.
    pub captures: u128,
    /// Leaf moves that take en passant.
    pub en_passant: u128,
    /// Leaf moves that castle.
    pub castles: u128,
    /// Leaf moves that promote.
    pub promotions: u128,
    /// Leaf moves that give check.
    pub checks: u128,
    /// Leaf moves that give checkmate.
    pub mates: u128,
    /// The most pieces one leaf move takes.
    pub longest_capture: u32,
}

impl Stats {
    /// The value of `column`.
    pub fn get(&self, column: Column) -> u128 {
        match column {
            Column::Nodes => self.nodes,
            Column::Captures => self.captures,
            Column::EnPassant => self.en_passant,
            Column::Castles => self.castles,
            Column::Promotions => self.promotions,
            Column::Checks => self.checks,
            Column::Mates => self.mates,
            Column::LongestCapture => self.longest_capture as u128,
        }
    }

    /// `other`'s counts, each taken `times`, added to these (stopping at
    /// [`crate::count::COUNT_LIMIT`] instead of wrapping).
    pub fn add(&mut self, other: &Stats, times: u128) {
        let add = |sum: &mut u128, n: u128| *sum = sum.saturating_add(n.saturating_mul(times));
        add(&mut self.nodes, other.nodes);
        add(&mut self.captures, other.captures);
        add(&mut self.en_passant, other.en_passant);
        add(&mut self.castles, other.castles);
        add(&mut self.promotions, other.promotions);
        add(&mut self.checks, other.checks);
        add(&mut self.mates, other.mates);
        self.longest_capture = self.longest_capture.max(other.longest_capture);
    }

    /// One leaf move, reached by `times` move sequences.
    pub(crate) fn leaf(&mut self, mv: &LeafMove, times: u128) {
        let add = |sum: &mut u128, b: bool| *sum = sum.saturating_add(times * b as u128);
        add(&mut self.nodes, true);
        add(&mut self.captures, mv.capture);
        add(&mut self.en_passant, mv.en_passant);
        add(&mut self.castles, mv.castle);
        add(&mut self.promotions, mv.promotion);
        add(&mut self.checks, mv.check);
        add(&mut self.mates, mv.mate);
        self.longest_capture = self.longest_capture.max(mv.taken);
    }
}
