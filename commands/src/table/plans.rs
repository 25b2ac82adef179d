//! Conditional moves (issue 40, docs "Conditional moves"): which games take a plan, a
//! plan checked when it is made ([`check`]), and where a stored plan stands now, read
//! from the game's log ([`standing`]). Nothing here writes: the feature stores plans
//! (`crate::features::conditional`) and the scheduler plays what is due
//! (`crate::features::play::planned_reply`).

use rules::{GameKind, Match, PlayErrorKind, Seat, Viewer};

use crate::{base::i18n::Msg, store::plans::StoredPlan, table::context::Loaded, table::context::Refused, table::games::hand_text};

/// At most this many steps (`if … then …`) in one plan.
pub const MAX_STEPS: usize = 20;

/// Why game `loaded` takes no plans, if it takes none: Helofag (the next roll is
/// unknown), Hathor (played alone or in a challenge), and every game of more than two
/// players (whose next position does not follow from one opponent's move).
pub(crate) fn refusal(loaded: &Loaded) -> Option<Msg> {
    let id = loaded.row.id;
    match loaded.kind {
        GameKind::Helofag => Some(Msg::new("conditional-dice").arg("id", id)),
        GameKind::Hathor => Some(Msg::new("conditional-hathor").arg("id", id)),
        _ if loaded.players.len() != 2 => Some(Msg::new("conditional-two-players").arg("id", id)),
        _ => None,
    }
}

/// Whether nobody in `game` has a private hand (Aratoth): then every position a plan
/// leads to is known to its planner, and every step is checked when it is made.
fn all_open(game: &dyn Match) -> bool {
    (0..game.players()).all(|seat| hand_text(&game.view(Viewer::Seat(seat)), seat).is_none())
}

/// Checks the plan `steps` ((their move, my move) pairs as typed) of the player at
/// `seat` in `game`, where the opponent is to move, and returns the steps to store.
///
/// As far as the planner can know the positions: in a game without private hands
/// (Aratoth) each of their moves must be legal for the opponent when it comes and each
/// of my moves legal after it (the steps are played through on a copy; stored in the
/// canonical notation). Where hands are private (Carat, Artifakes) the position after
/// the opponent's move is not the planner's to know (their tile, their card), and a
/// refusal would tell them something of the opponent's hand: there each move is only
/// checked to be written as a move of the game, and its legality is checked when it is
/// due ([`standing`]; an illegal reply is then dropped and its owner told).
///
/// # Errors
/// A refusal naming the step and what is wrong: a move not written as a move, illegal
/// (with the rules' reason), a turn that does not pass between the two players, a game
/// that would be over, too many steps.
pub(crate) fn check(game: &dyn Match, seat: Seat, steps: &[(String, String)]) -> Result<Vec<(String, String)>, Refused> {
    if steps.len() > MAX_STEPS {
        return Err(Msg::new("conditional-too-long").arg("count", steps.len()).arg("max", MAX_STEPS).into());
    }
    let tidy = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut known = all_open(game).then(|| game.box_clone());
    let mut out = Vec::new();
    for (step, (their, mine)) in steps.iter().enumerate() {
        let (their, mine) = (tidy(their), tidy(mine));
        let number = step + 1;
        let Some(position) = known.as_mut() else {
            for text in [&their, &mine] {
                if text.starts_with('@') || !game.written_as_move(text) {
                    return Err(Msg::new("conditional-not-a-move").arg("move", text.as_str()).arg("step", number).into());
                }
            }
            out.push((their, mine));
            continue;
        };
        if position.is_finished() {
            return Err(Msg::new("conditional-game-ends").arg("step", number).into());
        }
        let play = |position: &mut Box<dyn Match>, text: &str| {
            if text.starts_with('@') {
                return Err(Refused::from(Msg::new("conditional-not-a-move").arg("move", text).arg("step", number)));
            }
            position.play(text).map_err(|e| match e.kind {
                PlayErrorKind::Notation | PlayErrorKind::GameOver => {
                    Refused::from(Msg::new("conditional-not-a-move").arg("move", text).arg("step", number))
                }
                PlayErrorKind::Illegal => Refused::Rule(e.reason),
            })
        };
        if position.to_move().contains(&seat) {
            return Err(Msg::new("conditional-still-mine").arg("step", number).into());
        }
        let their = play(position, &their)?;
        if position.is_finished() {
            return Err(Msg::new("conditional-game-ends").arg("step", number).into());
        }
        if position.to_move() != [seat] {
            return Err(Msg::new("conditional-not-mine-then").arg("move", their.as_str()).arg("step", number).into());
        }
        let mine = play(position, &mine)?;
        out.push((their, mine));
    }
    Ok(out)
}

/// Where a stored plan stands in its game now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Standing {
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
pub(crate) fn standing(loaded: &Loaded, plan: &StoredPlan) -> Option<Standing> {
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
        assert!(matches!(refused, Err(Refused::Rule(_))), "{refused:?}");
        // The player to move plans nothing for themselves.
        assert!(check(game.as_ref(), mover, &[(first.clone(), reply.clone())]).is_err());
        game.play(&first).expect("legal");
    }
}
