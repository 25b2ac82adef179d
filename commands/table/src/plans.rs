//! Conditional moves (issue 40, docs "Conditional moves"): which games take a plan, a
//! plan checked when it is made ([`check`]), and where a stored plan stands now, read
//! from the game's log ([`standing`]). Nothing here writes: the feature stores plans
//! (`crate::features::conditional`) and the scheduler plays what is due
//! (`crate::features::play::planned_reply`).

use rules::{
    plan::{PlanSnag, StepSnag},
    GameKind, Match, PlayErrorKind, Seat, Viewer,
};

use crate::{base::i18n::Msg, store::plans::StoredPlan, context::Loaded, games::hand_text};

/// At most this many steps (`if … then …`) in one plan.
pub const MAX_STEPS: usize = 20;

/// Why game `loaded` takes no plans, if it takes none: Helofag (the next roll is
/// unknown), Hathor (played alone or in a challenge), and every game of more than two
/// players (whose next position does not follow from one opponent's move).
pub fn refusal(loaded: &Loaded) -> Option<Msg> {
    let id = loaded.row.id;
    match loaded.kind {
        GameKind::Helofag => Some(Msg::new("conditional-dice").arg("id", id)),
        GameKind::Hathor => Some(Msg::new("conditional-hathor").arg("id", id)),
        _ if loaded.players.len() != 2 => Some(Msg::new("conditional-two-players").arg("id", id)),
        _ => None,
    }
}

/// Whether the game has no private hands, as the planner at `seat` sees it (their own
/// view shows no hand of theirs: Aratoth): then every position a plan leads to is known
/// to them, and every step is played through when it is made.
fn all_open(game: &dyn Match, seat: Seat) -> bool {
    hand_text(&game.view(Viewer::Seat(seat)), seat).is_none()
}

/// Why a plan is refused when it is made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlanRefused {
    /// More than [`MAX_STEPS`] steps.
    TooLong { count: usize },
    /// A step that cannot come as planned ([`rules::plan::StepSnag`]; `step` 0-based).
    Step(StepSnag),
}

/// Checks the plan `steps` ((their move, my move) pairs as typed) of the player at
/// `seat` in `game`, where the opponent is to move, and returns the steps to store.
///
/// As far as the planner can know the positions, and no further (docs "Conditional
/// moves", "What is checked when you plan"): in a game without private hands (Aratoth)
/// each of their moves must be legal for the opponent when it comes and each of my moves
/// legal after it (the steps are played through on a copy; stored in the canonical
/// notation). Where hands are private (Carat, Artifakes) the steps are checked on the
/// planner's view alone ([`rules::AnyView::check_plan`]: free spaces and fields, tiles
/// and cards the opponent could hold, the planner's own hand, whose turn it is), so two
/// games that look the same to the planner give the same answer, and what their view
/// cannot settle is checked when the reply is due ([`standing`]); the steps are stored
/// as typed (spaces tidied).
///
/// # Errors
/// [`PlanRefused`]: too many steps, or the first step that cannot come as planned and
/// why (not written as a move, illegal with the rules' reason, a turn that does not pass
/// between the two players, a game that would be over).
pub fn check(game: &dyn Match, seat: Seat, steps: &[(String, String)]) -> Result<Vec<(String, String)>, PlanRefused> {
    if steps.len() > MAX_STEPS {
        return Err(PlanRefused::TooLong { count: steps.len() });
    }
    let tidy = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let steps: Vec<(String, String)> = steps.iter().map(|(their, mine)| (tidy(their), tidy(mine))).collect();
    if all_open(game, seat) {
        return play_through(game, seat, &steps).map_err(PlanRefused::Step);
    }
    // Events (`@resign 1`) are no moves; the rest by the planner's view, then each move
    // once more by its shape (the steps after a phase that ends within the plan).
    for (step, (their, mine)) in steps.iter().enumerate() {
        if let Some(text) = [their, mine].into_iter().find(|text| text.starts_with('@')) {
            return Err(PlanRefused::Step(StepSnag::new(step, PlanSnag::NotAMove { text: text.clone() })));
        }
    }
    game.view(Viewer::Seat(seat)).check_plan(seat, &steps).map_err(PlanRefused::Step)?;
    for (step, (their, mine)) in steps.iter().enumerate() {
        if let Some(text) = [their, mine].into_iter().find(|text| !game.written_as_move(text)) {
            return Err(PlanRefused::Step(StepSnag::new(step, PlanSnag::NotAMove { text: text.clone() })));
        }
    }
    Ok(steps)
}

