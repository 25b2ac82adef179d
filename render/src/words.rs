//! The words the images carry, in English and German: one table per language
//! ([`EN`], [`DE`]) of plain words and of templates with numbered places (`{0}`, `{1}`)
//! filled by [`fill`]. The layouts are shared; only the table differs.
//!
//! German follows the glossary (`spec/glossary.md`) and the German rules (`seeds/`):
//! Startfeld, Wartebereich, Ziel (Helofag); Ebene, Kugeln (Aratoths Rache); Chefinspektor,
//! Durchgang, Dolerit, Fundstücke, Block, Scheibe (Artifälschungen); Setzhilfe, Stein
//! (Hathor). Words a player types (colours, symbols, Artifakes' `farbe`/`zahl`,
//! `uzs`/`guzs`) are not here: they come from the rules' own tables
//! ([`rules::words::Worded`]), the words the parser accepts.

use std::fmt;


pub use rules::Lang;

/// The table of words of `lang`.
pub(crate) fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::En => &EN,
        Lang::De => &DE,
    }
}

/// `template` with each `{k}` (k = 0-9) replaced by `args[k]`; places without an
/// argument stay as they are.
pub(crate) fn fill(template: &str, args: &[&dyn fmt::Display]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let after = &rest[start..];
        let bytes = after.as_bytes();
        match (bytes.get(1), bytes.get(2)) {
            (Some(d), Some(b'}')) if d.is_ascii_digit() => {
                match args.get(usize::from(d - b'0')) {
                    Some(arg) => out.push_str(&arg.to_string()),
                    None => out.push_str(&after[..3]),
                }
                rest = &after[3..];
            }
            _ => {
                out.push('{');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The strings of one table entry (one word, or one per item of a list).
trait Strings {
    fn strings(&self) -> Vec<&'static str>;
}

impl Strings for &'static str {
    fn strings(&self) -> Vec<&'static str> {
        vec![*self]
    }
}

impl<const N: usize> Strings for [&'static str; N] {
    fn strings(&self) -> Vec<&'static str> {
        self.to_vec()
    }
}

