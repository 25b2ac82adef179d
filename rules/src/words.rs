//! The words of the games' notation in both languages, one table per kind of word: the
//! parser reads them, the images draw them, the chat texts translate moves with them.
//! A word is changed here and nowhere else.

use crate::Lang;

/// One entry of a [`Worded`] table: the English word (canonical notation), the German
/// word (what German players type and see), and other spellings the parser accepts
/// (ASCII forms of umlauts, synonyms).
pub struct WordEntry<T: 'static> {
    pub value: T,
    pub en: &'static str,
    pub de: &'static str,
    pub also: &'static [&'static str],
}

/// A value of the notation that is a word (a colour, a symbol, a direction).
pub trait Worded: Copy + PartialEq + Sized + 'static {
    /// Every value with its words, in the enum's order.
    const WORDS: &'static [WordEntry<Self>];

    /// The word in `lang` (`?` when the table lacks the value, which the tests rule
    /// out).
    fn word_in(self, lang: Lang) -> &'static str {
        Self::WORDS
            .iter()
            .find(|e| e.value == self)
            .map_or("?", |e| match lang {
                Lang::En => e.en,
                Lang::De => e.de,
            })
    }

    /// The value whose English or German word (or another accepted spelling) is `text`,
    /// case-insensitive, surrounding blanks ignored.
    fn from_word(text: &str) -> Option<Self> {
        let text = text.trim().to_lowercase();
        Self::WORDS
            .iter()
            .find(|e| e.en == text || e.de == text || e.also.contains(&text.as_str()))
            .map(|e| e.value)
    }

    /// The German word of the English word `en` (exactly as printed), if `en` is one.
    fn de_of_en(en: &str) -> Option<&'static str> {
        Self::WORDS.iter().find(|e| e.en == en).map(|e| e.de)
    }
}

/// The entries of a [`Worded`] table: `Value => "en", "de" [, "also", ...];`.
#[macro_export]
#[doc(hidden)]
macro_rules! word_table {
    ($ty:ty { $($value:expr => $en:literal, $de:literal $(, $also:literal)*;)* }) => {
        impl $crate::words::Worded for $ty {
            const WORDS: &'static [$crate::words::WordEntry<$ty>] = &[
                $($crate::words::WordEntry { value: $value, en: $en, de: $de, also: &[$($also),*] },)*
            ];
        }
    };
}

#[cfg(test)]
mod tests {
    use super::Worded;
    use crate::{Lang, aratoth, artifakes, carat, hathor};

    /// Every table lists each value once, and every word reads back as its value in both
    /// languages (no word stands for two values).
    fn check<T: Worded + std::fmt::Debug>(all: &[T]) {
        assert_eq!(T::WORDS.len(), all.len());
        for &v in all {
            for lang in Lang::ALL {
                assert_eq!(T::from_word(v.word_in(lang)), Some(v), "{v:?} in {lang:?}");
                assert_eq!(T::from_word(&v.word_in(lang).to_uppercase()), Some(v));
            }
            for entry in T::WORDS.iter().filter(|e| e.value == v) {
                for also in entry.also {
                    assert_eq!(T::from_word(also), Some(v), "{also}");
                }
            }
        }
    }

    #[test]
    fn every_table_is_complete_and_unambiguous() {
        check(&carat::Colour::ALL);
        check(&hathor::Colour::ALL);
        check(&hathor::Symbol::ALL);
        check(&artifakes::Colour::ALL);
        check(&artifakes::Way::ALL);
        check(&artifakes::Direction::ALL);
        check(&[
            aratoth::Colour::Red,
            aratoth::Colour::Green,
            aratoth::Colour::Black,
        ]);
    }

    /// The German words of the rules (seeds, glossary), spelled out.
    #[test]
    fn german_words_are_those_of_the_rules() {
        assert_eq!(
            carat::Colour::ALL.map(|c| c.word_in(Lang::De)),
            ["rot", "blau", "grün", "gelb"]
        );
        assert_eq!(
            hathor::Colour::ALL.map(|c| c.word_in(Lang::De)),
            ["blau", "rot", "grün", "gelb", "weiß", "violett"]
        );
        assert_eq!(
            hathor::Symbol::ALL.map(|c| c.word_in(Lang::De)),
            ["hathor", "anch", "skarabäus", "auge", "lotus", "falke"]
        );
        assert_eq!(
            artifakes::Colour::ALL.map(|c| c.word_in(Lang::De)),
            ["weiß", "grau", "blau", "grün", "gelb", "rot"]
        );
        assert_eq!(
            artifakes::Way::ALL.map(|c| c.word_in(Lang::De)),
            ["farbe", "zahl"]
        );
        assert_eq!(
            artifakes::Direction::ALL.map(|c| c.word_in(Lang::De)),
            ["uzs", "guzs"]
        );
        assert_eq!(aratoth::Colour::Green.word_in(Lang::De), "grün");
        assert_eq!(
            carat::Colour::from_word("GRUEN"),
            Some(carat::Colour::Green)
        );
        assert_eq!(
            hathor::Colour::from_word("lila"),
            Some(hathor::Colour::Purple)
        );
    }
}
