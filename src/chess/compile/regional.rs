//! A piece's movements by region: `movement_in` (another movement while it stands in a
//! region, in place of its own) and `movement_within` (moves it has besides while it stands
//! in a region, made as if the region were the whole board: Janggi's palace diagonals).

use super::board::find_region;
use super::values::{noted, parse_betza};
use crate::chess::betza::Component;
use crate::chess::rules::Points;
use crate::chess::schema::PieceSection;
use crate::rules::{Loader, Val};

/// Which of the two keys is read.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum RegionalKey {
    /// `movement_in`: in place of the piece's own movement; the regions may not overlap.
    In,
    /// `movement_within`: besides it, inside the region.
    Within,
}

/// The movements of one key: (each region's points per side, the movement), and (region
/// name, Betza) as written.
pub(super) type Regional = (Vec<([Points; 2], Vec<Component>)>, Vec<(String, String)>);

/// Compiles `movement_in` or `movement_within` of the piece `name`, confined to `confined`
/// (a warning for a region it never stands in).
pub(super) fn compile_regional(
    loader: &Loader,
    name: &str,
    p: &PieceSection,
    regions: &[(String, [Points; 2])],
    confined: Option<[Points; 2]>,
    key: RegionalKey,
) -> Regional {
    let (map, key_name) = match key {
        RegionalKey::In => (&p.movement_in, "movement_in"),
        RegionalKey::Within => (&p.movement_within, "movement_within"),
    };
    let mut compiled: Vec<([Points; 2], Vec<Component>)> = Vec::new();
    let mut written: Vec<(String, String)> = Vec::new();
    for (region, m) in map.iter().flat_map(|map| map.value.iter()) {
        let named = Val {
            value: region.clone(),
            file: m.file,
            span: m.span.clone(),
        };
        let Some(points) = noted(loader, find_region(loader, regions, &named)) else {
            continue;
        };
        if key == RegionalKey::In
            && let Some(i) = compiled
                .iter()
                .position(|(r, _)| r[0] & points[0] != 0 || r[1] & points[1] != 0)
        {
            loader.report(loader.at(
                m,
                format!(
                    "regions `{}` and `{region}` overlap in `movement_in`",
                    written[i].0
                ),
                Some("a point may lie in one of a piece's movement regions only".into()),
            ));
            continue;
        }
        if let Some(c) = confined
            && (c[0] & points[0]) | (c[1] & points[1]) == 0
        {
            loader.warn(loader.at(
                m,
                format!("the {name} never stands in `{region}`: this movement never applies"),
                Some(format!(
                    "the {name} is confined to `{}`, which does not meet `{region}`",
                    p.confined_to.as_ref().map_or("", |r| r.value.as_str())
                )),
            ));
        }
        if let Some(components) = noted(loader, parse_betza(loader, m)) {
            if key == RegionalKey::Within && components.iter().any(|c| c.initial) {
                loader.report(loader.at(
                    m,
                    format!("an initial move (`i`) in `{key_name}`"),
                    Some("initial moves belong to `movement` or `movement_in`".into()),
                ));
                continue;
            }
            compiled.push((points, components));
            written.push((region.clone(), m.value.clone()));
        }
    }
    (compiled, written)
}
