//! Hathor's rules, each case worked out by hand from `hathor.md`; property tests of the
//! parser; seeded random playouts in every variant checked against a small oracle.

use proptest::prelude::*;
use serde_json::json;

use super::*;
use crate::{open, record::Record, rng, Match};

// ---------------------------------------------------------------- helpers

fn stone(text: &str) -> Stone {
    Stone::parse(text).expect("a stone")
}

fn field(text: &str) -> Field {
    Field::parse(text).expect("a field")
}

/// The start stones of the spec's examples: A1 red, N1 blue, A8 green, N8 white,
/// G4 yellow, H4 purple, G5 red, H5 blue (all hathor).
const START: [&str; 8] = [
    "red-hathor",
    "blue-hathor",
    "green-hathor",
    "white-hathor",
    "yellow-hathor",
    "purple-hathor",
    "red-hathor",
    "blue-hathor",
];

/// A full pile: `prefix` on top, then every stone as often as needed to hold each twice.
fn pile(prefix: &[&str]) -> Vec<Stone> {
    let mut pile: Vec<Stone> = prefix.iter().map(|s| stone(s)).collect();
    for s in Stone::all() {
        while pile.iter().filter(|&&p| p == s).count() < 2 {
            pile.push(s);
        }
    }
    assert_eq!(pile.len(), PILE_SIZE, "the prefix holds no stone three times");
    pile
}

fn setup(variant: u8, start: &[&str], prefix: &[&str], symbols: &[&str]) -> HathorSetup {
    HathorSetup {
        variant: Some(variant),
        start_stones: start.iter().map(|s| stone(s)).collect(),
        pile: pile(prefix),
        random_symbols: symbols.iter().map(|s| Symbol::parse(s).expect("a symbol")).collect(),
    }
}

fn game(variant: u8, prefix: &[&str]) -> Hathor {
    start(setup(variant, &START, prefix, &[]), Chance::none())
}

fn start(setup: HathorSetup, chance: Chance) -> Hathor {
    Hathor::new(&HathorOptions::default(), 1, setup, chance).expect("a valid setup")
}

fn play(game: &mut Hathor, moves: &[&str]) {
    for m in moves {
        let mv = game.parse_move(m).expect("notation");
        game.apply(&mv).unwrap_or_else(|e| panic!("{m} refused: {e}"));
    }
}

fn refusal(game: &mut Hathor, m: &str) -> Refusal {
    let before = game.clone();
    let mv = game.parse_move(m).expect("notation");
    let refused = game.apply(&mv).expect_err("the move must be refused");
    assert_eq!(seen(game), seen(&before), "a refused move changes nothing");
    assert_eq!(game.score(), before.score());
    refused
}

/// Everything the omniscient view shows (board, stones, score, marks).
fn seen(game: &Hathor) -> HathorView {
    match game.view(Viewer::Omniscient) {
        AnyView::Hathor(v) => v,
        #[allow(unreachable_patterns)]
        other => panic!("not a Hathor view: {other:?}"),
    }
}

fn arg<'a>(refusal: &'a Refusal, name: &str) -> &'a str {
    refusal.args.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str()).unwrap_or_default()
}

fn at(game: &Hathor, f: &str) -> Option<String> {
    game.stone_at(field(f)).map(|s| s.to_string())
}

// ---------------------------------------------------------------- notation

#[test]
fn fields_parse_and_print() {
    let cases: [(&str, Option<&str>); 12] = [
        ("A1", Some("A1")),
        ("a1", Some("A1")),
        ("n8", Some("N8")),
        (" c 5 ", Some("C5")),
        ("G4", Some("G4")),
        ("O1", None),
        ("A9", None),
        ("A0", None),
        ("A10", None),
        ("1A", None),
        ("", None),
        ("ä1", None),
    ];
    for (text, want) in cases {
        assert_eq!(Field::parse(text).map(|f| f.to_string()).as_deref(), want, "{text:?}");
    }
    for f in Field::all() {
        assert_eq!(Field::parse(&f.to_string()), Some(f));
    }
    assert_eq!(Field::all().count(), 112);
}

#[test]
fn neighbours_in_reading_order() {
    let names = |f: &str| field(f).neighbours().map(|n| n.to_string()).collect::<Vec<_>>();
    assert_eq!(names("D3"), ["C2", "D2", "E2", "C3", "E3", "C4", "D4", "E4"]);
    assert_eq!(names("A1"), ["B1", "A2", "B2"]);
    assert_eq!(names("N8"), ["M7", "N7", "M8"]);
    assert_eq!(names("A5"), ["A4", "B4", "B5", "A6", "B6"]);
}