/// Plays `steps` through on a copy of `game` (nothing hidden): the canonical steps.
fn play_through(game: &dyn Match, seat: Seat, steps: &[(String, String)]) -> Result<Vec<(String, String)>, StepSnag> {
    let mut position = game.box_clone();
    let mut out = Vec::new();
    for (step, (their, mine)) in steps.iter().enumerate() {
        let snag = |snag: PlanSnag| StepSnag::new(step, snag);
        let play = |position: &mut Box<dyn Match>, text: &str, theirs: bool| {
            if text.starts_with('@') {
                return Err(snag(PlanSnag::NotAMove { text: text.to_string() }));
            }
            position.play(text).map_err(|e| match e.kind {
                PlayErrorKind::Notation | PlayErrorKind::GameOver => snag(PlanSnag::NotAMove { text: text.to_string() }),
                PlayErrorKind::Illegal if theirs => StepSnag::theirs_illegal(step, e.reason),
                PlayErrorKind::Illegal => StepSnag::illegal(step, e.reason),
            })
        };
        if position.is_finished() {
            return Err(snag(PlanSnag::GameOver));
        }
        if position.to_move().contains(&seat) {
            return Err(snag(PlanSnag::StillYours));
        }
        let their = play(&mut position, their, true)?;
        if position.is_finished() {
            return Err(snag(PlanSnag::GameOver));
        }
        if position.to_move() != [seat] {
            return Err(snag(PlanSnag::NotYoursThen { their }));
        }
        let mine = play(&mut position, mine, false)?;
        out.push((their, mine));
    }
    Ok(out)
}

/// Where a stored plan stands in its game now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// The opponent is to play step `step`'s move (the steps from `step` on are left).
    Waiting { step: usize },
    /// The opponent has played step `step`'s move: its reply is due at move number `seq`
    /// (the game's number now).
    Due { step: usize, seq: u64 },
    /// A move other than the plan's was played at move number `seq` (`text`, canonical;
    /// `by_owner`: by the plan's own player), or the game was taken back: the plan is over.
    Broken { seq: u64, text: String, by_owner: bool },
    /// Every step was played.
    Done,
}

