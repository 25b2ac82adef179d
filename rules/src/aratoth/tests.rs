//! Aratoths Rache: each case worked out by hand from `aratoth.md`, or checked against an
//! independent brute-force count (module `brute`) that shares no code with the
//! generator under test.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use serde_json::json;

use super::*;
use crate::{rng::ChaCha20Rng, Match, Played};

// ---------------------------------------------------------------------------------
// helpers

fn set(text: &str) -> SiteSet {
    text.split_whitespace().map(|w| Site::parse(w).expect("site")).fold(SiteSet::EMPTY, SiteSet::with)
}

fn new_game(players: usize, start_player: Seat) -> Aratoth {
    Aratoth::new(&AratothOptions::default(), players, AratothSetup { start_player }, Chance::none()).expect("game")
}

/// A two-player game whose pyramid holds exactly `occupied` (no history).
fn position(occupied: SiteSet) -> Aratoth {
    let mut game = new_game(2, 0);
    game.occupied = occupied;
    game
}

fn play(game: &mut Aratoth, text: &str) -> Result<(), Refusal> {
    let mv = game.parse_move(text)?;
    game.apply(&mv)
}

fn refusal_key(game: &mut Aratoth, text: &str) -> &'static str {
    let before = snapshot(game);
    let key = match play(game, text) {
        Ok(()) => panic!("{text} was accepted"),
        Err(r) => {
            assert!(!r.text.is_empty());
            r.key
        }
    };
    assert_eq!(snapshot(game), before, "a refused move changed the game: {text}");
    key
}

type Snapshot = (SiteSet, Vec<PlacedPiece>, Vec<[[u8; 3]; 6]>, Seat, Vec<Seat>, bool);

fn snapshot(game: &Aratoth) -> Snapshot {
    (game.occupied, game.pieces.clone(), game.supply.clone(), game.to_move, game.stuck.clone(), game.over)
}

/// The generator's placements (board-legal candidates) per shape, as sorted name lists.
fn generated(occupied: SiteSet) -> BTreeMap<&'static str, BTreeSet<Vec<String>>> {
    Shape::ALL
        .into_iter()
        .map(|shape| {
            let sets =
                placements::fitting(shape, occupied).map(|c| c.sites.iter().map(|s| s.to_string()).collect()).collect();
            (shape.word(), sets)
        })
        .collect()
}

fn counts(map: &BTreeMap<&'static str, BTreeSet<Vec<String>>>) -> BTreeMap<&'static str, usize> {
    map.iter().map(|(k, v)| (*k, v.len())).collect()
}

/// The generator's placements of `shape` with at least one ball above layer `layer`.
fn above(occupied: SiteSet, shape: Shape, layer: usize) -> BTreeSet<String> {
    placements::fitting(shape, occupied)
        .filter(|c| c.sites.iter().any(|s| s.layer() > layer))
        .map(|c| c.sites.to_string())
        .collect()
}

fn strings(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| (*s).to_string()).collect()
}

// ---------------------------------------------------------------------------------
// an independent brute force, written from the spec text alone

mod brute {
    use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

    /// The spec's shape table, by squared distances.
    const SHAPES: [(&str, &[f64]); 6] = [
        ("formula", &[1.0, 1.0, 4.0]),
        ("bird", &[1.0, 1.0, 3.0]),
        ("mage", &[1.0, 1.0, 1.0, 1.0, 1.0, 1.0]),
        ("fish", &[1.0, 1.0, 1.0, 1.0, 1.0, 3.0]),
        ("snake", &[1.0, 1.0, 1.0, 3.0, 3.0, 7.0]),
        ("dragon", &[1.0, 1.0, 1.0, 3.0, 3.0, 3.0]),
    ];

    pub struct Pyramid {
        pub names: Vec<String>,
        d2: Vec<Vec<f64>>,
        layer: Vec<usize>,
        supports: Vec<Vec<usize>>,
    }

    /// Sites in naming order: layers a.., rows, positions; coordinates and supports as the
    /// spec's formulas give them.
    pub fn pyramid() -> Pyramid {
        let mut names = Vec::new();
        let mut layer = Vec::new();
        let mut centres = Vec::new();
        let mut key = HashMap::new();
        let mut rows = Vec::new();
        for z in 0..8usize {
            let side = 8 - z;
            for i in 1..=side {
                for j in 1..=i {
                    key.insert((z, i, j), names.len());
                    names.push(format!("{}{}", (b'a' + z as u8) as char, i * (i - 1) / 2 + j));
                    layer.push(z);
                    rows.push((z, i, j));
                    let (zf, fi, fj) = (z as f64, i as f64, j as f64);
                    centres.push([
                        (fj - 1.0) - (fi - 1.0) / 2.0,
                        (fi - 1.0 + 2.0 * zf / 3.0) * 3f64.sqrt() / 2.0,
                        zf * (2.0f64 / 3.0).sqrt(),
                    ]);
                }
            }
        }
        let supports = rows
            .iter()
            .map(|&(z, i, j)| {
                if z == 0 {
                    Vec::new()
                } else {
                    [(z - 1, i, j), (z - 1, i + 1, j), (z - 1, i + 1, j + 1)].iter().map(|k| key[k]).collect()
                }
            })
            .collect();
        let d2 = centres
            .iter()
            .map(|a| centres.iter().map(|b| (0..3).map(|k| (a[k] - b[k]).powi(2)).sum()).collect())
            .collect();
        Pyramid { names, d2, layer, supports }
    }