#[test]
fn stones_parse_in_english_and_german() {
    let cases = [
        ("blue-hathor", "blue-hathor"),
        ("Grün-Lotus", "green-lotus"),
        ("gruen-auge", "green-eye"),
        ("weiß-skarabäus", "white-scarab"),
        ("weiss-skarabaeus", "white-scarab"),
        ("violett-falke", "purple-falcon"),
        ("ROT ANKH", "red-ankh"),
        ("gelb-anch", "yellow-ankh"),
    ];
    for (text, want) in cases {
        assert_eq!(Stone::parse(text).map(|s| s.to_string()).as_deref(), Some(want), "{text}");
    }
    for bad in ["", "blue", "blue-", "-hathor", "pink-lotus", "blue-cat", "blue-lotus-eye"] {
        assert_eq!(Stone::parse(bad), None, "{bad}");
    }
}

#[test]
fn moves_parse_and_print_canonically() {
    let g = game(1, &[]);
    let cases = [("c5", "C5"), ("  N8 ", "N8"), ("hint", "hint"), ("HILFE", "hint"), ("Setzhilfe", "hint")];
    for (text, want) in cases {
        assert_eq!(g.parse_move(text).map(|m| m.to_string()).as_deref(), Ok(want), "{text}");
    }
    for bad in ["", "x", "C9", "O3", "hint me", "place C5"] {
        let r = g.parse_move(bad).expect_err(bad);
        assert_eq!(r.key, "hathor-not-a-move", "{bad}");
    }
}

#[test]
fn move_filters_pick_a_column_a_row_or_a_field() {
    // green-ankh at the start (A1 red, A8 green, N8 white hathor): column A has A3-A6
    // alone and A7 beside the green A8; A2 touches the red A1.
    let g = game(1, &["green-ankh"]);
    let names = |filter: &str| g.filter_moves(filter).iter().map(ToString::to_string).collect::<Vec<_>>();
    assert_eq!(names("a"), ["A3", "A4", "A5", "A6", "A7"]);
    // Row 8: B8 beside the green A8, C8-L8 alone; M8 touches the white N8.
    assert_eq!(names("8").len(), 11);
    assert!(!names("8").contains(&"M8".to_string()));
    assert_eq!(names("c5"), ["C5"]);
    assert!(names("b2").is_empty());
    assert_eq!(names(" ").len(), 83);
}

#[test]
fn option_words_name_variants() {
    let cases: [(&str, Option<u8>); 14] = [
        ("1", Some(1)),
        ("5", Some(5)),
        ("6", None),
        ("0", None),
        ("v3", Some(3)),
        ("variant2", Some(2)),
        ("Variante4", Some(4)),
        ("standard", Some(1)),
        ("hard", Some(2)),
        ("schwer", Some(2)),
        ("leicht", Some(3)),
        ("mittel", Some(4)),
        ("extra", Some(5)),
        ("challenge", None),
    ];
    for (word, want) in cases {
        assert_eq!(Hathor::option_word(word), want.map(|n| ("variant", json!(n))), "{word}");
    }
}

// ---------------------------------------------------------------- setup

#[test]
fn setup_places_start_stones_and_shows_the_top_stone() {
    let g = game(1, &["green-ankh"]);
    for (f, s) in ["A1", "N1", "A8", "N8", "G4", "H4", "G5", "H5"].iter().zip(START) {
        assert_eq!(at(&g, f).as_deref(), Some(s), "{f}");
    }
    assert_eq!(Field::all().filter(|&f| g.stone_at(f).is_some()).count(), 8);
    assert_eq!(g.current(), Some(stone("green-ankh")));
    assert_eq!(g.details(), Some(json!({"current": "green-ankh", "placed": 0, "hints_used": 0})));
    assert_eq!(g.scores(), Some(vec![0]));
    assert_eq!(g.to_move(), vec![0]);
}

#[test]
fn malformed_setups_are_refused() {
    let good = setup(1, &START, &[], &[]);
    let try_new = |options: HathorOptions, players: usize, s: HathorSetup| {
        Hathor::new(&options, players, s, Chance::none()).map(|_| ()).map_err(|e| e.0)
    };
    assert_eq!(try_new(HathorOptions::default(), 1, good.clone()), Ok(()));
    let mut short = good.clone();
    short.pile.pop();
    assert!(try_new(HathorOptions::default(), 1, short).expect_err("71").contains("71 stones"));
    let mut thrice = good.clone();
    thrice.pile[0] = thrice.pile[2]; // blue-hathor, blue-hathor, blue-ankh, ...: now blue-ankh thrice
    assert!(try_new(HathorOptions::default(), 1, thrice).expect_err("thrice").contains("blue-hathor 1 times"));
    let mut plain = good.clone();
    plain.start_stones[4] = stone("yellow-lotus");
    assert!(try_new(HathorOptions::default(), 1, plain).expect_err("not hathor").contains("yellow-lotus"));
    let mut seven = good.clone();
    seven.start_stones.pop();
    assert!(try_new(HathorOptions::default(), 1, seven).is_err());
    let disagree = HathorOptions { variant: Some(2) };
    assert!(try_new(disagree, 1, good.clone()).expect_err("disagree").contains("variant"));
    let mut six = good.clone();
    six.variant = Some(6);
    assert!(try_new(HathorOptions::default(), 1, six).is_err());
    assert!(try_new(HathorOptions::default(), 2, good.clone()).is_err());
    // The variant may stand in options alone; the resolved setup then names it.
    let mut unnamed = good;
    unnamed.variant = None;
    let g = Hathor::new(&HathorOptions { variant: Some(3) }, 1, unnamed, Chance::none()).expect("valid");
    assert_eq!(g.rules().number, 3);
    assert_eq!(g.resolved_setup().variant, Some(3));
}

