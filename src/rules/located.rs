//! Values that remember where they were written, and the sections every rules file shares
//! (`[variant]`, `[overlay]`), whatever its family.

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;
use std::cell::Cell;
use std::ops::Range;

/// Where something is written in the texts a loader holds: the source's index and the byte
/// span.
pub type Place = (usize, Range<usize>);

thread_local! {
    /// The index of the file being deserialized, stamped on every [`Val`].
    pub(crate) static CURRENT_FILE: Cell<usize> = const { Cell::new(0) };
}

/// A value read from a rules file, with the file and byte range it came from.
#[derive(Clone, Debug)]
pub struct Val<T> {
    /// The value itself.
    pub value: T,
    /// Index of the source file in the loader's list.
    pub file: usize,
    /// Byte range of the value in that file.
    pub span: Range<usize>,
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Val<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = toml::Spanned::<T>::deserialize(d)?;
        let span = s.span();
        Ok(Val {
            value: s.into_inner(),
            file: CURRENT_FILE.with(|c| c.get()),
            span,
        })
    }
}

impl<T: Serialize> Serialize for Val<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(s)
    }
}

// In a JSON Schema a located value is the value itself: where it was written is the loader's
// business, not the file's.
impl<T: JsonSchema> JsonSchema for Val<T> {
    fn inline_schema() -> bool {
        T::inline_schema()
    }

    fn schema_name() -> Cow<'static, str> {
        T::schema_name()
    }

    fn schema_id() -> Cow<'static, str> {
        T::schema_id()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        T::json_schema(generator)
    }
}

impl<T> Val<T> {
    /// A value written by the program, not read from a file (no place to point at).
    pub fn made(value: T) -> Val<T> {
        Val {
            value,
            file: 0,
            span: 0..0,
        }
    }
}

/// `[variant]`: who the variant is. Never inherited through `extends`.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VariantSection {
    /// Short identifier, the file stem (`russian`).
    pub id: Option<Val<String>>,
    /// Full name.
    pub name: Option<Val<String>>,
    /// Other names the variant is known by.
    pub aliases: Option<Val<Vec<String>>>,
    /// Where the rules come from.
    pub source: Option<Val<String>>,
    /// One paragraph for people.
    pub description: Option<Val<String>>,
    /// The group `rulebench list` shows the variant under (`shogi`, `Xiangqi and kin`); a
    /// file without one is listed under its parent's, and a file with no parent under its
    /// family's name.
    pub group: Option<Val<String>>,
}

/// `[overlay]`: a house rule meant to be applied on top of a variant.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OverlaySection {
    /// Identifier used after `+` (`no-compulsory-capture`).
    pub id: Option<Val<String>>,
    /// Full name.
    pub name: Option<Val<String>>,
    /// Where the rule comes from.
    pub source: Option<Val<String>>,
    /// Board sizes it applies to, as `"8x8"`; empty or absent means any.
    pub boards: Option<Val<Vec<String>>>,
}

/// Fills the unset fields of a child section from its parent's.
pub trait Merge {
    /// Takes from `parent` whatever `self` leaves unset.
    fn merge(&mut self, parent: Self);
}

impl<T: Merge> Merge for Option<Val<T>> {
    // Sections merge field by field.
    fn merge(&mut self, parent: Self) {
        match (self.as_mut(), parent) {
            (_, None) => {}
            (None, Some(p)) => *self = Some(p),
            (Some(c), Some(p)) => c.value.merge(p.value),
        }
    }
}

/// Implements [`Merge`] for a section: each field the child leaves unset comes from the parent.
macro_rules! merge_fields {
    ($ty:ty: $($field:ident),*) => {
        impl $crate::rules::located::Merge for $ty {
            fn merge(&mut self, parent: Self) {
                $( if self.$field.is_none() { self.$field = parent.$field; } )*
            }
        }
    };
}
pub(crate) use merge_fields;

merge_fields!(OverlaySection: id, name, source, boards);

/// The value of `[section] field` in a merged rules file, if present; when missing, the
/// problem is recorded in the loader (at the top of the root file) and the value is `None`.
macro_rules! need {
    ($loader:expr, $file:expr, $section:ident . $field:ident, $help:expr) => {{
        let found = $file
            .$section
            .as_ref()
            .and_then(|s| s.value.$field.as_ref());
        if found.is_none() {
            $loader.report($loader.missing(
                $file.schema.as_ref().map_or(0, |s| s.file),
                concat!("[", stringify!($section), "] ", stringify!($field)),
                $help,
            ));
        }
        found
    }};
}
pub(crate) use need;

/// The [`RulesFile`](crate::rules::family::RulesFile) accessors of the keys every file has, for a
/// family's file struct with fields `schema`, `family`, `extends`, `variant`, `overlay`.
macro_rules! common_keys {
    () => {
        fn schema(&self) -> Option<&$crate::rules::located::Val<u32>> {
            self.schema.as_ref()
        }

        fn extends(&self) -> Option<&$crate::rules::located::Val<String>> {
            self.extends.as_ref()
        }

        fn variant(
            &self,
        ) -> Option<&$crate::rules::located::Val<$crate::rules::located::VariantSection>> {
            self.variant.as_ref()
        }

        fn overlay(
            &self,
        ) -> Option<&$crate::rules::located::Val<$crate::rules::located::OverlaySection>> {
            self.overlay.as_ref()
        }
    };
}
pub(crate) use common_keys;

/// Lays the keys every file has over the parent's: identity only for an overlay; schema and
/// family when the child leaves them out.
macro_rules! common_keys_over {
    ($child:ident, $parent:ident, $inherit_identity:expr) => {
        if $inherit_identity {
            $child.variant = $parent.variant;
        }
        if $child.schema.is_none() {
            $child.schema = $parent.schema;
        }
        if $child.family.is_none() {
            $child.family = $parent.family;
        }
    };
}
pub(crate) use common_keys_over;

/// The common keys of a resolved file made to stand alone (no `extends`, no overlay, its
/// family and id stated): the body of `RulesFile::standalone` for every family.
macro_rules! standalone_keys {
    ($file:ident, $id:expr) => {
        $file.extends = None;
        $file.overlay = None;
        $file.json_schema = None;
        $file.family = Some(Val::made(Self::FAMILY));
        let variant = $file
            .variant
            .get_or_insert_with(|| Val::made(Default::default()));
        variant.value.id = Some(Val::made($id.to_string()));
    };
}
pub(crate) use standalone_keys;