/// Where `plan` stands in `loaded`'s game: its log is walked from the plan's move
/// number, each of the plan's moves played on the position where it was due to see
/// whether the game's entry there is that move (in canonical notation, as the rules
/// print it there). `None` when the game has not started or its setup does not replay.
pub fn standing(loaded: &Loaded, plan: &StoredPlan) -> Option<Standing> {
    let game = loaded.game.as_ref()?;
    let log = game.log();
    let from = usize::try_from(plan.from_seq).ok()?;
    if plan.takebacks != loaded.row.takebacks || log.len() < from {
        return Some(Standing::Broken { seq: loaded.row.seq, text: String::new(), by_owner: false });
    }
    let mut position = rules::open(loaded.kind, &loaded.row.options, loaded.players.len(), loaded.row.setup.clone(), Some(loaded.row.seed)).ok()?;
    for entry in &log[..from] {
        position.play(entry).ok()?;
    }
    let mut at = from;
    for (step, (their, mine)) in plan.steps.iter().enumerate() {
        for (text, by_owner) in [(their, false), (mine, true)] {
            let Some(entry) = log.get(at) else {
                return Some(if by_owner { Standing::Due { step, seq: at as u64 } } else { Standing::Waiting { step } });
            };
            let planned = position.box_clone().play(text).ok();
            if planned.as_deref() != Some(entry.as_str()) {
                return Some(Standing::Broken { seq: at as u64 + 1, text: entry.clone(), by_owner });
            }
            position.play(entry).ok()?;
            at += 1;
        }
    }
    Some(Standing::Done)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn aratoth() -> Box<dyn Match> {
        rules::open(GameKind::Aratoth, &serde_json::json!({"players": 2}), 2, None, Some(3)).expect("aratoth")
    }

    /// In Aratoth (nothing hidden) both moves of each step are played through: an
    /// illegal reply is refused with the rules' reason, a legal plan comes back in
    /// canonical notation.
    #[test]
    fn an_open_game_checks_every_step() {
        let mut game = aratoth();
        let legal = game.legal_moves();
        let first = legal[0].clone();
        let mover = game.to_move()[0];
        let planner = 1 - mover;
        // The planner plans while the other seat is to move.
        let mut after = game.box_clone();
        after.play(&first).expect("legal");
        let reply = after.legal_moves()[0].clone();
        let planned = check(game.as_ref(), planner, &[(first.to_uppercase(), reply.clone())]).expect("a legal plan");
        assert_eq!(planned, vec![(first.clone(), reply.clone())]);
        // The same reply twice is not legal (the site is taken).
        let mut twice = after.box_clone();
        twice.play(&reply).expect("legal");
        let second_theirs = twice.legal_moves()[0].clone();
        let refused = check(game.as_ref(), planner, &[(first.clone(), reply.clone()), (second_theirs, reply.clone())]);
        assert!(matches!(refused, Err(PlanRefused::Step(StepSnag { step: 1, snag: PlanSnag::Illegal(_) }))), "{refused:?}");
        // The player to move plans nothing for themselves.
        assert!(check(game.as_ref(), mover, &[(first.clone(), reply.clone())]).is_err());
        game.play(&first).expect("legal");
    }

    /// A two-player Carat `hand3` game whose tiles are drawn in the order `pile` (seat 0
    /// starts and takes the first three, seat 1 the next three).
    fn carat_hand3(pile: &[String]) -> Box<dyn Match> {
        let options = serde_json::json!({"players": 2, "variant": "hand3"});
        let mut setup = rules::open(GameKind::Carat, &options, 2, None, Some(11)).expect("carat").resolved_setup();
        setup["pile"] = serde_json::json!(pile);
        setup["start_player"] = serde_json::json!(0);
        rules::open(GameKind::Carat, &options, 2, Some(setup), None).expect("carat")
    }

    fn snag_of(result: Result<Vec<(String, String)>, PlanRefused>) -> Option<(usize, String)> {
        match result {
            Ok(_) => None,
            Err(PlanRefused::Step(StepSnag { step, snag })) => Some((
                step,
                match snag {
                    PlanSnag::Illegal(r) => format!("mine {}", r.key),
                    PlanSnag::TheirsIllegal(r) => format!("theirs {}", r.key),
                    other => format!("{other:?}"),
                },
            )),
            Err(other) => Some((usize::MAX, format!("{other:?}"))),
        }
    }

    /// Carat with hands of three: two games that look the same to the planner (seat 1:
    /// the same empty board, the same hand of theirs, as many tiles in the opponent's
    /// hand and the pile) but whose opponents hold other tiles give the same answer to
    /// every plan, and what the planner can see is checked: a space taken or not
    /// touching, a tile on their own hand or placed before named for the opponent, the
    /// opponent's tile not named, a reply's tile not in their hand (unless drawn by then).
    #[test]
    fn carat_plans_are_checked_on_what_the_planner_sees_only() {
        let t: Vec<String> = rules::carat::Tile::all().iter().map(ToString::to_string).collect();
        let pile_a = t.clone();
        let mut pile_b = t.clone();
        for i in 0..3 {
            pile_b.swap(i, i + 6);
        }
        let (a, b) = (carat_hand3(&pile_a), carat_hand3(&pile_b));
        assert_eq!(a.to_move(), vec![0]);
        let (view_a, view_b) = (format!("{:?}", a.view(Viewer::Seat(1))), format!("{:?}", b.view(Viewer::Seat(1))));
        assert_eq!(view_a, view_b, "the planner's views are the same");
        assert_ne!(format!("{:?}", a.view(Viewer::Seat(0))), format!("{:?}", b.view(Viewer::Seat(0))), "the opponents' hands differ");
        // Seat 0 holds t[0..3] in a, t[6..9] in b; the planner (seat 1) t[3..6].
        let f = |s: &str| s.replace("T0", &t[0]).replace("T1", &t[1]).replace("T2", &t[2]).replace("T3", &t[3]).replace("T4", &t[4]).replace("T6", &t[6]).replace("T9", &t[9]).replace("TA", &t[10]);
        let cases: Vec<(Vec<(&str, &str)>, Option<(usize, &str)>)> = vec![
            (vec![("c3 red T0", "c4 blue T3")], None),
            (vec![("c3 red T6", "c4 blue T3")], None),
            (vec![("c3 red T3", "c4 blue T4")], Some((0, "theirs carat-plan-tile-seen"))),
            (vec![("a1 red T0", "b1 blue T3")], Some((0, "theirs carat-first-edge"))),
            (vec![("c3 red", "c4 blue T3")], Some((0, "theirs carat-plan-their-tile"))),
            (vec![("c3 red T0", "c3 blue T3")], Some((0, "mine carat-occupied"))),
            (vec![("c3 red T0", "e5 blue T3")], Some((0, "mine carat-not-adjacent"))),
            (vec![("c3 red T0", "c4 blue T9")], Some((0, "mine carat-tile-not-in-hand"))),
            (vec![("c3 red T0", "c4 blue")], Some((0, "mine carat-which-tile"))),
            // A tile the planner will have drawn by step 2 may be any they cannot see.
            (vec![("c3 red T0", "c4 blue T3"), ("d3 red T1", "d4 green T9")], None),
            (vec![("c3 red T0", "c4 blue T3"), ("d3 red T1", "d4 green T9"), ("e3 red T2", "e4 green TA")], None),
            (vec![("c3 red T0", "c4 blue T3"), ("d3 red T1", "d4 green T9"), ("e3 red T2", "e4 green T9")], Some((2, "mine carat-tile-not-in-hand"))),
            (vec![("c3 red T0", "c4 blue T3"), ("d3 red T0", "d4 green T4")], Some((1, "theirs carat-plan-tile-seen"))),
            (vec![("c3 red T0", "c4 blue T3"), ("c4 red T1", "d4 green T4")], Some((1, "theirs carat-occupied"))),
        ];
        for (plan, want) in cases {
            let plan: Vec<(String, String)> = plan.iter().map(|(x, y)| (f(x), f(y))).collect();
            let (in_a, in_b) = (snag_of(check(a.as_ref(), 1, &plan)), snag_of(check(b.as_ref(), 1, &plan)));
            assert_eq!(in_a, in_b, "{plan:?}: the same answer whatever the opponent holds");
            assert_eq!(in_a, want.map(|(step, key)| (step, key.to_string())), "{plan:?}");
        }
    }

    /// Artifakes at the start of the first excavation: two games with the same burying
    /// and the same hand of the planner, whose opponents were dealt other cards, give the
    /// same answer to plans naming any card of either opponent's hand, each way.
    #[test]
    fn artifakes_plans_are_checked_on_what_the_planner_sees_only() {
        let options = serde_json::json!({"players": 2});
        let open = |deck: &serde_json::Value| {
            rules::open(GameKind::Artifakes, &options, 2, Some(serde_json::json!({"deck": deck, "start_player": 0})), None).expect("artifakes")
        };
        let setup = rules::open(GameKind::Artifakes, &options, 2, None, Some(5)).expect("artifakes").resolved_setup();
        let deck_a: Vec<u8> = serde_json::from_value(setup["deck"].clone()).expect("deck");
        let (mut a, mut b) = (open(&serde_json::json!(deck_a)), open(&serde_json::json!(deck_a)));
        // Bury the same way in both, until the excavation (burying reads no card).
        let bury = |a: &mut Box<dyn Match>, b: &mut Box<dyn Match>| {
            while a.legal_moves().first().is_some_and(|m| m.starts_with("bury")) {
                let mv = a.legal_moves()[a.moves_applied() * 7 % a.legal_moves().len()].clone();
                a.play(&mv).expect("legal");
                b.play(&mv).expect("legal");
            }
        };
        bury(&mut a, &mut b);
        let opponent = a.to_move()[0];
        let planner = 1 - opponent;
        // b: the opponent's five cards (dealt alternately, seat 0 first) swapped with
        // five from the deck.
        let mut deck_b = deck_a.clone();
        for k in 0..5 {
            deck_b.swap(2 * k + opponent, 10 + 2 * k);
        }
        let mut b2 = open(&serde_json::json!(deck_b));
        for entry in a.log() {
            b2.play(entry).expect("the same burying");
        }
        let _ = b;
        let b = b2;
        assert_eq!(format!("{:?}", a.view(Viewer::Seat(planner))), format!("{:?}", b.view(Viewer::Seat(planner))));
        let hand = |g: &dyn Match| match g.view(Viewer::Seat(opponent)) {
            rules::AnyView::Artifakes(v) => v.hands[opponent].clone().unwrap_or_default(),
            _ => Vec::new(),
        };
        let (hand_a, hand_b) = (hand(a.as_ref()), hand(b.as_ref()));
        assert_ne!(hand_a, hand_b, "the opponents hold other cards");
        let mine = match a.view(Viewer::Seat(planner)) {
            rules::AnyView::Artifakes(v) => v.hands[planner].clone().unwrap_or_default(),
            _ => Vec::new(),
        };
        let (mut accepted, mut refused) = (0, 0);
        for card in hand_a.iter().chain(&hand_b) {
            for way in ["number", "colour"] {
                for reply in [format!("play {} number cw", mine[0]), format!("play {} colour ccw", mine[1]), format!("play {} waste", mine[2])] {
                    let plan = vec![(format!("play {card} {way} cw"), reply.clone())];
                    let (in_a, in_b) = (snag_of(check(a.as_ref(), planner, &plan)), snag_of(check(b.as_ref(), planner, &plan)));
                    assert_eq!(in_a, in_b, "{plan:?}");
                    if in_a.is_none() { accepted += 1 } else { refused += 1 }
                }
            }
            let plan = vec![(format!("play {card} waste"), format!("play {} number cw", mine[0]))];
            assert_eq!(snag_of(check(a.as_ref(), planner, &plan)), snag_of(check(b.as_ref(), planner, &plan)), "{plan:?}");
        }
        assert!(accepted > 0 && refused > 0, "{accepted} accepted, {refused} refused");
        // A card the planner holds both copies of cannot be the opponent's.
        let pair = (1..=30_u8).find(|c| mine.iter().filter(|&&m| m == *c).count() == 2);
        if let Some(card) = pair {
            let plan = vec![(format!("play {card} number cw"), format!("play {} number cw", mine[0]))];
            assert_eq!(snag_of(check(a.as_ref(), planner, &plan)), Some((0, "theirs artifakes-plan-card-seen".to_string())));
        }
    }
}