#[test]
fn random_setups_hold_every_component() {
    for seed in 0..20 {
        let s = Hathor::random_setup(&HathorOptions::default(), 1, &mut rng::setup_rng(seed));
        assert!(validate_pile(&s.pile).is_ok());
        assert!(validate_start(&s.start_stones).is_ok());
        assert!(s.random_symbols.is_empty(), "random symbols are drawn during play, never ahead");
    }
}

// ---------------------------------------------------------------- placing and scoring

#[test]
fn first_placements_score_by_neighbours() {
    // Spec example 02: A7 next to A8 (k=1) 200, D2 alone 100, E2 next to D2 200,
    // E3 next to D2 and E2 400: 900.
    let mut g = game(1, &["green-ankh", "blue-lotus", "blue-eye", "blue-scarab"]);
    let mut scores = Vec::new();
    for m in ["A7", "D2", "E2", "E3"] {
        play(&mut g, &[m]);
        scores.push(g.score());
    }
    assert_eq!(scores, [200, 300, 500, 900]);
    assert_eq!(g.placed, 4);
    let v = seen(&g);
    assert_eq!(v.last, Some(field("E3")));
    assert_eq!(v.left, 68);
}

#[test]
fn placement_points_double_per_neighbour() {
    let expected = [100, 200, 400, 800, 1600, 3200, 6400, 12_800, 25_600];
    for (k, want) in expected.iter().enumerate() {
        assert_eq!(PLACEMENT_BASE << k, *want);
    }
}

#[test]
fn occupied_field_refused() {
    let mut g = game(1, &["green-ankh"]);
    let r = refusal(&mut g, "A1");
    assert_eq!(r.key, "hathor-occupied");
    assert_eq!(arg(&r, "field"), "A1");
}

#[test]
fn mismatch_refused_naming_the_neighbour() {
    // green-ankh next to A1 red-hathor: neither colour nor symbol, k=1.
    let mut g = game(1, &["green-ankh"]);
    let r = refusal(&mut g, "B2");
    assert_eq!(r.key, "hathor-mismatch");
    assert_eq!(r.text, "A1 is red-hathor: neither colour nor symbol matches green-ankh (B2 has 1 neighbour; one mismatch is allowed only with at least 4)");
    assert_eq!((arg(&r, "neighbour"), arg(&r, "neighbour_stone"), arg(&r, "count")), ("A1", "red-hathor", "1"));
}

#[test]
fn exception_needs_four_neighbours() {
    // C2 red-ankh, E2 red-eye, C4 green-lotus; red-scarab on D3 has k=3 with C4 mismatching.
    let mut g = game(1, &["red-ankh", "red-eye", "green-lotus", "red-scarab"]);
    play(&mut g, &["C2", "E2", "C4"]);
    let r = refusal(&mut g, "D3");
    assert_eq!(r.key, "hathor-mismatch");
    assert_eq!((arg(&r, "neighbour"), arg(&r, "stone"), arg(&r, "count")), ("C4", "red-scarab", "3"));
}

#[test]
fn identical_neighbour_refused() {
    let mut g = game(1, &["blue-lotus", "blue-lotus"]);
    play(&mut g, &["D3"]);
    let r = refusal(&mut g, "D4");
    assert_eq!(r.key, "hathor-identical");
    assert_eq!((arg(&r, "neighbour"), arg(&r, "neighbour_stone")), ("D3", "blue-lotus"));
    // One field further away it has no neighbour: legal, 100.
    play(&mut g, &["D5"]);
    assert_eq!(g.score(), 200);
}

#[test]
fn identical_neighbour_refused_even_with_the_exception() {
    // Four neighbours of D3 (k=4), one of them identical: rule 1 refuses although the
    // other three match and the exception could cover one.
    let mut g = game(1, &["red-ankh", "red-eye", "red-lotus", "red-scarab", "red-scarab"]);
    play(&mut g, &["C2", "E2", "C4", "E4"]);
    let r = refusal(&mut g, "D3");
    assert_eq!(r.key, "hathor-identical");
    assert_eq!(arg(&r, "neighbour"), "E4");
}

/// C2, E2, C4, E4 (no neighbours, 100 each), then the fifth stone on D3 with k=4.
const CLUSTER: [&str; 5] = ["C2", "E2", "C4", "E4", "D3"];
/// Three red stones, green-falcon on E4, red-scarab on D3: one mismatch (E4).
const ONE_MISMATCH: [&str; 5] = ["red-ankh", "red-eye", "red-lotus", "green-falcon", "red-scarab"];