/// Declares [`Words`] and its list of entries (for the tests) from one list of fields.
macro_rules! words {
    ($( $(#[$meta:meta])* $name:ident : $ty:ty ),* $(,)?) => {
        /// One language's words. Templates name their places `{0}`, `{1}`, ...
        pub(crate) struct Words {
            $( $(#[$meta])* pub(crate) $name: $ty, )*
        }

        impl Words {
            /// Every entry: its field name and its strings.
            #[cfg_attr(not(test), allow(dead_code))]
            pub(crate) fn entries(&self) -> Vec<(&'static str, Vec<&'static str>)> {
                vec![$( (stringify!($name), Strings::strings(&self.$name)) ),*]
            }
        }
    };
}

words! {
    // ---- every game ----
    /// A seat without a name: `{0}` the seat number from 1.
    player: &'static str,

    // ---- Carat ----
    /// The variant names hand3, two colours.
    carat_variants: [&'static str; 2],

    // ---- Helofag ----
    /// `{0}` pieces needed in the goal.
    helofag_goal: &'static str,
    /// The goal's caption.
    helofag_goal_area: &'static str,
    /// The waiting room's caption.
    helofag_waiting_area: &'static str,
    /// Captions over the player in the turn panel: winner, to move, nobody to move.
    helofag_winner: &'static str,
    helofag_to_move: &'static str,
    helofag_no_roll: &'static str,
    /// Under the dice: two actions possible, one action possible.
    helofag_two_actions: &'static str,
    helofag_one_action: &'static str,
    /// `{0}` player, `{1}` the actions.
    helofag_last: &'static str,
    /// `{0}` the piece's owner, `{1}` the field.
    helofag_captured: &'static str,
    /// `{0}` player, `{1}` the roll.
    helofag_passed: &'static str,
    /// `{0}` the list of fields sent to B.
    helofag_to_waiting: &'static str,

    // ---- Aratoths Rache ----
    /// After the number of balls in the pyramid.
    aratoth_of_balls: &'static str,
    aratoth_wins: &'static str,
    aratoth_out: &'static str,
    /// The colour the player to move may not use: red, green, black.
    aratoth_no_colour: [&'static str; 3],
    /// The shape the player to move may not use, in the shape table's order.
    aratoth_no_shape: [&'static str; 6],
    /// A layer map's title: `{0}` the layer letter.
    aratoth_layer: &'static str,

    // ---- Artifakes ----
    /// `{0}` the round.
    artifakes_round_of: &'static str,
    /// `{0}` the round.
    artifakes_round: &'static str,
    artifakes_burying: &'static str,
    artifakes_excavating: &'static str,
    /// The header when the inspector went home (the game is over).
    artifakes_went_home: &'static str,
    /// The same in the centre, in two lines.
    artifakes_went_home_lines: [&'static str; 2],
    artifakes_game_over: &'static str,
    artifakes_wins: &'static str,
    artifakes_draw: &'static str,
    /// `{0}` plays in a row that did not move the inspector.
    artifakes_not_moved: &'static str,
    /// `{0}` a piece with its article, `{1}` the field.
    artifakes_buried: &'static str,
    /// Block and disc with the article for "buried a ...".
    artifakes_a_piece: [&'static str; 2],
    /// `{0}` card, `{1}` way word, `{2}` from, `{3}` to.
    artifakes_moved: &'static str,
    /// The ways in running text: by colour, by number.
    artifakes_way_names: [&'static str; 2],
    /// `{0}` what was found.
    artifakes_found: &'static str,
    /// `{0}` what was destroyed.
    artifakes_destroyed: &'static str,
    /// `{0}` the card.
    artifakes_wasted_card: &'static str,
    /// A count of pieces: `{0}` the number, `{1}` the word.
    artifakes_count: &'static str,
    /// Block, blocks, disc, discs.
    artifakes_pieces: [&'static str; 4],
    artifakes_nothing: &'static str,
    /// The dolerite an archaeologist stands on: `{0}` its number.
    artifakes_stone: &'static str,
    /// Labels of a player's supply, finds and destroyed pieces.
    artifakes_supply: &'static str,
    artifakes_finds: &'static str,
    artifakes_lost: &'static str,
    /// One card, `{0}` cards in hand.
    artifakes_one_card: &'static str,
    artifakes_cards: &'static str,
    artifakes_wasted: &'static str,
    /// The hand's title: `{0}` the player.
    artifakes_your_hand: &'static str,
    /// `{0}` the inspector's field.
    artifakes_inspector_on: &'static str,
    /// `{0}` points found, `{0}` points destroyed.
    artifakes_find: &'static str,
    artifakes_destroy: &'static str,
    /// `{0}` the way.
    artifakes_no_points: &'static str,

    // ---- Hathor ----
    /// `{0}` the variant number; with `{1}` its name.
    hathor_variant: &'static str,
    hathor_variant_named: &'static str,
    hathor_blocked: &'static str,
    hathor_complete: &'static str,
    hathor_resigned: &'static str,
    hathor_timed_out: &'static str,
    hathor_hint_one: &'static str,
    /// `{0}` legal fields.
    hathor_hint: &'static str,
    /// `{0}` the field.
    hathor_last: &'static str,
    /// `{0}` the field; `{1}` the number of stones (more than one).
    hathor_changed_one: &'static str,
    hathor_changed: &'static str,
    hathor_place: &'static str,
    /// The replay strip's label over its first board.
    strip_start: &'static str,
    /// The label over a later board: `{0}` the move number.
    strip_move: &'static str,
    hathor_no_stone: &'static str,
    /// The numbers' captions: score, stones left, hints used.
    hathor_numbers: [&'static str; 3],
    /// A stone: `{0}` colour, `{1}` symbol.
    hathor_stone: &'static str,
}

/// English.
pub(crate) static EN: Words = Words {
    player: "Player {0}",
    carat_variants: ["hand3", "two colours"],

    helofag_goal: "goal: {0} in Z",
    helofag_goal_area: "Z goal",
    helofag_waiting_area: "B waiting room",
    helofag_winner: "★ winner",
    helofag_to_move: "to move, rolled:",
    helofag_no_roll: "no roll left",
    helofag_two_actions: "one or two actions, two dice",
    helofag_one_action: "only one action is possible",
    helofag_last: "last: {0} {1}",
    helofag_captured: "captured: {0}'s piece on {1}",
    helofag_passed: "{0} rolled {1}: no move",
    helofag_to_waiting: "to B: {0}",

    aratoth_of_balls: "/ 120 balls",
    aratoth_wins: "★ wins",
    aratoth_out: "out",
    aratoth_no_colour: ["no red", "no green", "no black"],
    aratoth_no_shape: ["no formula", "no bird", "no mage", "no fish", "no snake", "no dragon"],
    aratoth_layer: "layer {0}",

    artifakes_round_of: "round {0} of 3",
    artifakes_round: "round {0}",
    artifakes_burying: "burying",
    artifakes_excavating: "excavating",
    artifakes_went_home: "the inspector went home",
    artifakes_went_home_lines: ["the inspector", "went home"],
    artifakes_game_over: "game over",
    artifakes_wins: "wins",
    artifakes_draw: "a draw",
    artifakes_not_moved: "not moved: {0} of 4",
    artifakes_buried: "buried {0} on {1}",
    artifakes_a_piece: ["a block", "a disc"],
    artifakes_moved: "card {0} by {1}: {2} → {3}",
    artifakes_way_names: ["colour", "number"],
    artifakes_found: "found {0}",
    artifakes_destroyed: "destroyed {0}",
    artifakes_wasted_card: "wasted card {0}",
    artifakes_count: "{0} {1}",
    artifakes_pieces: ["block", "blocks", "disc", "discs"],
    artifakes_nothing: "nothing",
    artifakes_stone: "stone {0}",
    artifakes_supply: "supply",
    artifakes_finds: "finds",
    artifakes_lost: "lost",
    artifakes_one_card: "1 card",
    artifakes_cards: "{0} cards",
    artifakes_wasted: "wasted",
    artifakes_your_hand: "{0} · your hand",
    artifakes_inspector_on: "inspector on {0}",
    artifakes_find: "find {0}",
    artifakes_destroy: "destroy {0}",
    artifakes_no_points: "{0}: no points",

    hathor_variant: "variant {0}",
    hathor_variant_named: "variant {0} · {1}",
    hathor_blocked: "Game over: no field fits",
    hathor_complete: "All 72 stones placed!",
    hathor_resigned: "Game over: resigned",
    hathor_timed_out: "Game over: time ran out",
    hathor_hint_one: "Hint: 1 legal field",
    hathor_hint: "Hint: {0} legal fields",
    hathor_last: "Last stone on {0}",
    hathor_changed_one: "{0} changed 1 stone",
    hathor_changed: "{0} changed {1} stones",
    hathor_place: "Place the current stone",
    strip_start: "Start",
    strip_move: "After move {0}",
    hathor_no_stone: "no stone left",
    hathor_numbers: ["score", "stones left", "hints"],
    hathor_stone: "{0}-{1}",
};

/// German.
pub(crate) static DE: Words = Words {
    player: "Spieler {0}",
    carat_variants: ["hand3", "zwei Farben"],

    helofag_goal: "Ziel: {0} in Z",
    helofag_goal_area: "Z Ziel",
    helofag_waiting_area: "B Wartebereich",
    helofag_winner: "★ Sieger",
    helofag_to_move: "am Zug, gewürfelt:",
    helofag_no_roll: "kein Wurf mehr",
    helofag_two_actions: "1 oder 2 Aktionen, 2 Würfel",
    helofag_one_action: "nur eine Aktion möglich",
    helofag_last: "zuletzt: {0} {1}",
    helofag_captured: "geschlagen: Figur von {0} auf {1}",
    helofag_passed: "{0} würfelte {1}: kein Zug",
    helofag_to_waiting: "nach B: {0}",

    aratoth_of_balls: "/ 120 Kugeln",
    aratoth_wins: "★ gewinnt",
    aratoth_out: "ausgeschieden",
    aratoth_no_colour: ["kein Rot", "kein Grün", "kein Schwarz"],
    aratoth_no_shape: ["keine Formel", "kein Vogel", "kein Magier", "kein Fisch", "keine Schlange", "kein Drache"],
    aratoth_layer: "Ebene {0}",

    artifakes_round_of: "Durchgang {0} von 3",
    artifakes_round: "Durchgang {0}",
    artifakes_burying: "Vergraben",
    artifakes_excavating: "Ausgraben",
    artifakes_went_home: "Chefinspektor heimgefahren",
    artifakes_went_home_lines: ["der Chefinspektor", "fuhr nach Hause"],
    artifakes_game_over: "Partie vorbei",
    artifakes_wins: "gewinnt",
    artifakes_draw: "unentschieden",
    artifakes_not_moved: "nicht gezogen: {0} von 4",
    artifakes_buried: "vergrub {0} auf {1}",
    artifakes_a_piece: ["einen Block", "eine Scheibe"],
    artifakes_moved: "Karte {0} mit {1}: {2} → {3}",
    artifakes_way_names: ["Farbe", "Zahl"],
    artifakes_found: "fand {0}",
    artifakes_destroyed: "zerstörte {0}",
    artifakes_wasted_card: "verschwendete Karte {0}",
    artifakes_count: "{0} {1}",
    artifakes_pieces: ["Block", "Blöcke", "Scheibe", "Scheiben"],
    artifakes_nothing: "nichts",
    artifakes_stone: "Dolerit {0}",
    artifakes_supply: "Vorrat",
    artifakes_finds: "Funde",
    artifakes_lost: "zerstört",
    artifakes_one_card: "1 Karte",
    artifakes_cards: "{0} Karten",
    artifakes_wasted: "verschwendet",
    artifakes_your_hand: "{0} · deine Hand",
    artifakes_inspector_on: "Chefinspektor auf {0}",
    artifakes_find: "Fund {0}",
    artifakes_destroy: "zerstört {0}",
    artifakes_no_points: "{0}: keine Punkte",

    hathor_variant: "Variante {0}",
    hathor_variant_named: "Variante {0} · {1}",
    hathor_blocked: "Partie vorbei: kein Feld passt",
    hathor_complete: "Alle 72 Steine gelegt!",
    hathor_resigned: "Partie vorbei: aufgegeben",
    hathor_timed_out: "Partie vorbei: Zeit abgelaufen",
    hathor_hint_one: "Setzhilfe: 1 erlaubtes Feld",
    hathor_hint: "Setzhilfe: {0} erlaubte Felder",
    hathor_last: "Letzter Stein auf {0}",
    hathor_changed_one: "{0} verwandelte 1 Stein",
    hathor_changed: "{0} verwandelte {1} Steine",
    hathor_place: "Lege den aktuellen Stein",
    strip_start: "Beginn",
    strip_move: "Nach Zug {0}",
    hathor_no_stone: "kein Stein mehr",
    hathor_numbers: ["Punkte", "Steine übrig", "Setzhilfen"],
    hathor_stone: "{0}-{1}",
};

#[cfg(test)]
mod tests {
    use super::*;
    use rules::GameKind;

    /// Entries whose German equals the English on purpose: templates without words,
    /// and names that are the same in both languages (Hathor and lotus, hand3).
    const SAME: &[&str] = &["artifakes_count", "hathor_stone"];
    const SAME_ITEMS: &[&str] = &["hand3", "hathor", "lotus"];

    fn places(text: &str) -> Vec<String> {
        let mut found: Vec<String> = (0..10).map(|k| format!("{{{k}}}")).filter(|p| text.contains(p.as_str())).collect();
        found.sort();
        found
    }

    #[test]
    fn every_german_word_is_there_and_differs_from_the_english() {
        let (en, de) = (EN.entries(), DE.entries());
        assert_eq!(en.len(), de.len());
        for ((name, en), (de_name, de)) in en.iter().zip(&de) {
            assert_eq!(name, de_name);
            assert_eq!(en.len(), de.len(), "{name}");
            for (e, d) in en.iter().zip(de) {
                assert!(!d.trim().is_empty(), "{name}: empty German");
                assert!(!e.trim().is_empty(), "{name}: empty English");
                if !SAME.contains(name) && !SAME_ITEMS.contains(e) {
                    assert_ne!(e, d, "{name}: the German is the English");
                }
                // Both fill the same places, so no argument is lost in one language.
                assert_eq!(places(e), places(d), "{name}: {e} / {d}");
            }
        }
    }

    #[test]
    fn fill_puts_arguments_in_their_places() {
        assert_eq!(fill("{1} then {0}", &[&"a", &2]), "2 then a");
        assert_eq!(fill("goal: {0} in Z", &[&3]), "goal: 3 in Z");
        // A place without an argument and stray braces stay as written.
        assert_eq!(fill("{0} {2} {x} {", &[&"a"]), "a {2} {x} {");
        assert_eq!(fill("", &[]), "");
    }

    #[test]
    fn languages_parse_from_their_codes() {
        assert_eq!("de".parse::<Lang>(), Ok(Lang::De));
        assert_eq!("EN-gb".parse::<Lang>(), Ok(Lang::En));
        assert!("fr".parse::<Lang>().is_err());
        assert_eq!(Lang::default(), Lang::En);
        assert_eq!(Lang::De.game_name(GameKind::Artifakes), "Artifälschungen");
        assert_eq!(Lang::De.game_name(GameKind::Aratoth), "Aratoths Rache");
    }
}
