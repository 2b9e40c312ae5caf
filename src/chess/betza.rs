//! Betza notation, the way the chess-variant world writes how a piece moves (Fairy-Stockfish's
//! custom pieces, XBoard, ChessV): atoms with modifiers before them.
//!
//! Atoms: `W` one step orthogonally, `F` one step diagonally, `D` two orthogonally, `A` two
//! diagonally, `H` three orthogonally, `G` three diagonally, `N` the knight's leap, `C` the
//! camel's (1,3), `Z` the zebra's (2,3); `K` = `WF`, `R` = `WW`, `B` = `FF`, `Q` = `RB`. A
//! leaper's letter doubled rides (`WW` = `R`); a number after an atom limits the ride (`R2`).
//!
//! Any leaper's letter doubled rides along its line (`NN` the nightrider: knight leaps
//! repeated while the squares landed on are empty; `AA`, `DD`, `CC`, `ZZ`). Atoms written one
//! after another make a compound piece (`BN` the archbishop, `RN` the chancellor, `QN`).
//!
//! Modifiers, before the atom they apply to: `m` moves only, `c` captures only; `n` lame (the
//! leap is blocked by a piece on its way: the horse's leg, the elephant's eye; an oblique leap
//! goes straight along its longer side while more of it remains than of the shorter, then
//! diagonally, so that `nN` passes one point and Janggi's elephant `nZ` two); `p` hops over
//! exactly one piece (the screen), of either side, landing anywhere beyond it (the cannon); `g`
//! hops over exactly one piece and lands on the point just beyond it (the grasshopper, `gQ`);
//! `i` an initial move, made
//! only from the points of the piece's `initial` region (a pawn's double step `ifmnD`); `f`,
//! `b`, `l`, `r` forward, backward, left, right (as the mover sees the board), `v` = `fb`,
//! `s` = `lr`. On `W`, `D`, `H` and their riders each direction letter
//! adds its directions (`fsW`: forward and sideways); on diagonal and oblique atoms two letters
//! together name one direction (`frF`: forward-right), doubled ones the narrow leaps of an
//! oblique atom (`ffN`: the two most forward knight leaps).
//!
//! ```
//! use rulebench::chess::betza::parse;
//! let cannon = parse("mRcpR").unwrap();
//! assert_eq!(cannon.len(), 2);
//! assert!(cannon[1].hop && cannon[1].capture && !cannon[1].moves);
//! assert_eq!(parse("fsW").unwrap()[0].directions.len(), 3);
//! assert!(parse("mRxN").is_err());
//! assert!(parse("NN").unwrap()[0].rider);
//! assert!(parse("gQ").unwrap().iter().all(|c| c.grasshopper));
//! assert!(parse("ifmnD").unwrap()[0].initial);
//! ```

/// One part of a piece's movement: a leap or ride in some directions, with its modes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// It may move to an empty point.
    pub moves: bool,
    /// It may capture.
    pub capture: bool,
    /// Lame: blocked by a piece on the points it passes (`n`).
    pub lame: bool,
    /// Hops over exactly one piece, the screen (`p`), landing anywhere beyond it.
    pub hop: bool,
    /// Hops over exactly one piece and lands on the point just beyond it (`g`).
    pub grasshopper: bool,
    /// An initial move (`i`): made only from the piece's `initial` points.
    pub initial: bool,
    /// Rides: repeats its step along a line.
    pub rider: bool,
    /// The most steps a rider takes (0: no limit; 1 for a leaper).
    pub range: u32,
    /// (file step, rank step), rank step toward the opponent, as the mover sees the board.
    pub directions: Vec<(i32, i32)>,
}

impl Component {
    /// The points a lame leap passes on its way, as steps from the start (empty for a leap
    /// with none between, and for riders).
    pub fn path(&self, (df, dr): (i32, i32)) -> Vec<(i32, i32)> {
        if !self.lame || self.rider {
            return Vec::new();
        }
        // Straight along the longer side while more of it remains than of the shorter,
        // then diagonally: a line leap passes every point before the last, the knight's
        // leap its leg, the zebra's (Janggi's elephant) one orthogonal and one diagonal point.
        let (mut f, mut r) = (0, 0);
        let mut out = Vec::new();
        loop {
            let (left_f, left_r) = (df - f, dr - r);
            if left_f.abs() >= left_r.abs() {
                f += left_f.signum();
            }
            if left_r.abs() >= left_f.abs() {
                r += left_r.signum();
            }
            if (f, r) == (df, dr) {
                return out;
            }
            out.push((f, r));
        }
    }
}