    fn shape_of(p: &Pyramid, balls: &[usize]) -> Option<&'static str> {
        let mut d: Vec<f64> = Vec::new();
        for (k, &a) in balls.iter().enumerate() {
            for &b in &balls[k + 1..] {
                d.push(p.d2[a][b]);
            }
        }
        d.sort_by(f64::total_cmp);
        let glued = balls.iter().all(|&a| balls.iter().any(|&b| a != b && (p.d2[a][b] - 1.0).abs() < 1e-9));
        if !glued {
            return None;
        }
        SHAPES
            .iter()
            .find(|(_, want)| want.len() == d.len() && want.iter().zip(&d).all(|(w, g)| (w - g).abs() < 1e-9))
            .map(|(name, _)| *name)
    }

    /// Every site set that has a shape; with `occupied` = `Some`, only those whose sites
    /// are empty and whose balls are all supported.
    pub fn placements(
        p: &Pyramid,
        occupied: Option<&HashSet<String>>,
    ) -> BTreeMap<&'static str, BTreeSet<Vec<String>>> {
        let n = p.names.len();
        let near = |a: usize, b: usize| p.d2[a][b] < 7.0 + 1e-9;
        let mut found: BTreeMap<&'static str, BTreeSet<Vec<String>>> =
            SHAPES.iter().map(|(name, _)| (*name, BTreeSet::new())).collect();
        let mut consider = |balls: &[usize]| {
            let Some(shape) = shape_of(p, balls) else { return };
            if let Some(occ) = occupied {
                let filled = |s: usize| occ.contains(&p.names[s]) || balls.contains(&s);
                if balls.iter().any(|&s| occ.contains(&p.names[s])) {
                    return;
                }
                if !balls.iter().all(|&s| p.layer[s] == 0 || p.supports[s].iter().all(|&t| filled(t))) {
                    return;
                }
            }
            if let Some(sets) = found.get_mut(shape) {
                sets.insert(balls.iter().map(|&s| p.names[s].clone()).collect());
            }
        };
        for a in 0..n {
            for b in a + 1..n {
                if !near(a, b) {
                    continue;
                }
                for c in b + 1..n {
                    if !near(a, c) || !near(b, c) {
                        continue;
                    }
                    consider(&[a, b, c]);
                    for d in c + 1..n {
                        if near(a, d) && near(b, d) && near(c, d) {
                            consider(&[a, b, c, d]);
                        }
                    }
                }
            }
        }
        found
    }
}

fn brute_on(occupied: SiteSet) -> BTreeMap<&'static str, BTreeSet<Vec<String>>> {
    let names = occupied.iter().map(|s| s.to_string()).collect();
    brute::placements(&brute::pyramid(), Some(&names))
}

// ---------------------------------------------------------------------------------
// geometry

#[test]
fn layers_have_the_spec_sizes_and_names() {
    let mut per_layer = [0usize; 8];
    for site in Site::all() {
        per_layer[site.layer()] += 1;
    }
    assert_eq!(per_layer, [36, 28, 21, 15, 10, 6, 3, 1]);
    let names: Vec<String> = Site::all().map(|s| s.to_string()).collect();
    assert_eq!(names.first().map(String::as_str), Some("a1"));
    assert_eq!(names[35], "a36");
    assert_eq!(names[36], "b1");
    assert_eq!(names[63], "b28");
    assert_eq!(names[119], "h1");
    let brute_names = brute::pyramid().names;
    assert_eq!(names, brute_names, "naming order = the spec's reading order");
}

#[test]
fn site_numbers_follow_rows() {
    // (layer, row, pos) -> name, by i(i-1)/2 + j
    for (layer, row, pos, name) in
        [(0, 1, 1, "a1"), (0, 3, 2, "a5"), (0, 8, 8, "a36"), (2, 3, 2, "c5"), (1, 7, 1, "b22"), (7, 1, 1, "h1")]
    {
        let site = Site::at(layer, row, pos).expect("site");
        assert_eq!(site.to_string(), name);
        assert_eq!((site.layer(), site.row(), site.pos()), (layer, row, pos));
        assert_eq!(Site::parse(name), Ok(site));
    }
    assert_eq!(Site::at(0, 9, 1), None);
    assert_eq!(Site::at(1, 8, 1), None);
    assert_eq!(Site::at(0, 2, 3), None);
    assert_eq!(Site::at(8, 1, 1), None);
}

#[test]
fn supports_are_the_three_sites_below() {
    let names = |s: &str| Site::parse(s).expect("site").supports().map(|b| SiteSet::of(&b).to_string());
    assert_eq!(names("a7"), None);
    assert_eq!(names("b1").as_deref(), Some("a1 a2 a3"));
    assert_eq!(names("h1").as_deref(), Some("g1 g2 g3"));
    // b5 = row 3 pos 2 of b: rests on a(3,2)=a5, a(4,2)=a8, a(4,3)=a9
    assert_eq!(names("b5").as_deref(), Some("a5 a8 a9"));
    // c4 = row 3 pos 1 of c: b(3,1)=b4, b(4,1)=b7, b(4,2)=b8
    assert_eq!(names("c4").as_deref(), Some("b4 b7 b8"));
}

