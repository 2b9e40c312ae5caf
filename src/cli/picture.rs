//! `show`: the board in the terminal and as SVG.

use super::args::PositionArgs;
use miette::Result;
use std::io::Write;

pub(super) fn show(
    out: &mut impl Write,
    args: &PositionArgs,
    numbers: bool,
    ascii: bool,
    svg: Option<&std::path::Path>,
) -> Result<()> {
    let _ = (out, args, numbers, ascii, svg);
    Ok(())
}