/// An error at a byte offset of the Betza text, with what would be valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// Byte range in the text.
    pub span: std::ops::Range<usize>,
    /// What is wrong.
    pub message: String,
    /// What would be valid.
    pub help: String,
}

const ATOMS: &str = "W F D A H G N C Z K R B Q";
const MODIFIERS: &str = "m c n p g i f b l r v s";

/// The leap of each basic atom, (1, 0) style, as (smaller, larger) offsets.
fn atom_leap(atom: char) -> Option<(i32, i32)> {
    Some(match atom {
        'W' => (0, 1),
        'F' => (1, 1),
        'D' => (0, 2),
        'A' => (2, 2),
        'H' => (0, 3),
        'G' => (3, 3),
        'N' => (1, 2),
        'C' => (1, 3),
        'Z' => (2, 3),
        _ => return None,
    })
}

/// Every (df, dr) of a leap (a, b): the eight (or four) symmetric images.
fn images((a, b): (i32, i32)) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let d = (x * sx, y * sy);
                if !out.contains(&d) {
                    out.push(d);
                }
            }
        }
    }
    out
}

/// Which of a leap's images one direction token selects.
fn selects(token: &str, (df, dr): (i32, i32), orthogonal: bool) -> bool {
    let (af, ar) = (df.abs(), dr.abs());
    let letter = |c: char| match c {
        'f' => dr > 0,
        'b' => dr < 0,
        'l' => df < 0,
        'r' => df > 0,
        'v' => {
            if orthogonal {
                df == 0
            } else {
                ar >= af
            }
        }
        's' => {
            if orthogonal {
                dr == 0
            } else {
                af >= ar
            }
        }
        _ => false,
    };
    let chars: Vec<char> = token.chars().collect();
    match chars.as_slice() {
        [c] => letter(*c),
        [a, b] if a == b => {
            letter(*a)
                && if matches!(a, 'f' | 'b') {
                    ar > af
                } else {
                    af > ar
                }
        }
        [a, b] => letter(*a) && letter(*b),
        _ => false,
    }
}

/// Splits direction letters into tokens: one letter each on orthogonal atoms; on others,
/// a vertical and a horizontal letter (or a doubled letter) together.
fn direction_tokens(letters: &str, orthogonal: bool) -> Vec<String> {
    let chars: Vec<char> = letters.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if !orthogonal && i + 1 < chars.len() {
            let d = chars[i + 1];
            let vertical = |x: char| matches!(x, 'f' | 'b');
            let horizontal = |x: char| matches!(x, 'l' | 'r' | 's');
            if c == d || (vertical(c) && horizontal(d)) || (horizontal(c) && vertical(d)) {
                out.push(format!("{c}{d}"));
                i += 2;
                continue;
            }
        }
        out.push(c.to_string());
        i += 1;
    }
    out
}

/// Parses a Betza string into its components.
pub fn parse(text: &str) -> Result<Vec<Component>, BetzaError> {
    let mut r = Reader {
        text,
        chars: text.char_indices().collect(),
        i: 0,
    };
    if r.chars.is_empty() {
        return Err(error(
            0..0,
            "an empty movement".into(),
            "write the movement in Betza notation, e.g. \"W\", \"nN\", \"mRcpR\"",
        ));
    }
    let mut out = Vec::new();
    while r.i < r.chars.len() {
        let start = r.chars[r.i].0;
        let mut m = r.modifiers()?;
        let (atom, parts, rides) = r.atom(start)?;
        let mut rider = rides;
        if !rides && r.chars.get(r.i).is_some_and(|&(_, c)| c == atom) {
            rider = true;
            r.i += 1;
        }
        let range = match r.range()? {
            Some(n) => {
                rider |= n > 1;
                n
            }
            None if rider => 0,
            None => 1,
        };
        let span = start..r.at();
        check_combination(&m, rider, span.clone())?;
        if !m.moves && !m.capture {
            m.moves = true;
            m.capture = true;
        }
        let before = out.len();
        for part in parts {
            let leap = atom_leap(part).expect("a basic atom");
            let orthogonal = leap.0 == 0;
            let all = images(leap);
            let directions: Vec<(i32, i32)> = if m.dirs.is_empty() {
                all
            } else {
                let tokens = direction_tokens(&m.dirs, orthogonal);
                all.into_iter()
                    .filter(|&d| tokens.iter().any(|t| selects(t, d, orthogonal)))
                    .collect()
            };
            if directions.is_empty() {
                continue;
            }
            out.push(Component {
                moves: m.moves,
                capture: m.capture,
                lame: m.lame,
                hop: m.hop,
                grasshopper: m.grasshopper,
                initial: m.initial,
                rider,
                range,
                directions,
            });
        }
        if out.len() == before {
            return Err(error(
                span,
                format!("`{}` selects no direction", &text[start..]),
                "check the direction letters (f, b, l, r, v, s) against the atom",
            ));
        }
    }
    Ok(out)
}

