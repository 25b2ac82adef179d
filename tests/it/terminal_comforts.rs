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

/// `time=1d+3d` in the terminal: `wait` moves the clock past the day per move into the
/// bank; after a restart `games` says what is left of both, and the time is up only
/// when the bank is used too.
#[test]
fn a_clock_with_a_bank_in_the_terminal() {
    let plan = plan_carat(7);
    let ((first, m0), (second, m1)) = (plan.moves[0].clone(), plan.moves[1].clone());
    let place = Place::new();
    let script = format!("as alice\nnew carat seed=7 time=1d+3d\nas bob\njoin\nstart\nwait 12h\nwait 18h\nas {first}\n{m0}\nas {second}\n{m1}\n");
    let out = place.local(&script).stdout;
    assert!(out.contains("1 day per move + a bank of 3 days"), "{out}");
    assert!(out.contains("half your time for this move has passed, 12 hours left.\n    Time left: 12 hours for this move, then 3 days of your bank."), "{out}");
    assert!(!out.contains("Time is up"), "{out}");

    // A new process: the first player's bank is 3 days less the 6 hours beyond the day.
    let out = place.local(&format!("as {second}\ngames\nwait 3d12h\nwait 6h\n")).stdout;
    // (Real seconds pass in the run: "waiting for less than a minute".)
    assert!(out.contains(&format!("{first} to move, waiting for ")), "{out}");
    assert!(out.contains("; left: 1 day for this move + 2 days 18 hours bank"), "{out}");
    assert!(out.contains("runs out in 6 hours: please make your move.\n    Your time for this move is used up; your bank has 6 hours left."), "{out}");
    let up = out.find(&format!("Time is up for @{first}")).expect("the time is up");
    assert!(out[..up].contains("6 hours later."), "{out}");
}

/// The dashboard in the terminal (issue 40): `dashboard` prints the channel's running
/// games, the scheduler prints it again when a move changed it (the terminal's way of
/// editing a message), also in a later process; `dashboard off` stops it. Terminal users
/// are admins.
#[test]
fn the_dashboard_is_printed_again_when_a_game_moves_also_after_a_restart() {
    let plan = plan_carat(7);
    let ((first, m0), (second, m1)) = (plan.moves[0].clone(), plan.moves[1].clone());
    let place = Place::new();
    let out = place.local(&format!("{}dashboard\nas {first}\n{m0}\nwait 1m\n", opening(7))).stdout;
    let header = "One game running (this message keeps itself up to date):";
    // The 3 days per move, less the moments passed, shown to the hour.
    assert!(out.contains(&format!("{header}\n    • #1 Carat: alice – bob · {first} to move, 2 days 23 hours left")), "{out}");
    assert!(out.contains(&format!("{header}\n    • #1 Carat: alice – bob · {second} to move, 2 days 23 hours left")), "{out}");
    assert_eq!(out.matches(header).count(), 2, "printed when it changed, not at every poll: {out}");

    // A later process: the dashboard is still on.
    let out = place.local(&format!("as {second}\n{m1}\nwait 1m\ndashboard off\nas {first}\nresign\nwait 1m\n")).stdout;
    assert!(out.contains(&format!("{header}\n    • #1 Carat: alice – bob · {first} to move, 2 days 23 hours left")), "{out}");
    assert!(out.contains("The dashboard here is off: I no longer edit it."), "{out}");
    assert!(!out.contains("No games running here"), "no dashboard after `dashboard off`: {out}");
}