#[test]
fn exception_allows_one_mismatch_with_four_neighbours() {
    let mut g = game(1, &ONE_MISMATCH);
    play(&mut g, &CLUSTER);
    // 4 × 100 + 100 × 2^4.
    assert_eq!(g.score(), 2000);
    // Variant 1 transforms nothing.
    let around: Vec<_> = ["C2", "E2", "C4", "E4"].iter().map(|f| at(&g, f)).collect();
    assert_eq!(around, [Some("red-ankh".into()), Some("red-eye".into()), Some("red-lotus".into()), Some("green-falcon".into())]);
}

#[test]
fn exception_covers_one_neighbour_only() {
    let mut g = game(1, &["red-ankh", "red-eye", "green-lotus", "green-falcon", "red-scarab"]);
    play(&mut g, &CLUSTER[..4]);
    let r = refusal(&mut g, "D3");
    assert_eq!(r.key, "hathor-second-mismatch");
    assert_eq!(
        (arg(&r, "neighbour"), arg(&r, "neighbour_stone"), arg(&r, "second"), arg(&r, "second_stone")),
        ("C4", "green-lotus", "E4", "green-falcon")
    );
}

#[test]
fn variant_5_allows_no_exception() {
    let mut g = game(5, &ONE_MISMATCH);
    play(&mut g, &CLUSTER[..4]);
    let r = refusal(&mut g, "D3");
    assert_eq!(r.key, "hathor-mismatch-extra");
    assert_eq!((arg(&r, "neighbour"), arg(&r, "neighbour_stone"), arg(&r, "variant")), ("E4", "green-falcon", "5"));
    assert_eq!(g.score(), 400);
}

// ---------------------------------------------------------------- transformations

#[test]
fn variant_2_turns_neighbours_blue_hathor() {
    let mut g = game(2, &ONE_MISMATCH);
    play(&mut g, &CLUSTER);
    for f in ["C2", "E2", "C4", "E4"] {
        assert_eq!(at(&g, f).as_deref(), Some("blue-hathor"), "{f}");
    }
    assert_eq!(at(&g, "D3").as_deref(), Some("red-scarab"), "the placed stone stays");
    assert_eq!(g.transformed, ["C2", "E2", "C4", "E4"].map(field));
    assert_eq!(g.score(), 2000, "the Hathor bonus comes only at the end");
}

#[test]
fn fewer_than_four_neighbours_transform_nothing() {
    let mut g = game(2, &["red-ankh", "red-eye", "red-lotus", "red-scarab"]);
    play(&mut g, &["C2", "E2", "C4", "D3"]);
    assert_eq!(g.score(), 300 + 800);
    assert_eq!(at(&g, "C2").as_deref(), Some("red-ankh"));
    assert!(g.transformed.is_empty());
}

#[test]
fn variant_3_copies_the_placed_stone() {
    let mut g = game(3, &ONE_MISMATCH);
    play(&mut g, &CLUSTER);
    for f in ["C2", "E2", "C4", "E4", "D3"] {
        assert_eq!(at(&g, f).as_deref(), Some("red-scarab"), "{f}");
    }
    // Transformed stones are ordinary stones: the second red-scarab may not go next to
    // them (identical).
    let mut g2 = game(3, &[&ONE_MISMATCH[..], &["red-scarab"]].concat());
    play(&mut g2, &CLUSTER);
    assert_eq!(refusal(&mut g2, "B1").key, "hathor-identical");
}

#[test]
fn variant_4_uses_the_setups_symbols_in_reading_order() {
    let s = setup(4, &START, &ONE_MISMATCH, &["lotus", "hathor", "lotus", "ankh", "eye"]);
    let mut g = start(s, Chance::none());
    play(&mut g, &CLUSTER);
    // C2 red-ankh -> lotus, E2 red-eye -> hathor, C4 red-lotus -> lotus (the same
    // symbol again), E4 green-falcon -> ankh: colours kept.
    let around: Vec<_> = ["C2", "E2", "C4", "E4"].iter().filter_map(|f| at(&g, f)).collect();
    assert_eq!(around, ["red-lotus", "red-hathor", "red-lotus", "green-ankh"]);
    assert_eq!(g.symbols_used, 4);
    assert_eq!(g.resolved_setup().random_symbols.len(), 5, "the setup's list is kept whole");
}

#[test]
fn variant_4_without_symbols_or_seed_refuses_the_transforming_move() {
    let mut g = game(4, &ONE_MISMATCH);
    play(&mut g, &CLUSTER[..4]);
    let r = refusal(&mut g, "D3");
    assert_eq!(r.key, "hathor-no-symbols");
    assert_eq!(arg(&r, "count"), "4");
}