#[test]
fn exact_distances_match_the_coordinates() {
    for a in Site::all() {
        for b in Site::all() {
            let (p, q) = (a.centre(), b.centre());
            let d2: f64 = (0..3).map(|k| (p[k] - q[k]).powi(2)).sum();
            assert!((d2 * 12.0 - f64::from(a.distance12(b))).abs() < 1e-9, "{a} {b}");
        }
    }
    let s = |n: &str| Site::parse(n).expect("site");
    assert!(s("b1").touches(s("a1")));
    assert!(s("h1").touches(s("g3")));
    assert_eq!(s("a1").distance12(s("a4")), 48); // distance 2
    assert_eq!(s("a1").distance12(s("a5")), 36); // distance √3
}

#[test]
fn site_names_outside_the_pyramid_are_refused() {
    for text in ["a37", "b29", "c22", "h2", "i1", "a0", "z5"] {
        assert_eq!(Site::parse(text).map_err(|r| r.key), Err("aratoth-outside"), "{text}");
    }
    for text in ["a", "5", "aa1", "a1b", "", "a-1"] {
        assert_eq!(Site::parse(text).map_err(|r| r.key), Err("aratoth-not-a-site"), "{text}");
    }
    assert_eq!(Site::parse("H1").map(|s| s.index()), Ok(119));
}

// ---------------------------------------------------------------------------------
// shapes and placements

#[test]
fn the_shape_table_has_three_and_four_ball_pieces_with_22_balls() {
    assert_eq!(SHAPES.iter().map(|s| s.balls).sum::<usize>(), 22);
    for spec in SHAPES {
        assert_eq!(spec.distances.len(), spec.balls * (spec.balls - 1) / 2, "{}", spec.en);
        assert_eq!(Shape::parse(spec.de), Some(spec.shape));
        assert_eq!(Shape::parse(&spec.en.to_uppercase()), Some(spec.shape));
    }
}

#[test]
fn hand_checked_site_sets_have_their_shapes() {
    let cases = [
        ("a1 a2 a4", Some(Shape::Formula)),
        ("a1 b1 c1", Some(Shape::Formula)), // tilted line up the edge
        ("a1 a2 a5", Some(Shape::Bird)),
        ("a1 a2 a3", None), // a triangle is no shape
        ("a1 a2 a3 b1", Some(Shape::Mage)),
        ("a1 a2 a3 a5", Some(Shape::Fish)),
        ("a4 a7 b2 b4", Some(Shape::Fish)), // tilted rhombus
        ("a1 a2 a5 a8", Some(Shape::Snake)),
        ("a1 a2 a5 a9", None), // a bend, then straight on: distances 1,1,1,3,4,7
        ("a5 a2 a8 a9", None), // a5's neighbours a2, a8, a9: a8-a9 touch
        ("a5 a2 a6 a8", Some(Shape::Dragon)),
        ("a5 a9 a10 a13", Some(Shape::Dragon)), // the spec's example
        // a touching triangle plus the ball two layers above its centre: the dragon's
        // distances, but that ball touches nothing (spec "one glued body")
        ("a2 a3 a5 c1", None),
    ];
    for (text, want) in cases {
        assert_eq!(Shape::identify(&set(text).to_vec()), want, "{text}");
    }
}

#[test]
fn the_floating_ball_case_really_has_the_dragons_distances() {
    // Guards the case above: without the glue rule a2 a3 a5 c1 would be a dragon.
    let sites = set("a2 a3 a5 c1").to_vec();
    let mut d: Vec<u32> = Vec::new();
    for (k, a) in sites.iter().enumerate() {
        for b in &sites[k + 1..] {
            d.push(a.distance12(*b) / 12);
        }
    }
    d.sort_unstable();
    assert_eq!(d, vec![1, 1, 1, 3, 3, 3]);
}

#[test]
fn empty_pyramid_counts_match_the_spec_and_the_brute_force() {
    let want: BTreeMap<&str, usize> =
        [("dragon", 30), ("fish", 63), ("formula", 63), ("mage", 28), ("snake", 90), ("bird", 126)].into();
    let brute = brute_on(SiteSet::EMPTY);
    assert_eq!(counts(&brute), want, "brute force");
    let generated = generated(SiteSet::EMPTY);
    assert_eq!(counts(&generated), want, "generator");
    assert_eq!(generated, brute);
}

#[test]
fn every_orientation_in_the_pyramid_is_a_candidate() {
    // Support ignored: all site sets of each shape anywhere in the pyramid.
    let brute = brute::placements(&brute::pyramid(), None);
    for shape in Shape::ALL {
        let mine: BTreeSet<Vec<String>> =
            placements::candidates(shape).iter().map(|c| c.sites.iter().map(|s| s.to_string()).collect()).collect();
        assert_eq!(Some(&mine), brute.get(shape.word()), "{shape}");
    }
}

#[test]
fn formulas_with_the_apex_corner_filled() {
    // a1 a2 a3 occupied: the 63 lines of layer a lose a1a2a4, a2a4a7, a1a3a6, a3a6a10,
    // a2a5a9, a3a5a8; no line can use b1 (its other neighbours hang in the air).
    let occupied = set("a1 a2 a3");
    assert_eq!(placements::fitting(Shape::Formula, occupied).count(), 57);
    assert_eq!(counts(&generated(occupied)), counts(&brute_on(occupied)));
}

