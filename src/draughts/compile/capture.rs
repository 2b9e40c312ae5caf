//! How men and kings capture (`[man] captures`, `captures_kings`, `[king] range`) and the
//! capture rules of `[capture]`: whether capturing is compulsory, the precedence, when taken
//! pieces leave the board; and the warnings for keys that change nothing beside the others.

use super::movement::Movement;
use crate::draughts::schema::{
    Criterion, DraughtsFile, KingLanding, KingRange, ManCaptureDirections, PromotionDuringCapture,
    Removal,
};
use crate::rules::{Loader, Val, need};

/// The capture keys, each `None` where it is missing (and the problem recorded).
pub(super) struct CaptureKeys<'a> {
    pub(super) man_captures: Option<&'a Val<ManCaptureDirections>>,
    pub(super) men_capture_kings: Option<&'a Val<bool>>,
    pub(super) king_range: Option<&'a Val<KingRange>>,
    pub(super) compulsory: Option<&'a Val<bool>>,
    pub(super) precedence: Option<&'a Val<Vec<Val<Criterion>>>>,
    pub(super) removal: Option<&'a Val<Removal>>,
}

impl<'a> CaptureKeys<'a> {
    /// Reads the keys, recording what is missing.
    pub(super) fn read(loader: &Loader, file: &'a DraughtsFile) -> CaptureKeys<'a> {
        CaptureKeys {
            man_captures: need!(
                loader,
                file,
                man.captures,
                "`captures = \"forward\"` or \"forward-and-backward\""
            ),
            men_capture_kings: need!(
                loader,
                file,
                man.captures_kings,
                "`captures_kings = true` or false"
            ),
            king_range: need!(
                loader,
                file,
                king.range,
                "`range = \"short\"` or \"flying\""
            ),
            compulsory: need!(
                loader,
                file,
                capture.compulsory,
                "`compulsory = true` or false"
            ),
            precedence: need!(
                loader,
                file,
                capture.precedence,
                "a list of criteria, e.g. `precedence = [\"most-pieces\"]`, or `[]` for free choice"
            ),
            removal: need!(
                loader,
                file,
                capture.removal,
                "`removal = \"end-of-move\"` or \"immediate\""
            ),
        }
    }

    /// The precedence criteria in order, each once (a criterion listed twice is recorded as a
    /// problem).
    pub(super) fn criteria(&self, loader: &Loader) -> Vec<Criterion> {
        let mut criteria = Vec::new();
        for c in self.precedence.iter().flat_map(|p| p.value.iter()) {
            if criteria.contains(&c.value) {
                loader.report(loader.at(
                    c,
                    format!(
                        "`{}` is listed twice in the precedence",
                        toml::Value::try_from(c.value).map_or(String::new(), |v| {
                            v.as_str().unwrap_or_default().to_string()
                        })
                    ),
                    Some("each criterion may appear once; the list is compared in order".into()),
                ));
            } else {
                criteria.push(c.value);
            }
        }
        criteria
    }

    /// Warns about keys that change nothing beside the others: `only-at-end` promotion where
    /// men never capture backward, a flying king's `landing` for short kings, `immediate`
    /// removal with short kings.
    pub(super) fn warn_ineffective(
        &self,
        loader: &Loader,
        file: &DraughtsFile,
        promotion: Option<&Val<PromotionDuringCapture>>,
        movement: &Movement,
    ) {
        if let (Some(promo), Some(men)) = (promotion, self.man_captures)
            && promo.value == PromotionDuringCapture::OnlyAtEnd
            && men.value == ManCaptureDirections::Forward
            && !movement.man_capture_lines.orthogonal
        {
            loader.warn(loader.at(
                promo,
                "`only-at-end` behaves as `ends-move` here",
                Some(
                    "men never capture backward, so a man that reaches the far row cannot go on \
                 capturing: its capture ends there and it is crowned either way"
                        .into(),
                ),
            ));
        }
        let landing = file.king.as_ref().and_then(|k| k.value.landing.as_ref());
        if let (Some(landing), Some(range)) = (landing, self.king_range)
            && landing.value != KingLanding::AnySquareBeyond
            && range.value == KingRange::Short
        {
            loader.warn(loader.at(
                landing,
                "`landing` changes nothing with short kings",
                Some("a short king always lands directly behind the piece it takes".into()),
            ));
        }
        if let (Some(removal), Some(range)) = (self.removal, self.king_range)
            && removal.value == Removal::Immediate
            && range.value == KingRange::Short
        {
            loader.warn(
                loader.at(
                    removal,
                    "`immediate` behaves as `end-of-move` here",
                    Some(
                        "with short kings a capturing piece lands two steps from each square it \
                     jumps, so it never lands on or passes a square freed earlier in the move"
                            .into(),
                    ),
                ),
            );
        }
    }
}