#[test]
fn variant_4_draws_symbols_from_the_seed_and_records_them() {
    let s = setup(4, &START, &ONE_MISMATCH, &[]);
    let mut g = start(s.clone(), Chance::seeded(99));
    play(&mut g, &CLUSTER);
    let drawn = g.resolved_setup().random_symbols;
    assert_eq!(drawn.len(), 4, "one symbol per transformed neighbour");
    let before = ["red-ankh", "red-eye", "red-lotus", "green-falcon"].map(stone);
    for ((f, old), symbol) in ["C2", "E2", "C4", "E4"].iter().zip(before).zip(&drawn) {
        assert_eq!(g.stone_at(field(f)), Some(Stone::new(old.colour, *symbol)), "{f}");
    }
    // The symbols are the play stream's first four draws.
    let mut stream = rng::play_rng(99);
    let expected: Vec<Symbol> = (0..4).map(|_| Symbol::ALL[rng::index(6, &mut stream)]).collect();
    assert_eq!(drawn, expected);
    // The resolved setup replays the same game without a seed.
    let mut again = start(g.resolved_setup(), Chance::none());
    play(&mut again, &CLUSTER);
    assert_eq!(seen(&again), seen(&g));
}

// ---------------------------------------------------------------- hint

#[test]
fn hint_costs_500_and_marks_the_legal_fields() {
    let mut g = game(1, &["green-ankh"]);
    play(&mut g, &["hint"]);
    assert_eq!(g.score(), -500);
    let v = seen(&g);
    let marked = v.hint.expect("the hint marks fields");
    // Spec example 03: 104 empty fields less 3 + 3 + 3 next to the red, blue and white
    // corners and the 12 around the centre block: 83.
    assert_eq!(marked.len(), 83);
    assert!(marked.contains(&field("A7")) && !marked.contains(&field("B2")) && !marked.contains(&field("F3")));
    play(&mut g, &["hilfe"]);
    assert_eq!(g.score(), -1000);
    assert_eq!(g.details(), Some(json!({"current": "green-ankh", "placed": 0, "hints_used": 2})));
    assert_eq!(g.legal_moves().len(), 83, "the hint is not counted among the legal moves");
    play(&mut g, &["A7"]);
    assert_eq!(g.score(), -800);
    let v = seen(&g);
    assert_eq!(v.hint, None, "a placement clears the marks");
}

// ---------------------------------------------------------------- end of the game

/// Variant 2: the cluster around D3 (C2, E2, C4, E4 turn blue-hathor), then stones that
/// leave no empty field without a neighbour; none is red or lotus, so the next stone,
/// red-lotus, fits nowhere.
const BLOCKING_PILE: [&str; 18] = [
    "blue-ankh",
    "blue-eye",
    "blue-falcon",
    "green-eye",
    "blue-scarab",
    "blue-ankh",
    "green-ankh",
    "yellow-ankh",
    "blue-falcon",
    "green-eye",
    "green-hathor",
    "blue-eye",
    "yellow-falcon",
    "white-ankh",
    "white-eye",
    "white-falcon",
    "purple-ankh",
    "red-lotus",
];
const BLOCKING_MOVES: [&str; 17] =
    ["C2", "E2", "C4", "E4", "D3", "B2", "N2", "B8", "H2", "K2", "B5", "E5", "K5", "N5", "E8", "H8", "K8"];
/// The start stones of spec example 20 (no red among them).
const START_20: [&str; 8] = [
    "blue-hathor",
    "green-hathor",
    "yellow-hathor",
    "white-hathor",
    "purple-hathor",
    "blue-hathor",
    "green-hathor",
    "yellow-hathor",
];

#[test]
fn blocked_end_adds_the_hathor_bonus_in_variant_2() {
    let mut g = start(setup(2, &START_20, &BLOCKING_PILE, &[]), Chance::none());
    play(&mut g, &BLOCKING_MOVES[..16]);
    assert_eq!(g.end(), None);
    play(&mut g, &BLOCKING_MOVES[16..]);
    // Points: C2 E2 C4 E4 100 each, D3 k=4 1600, B2 k=2 400, N2 B8 200, H2 K2 100,
    // B5 (C4) and E5 (E4) 200, K5 N5 E8 H8 K8 100: 3900. Hathor stones: 8 start
    // stones, the 4 transformed and B5 green-hathor: 13 × 500 = 6500.
    assert_eq!(g.end(), Some(End::Blocked));
    assert_eq!(g.score(), 3900 + 6500);
    assert_eq!(g.current(), Some(stone("red-lotus")), "the blocked stone stays current");
    assert_eq!(g.outcome(), Some(vec![vec![0]]));
    assert!(g.to_move().is_empty() && g.legal_moves().is_empty());
    assert_eq!(g.details(), Some(json!({"current": "red-lotus", "placed": 17, "hints_used": 0})));
    assert_eq!(refusal(&mut g, "hint").key, "hathor-over");
}