#[test]
fn tilted_placements_beside_three_balls() {
    // a2 a5 a8 occupied. b4 needs a4 a7, b2 needs a4, b5 needs a9 from the piece; worked
    // out by hand: the only pieces reaching layer b besides the 22 tetrahedra on b-sites
    // whose supports are all empty (all but b1 b2 b3 b4 b5 b8).
    let occupied = set("a2 a5 a8");
    assert_eq!(above(occupied, Shape::Bird, 0), strings(&["a4 a7 b2", "a9 a10 b5", "a9 a14 b5"]));
    assert_eq!(above(occupied, Shape::Fish, 0), strings(&["a4 a7 b2 b4"]));
    assert_eq!(above(occupied, Shape::Mage, 0).len(), 22);
    for shape in [Shape::Formula, Shape::Snake, Shape::Dragon] {
        assert_eq!(above(occupied, shape, 0), BTreeSet::new(), "{shape}");
    }
    assert_eq!(generated(occupied), brute_on(occupied));
}

#[test]
fn tilted_placements_one_layer_up() {
    // Layer a full, b2 b5 b8 occupied: the same picture one layer higher (layer b has
    // side 7, layer c side 6); 21 - 6 tetrahedra.
    let occupied = SiteSet::layer(0).union(set("b2 b5 b8"));
    assert_eq!(above(occupied, Shape::Bird, 1), strings(&["b4 b7 c2", "b9 b10 c5", "b9 b14 c5"]));
    assert_eq!(above(occupied, Shape::Fish, 1), strings(&["b4 b7 c2 c4"]));
    assert_eq!(above(occupied, Shape::Mage, 1).len(), 15);
    for shape in [Shape::Formula, Shape::Snake, Shape::Dragon] {
        assert_eq!(above(occupied, shape, 1), BTreeSet::new(), "{shape}");
    }
    // Nothing can lie in layer a any more.
    assert!(Shape::ALL
        .iter()
        .all(|&s| placements::fitting(s, occupied).all(|c| c.sites.is_disjoint(SiteSet::layer(0)))));
    assert_eq!(generated(occupied), brute_on(occupied));
}

#[test]
fn tilted_birds_onto_b1() {
    // a2..a6 occupied: b2 and b3 are supported, b1 needs a1. By hand: the pieces with a
    // ball in layer b are the birds a1 b1 b2 and a1 b1 b3 and 22 tetrahedra.
    let occupied = set("a2 a3 a4 a5 a6");
    assert_eq!(above(occupied, Shape::Bird, 0), strings(&["a1 b1 b2", "a1 b1 b3"]));
    assert_eq!(above(occupied, Shape::Mage, 0).len(), 22);
    for shape in [Shape::Formula, Shape::Fish, Shape::Snake, Shape::Dragon] {
        assert_eq!(above(occupied, shape, 0), BTreeSet::new(), "{shape}");
    }
    assert_eq!(generated(occupied), brute_on(occupied));
}

#[test]
fn a_piece_may_rest_on_its_own_lower_balls() {
    let mut game = new_game(2, 0);
    assert_eq!(play(&mut game, "magier rot a1 a2 a3 b1"), Ok(()));
    // the tilted fish rests b2 on a4 (own) plus a2 a5 and b4 on a4 a7 (own) plus a8
    let mut game = position(set("a2 a5 a8"));
    assert_eq!(play(&mut game, "fisch grün b4 a7 b2 a4"), Ok(()));
    // an upside-down tetrahedron needs the balls around its point
    let mut game = new_game(2, 0);
    assert_eq!(refusal_key(&mut game, "magier rot a5 b2 b3 b5"), "aratoth-unsupported");
    let mut game = position(set("a2 a3 a4 a6 a8 a9"));
    assert_eq!(play(&mut game, "magier rot a5 b2 b3 b5"), Ok(()));
}

// ---------------------------------------------------------------------------------
// refusals

#[test]
fn unsupported_ball_names_its_supports() {
    let mut game = new_game(2, 0);
    let err = play(&mut game, "formel rot b1 b2 b4").expect_err("refused");
    assert_eq!(err.key, "aratoth-unsupported");
    assert_eq!(err.text, "ball b1 would hang in the air: it rests on a1, a2 and a3, and a1, a2 and a3 are empty");
    let mut game = position(set("b4 b8 a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 a13"));
    let err = play(&mut game, "vogel rot c4 c7 c12").expect_err("refused");
    // c4 rests on b4 b7 b8; b7 is empty
    assert_eq!(err.text, "ball c4 would hang in the air: it rests on b4, b7 and b8, and b7 is empty");
    assert_eq!(err.args, vec![("ball", "c4".into()), ("supports", "b4, b7, b8".into()), ("empty", "b7".into())]);
}

