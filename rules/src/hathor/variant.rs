//! The five variants as one table (spec `hathor.md`, "Variants") and the game's numbers.

use super::{
    field::Field,
    stone::{Colour, Stone, Symbol},
};

/// Points for a placement with `k` occupied neighbours: `PLACEMENT_BASE × 2^k`.
pub const PLACEMENT_BASE: i64 = 100;
/// Extra points when all 72 stones are placed (spec "End and bonus").
pub const COMPLETION_BONUS: i64 = 20_000;
/// What one hint costs (spec "Hint").
pub const HINT_COST: i64 = 500;
/// Points per stone showing `hathor` at the end, in variants with the Hathor bonus.
pub const HATHOR_BONUS: i64 = 500;
/// With at least this many occupied neighbours one of them may match in neither colour
/// nor symbol (where the variant allows the exception).
pub const EXCEPTION_MIN_NEIGHBOURS: usize = 4;
/// With at least this many occupied neighbours a placement transforms them (variants 2-4).
pub const TRANSFORM_MIN_NEIGHBOURS: usize = 4;
/// Stones in the pile: 6 colours × 6 symbols × 2.
pub const PILE_SIZE: usize = 72;
/// The stone variant 2 turns neighbours into.
pub const BLUE_HATHOR: Stone = Stone::new(Colour::Blue, Symbol::Hathor);

/// The start stones' fields, in the order of the setup's `start_stones`
/// (spec "Setup": corners, then the central block).
pub const START_FIELDS: [Field; 8] = [
    Field { col: 0, row: 0 },  // A1
    Field { col: 13, row: 0 }, // N1
    Field { col: 0, row: 7 },  // A8
    Field { col: 13, row: 7 }, // N8
    Field { col: 6, row: 3 },  // G4
    Field { col: 7, row: 3 },  // H4
    Field { col: 6, row: 4 },  // G5
    Field { col: 7, row: 4 },  // H5
];

/// What happens to the occupied neighbours after a placement with k ≥ 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transform {
    /// Nothing.
    None,
    /// Every neighbour becomes `blue-hathor` (variant 2).
    BlueHathor,
    /// Every neighbour takes the placed stone's colour and symbol (variant 3).
    CopyPlaced,
    /// Every neighbour gets the next random symbol, colour kept (variant 4).
    RandomSymbol,
}

/// One variant's rules (a row of the spec's table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VariantRules {
    /// 1-5.
    pub number: u8,
    /// English name.
    pub name: &'static str,
    /// German name.
    pub name_de: &'static str,
    /// After a placement with k ≥ 4.
    pub transform: Transform,
    /// Whether one neighbour may mismatch when k ≥ 4.
    pub exception: bool,
    /// Whether every stone showing `hathor` earns [`HATHOR_BONUS`] at the end.
    pub hathor_bonus: bool,
}

/// The spec's table of variants, variant *n* at index *n* − 1.
pub const VARIANTS: [VariantRules; 5] = [
    VariantRules { number: 1, name: "standard", name_de: "Standard", transform: Transform::None, exception: true, hathor_bonus: false },
    VariantRules { number: 2, name: "hard", name_de: "schwer", transform: Transform::BlueHathor, exception: true, hathor_bonus: true },
    VariantRules { number: 3, name: "easy", name_de: "leicht", transform: Transform::CopyPlaced, exception: true, hathor_bonus: true },
    VariantRules { number: 4, name: "medium", name_de: "mittel", transform: Transform::RandomSymbol, exception: true, hathor_bonus: true },
    VariantRules { number: 5, name: "extra", name_de: "extra", transform: Transform::None, exception: false, hathor_bonus: false },
];

/// The variant played when none is given.
pub const DEFAULT_VARIANT: u8 = 1;

/// The rules of variant `number` (1-5), or `None` out of range.
pub fn variant_rules(number: u8) -> Option<&'static VariantRules> {
    VARIANTS.iter().find(|v| v.number == number)
}

/// The variant a word after `new hathor` names: its number (`1`-`5`, also `v3`,
/// `variant3`, `variante3`) or its English or German name. `None` otherwise.
pub fn variant_from_word(word: &str) -> Option<u8> {
    let lower = word.trim().to_lowercase();
    let digits = lower.trim_start_matches("variante").trim_start_matches("variant").trim_start_matches('v');
    if let Ok(n) = digits.parse::<u8>() {
        return variant_rules(n).map(|v| v.number);
    }
    let named = match lower.as_str() {
        "medium" | "middle" => "mittel",
        "normal" => "standard",
        other => other,
    };
    VARIANTS.iter().find(|v| v.name == named || v.name_de.to_lowercase() == named).map(|v| v.number)
}