/// The blocking game of variant 2 after its first five stones (12 hathor stones
/// showing, 2,000 points so far).
fn after_five_stones() -> Box<dyn crate::Match> {
    let mut m = open(
        GameKind::Hathor,
        &json!({}),
        1,
        Some(serde_json::to_value(setup(2, &START_20, &BLOCKING_PILE, &[])).expect("json")),
        None,
    )
    .expect("open");
    for mv in &BLOCKING_MOVES[..5] {
        m.play(mv).expect("legal");
    }
    m
}

#[test]
fn resigning_ends_without_end_bonuses() {
    let mut m = after_five_stones();
    m.play("@resign 0").expect("resign");
    assert!(m.is_finished());
    assert_eq!(m.scores(), Some(vec![2000]), "no Hathor bonus for the 12 hathor stones");
    assert_eq!(m.ranking(), Some(vec![vec![0]]));
    assert_eq!(m.summary().legal_moves, 0);
    assert!(m.play("F7").is_err());
}

/// A game whose time ran out (`@timeout 0`: a challenge closing on it) ends without
/// bonuses, as after a resignation, but says its time ran out (issue 41: its board read
/// "resigned" while its history said the time ran out).
#[test]
fn a_timeout_ends_without_end_bonuses_and_is_no_resignation() {
    let mut m = after_five_stones();
    m.play("@timeout 0").expect("time out");
    assert!(m.is_finished());
    assert_eq!(m.scores(), Some(vec![2000]), "no Hathor bonus for the 12 hathor stones");
    let crate::AnyView::Hathor(view) = m.view(crate::Viewer::Spectator) else { panic!("a Hathor view") };
    assert_eq!(view.end, Some(End::TimedOut));
}

/// One colour region: (colour, column of pattern column 0, column step, row of pattern
/// row 0, row step, where pattern (0,0) goes when a start stone takes its field).
type Region = (&'static str, i32, i32, i32, i32, Option<&'static str>);

/// The colour regions of a constructed complete game: each region holds one colour's 12
/// stones laid out by [`PATTERN`], regions separated by empty fields, the start stones
/// in the colour of the region they touch.
const REGIONS: [Region; 6] = [
    ("blue", 0, 1, 0, 1, Some("A4")),
    ("red", 5, 1, 0, 1, None),
    ("green", 13, -1, 0, 1, Some("N4")),
    ("yellow", 0, 1, 7, -1, Some("D5")),
    ("white", 5, 1, 7, -1, None),
    ("purple", 13, -1, 7, -1, Some("K5")),
];
/// Symbols (indices into [`Symbol::ALL`], 0 = hathor) on a 4 × 3 region; the two copies of
/// each symbol are two fields apart.
const PATTERN: [[usize; 4]; 3] = [[0, 1, 2, 3], [4, 5, 0, 1], [2, 3, 4, 5]];

/// The 72 (field, stone) placements, region by region, each in pattern reading order with
/// the moved (0,0) stone last.
fn complete_game() -> Vec<(Field, Stone)> {
    let mut placements = Vec::new();
    for (colour, c0, dc, r0, dr, moved) in REGIONS {
        let colour = Colour::parse(colour).expect("colour");
        let mut first = None;
        for (r, row) in PATTERN.iter().enumerate() {
            for (c, &symbol) in row.iter().enumerate() {
                let f = Field::at(c0 + dc * c as i32, r0 + dr * r as i32).expect("on the board");
                let s = Stone::new(colour, Symbol::ALL[symbol]);
                match (r, c, moved) {
                    (0, 0, Some(to)) => first = Some((field(to), s)),
                    _ => placements.push((f, s)),
                }
            }
        }
        placements.extend(first);
    }
    placements
}

const START_COMPLETE: [&str; 8] = [
    "blue-hathor",
    "green-hathor",
    "yellow-hathor",
    "purple-hathor",
    "red-hathor",
    "red-hathor",
    "white-hathor",
    "white-hathor",
];

#[test]
fn placing_all_72_adds_20000() {
    for variant in [1, 5] {
        let placements = complete_game();
        let names: Vec<String> = placements.iter().map(|(_, s)| s.to_string()).collect();
        let prefix: Vec<&str> = names.iter().map(String::as_str).collect();
        let mut g = start(setup(variant, &START_COMPLETE, &prefix, &[]), Chance::none());
        assert_eq!(g.setup.pile, placements.iter().map(|p| p.1).collect::<Vec<_>>());
        for (f, _) in &placements[..71] {
            g.apply(&HathorMove::Place(*f)).unwrap_or_else(|e| panic!("variant {variant}: {f}: {e}"));
        }
        // Blue, green, yellow, purple regions 9800 each; red and white (next to the
        // centre's start stones) 20,300 each; less the last placement.
        assert_eq!(g.score(), 79_400, "variant {variant}");
        assert_eq!(g.current(), Some(stone("purple-hathor")));
        // The last, K5, has K6 and L6 as neighbours: 400, then the 20,000 bonus.
        play(&mut g, &["K5"]);
        assert_eq!(g.end(), Some(End::Complete));
        assert_eq!(g.score(), 79_400 + 400 + 20_000);
        assert_eq!(g.details(), Some(json!({"current": null, "placed": 72, "hints_used": 0})));
        assert_eq!(g.outcome(), Some(vec![vec![0]]));
    }
}