#[test]
fn each_refusal_has_its_key_and_changes_nothing() {
    let mut game = new_game(2, 0);
    assert_eq!(refusal_key(&mut game, "formel rot a1 a2 a5"), "aratoth-wrong-shape"); // a bird
    assert_eq!(refusal_key(&mut game, "drache rot a1 a2 a3 a5"), "aratoth-wrong-shape"); // a fish
    assert_eq!(refusal_key(&mut game, "drache rot a1 a2 a3"), "aratoth-ball-count");
    assert_eq!(refusal_key(&mut game, "vogel rot a1 a2 a5 a8"), "aratoth-ball-count");
    assert_eq!(refusal_key(&mut game, "vogel rot a1 a2 a37"), "aratoth-outside");
    assert_eq!(refusal_key(&mut game, "vogel rot a1 a2 i1"), "aratoth-outside");
    assert_eq!(refusal_key(&mut game, "drache a5 a9 a10 a13"), "aratoth-colour-needed");
    assert_eq!(refusal_key(&mut game, "rot a1 a2 a5"), "aratoth-shape-needed");
    assert_eq!(refusal_key(&mut game, "vogel rot"), "aratoth-sites-needed");
    assert_eq!(refusal_key(&mut game, "vogel rot a1 a2 a2"), "aratoth-site-twice");
    assert_eq!(refusal_key(&mut game, "vogel drache rot a1 a2 a5"), "aratoth-one-shape");
    assert_eq!(refusal_key(&mut game, "vogel rot grün a1 a2 a5"), "aratoth-one-colour");
    assert_eq!(refusal_key(&mut game, "vogel rto a1 a2 a5"), "aratoth-unknown-word");
    assert_eq!(refusal_key(&mut game, "vögel rot a1 a2 a5"), "aratoth-unknown-word");

    assert_eq!(play(&mut game, "drache rot a5 a2 a6 a8"), Ok(())); // seat 0, red
    assert_eq!(refusal_key(&mut game, "vogel grün a5 a9 a14"), "aratoth-occupied");
    assert_eq!(refusal_key(&mut game, "vogel rot a20 a27 a19"), "aratoth-colour-rule");
    assert_eq!(play(&mut game, "vogel grün a20 a27 a19"), Ok(())); // seat 1, green
                                                                   // seat 0 may place red again (the opponent's last piece is green), but has no red dragon
    assert_eq!(refusal_key(&mut game, "drache rot a24 a23 a18 a32"), "aratoth-not-in-supply");
    assert_eq!(refusal_key(&mut game, "drache grün a24 a23 a18 a32"), "aratoth-colour-rule");
    assert_eq!(play(&mut game, "drache schwarz a24 a23 a18 a32"), Ok(()));

    let mut three = new_game(3, 0);
    assert_eq!(refusal_key(&mut three, "drache grün a5 a2 a6 a8"), "aratoth-not-your-colour");
    assert_eq!(play(&mut three, "drache a5 a2 a6 a8"), Ok(())); // red, the seat's colour
    assert_eq!(refusal_key(&mut three, "drache a24 a23 a18 a32"), "aratoth-shape-rule");
    assert_eq!(play(&mut three, "formel a30 a23 a17"), Ok(()));
    // seat 2 (black) may place a dragon again
    assert_eq!(refusal_key(&mut three, "dragon a24 a23 a18 a32"), "aratoth-occupied");
    assert_eq!(play(&mut three, "dragon a20 a21 a14 a26"), Ok(()));
}

#[test]
fn occupied_sites_are_listed() {
    let mut game = new_game(2, 0);
    play(&mut game, "fisch rot a1 a2 a3 a5").expect("legal");
    let err = play(&mut game, "fisch grün a2 a3 a5 a4").expect_err("refused");
    assert_eq!(err.text, "a2, a3 and a5 are already taken");
}

#[test]
fn a_piece_runs_out_after_its_copies() {
    // two players: one of each shape in each colour
    let mut game = new_game(2, 0);
    play(&mut game, "vogel rot a1 a2 a5").expect("legal");
    play(&mut game, "formel grün a7 a11 a16").expect("legal");
    assert_eq!(refusal_key(&mut game, "vogel rot a3 a6 a9"), "aratoth-not-in-supply");
    assert_eq!(play(&mut game, "vogel schwarz a3 a6 a9"), Ok(()));
    // three players: two of each shape in the seat's own colour
    let mut game = new_game(3, 0);
    for text in [
        "vogel a1 a2 a5",         // red bird 1
        "formel a7 a11 a16",      // green
        "drache a20 a21 a14 a26", // black
        "vogel a4 a8 a12",        // red bird 2
        "formel a17 a18 a19",     // green
        "magier a24 a31 a32 b24", // black
    ] {
        play(&mut game, text).unwrap_or_else(|r| panic!("{text}: {r}"));
    }
    assert_eq!(refusal_key(&mut game, "vogel a3 a6 a9"), "aratoth-not-in-supply");
    assert_eq!(play(&mut game, "formel a3 a6 a10"), Ok(()));
}

// ---------------------------------------------------------------------------------
// notation

#[test]
fn moves_print_canonically_and_parse_in_both_languages() {
    let game = new_game(2, 0);
    for text in ["drache rot a13 a10 a9 a5", "DRAGON Red a5, a9, a10, a13", "  red   dragon a13 a9 a10 a5 "] {
        let mv = game.parse_move(text).expect("parses");
        assert_eq!(mv.to_string(), "dragon red a5 a9 a10 a13", "{text}");
    }
    assert_eq!(game.parse_move("magier gruen a1 a2 a3 b1").map(|m| m.colour), Ok(Colour::Green));
    assert_eq!(
        game.parse_move("schlange schwarz b1 a1 a2 a3").map(|m| m.to_string()),
        Ok("snake black a1 a2 a3 b1".into())
    );
    let three = new_game(3, 2);
    assert_eq!(three.parse_move("vogel a1 a2 a5").map(|m| m.to_string()), Ok("bird black a1 a2 a5".into()));
}

