//! The languages the project speaks (English, German): one type for the texts of the
//! command layer and the words on the images. Pure data, no translations here.

use std::{fmt, str::FromStr};

use crate::GameKind;

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// German.
    De,
}

impl Lang {
    /// Both languages.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::De];

    /// The language's code (`en`, `de`; also the directory name under `commands/i18n/`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
        }
    }

    /// The game's name in this language (the spec's names).
    pub fn game_name(self, kind: GameKind) -> &'static str {
        match self {
            Lang::En => kind.name_en(),
            Lang::De => kind.name_de(),
        }
    }
}

impl FromStr for Lang {
    type Err = String;

    /// Accepts a language tag (`en`, `de`, `de-DE`, `en_GB`, ...), case-insensitive.
    ///
    /// # Errors
    /// A message naming the text and the languages there are.
    fn from_str(s: &str) -> Result<Lang, String> {
        let primary = s.trim().split(['-', '_']).next().unwrap_or_default().to_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary).ok_or_else(|| format!("unknown language \"{s}\" (en, de)"))
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_name_their_language() {
        assert_eq!("de-DE".parse::<Lang>(), Ok(Lang::De));
        assert_eq!(" EN_gb ".parse::<Lang>(), Ok(Lang::En));
        assert!("fr".parse::<Lang>().is_err());
        assert_eq!(Lang::De.to_string(), "de");
        assert_eq!(Lang::De.game_name(GameKind::Aratoth), "Aratoths Rache");
    }
}