// ---------------------------------------------------------------- challenge and chance

fn open_seeded(variant: u8, seed: u64) -> Box<dyn Match> {
    open(GameKind::Hathor, &json!({ "variant": variant }), 1, None, Some(seed)).expect("open")
}

/// Plays seeded random placements until `symbols` random symbols were drawn or the game ends.
fn play_until_symbols(m: &mut Box<dyn Match>, choice_seed: u64, symbols: usize) {
    let mut choose = rng::play_rng(choice_seed);
    while !m.is_finished() {
        let drawn = m.resolved_setup()["random_symbols"].as_array().map_or(0, Vec::len);
        if drawn >= symbols {
            break;
        }
        let legal = m.legal_moves();
        let mv = legal[rng::index(legal.len(), &mut choose)].clone();
        m.play(&mv).expect("legal");
    }
}

#[test]
fn challenge_players_share_stones_and_symbols_but_not_boards() {
    let mut alice = open_seeded(4, 2024);
    let mut bob = open_seeded(4, 2024);
    assert_eq!(alice.resolved_setup()["pile"], bob.resolved_setup()["pile"]);
    assert_eq!(alice.resolved_setup()["start_stones"], bob.resolved_setup()["start_stones"]);
    alice.play("C3").expect("a lone field is always legal");
    assert_eq!(bob.details().expect("details")["placed"], 0, "boards are independent");
    bob.play("L6").expect("a lone field is always legal");
    assert_eq!(alice.details(), bob.details(), "both placed the first stone, on different fields");
    play_until_symbols(&mut alice, 1, 12);
    play_until_symbols(&mut bob, 2, 12);
    let symbols = |m: &dyn Match| m.resolved_setup()["random_symbols"].as_array().cloned().unwrap_or_default();
    let (a, b) = (symbols(alice.as_ref()), symbols(bob.as_ref()));
    let common = a.len().min(b.len());
    assert!(common >= 4, "both games transformed at least once ({} and {})", a.len(), b.len());
    assert_eq!(a[..common], b[..common], "the n-th random symbol is the same for every player");
}

#[test]
fn a_restored_game_draws_the_same_symbols() {
    let mut live = open_seeded(4, 77);
    play_until_symbols(&mut live, 5, 4);
    // Store it as the bot would (resolved setup, seed, moves) and restore it.
    let record = Record::of(live.as_ref(), &["solo".to_string()]);
    let (mut restored, refused) = crate::record::replay_record(&record).expect("replays");
    assert_eq!(refused, None);
    // Both go on with the same moves; the symbols drawn after the restore must match.
    let mut choose = rng::play_rng(6);
    for _ in 0..200 {
        if live.is_finished() {
            break;
        }
        let legal = live.legal_moves();
        assert_eq!(legal, restored.legal_moves());
        let mv = legal[rng::index(legal.len(), &mut choose)].clone();
        live.play(&mv).expect("legal");
        restored.play(&mv).expect("legal in the restored game too");
    }
    assert_eq!(live.resolved_setup(), restored.resolved_setup());
    assert_eq!(live.scores(), restored.scores());
}

#[test]
fn daily_seed_is_a_hash_of_date_and_secret() {
    // Computed independently (Python's hashlib): SHA-256 over the domain tag, the date's
    // length as 8 little-endian bytes, the date, the secret; first 8 bytes little-endian.
    assert_eq!(daily_seed("2026-11-03", b"secret"), 14_561_396_196_322_934_496);
    assert_eq!(daily_seed("2026-11-04", b"secret"), 3_758_202_734_840_768_741);
    assert_ne!(daily_seed("2026-11-03", b"other"), daily_seed("2026-11-03", b"secret"));
    assert_eq!(daily_seed("2026-11-03", b"secret"), daily_seed("2026-11-03", b"secret"));
}

// ---------------------------------------------------------------- playouts

/// The placing rule written out plainly: (legal, k).
fn oracle(board: &[[Option<Stone>; COLS]; ROWS], f: Field, s: Stone, exception: bool) -> (bool, usize) {
    if board[f.row as usize][f.col as usize].is_some() {
        return (false, 0);
    }
    let mut k = 0;
    let mut bad = 0;
    for dr in -1i32..=1 {
        for dc in -1i32..=1 {
            let (c, r) = (i32::from(f.col) + dc, i32::from(f.row) + dr);
            if (dr, dc) == (0, 0) || !(0..14).contains(&c) || !(0..8).contains(&r) {
                continue;
            }
            if let Some(n) = board[r as usize][c as usize] {
                k += 1;
                if n == s {
                    return (false, k);
                }
                if n.colour != s.colour && n.symbol != s.symbol {
                    bad += 1;
                }
            }
        }
    }
    (bad == 0 || (exception && bad == 1 && k >= 4), k)
}