proptest! {
    #[test]
    fn the_parser_never_panics(text in "\\PC{0,60}") {
        let game = new_game(2, 0);
        let _ = game.parse_move(&text);
        let _ = game.filter_moves(&text);
        let _ = Site::parse(&text);
    }

    #[test]
    fn move_like_text_never_panics(words in proptest::collection::vec(
        prop_oneof![
            Just("drache".to_string()), Just("vogel".to_string()), Just("RED".to_string()),
            Just("grün".to_string()), "[a-j][0-9]{1,3}", "[a-zäöü]{1,6}", Just(",".to_string()),
        ], 0..8))
    {
        let mut game = new_game(3, 1);
        let text = words.join(" ");
        if let Ok(mv) = game.parse_move(&text) {
            let before = snapshot(&game);
            if game.apply(&mv).is_err() {
                prop_assert_eq!(snapshot(&game), before);
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// `moves` filter

#[test]
fn moves_filter_by_shape_colour_and_site() {
    let game = new_game(2, 0);
    let all = game.legal_moves();
    assert_eq!(all.len(), 1200);
    assert_eq!(game.filter_moves("drache").len(), 90);
    assert_eq!(game.filter_moves("dragon").len(), 90);
    assert_eq!(game.filter_moves("Drache rot").len(), 30);
    // formulas through a1: a1 a2 a4 and a1 a3 a6, in three colours
    assert_eq!(game.filter_moves("formel a1").len(), 6);
    // birds through a1: a1 a2 a5 and a1 a3 a5
    assert_eq!(
        game.filter_moves("bird red a1").iter().map(ToString::to_string).collect::<Vec<_>>(),
        vec!["bird red a1 a2 a5", "bird red a1 a3 a5"]
    );
    let through_a5: Vec<Placement> =
        all.iter().copied().filter(|m| m.sites.contains(set("a5").iter().next().expect("a5"))).collect();
    assert_eq!(game.filter_moves("a5"), through_a5);
    assert_eq!(game.filter_moves("a1 a2 a3 b1").len(), 3); // the mage on the corner
    assert!(game.filter_moves("drachen").is_empty());
    assert!(game.filter_moves("b1 a37").is_empty());
    assert_eq!(game.filter_moves(""), all);
}

// ---------------------------------------------------------------------------------
// game flow

#[test]
fn two_players_alternate_and_the_start_player_begins() {
    let mut game = new_game(2, 1);
    assert_eq!(game.to_move(), vec![1]);
    play(&mut game, "magier rot a1 a2 a3 b1").expect("legal");
    assert_eq!(game.to_move(), vec![0]);
    assert_eq!(game.restriction(0), Some(Restriction::Colour(Colour::Red)));
    // seat 0 may not place red: 366 placements in green and black each (the example)
    assert_eq!(game.legal_moves().len(), 732);
    assert!(game.legal_moves().iter().all(|m| m.colour != Colour::Red));
    play(&mut game, "vogel grün a20 a27 a19").expect("legal");
    assert_eq!(game.to_move(), vec![1]);
    // seat 1's own last piece was red; only seat 0's green counts
    assert_eq!(game.restriction(1), Some(Restriction::Colour(Colour::Green)));
    assert!(game.legal_moves().iter().any(|m| m.colour == Colour::Red && m.shape == Shape::Bird));
}

#[test]
fn two_players_end_when_the_player_to_move_cannot_place() {
    // only the four top sites are empty: the mage fills them and the other player is stuck
    let mut game = position(SiteSet::ALL.minus(set("g1 g2 g3 h1")));
    assert_eq!(
        game.legal_moves().iter().map(ToString::to_string).collect::<Vec<_>>(),
        vec!["mage red g1 g2 g3 h1", "mage green g1 g2 g3 h1", "mage black g1 g2 g3 h1"]
    );
    play(&mut game, "magier schwarz g1 g2 g3 h1").expect("legal");
    assert_eq!(game.occupied, SiteSet::ALL);
    assert_eq!(game.to_move(), Vec::<Seat>::new());
    assert_eq!(game.outcome(), Some(vec![vec![0], vec![1]]));
    assert!(game.legal_moves().is_empty());
    assert_eq!(refusal_key(&mut game, "magier rot g1 g2 g3 h1"), "game-over");
    assert_eq!(game.details(), Some(json!({"balls": 120, "last_piece": "mage black", "eliminated": []})));
}

#[test]
fn the_colour_rule_can_end_the_game_with_room_left() {
    let mut game = new_game(2, 0);
    game.supply[1] = [[0, 0, 0]; 6];
    game.supply[1][Shape::Bird.index()][Colour::Red.index()] = 1;
    play(&mut game, "fisch rot a1 a2 a3 a5").expect("legal");
    assert_eq!(game.outcome(), Some(vec![vec![0], vec![1]]));
    assert_eq!(game.occupied.len(), 4);
}

#[test]
fn three_players_eliminate_skip_and_rank_by_last_placement() {
    let mut game = new_game(3, 0);
    game.supply[0] = [[0; 3]; 6];
    game.supply[0][Shape::Dragon.index()][Colour::Red.index()] = 2;
    game.supply[1] = [[0; 3]; 6];
    game.supply[1][Shape::Dragon.index()][Colour::Green.index()] = 1;
    play(&mut game, "drache a5 a2 a6 a8").expect("legal");
    // seat 1 has only a dragon and may not follow a dragon: out; seat 2 moves
    assert_eq!(game.to_move(), vec![2]);
    assert_eq!(game.details(), Some(json!({"balls": 4, "last_piece": "dragon red", "eliminated": [1]})));
    play(&mut game, "vogel a20 a27 a19").expect("legal");
    assert_eq!(game.to_move(), vec![0], "seat 1 is skipped");
    play(&mut game, "drache a24 a23 a18 a32").expect("legal");
    assert_eq!(game.to_move(), vec![2]);
    assert_eq!(game.outcome(), None);
    play(&mut game, "fisch a7 a11 a12 a17").expect("legal");
    // seat 0 has nothing left: second elimination ends the game
    assert_eq!(game.to_move(), Vec::<Seat>::new());
    assert_eq!(game.outcome(), Some(vec![vec![2], vec![0], vec![1]]));
    assert_eq!(game.details(), Some(json!({"balls": 15, "last_piece": "fish black", "eliminated": [1, 0]})));
}

#[test]
fn resigning_in_three_counts_as_elimination() {
    let mut played =
        Played::<Aratoth>::open(&json!({"players": 3}), 3, Some(json!({"start_player": 1})), None).expect("open");
    assert_eq!(played.play("vogel a1 a2 a5"), Ok("bird green a1 a2 a5".into()));
    assert_eq!(Match::to_move(&played), vec![2]);
    played.play("@resign 2").expect("event");
    assert_eq!(Match::to_move(&played), vec![0], "seat 2 left; seat 0 follows");
    assert_eq!(Match::details(&played), Some(json!({"balls": 3, "last_piece": "bird green", "eliminated": [2]})));
    played.play("formel red a36 a35 a34").expect("legal");
    assert_eq!(Match::to_move(&played), vec![1]);
    played.play("@resign 0").expect("event");
    assert!(played.is_finished());
    assert_eq!(played.ranking(), Some(vec![vec![1], vec![0], vec![2]]));
    // the removal that ends the game counts as an elimination too
    assert_eq!(Match::details(&played), Some(json!({"balls": 6, "last_piece": "formula red", "eliminated": [2, 0]})));
    let AnyView::Aratoth(view) = Match::view(&played, Viewer::Spectator) else { panic!("an Aratoth view") };
    assert_eq!((view.winner, view.to_move, view.eliminated), (Some(1), None, vec![2, 0]));
}

fn view_of(game: &dyn Match) -> AratothView {
    match game.view(Viewer::Spectator) {
        AnyView::Aratoth(view) => view,
        _ => panic!("an Aratoth view"),
    }
}

/// The tester's game: carol (seat 2, black) places first, alice times out, carol
/// resigns. Worked by hand: bob is the only one left and wins although carol placed
/// the last piece; carol left after alice, so she ranks above her; both are out, in the
/// order they left.
#[test]
fn a_timeout_then_the_last_placers_resignation_leaves_bob_the_winner() {
    let record = json!({
        "game": "aratoth",
        "options": {"players": 3},
        "players": ["alice", "bob", "carol"],
        "setup": {"start_player": 2},
        "moves": ["formula black a1 a2 a4", "@timeout 0", "@resign 2"],
    });
    let replay = crate::record::replay(&record.to_string());
    assert_eq!(replay.exit_status, 0);
    assert_eq!(
        replay.output,
        json!({
            "game": "aratoth", "status": "finished", "moves_applied": 3, "to_move": [],
            "scores": null, "ranking": [[1], [2], [0]], "legal_moves": 0,
            "details": {"balls": 3, "last_piece": "formula black", "eliminated": [0, 2]},
        })
    );
    let parsed: crate::record::Record = serde_json::from_value(record).expect("record");
    let (game, refused) = crate::record::replay_record(&parsed).expect("starts");
    assert!(refused.is_none());
    let view = view_of(game.as_ref());
    assert_eq!(view.winner, Some(1), "bob wins, not carol who placed last");
    assert_eq!(view.to_move, None);
    assert_eq!(view.restriction, None);
    assert_eq!(view.eliminated, vec![0, 2]);
    // the game's own ranking agrees with the match's
    let played = Played::<Aratoth>::open(&json!({"players": 3}), 3, Some(json!({"start_player": 2})), None)
        .and_then(|mut p| {
            for mv in ["formula black a1 a2 a4", "@timeout 0", "@resign 2"] {
                p.play(mv).map_err(|e| SetupError::new(e.to_string()))?;
            }
            Ok(p)
        })
        .expect("plays");
    assert_eq!(played.game().outcome(), Some(vec![vec![1], vec![2], vec![0]]));
}

/// Two players: the last placer resigns while the opponent is to move; the opponent
/// wins (spec README: with two players P loses at once), so the view must not crown the
/// last placer.
#[test]
fn two_players_the_last_placer_resigns_and_loses() {
    let mut played =
        Played::<Aratoth>::open(&json!({"players": 2}), 2, Some(json!({"start_player": 0})), None).expect("open");
    played.play("magier rot a1 a2 a3 b1").expect("legal");
    played.play("@resign 0").expect("event");
    assert_eq!(played.ranking(), Some(vec![vec![1], vec![0]]));
    let view = view_of(&played);
    assert_eq!((view.winner, view.to_move, view.eliminated), (Some(1), None, vec![]));
    // an abort names no winner
    let mut aborted =
        Played::<Aratoth>::open(&json!({"players": 2}), 2, Some(json!({"start_player": 0})), None).expect("open");
    aborted.play("magier rot a1 a2 a3 b1").expect("legal");
    aborted.play("@abort").expect("event");
    assert_eq!(view_of(&aborted).winner, None);
}

/// A player already out (could not place) who then resigns is not eliminated twice and
/// play goes on; an unfinished game has no winner in its view.
#[test]
fn an_eliminated_player_who_resigns_is_out_once() {
    let mut game = new_game(3, 0);
    game.supply[1] = [[0; 3]; 6];
    play(&mut game, "drache a5 a2 a6 a8").expect("legal");
    assert_eq!(game.to_move(), vec![2], "seat 1 has nothing: out");
    game.remove_player(1);
    assert_eq!(game.to_move(), vec![2]);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.details().map(|d| d["eliminated"].clone()), Some(json!([1])));
    let AnyView::Aratoth(view) = game.view(Viewer::Spectator) else { panic!("an Aratoth view") };
    assert_eq!((view.winner, view.to_move), (None, Some(2)));
}

#[test]
fn rematch_lets_the_loser_start() {
    assert_eq!(AratothSetup::rematch(&[vec![1], vec![0]]), Some(AratothSetup { start_player: 0 }));
    assert_eq!(AratothSetup::rematch(&[vec![2], vec![0], vec![1]]), Some(AratothSetup { start_player: 1 }));
    assert_eq!(AratothSetup::rematch(&[vec![0], vec![1, 2]]), Some(AratothSetup { start_player: 1 }));
    assert_eq!(AratothSetup::rematch(&[]), None);
}

#[test]
fn setups_are_validated() {
    let bad = Aratoth::new(&AratothOptions::default(), 2, AratothSetup { start_player: 2 }, Chance::none());
    assert!(bad.is_err());
    let four = Played::<Aratoth>::open(&json!({}), 4, Some(json!({"start_player": 0})), None);
    assert!(four.is_err());
    let seeded = Played::<Aratoth>::open(&json!({"players": 3}), 3, None, Some(9)).expect("seeded");
    assert!(seeded.resolved_setup()["start_player"].as_u64().is_some_and(|s| s < 3));
}

// ---------------------------------------------------------------------------------
// playouts

fn random_playout(players: usize, seed: u64, check_every_move: bool) -> Aratoth {
    let mut rng = crate::rng::setup_rng(seed);
    let setup = Aratoth::random_setup(&AratothOptions::default(), players, &mut rng);
    let mut game = Aratoth::new(&AratothOptions::default(), players, setup, Chance::none()).expect("game");
    let mut placed_balls = 0;
    while game.outcome().is_none() {
        let moves = game.legal_moves();
        assert!(!moves.is_empty(), "the player to move always has a placement while the game is on");
        let distinct: BTreeSet<String> = moves.iter().map(ToString::to_string).collect();
        assert_eq!(distinct.len(), moves.len(), "legal moves are distinct");
        if check_every_move {
            for mv in &moves {
                let mut copy = game.clone();
                assert_eq!(copy.apply(mv), Ok(()), "{mv}");
            }
        }
        let mv = moves[crate::rng::index(moves.len(), &mut rng)];
        assert_eq!(game.parse_move(&mv.to_string()), Ok(mv));
        let seat = game.to_move;
        game.apply(&mv).expect("a generated move is accepted");
        placed_balls += mv.shape.balls();
        assert_eq!(game.occupied.len(), placed_balls);
        assert_eq!(game.pieces.last().map(|p| p.seat), Some(seat));
        // every ball is supported
        for site in game.occupied.iter() {
            if let Some(below) = site.supports() {
                assert!(below.iter().all(|b| game.occupied.contains(*b)), "{site} hangs in the air");
            }
        }
    }
    game
}

fn check_finished(game: &Aratoth) {
    let players = game.players;
    let ranking = game.outcome().expect("over");
    let last = game.pieces.last().expect("pieces").seat;
    assert_eq!(ranking.first(), Some(&vec![last]), "the last placer wins");
    let AnyView::Aratoth(view) = game.view(Viewer::Spectator) else { panic!("an Aratoth view") };
    assert_eq!(view.winner, Some(last), "without removals the view's winner is the last placer");
    assert_eq!(game.stuck.len(), players - 1);
    let total: usize = game.pieces.iter().map(|p| p.shape.balls()).sum();
    assert_eq!(game.occupied.len(), total);
    let pieces_left: usize = game.supply.iter().flatten().flatten().map(|&c| usize::from(c)).sum();
    assert_eq!(pieces_left + game.pieces.len(), 36, "18 pieces each for two, 12 each for three");
    // the player who went out last had no placement at the end
    let last_out = *game.stuck.last().expect("someone is out");
    assert!(!game.can_place(last_out), "seat {last_out} could still place");
    if players == 2 {
        assert_eq!(game.details().map(|d| d["eliminated"].clone()), Some(json!([])));
    }
}

#[test]
fn random_two_player_games() {
    for seed in 0..200 {
        let game = random_playout(2, seed, seed < 2);
        check_finished(&game);
    }
}

#[test]
fn random_three_player_games() {
    for seed in 0..200 {
        let game = random_playout(3, 1000 + seed, seed < 2);
        check_finished(&game);
        assert_eq!(game.details().map(|d| d["eliminated"].as_array().map(Vec::len)), Some(Some(2)));
    }
}

#[test]
fn random_positions_match_the_brute_force() {
    let pyramid = brute::pyramid();
    for seed in 0..3 {
        let mut rng: ChaCha20Rng = crate::rng::setup_rng(500 + seed);
        let mut game = new_game(2, 0);
        for step in 0.. {
            if step % 5 == 3 {
                let names = game.occupied.iter().map(|s| s.to_string()).collect();
                assert_eq!(
                    generated(game.occupied),
                    brute::placements(&pyramid, Some(&names)),
                    "seed {seed} step {step}"
                );
            }
            let moves = game.legal_moves();
            if game.outcome().is_some() || moves.is_empty() {
                break;
            }
            let mv = moves[crate::rng::index(moves.len(), &mut rng)];
            game.apply(&mv).expect("legal");
        }
    }
}
