//! Counting conventions and the limits of a count: what a perft count means (distinct moves,
//! or every jump sequence) and how sums stop at the largest count kept instead of wrapping.

/// Which move sequences perft counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Count {
    /// Distinct moves: same from, to and captured set = one move (the default).
    #[default]
    Unique,
    /// Every distinct jump sequence (in families without jump sequences, the same as
    /// `Unique`).
    Paths,
}

impl Count {
    /// The name as the command line and the reports write it.
    pub fn name(self) -> &'static str {
        match self {
            Count::Unique => "unique",
            Count::Paths => "paths",
        }
    }

    /// `total` and a child's count `n` reached by a move of `paths` jump sequences, as this
    /// convention weighs the move; at [`COUNT_LIMIT`] the sum stops instead of wrapping.
    #[inline(always)]
    pub fn add(self, total: u128, n: u128, paths: u32) -> u128 {
        let n = match self {
            Count::Unique => n,
            Count::Paths => n.saturating_mul(paths as u128),
        };
        total.saturating_add(n)
    }
}

/// The largest count a perft returns: the sums saturate at it instead of wrapping, so that a
/// count equal to it means "this many or more" (2^128 - 1, about 3.4e38).
pub const COUNT_LIMIT: u128 = u128::MAX;

/// The sum of perft counts, stopping at [`COUNT_LIMIT`] instead of wrapping.
pub fn count_sum(counts: impl IntoIterator<Item = u128>) -> u128 {
    counts.into_iter().fold(0, u128::saturating_add)
}

/// `n`, or the words for a count that reached [`COUNT_LIMIT`] (the sums stop there, so it
/// is not exact), for the tools to refuse it with.
pub fn exact_count(n: u128) -> Result<u128, String> {
    if n < COUNT_LIMIT {
        return Ok(n);
    }
    Err(format!(
        "the count reached {n} (2^128 - 1), the largest rulebench keeps: the true count is that or more"
    ))
}

/// A perft count as text: the number, followed by "or more" when it is [`COUNT_LIMIT`] (the
/// true count may be larger).
pub fn count_text(n: u128) -> String {
    if n == COUNT_LIMIT {
        format!("{n} or more")
    } else {
        n.to_string()
    }
}