fn hathors(board: &[[Option<Stone>; COLS]; ROWS]) -> i64 {
    board.iter().flatten().flatten().filter(|s| s.symbol == Symbol::Hathor).count() as i64
}

/// One seeded game: random legal placements, now and then a hint, an illegal try or a
/// resignation; every step checked against the oracle and the spec's invariants.
fn playout(variant: u8, seed: u64, try_every_move: bool) {
    let s = Hathor::random_setup(&HathorOptions { variant: Some(variant) }, 1, &mut rng::setup_rng(seed));
    let mut g = start(s, Chance::seeded(seed));
    let exception = g.rules().exception;
    let mut choose = rng::play_rng(seed ^ 0x5eed);
    let mut placed_stones: Vec<(Field, Stone)> = Vec::new();
    let mut points = 0i64;
    let mut hints = 0i64;
    while g.end().is_none() {
        let current = g.current().expect("a current stone while the game is on");
        let oracle_legal: Vec<Field> = Field::all().filter(|&f| oracle(&g.board, f, current, exception).0).collect();
        let legal = g.legal_fields();
        assert_eq!(legal, oracle_legal, "variant {variant} seed {seed}");
        assert!(!legal.is_empty(), "a game with no legal field has ended");
        if try_every_move {
            for &f in &legal {
                assert!(g.clone().apply(&HathorMove::Place(f)).is_ok(), "{f} is listed legal");
            }
        }
        let roll = rng::index(100, &mut choose);
        if roll < 3 {
            g.apply(&HathorMove::Hint).expect("the hint is always allowed");
            hints += 1;
            continue;
        }
        if roll < 4 {
            g.remove_player(0);
            assert_eq!(g.end(), Some(End::Resigned));
            assert_eq!(g.score(), points - HINT_COST * hints, "no bonus on resigning");
            return;
        }
        if let Some(bad) = Field::all().find(|f| !legal.contains(f)) {
            let before = seen(&g);
            assert!(g.apply(&HathorMove::Place(bad)).is_err());
            assert_eq!(seen(&g), before);
        }
        let f = legal[rng::index(legal.len(), &mut choose)];
        let k = oracle(&g.board, f, current, exception).1;
        g.apply(&HathorMove::Place(f)).expect("legal");
        points += PLACEMENT_BASE << k;
        placed_stones.push((f, current));
        assert_eq!(g.placed, placed_stones.len());
        assert_eq!(g.board.iter().flatten().flatten().count(), 8 + g.placed);
        if g.end().is_none() {
            assert_eq!(g.score(), points - HINT_COST * hints);
        }
        if g.rules().transform == Transform::None {
            for &(pf, ps) in &placed_stones {
                assert_eq!(g.stone_at(pf), Some(ps), "no variant-{variant} stone ever changes");
            }
        }
    }
    let bonus = match g.end() {
        Some(End::Complete) => COMPLETION_BONUS,
        _ => 0,
    } + if g.rules().hathor_bonus { HATHOR_BONUS * hathors(&g.board) } else { 0 };
    assert_eq!(g.score(), points - HINT_COST * hints + bonus, "variant {variant} seed {seed}");
    assert_eq!(g.end() == Some(End::Complete), g.placed == PILE_SIZE);
    if variant == 5 {
        // Every pair of neighbours with a placed stone matches and is not identical.
        for &(pf, ps) in &placed_stones {
            for n in pf.neighbours() {
                if let Some(other) = g.stone_at(n) {
                    assert!(other != ps && other.matches(ps), "{pf} {ps} next to {n} {other}");
                }
            }
        }
    }
    if variant == 4 {
        assert_eq!(g.resolved_setup().random_symbols.len(), g.symbols_used);
    }
}

#[test]
fn seeded_playouts_in_every_variant() {
    for variant in 1..=5 {
        for seed in 0..200 {
            playout(variant, seed, seed < 10);
        }
    }
}

proptest! {
    #[test]
    fn parser_never_panics(text in "\\PC{0,24}") {
        let g = game(1, &[]);
        let _ = g.parse_move(&text);
        let _ = Field::parse(&text);
        let _ = Stone::parse(&text);
        let _ = variant_from_word(&text);
    }

    #[test]
    fn arbitrary_text_into_a_live_game_never_panics(text in "[A-Oa-o@ ]{0,3}[0-9]{0,2}|hint|hilfe|@resign [0-9]|\\PC{0,12}") {
        let mut m = open_seeded(4, 3);
        let before = m.summary();
        if m.play(&text).is_err() {
            prop_assert_eq!(m.summary(), before);
        }
    }

    #[test]
    fn setups_from_json_never_panic(pile in proptest::collection::vec("[a-z]{3,6}-[a-z]{3,6}", 0..80), variant in 0u8..8) {
        let value = json!({ "variant": variant, "start_stones": START, "pile": pile, "random_symbols": ["eye"] });
        let _ = open(GameKind::Hathor, &json!({}), 1, Some(value), None);
    }
}
