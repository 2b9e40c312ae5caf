//! What every family's move notation shares: move texts listed in the order people read
//! them.

/// Orders move texts so that `9-13` comes before `10-14` (numbers compared as numbers).
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    fn chunks(s: &str) -> Vec<Result<u64, &str>> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = s.as_bytes();
        while start < bytes.len() {
            let digit = bytes[start].is_ascii_digit();
            let mut end = start;
            while end < bytes.len() && bytes[end].is_ascii_digit() == digit {
                end += 1;
            }
            let piece = &s[start..end];
            out.push(if digit {
                piece.parse().map_err(|_| piece)
            } else {
                Err(piece)
            });
            start = end;
        }
        out
    }
    let (ca, cb) = (chunks(a), chunks(b));
    for (x, y) in ca.iter().zip(cb.iter()) {
        let ord = match (x, y) {
            (Ok(m), Ok(n)) => m.cmp(n),
            (Err(m), Err(n)) => m.cmp(n),
            (Ok(_), Err(_)) => std::cmp::Ordering::Less,
            (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
        };
        if ord != std::cmp::Ordering::Equal {
            return ord;
        }
    }
    ca.len().cmp(&cb.len())
}
