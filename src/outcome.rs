//! How a game stands: ongoing, won (by whom, and why) or drawn (and why).

/// How a game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Play goes on.
    Ongoing,
    /// One side has won.
    Win {
        /// The winner, as the rules name the side (`white`, `red`).
        winner: String,
        /// Why, in words.
        reason: String,
    },
    /// Drawn.
    Draw {
        /// Why, in words.
        reason: String,
    },
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Ongoing => write!(f, "ongoing"),
            Outcome::Win { winner, reason } => write!(f, "{winner} wins: {reason}"),
            Outcome::Draw { reason } => write!(f, "draw: {reason}"),
        }
    }
}
