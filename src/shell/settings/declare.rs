//! `declare_settings!`: the macro that turns the table of declarations
//! ([`super::table`]) into the [`super::Setting`] enum, its list, its
//! descriptions, the [`super::Settings`] struct with its defaults and
//! [`super::Change::setting`], so that a setting is declared once (as
//! `just` generates its typed settings from one list).
//!
//! An entry:
//!
//! ```text
//! /// What the setting is (the variant's doc).
//! Variant {
//!     name: "name",                  // what `set` takes, lower case
//!     summary: "...",                // `set`'s one line
//!     kind: ValueKind::...,          // its values (a range is written here only)
//!     expects: "...",                // what a bad value is told
//!     /// The field's doc.
//!     field: field_name: Type = default,   // its storage and its one default
//!     flag: Some(Flag::...) | None,  // the command line's flag, if it has one
//!     note: Some(fn) | None,         // a paragraph `help set` adds
//! }
//! ```
//!
//! What stays by hand is the setting's use: its [`super::Change`] variant
//! (the value's type), its arm in [`super::Setting::parse`], in `Change`'s
//! `Display`, in [`super::Settings::get`] and [`super::Settings::apply`]
//! (each an exhaustive match, so the compiler names every one).

/// Declare every setting (see the module's doc for an entry's form).
macro_rules! declare_settings {
    ($(
        $(#[doc = $doc:literal])*
        $variant:ident {
            name: $name:literal,
            summary: $summary:expr,
            kind: $kind:expr,
            expects: $expects:expr,
            $(#[doc = $field_doc:literal])*
            field: $field:ident: $ty:ty = $default:expr,
            flag: $flag:expr,
            note: $note:expr $(,)?
        }
    )*) => {
        /// Every session setting.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Setting {
            $($(#[doc = $doc])* $variant,)*
        }

        impl Setting {
            /// Every setting, in the order `set` lists them (the
            /// declarations' order).
            pub const ALL: &'static [Setting] = &[$(Setting::$variant,)*];

            /// The setting's description, from its declaration; its
            /// default is the one [`Settings::default`] holds.
            pub fn spec(self) -> SettingSpec {
                let (name, summary, kind, expects, flag, note) = self.declared();
                SettingSpec {
                    name,
                    summary,
                    kind,
                    expects,
                    default: Settings::default().get(self),
                    flag,
                    note,
                }
            }

            /// The declaration's parts that are constants.
            pub(super) const fn declared(
                self,
            ) -> (
                &'static str,
                &'static str,
                ValueKind,
                &'static str,
                Option<Flag>,
                Option<fn() -> String>,
            ) {
                match self {
                    $(Setting::$variant => ($name, $summary, $kind, $expects, $flag, $note),)*
                }
            }

            /// The setting's name.
            pub const fn name(self) -> &'static str {
                self.declared().0
            }
        }

        /// The values of every setting of one session, one typed field
        /// each.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Settings {
            $($(#[doc = $field_doc])* pub $field: $ty,)*
        }

        impl Default for Settings {
            /// Every setting at its declared default (the one place a
            /// default is written).
            fn default() -> Settings {
                Settings {
                    $($field: $default,)*
                }
            }
        }

        impl Change {
            /// The setting it changes.
            pub fn setting(&self) -> Setting {
                match self {
                    $(Change::$variant { .. } => Setting::$variant,)*
                }
            }
        }
    };
}

pub(super) use declare_settings;
