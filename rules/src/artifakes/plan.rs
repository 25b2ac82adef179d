//! Conditional moves in Artifakes (docs "Conditional moves"): a plan is checked on a
//! stand-in made from the planner's view alone ([`crate::plan`]). The board, the
//! supplies and who is to move are public; the opponent's hand is not, so before each of
//! their planned moves the stand-in gives them the card that move names (if the planner
//! does not see both copies of it) and, beside it, cards that give them no points (so
//! that a planned `waste` is refused only when the wasted card itself gives points). A
//! phase that ends within the plan deals cards nobody knows yet: the steps after it are
//! checked when they are due.

use super::{notation, Artifakes, ArtifakesSetup, ArtifakesView, LastPlay, Phase, Way, COPIES, FIELDS, PLAYERS};
use crate::{
    plan::{PlanSnag, StepSnag},
    Game, Refusal, Seat,
};

/// Checks `steps` (the opponent's move, the planner's reply) for the player at `planner`
/// as [`crate::GameView::check_plan`] says, on a stand-in made from `view` (the
/// planner's view).
pub(super) fn check(view: &ArtifakesView, planner: Seat, steps: &[(String, String)]) -> Result<(), StepSnag> {
    let mut stand_in = StandIn::of(view, planner);
    for (step, (their, mine)) in steps.iter().enumerate() {
        if !stand_in.their_move(step, their)? || !stand_in.my_move(step, mine)? {
            // A phase ended: what follows depends on cards not dealt yet.
            return Ok(());
        }
    }
    Ok(())
}

/// A game that looks to the planner as theirs does.
struct StandIn {
    game: Artifakes,
    planner: Seat,
    /// How many copies of each card (index = number) the planner sees or the plan has
    /// the opponent play: their own hand and the wasted cards face up.
    seen: [usize; FIELDS as usize + 1],
}

impl StandIn {
    fn of(view: &ArtifakesView, planner: Seat) -> StandIn {
        let planner = planner.min(PLAYERS - 1);
        let mine = view.hands[planner].clone().unwrap_or_default();
        let mut seen = [0; FIELDS as usize + 1];
        for &card in mine.iter().chain(view.wasted.iter().flatten()) {
            if let Some(count) = seen.get_mut(usize::from(card)) {
                *count += 1;
            }
        }
        let hands = [0, 1].map(|seat| if seat == planner { mine.clone() } else { vec![1; view.hand_sizes[seat]] });
        // The setup's start player is the one that makes this round's start player.
        let start_player = (view.round_start_player + PLAYERS - usize::from(view.round.saturating_sub(1)) % PLAYERS) % PLAYERS;
        let game = Artifakes {
            setup: std::sync::Arc::new(ArtifakesSetup { deck: vec![1; view.deck], start_player }),
            round: view.round,
            phase: view.phase,
            to_move: view.to_move.unwrap_or(planner),
            inspector: view.inspector,
            buried: view.buried,
            supply: view.supply,
            finds: view.finds,
            destroyed: view.destroyed,
            wasted: view.wasted.clone(),
            hands,
            dealt: 0,
            discarded: view.discard,
            stones: view.stones,
            idle_plays: view.idle_plays,
            last_burier: match view.last {
                Some(LastPlay::Buried { seat, .. }) if view.phase == Phase::Bury => Some(seat),
                _ => None,
            },
            went_home: view.went_home,
            last: view.last,
        };
        StandIn { game, planner, seen }
    }

    /// Plays the opponent's move of `step`; `false` when a phase ended with it (the
    /// rest of the plan is not checked).
    fn their_move(&mut self, step: usize, text: &str) -> Result<bool, StepSnag> {
        if self.game.phase == Phase::Over {
            return Err(StepSnag::new(step, PlanSnag::GameOver));
        }
        let mover = self.game.to_move;
        if mover == self.planner {
            return Err(StepSnag::new(step, PlanSnag::StillYours));
        }
        let mv = notation::parse(text).map_err(|_| StepSnag::new(step, PlanSnag::NotAMove { text: text.to_string() }))?;
        if let notation::ArtifakesMove::Play { card, .. } | notation::ArtifakesMove::Waste { card } = mv
            && self.game.phase == Phase::Excavate
        {
            self.hand_them(mover, card).map_err(|r| StepSnag::theirs_illegal(step, r))?;
        }
        let before = (self.game.round, self.game.phase);
        self.game.apply(&mv).map_err(|r| StepSnag::theirs_illegal(step, r))?;
        if self.game.phase == Phase::Over {
            return Err(StepSnag::new(step, PlanSnag::GameOver));
        }
        if self.game.to_move != self.planner {
            return Err(StepSnag::new(step, PlanSnag::NotYoursThen { their: text.to_string() }));
        }
        Ok(before == (self.game.round, self.game.phase))
    }

    /// Plays the planner's reply of `step`; `false` when a phase ended with it.
    fn my_move(&mut self, step: usize, text: &str) -> Result<bool, StepSnag> {
        let mv = notation::parse(text).map_err(|_| StepSnag::new(step, PlanSnag::NotAMove { text: text.to_string() }))?;
        let before = (self.game.round, self.game.phase);
        self.game.apply(&mv).map_err(|r| StepSnag::illegal(step, r))?;
        Ok(before == (self.game.round, self.game.phase))
    }

    /// Gives the opponent at `seat` a hand of as many cards as they hold, with `card`
    /// among them, if the planner does not see both copies of it: the others are cards
    /// that give them no movement points (when there are such cards they could hold).
    fn hand_them(&mut self, seat: Seat, card: u8) -> Result<(), Refusal> {
        let plausible = |seen: &[usize], c: u8| seen.get(usize::from(c)).is_some_and(|&n| n < COPIES);
        if (1..=FIELDS).contains(&card) && !plausible(&self.seen, card) {
            return Err(Refusal::new(
                "artifakes-plan-card-seen",
                format!("card {card} cannot be played then: you see both copies of it, or your plan has them play it before"),
            )
            .arg("card", card));
        }
        if let Some(count) = self.seen.get_mut(usize::from(card)) {
            *count += 1;
        }
        let idle = (1..=FIELDS)
            .find(|&c| c != card && plausible(&self.seen, c) && Way::ALL.iter().all(|&w| self.game.points(seat, c, w) == 0))
            .unwrap_or(card);
        let size = self.game.hands[seat].len().max(1);
        let mut hand = vec![idle; size];
        hand[0] = card;
        self.game.hands[seat] = hand;
        Ok(())
    }
}