/// An error at `span` of a Betza string.
fn error(span: std::ops::Range<usize>, message: String, help: &str) -> BetzaError {
    BetzaError {
        span,
        message,
        help: help.to_string(),
    }
}

/// The modifiers written before an atom.
#[derive(Default)]
struct Modifiers {
    moves: bool,
    capture: bool,
    lame: bool,
    hop: bool,
    grasshopper: bool,
    initial: bool,
    /// The direction letters, as written.
    dirs: String,
}

/// A Betza string being read, character by character.
struct Reader<'a> {
    text: &'a str,
    chars: Vec<(usize, char)>,
    i: usize,
}

impl Reader<'_> {
    /// The byte offset of the next character (the text's length at the end).
    fn at(&self) -> usize {
        self.chars.get(self.i).map_or(self.text.len(), |c| c.0)
    }

    /// The modifiers (lower-case letters) before an atom.
    fn modifiers(&mut self) -> Result<Modifiers, BetzaError> {
        let mut m = Modifiers::default();
        while self.i < self.chars.len() && self.chars[self.i].1.is_ascii_lowercase() {
            let (at, c) = self.chars[self.i];
            match c {
                'm' => m.moves = true,
                'c' => m.capture = true,
                'n' => m.lame = true,
                'p' => m.hop = true,
                'g' => m.grasshopper = true,
                'i' => m.initial = true,
                'f' | 'b' | 'l' | 'r' | 'v' | 's' => m.dirs.push(c),
                _ => {
                    return Err(error(
                        at..at + 1,
                        format!("unknown Betza modifier `{c}`"),
                        &format!("modifiers this build reads: {MODIFIERS}"),
                    ));
                }
            }
            self.i += 1;
        }
        Ok(m)
    }

    /// The atom (the modifiers started at `start`): the letter, the basic atoms it stands
    /// for, and whether it rides.
    fn atom(&mut self, start: usize) -> Result<(char, Vec<char>, bool), BetzaError> {
        let Some(&(at, atom)) = self.chars.get(self.i) else {
            return Err(error(
                start..self.text.len(),
                "modifiers without an atom".into(),
                &format!("put an atom after the modifiers: {ATOMS}"),
            ));
        };
        self.i += 1;
        // Compound atoms expand to their parts.
        let (parts, rides) = match atom {
            'K' => (vec!['W', 'F'], false),
            'R' => (vec!['W'], true),
            'B' => (vec!['F'], true),
            'Q' => (vec!['W', 'F'], true),
            a if atom_leap(a).is_some() => (vec![a], false),
            _ => {
                return Err(error(
                    at..at + atom.len_utf8(),
                    format!("unknown Betza atom `{atom}`"),
                    &format!("atoms this build reads: {ATOMS}"),
                ));
            }
        };
        Ok((atom, parts, rides))
    }

    /// A range written after the atom (`R4`), 1 to 64 steps; `None` when none is written.
    fn range(&mut self) -> Result<Option<u32>, BetzaError> {
        let digits_start = self.i;
        while self.i < self.chars.len() && self.chars[self.i].1.is_ascii_digit() {
            self.i += 1;
        }
        if self.i == digits_start {
            return Ok(None);
        }
        let from = self.chars[digits_start].0;
        let to = self.at();
        let n: u32 = self.text[from..to].parse().unwrap_or(0);
        if n == 0 || n > 64 {
            return Err(error(
                from..to,
                format!("a range of {} steps", &self.text[from..to]),
                "a range is 1 to 64 steps",
            ));
        }
        Ok(Some(n))
    }
}

/// The modifiers that cannot go together, or with the atom (written at `span`).
fn check_combination(
    m: &Modifiers,
    rider: bool,
    span: std::ops::Range<usize>,
) -> Result<(), BetzaError> {
    if m.lame && rider {
        return Err(error(
            span,
            "a lame rider".into(),
            "`n` applies to leapers; a rider is blocked by any piece anyway",
        ));
    }
    if (m.hop || m.grasshopper) && !rider {
        return Err(error(
            span,
            "a hop on a leaper".into(),
            "`p` and `g` apply to riders (`pR`: hop over one screen along a file or rank; \
             `gQ`: the grasshopper)",
        ));
    }
    if m.hop && m.grasshopper {
        return Err(error(
            span,
            "both `p` and `g`".into(),
            "a hop lands anywhere beyond the screen (`p`) or just beyond it (`g`), not both",
        ));
    }
    Ok(())
}
