//! Issue 40 in the terminal (`spieltisch local`): conditional moves planned, answered
//! by the scheduler's poll after the opponent's move (also in a later process), and
//! cleared by another move.

use crate::support::{plan_carat, Place};

/// The opening of a two-player Carat game from `seed` (alice creates, bob joins).
fn opening(seed: u64) -> String {
    format!("as alice\nnew carat seed={seed}\nas bob\njoin\nstart\n")
}

#[test]
fn a_conditional_move_is_played_as_planned_after_a_restart() {
    // The first two moves of a game played through the rules crate: legal one after
    // the other for the same seed.
    let plan = plan_carat(77);
    let ((mover, first), (waiter, reply)) = (plan.moves[0].clone(), plan.moves[1].clone());
    assert_ne!(mover, waiter);
    let place = Place::new();
    let script = opening(77) + format!("as {waiter}\nif {first} then {reply}\nconditional\nwait 5h\n").as_str();
    let out = place.local(&script).stdout;
    assert!(out.contains("Planned for game #1, seen only by you"), "{out}");
    assert!(out.contains(&format!("[private to {waiter}] Game #1 (Carat):\n    if {first} then {reply}")), "{out}");

    // A new process: the opponent plays the named move, and the reply follows at once.
    let out = place.local(&format!("as {mover}\n{first}\nhistory\n")).stdout;
    assert!(out.contains(&format!("{waiter} plays {reply} (game #1, move 2).")), "{out}");
    assert!(out.contains("Played as planned."), "{out}");
    assert_eq!(out.matches("Played as planned.").count(), 1, "{out}");
    assert!(out.contains(&format!("It is @{mover}'s turn")), "{out}");
}

#[test]
fn another_move_clears_the_plan_in_the_terminal() {
    let plan = plan_carat(78);
    let ((mover, first), (waiter, reply)) = (plan.moves[0].clone(), plan.moves[1].clone());
    // Another legal first move, from the rules crate.
    let start = rules::open(rules::GameKind::Carat, &serde_json::json!({"players": 2}), 2, None, Some(78)).expect("carat");
    let other = start.legal_moves().into_iter().find(|m| *m != first).expect("another move");
    let place = Place::new();
    // German words: `wenn … dann …`, `bedingt`.
    let script = opening(78) + format!("as {waiter}\nwenn {first} dann {reply}\nas {mover}\n{other}\nas {waiter}\nbedingt\n").as_str();
    let out = place.local(&script).stdout;
    assert!(out.contains(&format!("{mover} plays {other}")), "{out}");
    assert!(out.contains(&format!("Your opponent played {other} in game #1, not the move your plan named")), "{out}");
    assert!(!out.contains("Played as planned."), "{out}");
    assert!(out.contains("You have no conditional moves."), "{out}");
}
