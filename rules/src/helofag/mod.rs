//! Helofag (spec `helofag.md`): a dice race for two to six players. Three dice are
//! rolled each turn; pieces go from the start through ring A, the waiting room B, the
//! run rows of C and the jump fields of D into the goal.
//!
//! A turn here: at its start the roll is taken (from the setup's `rolls`, or drawn from
//! the seeded [`Chance`] once those are used up, never ahead of time) and the A→B
//! transfer happens; a player without any legal action passes automatically (the roll
//! is used up) and the next player rolls. Between moves the state is therefore always
//! the start of a turn whose player can act, as the spec's records require.

mod act;
mod action;
mod board;
mod dice;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use serde_json::json;

pub use action::{parse_action, parse_move, Action, HelofagMove};
pub use board::{single_fields, Border, Field, JumpField, Layout, Pieces, BOARD, PIECES, RING, ROWS, ROW_LEN};
pub use dice::{Dice, Roll, ShowRoll};

use crate::{game::Chance, rng, AnyView, Game, GameKind, Refusal, Seat, SetupError, Viewer};

/// The players' colours in seating order (spec "End").
pub const COLOURS: [&str; 6] = ["red", "blue", "green", "yellow", "black", "white"];
/// The default `goal`: pieces in Z that win.
pub const DEFAULT_GOAL: u8 = 3;
/// Consecutive automatic passes after which a live game stops drawing (a safeguard that
/// keeps `apply` total; no reachable position makes every roll pass for that long).
pub const MAX_PASSES: usize = 1000;

/// The record's `options` besides `players`: `goal` 1-6, default 3.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HelofagOptions {
    pub goal: u8,
}

impl Default for HelofagOptions {
    fn default() -> Self {
        HelofagOptions { goal: DEFAULT_GOAL }
    }
}

/// The record's `setup` (spec "Record setup"): `rolls`, one list of three dice (1-6)
/// per turn in the order used (turns that passed included); `start_player`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HelofagSetup {
    pub rolls: Vec<Vec<u8>>,
    pub start_player: Seat,
}

/// A piece that a roll sent from a jump field of A (`A<field>`) to B.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Transfer {
    pub owner: Seat,
    pub field: u8,
}

/// A turn that passed automatically: who rolled what, and what that roll transferred.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pass {
    pub seat: Seat,
    pub roll: Roll,
    pub transfers: Vec<Transfer>,
}

/// One action of the last move: the piece it moved, the fields it passed (from where it
/// stood to where it landed) and whose piece it captured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovedPiece {
    pub action: Action,
    pub owner: Seat,
    pub path: Vec<Field>,
    pub captured: Option<Seat>,
}

/// The last move made by a player (not an automatic pass).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastMove {
    pub seat: Seat,
    pub roll: Roll,
    pub pieces: Vec<MovedPiece>,
}

/// What anyone sees of a Helofag game (there is no hidden information).
#[derive(Debug, Clone)]
pub struct HelofagView {
    pub players: usize,
    /// Pieces in Z that win.
    pub goal: u8,
    pub pieces: Pieces,
    /// Seats that left the game (their pieces left the board).
    pub removed: Vec<bool>,
    /// The seat to move; `None` when the game is over or the listed rolls ran out.
    pub to_move: Option<Seat>,
    /// The current roll (made at the start of the turn of `to_move`).
    pub roll: Option<Roll>,
    /// The pieces the current roll sent from A to B.
    pub transfers: Vec<Transfer>,
    /// The automatic passes the last move or event produced, in order (for the chat:
    /// "bob rolled 1 2 6 and cannot move").
    pub passes: Vec<Pass>,
    pub last_move: Option<LastMove>,
    /// The most actions the player to move can make with this roll: 2, 1, or 0 when
    /// nobody is to move.
    pub most_actions: usize,
    pub winner: Option<Seat>,
}

/// A Helofag game.
#[derive(Debug, Clone)]
pub struct Helofag {
    players: usize,
    goal: u8,
    start_player: Seat,
    /// The setup's rolls followed by those drawn during play.
    rolls: Vec<Roll>,
    /// How many of `rolls` have been taken.
    rolled: usize,
    chance: Chance,
    /// Rolls drawn from `chance` so far (see [`Helofag::next_roll`]).
    chance_draws: usize,
    pieces: Pieces,
    removed: Vec<bool>,
    to_move: Seat,
    roll: Option<Roll>,
    transfers: Vec<Transfer>,
    passes: Vec<Pass>,
    last_move: Option<LastMove>,
    winner: Option<Seat>,
}

impl Helofag {
    /// Where every piece stands.
    pub fn pieces(&self) -> &Pieces {
        &self.pieces
    }

    /// The current roll, `None` when the game is over or the rolls ran out.
    pub fn roll(&self) -> Option<Roll> {
        self.roll
    }

    /// The automatic passes produced by the last move or event.
    pub fn passes(&self) -> &[Pass] {
        &self.passes
    }

    /// The pieces in Z that win (option `goal`).
    pub fn goal(&self) -> u8 {
        self.goal
    }

    /// The number of seats (removed players included).
    pub fn players(&self) -> usize {
        self.players
    }

    /// The seat that reached the goal count, if any.
    pub fn winner(&self) -> Option<Seat> {
        self.winner
    }

    /// Whether `seat` has left the game.
    pub fn is_removed(&self, seat: Seat) -> bool {
        self.removed.get(seat).copied().unwrap_or(false)
    }

    /// The seat playing now (also while the game is stuck without rolls).
    fn seat(&self) -> Option<Seat> {
        (self.winner.is_none() && self.roll.is_some()).then_some(self.to_move)
    }

    /// Every legal complete turn of the player to move: each legal first action alone,
    /// and followed by each legal second action (empty when nobody is to move).
    pub fn legal_turns(&self) -> Vec<HelofagMove> {
        let (Some(seat), Some(roll)) = (self.seat(), self.roll) else { return Vec::new() };
        turns_on(&self.pieces, seat, roll, self.goal)
    }

    /// The legal second actions after the first action `first` of the player to move
    /// (empty when `first` is illegal, uses two or three dice, or wins the game).
    pub fn second_actions(&self, first: Action) -> Vec<Action> {
        let (Some(seat), Some(roll)) = (self.seat(), self.roll) else { return Vec::new() };
        second_actions_on(&self.pieces, seat, Dice::new(roll), first, self.goal)
    }

    /// The pieces and dice after the legal action `first`, when a second action may follow.
    fn after(&self, seat: Seat, first: Action, dice: Dice) -> Option<(Pieces, Dice)> {
        after_on(&self.pieces, seat, first, dice, self.goal)
    }

    /// The most actions the player to move can make: 2, 1, or 0 when nobody is to move.
    pub fn most_actions(&self) -> usize {
        let (Some(seat), Some(roll)) = (self.seat(), self.roll) else { return 0 };
        let dice = Dice::new(roll);
        let firsts = act::legal_actions(&self.pieces, seat, &dice);
        let two = firsts.iter().any(|&first| {
            self.after(seat, first, dice).is_some_and(|(after, left)| act::any_legal_action(&after, seat, &left))
        });
        if two {
            2
        } else {
            usize::from(!firsts.is_empty())
        }
    }

    /// The next seat still in the game after `seat`, in seating order.
    fn next_seat(&self, seat: Seat) -> Seat {
        (1..=self.players).map(|k| (seat + k) % self.players).find(|&s| !self.is_removed(s)).unwrap_or(seat)
    }

    /// The next roll: the next listed one, else one drawn from the seeded chance (and
    /// recorded); `None` when neither exists. The listed rolls count as the chance's
    /// first draws (a stored live game lists the rolls it drew), so the chance skips
    /// them before drawing, as Hathor's random symbols do: a game rebuilt from its
    /// resolved setup and seed rolls on exactly as the live game did.
    fn next_roll(&mut self) -> Option<Roll> {
        if self.rolled == self.rolls.len() {
            use rand::RngExt;
            let rng = self.chance.rng()?;
            let mut draw = || -> Roll { [rng.random_range(1..=6), rng.random_range(1..=6), rng.random_range(1..=6)] };
            while self.chance_draws < self.rolled {
                draw();
                self.chance_draws += 1;
            }
            let roll = draw();
            self.chance_draws += 1;
            self.rolls.push(roll);
        }
        let roll = self.rolls.get(self.rolled).copied()?;
        self.rolled += 1;
        Some(roll)
    }

    /// Step 2 of a turn: every piece in A on a jump field whose condition `roll` meets
    /// goes to B (spec "A turn").
    fn transfer(&mut self, roll: Roll) -> Vec<Transfer> {
        transfer_on(&mut self.pieces, roll)
    }

    /// Starts the turn of `seat`: roll, transfer, and pass automatically (recording the
    /// pass) while the player to move has no legal action.
    fn begin_turn(&mut self, seat: Seat) {
        let mut seat = seat;
        for _ in 0..MAX_PASSES {
            self.to_move = seat;
            let Some(roll) = self.next_roll() else {
                self.roll = None;
                self.transfers.clear();
                return;
            };
            self.transfers = self.transfer(roll);
            self.roll = Some(roll);
            if act::any_legal_action(&self.pieces, seat, &Dice::new(roll)) {
                return;
            }
            self.passes.push(Pass { seat, roll, transfers: std::mem::take(&mut self.transfers) });
            seat = self.next_seat(seat);
        }
        self.roll = None;
    }

    fn final_ranking(&self) -> Vec<Vec<Seat>> {
        let key = |s: Seat| {
            let p = &self.pieces;
            let count = |pred: fn(&Field) -> bool| p.fields_of(s).iter().filter(|f| pred(f)).count();
            (
                count(|f| *f == Field::Goal),
                count(|f| matches!(f, Field::D(_))),
                count(|f| matches!(f, Field::C(..))),
                count(|f| *f == Field::B),
            )
        };
        let mut keys: Vec<_> = (0..self.players).map(key).collect();
        keys.sort_unstable_by(|a, b| b.cmp(a));
        keys.dedup();
        keys.iter().map(|k| (0..self.players).filter(|&s| key(s) == *k).collect()).collect()
    }
}

/// Step 2 of a turn on `pieces` alone: every piece in A on a jump field whose condition
/// `roll` meets goes to B (spec "A turn"); returns what moved. The same rule as a game's
/// own transfer, for callers (the AI's self-play) that play turns without a [`Helofag`].
pub fn transfer_on(pieces: &mut Pieces, roll: Roll) -> Vec<Transfer> {
    let mut moved = Vec::new();
    for jump in BOARD.jump_fields {
        let showing = roll.iter().filter(|&&d| d == jump.number).count();
        if showing < jump.border.dice_needed() {
            continue;
        }
        let field = Field::A(jump.field);
        if let Some(owner) = pieces.occupant(field) {
            act::perform(pieces, act::Effect { owner, from: field, to: Field::B });
            moved.push(Transfer { owner, field: jump.field });
        }
    }
    moved
}

/// Every legal complete turn of `seat` with `roll` on `pieces` (the transfer already
/// done), in a game won with `goal` pieces in Z: each legal first action alone, and
/// followed by each legal second action (spec "A turn", step 3). Empty when the turn
/// passes. [`Helofag::legal_turns`] is this on the game's own position.
pub fn turns_on(pieces: &Pieces, seat: Seat, roll: Roll, goal: u8) -> Vec<HelofagMove> {
    let dice = Dice::new(roll);
    let mut turns = Vec::new();
    for first in act::legal_actions(pieces, seat, &dice) {
        turns.push(HelofagMove::one(first));
        let seconds = second_actions_on(pieces, seat, dice, first, goal);
        turns.extend(seconds.into_iter().map(|second| HelofagMove { first, second: Some(second) }));
    }
    turns
}

/// The pieces after `seat` plays the turn `mv` with `roll` on `pieces` (no roll follows:
/// the position at the end of the turn), in a game won with `goal` pieces in Z.
///
/// # Errors
/// The refusal of the first illegal action, as [`Game::apply`] gives it.
pub fn play_on(pieces: &Pieces, seat: Seat, roll: Roll, mv: &HelofagMove, goal: u8) -> Result<Pieces, Refusal> {
    play_actions(pieces, seat, roll, mv, goal).map(|(after, _, _)| after)
}

/// The legal second actions of `seat` after `first` with `dice` (empty when `first` is
/// illegal, uses two or three dice, or wins the game).
fn second_actions_on(pieces: &Pieces, seat: Seat, dice: Dice, first: Action, goal: u8) -> Vec<Action> {
    match after_on(pieces, seat, first, dice, goal) {
        Some((after, dice_left)) => act::legal_actions(&after, seat, &dice_left),
        None => Vec::new(),
    }
}

/// The pieces and dice after the legal action `first`, when a second action may follow.
fn after_on(pieces: &Pieces, seat: Seat, first: Action, dice: Dice, goal: u8) -> Option<(Pieces, Dice)> {
    let mut dice = dice;
    let effect = act::resolve(pieces, seat, first, &mut dice).ok()?;
    let mut after = pieces.clone();
    act::perform(&mut after, effect);
    let won = after.count(seat, Field::Goal) >= goal;
    (dice.another_die_allowed() && !won).then_some((after, dice))
}

/// Plays the actions of `mv` in order: the pieces after them, what each moved, and
/// whether `seat` reached `goal`.
fn play_actions(
    pieces: &Pieces,
    seat: Seat,
    roll: Roll,
    mv: &HelofagMove,
    goal: u8,
) -> Result<(Pieces, Vec<MovedPiece>, bool), Refusal> {
    let mut pieces = pieces.clone();
    let mut dice = Dice::new(roll);
    let mut moved = Vec::new();
    let mut won = false;
    for action in mv.actions() {
        if won {
            return Err(Refusal::new("helofag-won", "the game is already won; nothing more may be played"));
        }
        let effect = act::resolve(&pieces, seat, action, &mut dice)?;
        let captured = act::perform(&mut pieces, effect);
        moved.push(MovedPiece { action, owner: effect.owner, path: act::path(action, effect), captured });
        won = pieces.count(seat, Field::Goal) >= goal;
    }
    Ok((pieces, moved, won))
}

fn validate_rolls(rolls: &[Vec<u8>]) -> Result<Vec<Roll>, SetupError> {
    rolls
        .iter()
        .enumerate()
        .map(|(i, roll)| match roll.as_slice() {
            &[a, b, c] if [a, b, c].iter().all(|d| (1..=6).contains(d)) => Ok([a, b, c]),
            &[_, _, _] => Err(SetupError::new(format!("setup.rolls[{i}] has a die outside 1-6"))),
            other => Err(SetupError::new(format!(
                "setup.rolls[{i}] has {} dice; a roll is three dice",
                other.len()
            ))),
        })
        .collect()
}

impl Game for Helofag {
    const KIND: GameKind = GameKind::Helofag;
    const ID: &'static str = "helofag";
    const NAME_EN: &'static str = "Helofag";
    const NAME_DE: &'static str = "Helofag";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=6;
    type Options = HelofagOptions;
    type Setup = HelofagSetup;
    type Move = HelofagMove;

    /// No rolls ahead of time (they are drawn during play); a random start player.
    fn random_setup(_options: &HelofagOptions, players: usize, rng: &mut rng::ChaCha20Rng) -> HelofagSetup {
        HelofagSetup { rolls: Vec::new(), start_player: rng::index(players, rng) }
    }

    fn new(options: &HelofagOptions, players: usize, setup: HelofagSetup, chance: Chance) -> Result<Self, SetupError> {
        if !(1..=6).contains(&options.goal) {
            return Err(SetupError::new(format!("options.goal is {}; it must be 1 to 6", options.goal)));
        }
        if setup.start_player >= players {
            return Err(SetupError::new(format!(
                "setup.start_player is {}, but there are only {players} players",
                setup.start_player
            )));
        }
        let mut game = Helofag {
            players,
            goal: options.goal,
            start_player: setup.start_player,
            rolls: validate_rolls(&setup.rolls)?,
            rolled: 0,
            chance,
            chance_draws: 0,
            pieces: Pieces::new(players),
            removed: vec![false; players],
            to_move: setup.start_player,
            roll: None,
            transfers: Vec::new(),
            passes: Vec::new(),
            last_move: None,
            winner: None,
        };
        game.begin_turn(setup.start_player);
        Ok(game)
    }

    fn to_move(&self) -> Vec<Seat> {
        self.seat().into_iter().collect()
    }

    fn outcome(&self) -> Option<Vec<Vec<Seat>>> {
        self.winner.map(|_| self.final_ranking())
    }

    fn scores(&self) -> Option<Vec<i64>> {
        Some(self.pieces.goal.iter().map(|&n| i64::from(n)).collect())
    }

    /// The distinct legal first actions, each as a one-action move (spec: the summary's
    /// `legal_moves` counts these). [`Helofag::legal_turns`] lists the complete turns.
    fn legal_moves(&self) -> Vec<HelofagMove> {
        let (Some(seat), Some(roll)) = (self.seat(), self.roll) else { return Vec::new() };
        act::legal_actions(&self.pieces, seat, &Dice::new(roll)).into_iter().map(HelofagMove::one).collect()
    }

    fn parse_move(&self, text: &str) -> Result<HelofagMove, Refusal> {
        parse_move(text)
    }

    fn apply(&mut self, mv: &HelofagMove) -> Result<(), Refusal> {
        if self.winner.is_some() {
            return Err(Refusal::new("helofag-won", "the game is already won; nothing more may be played"));
        }
        let Some(roll) = self.roll else {
            return Err(Refusal::new("helofag-no-roll", "there is no roll: the listed dice have run out"));
        };
        let seat = self.to_move;
        let (pieces, moved, won) = play_actions(&self.pieces, seat, roll, mv, self.goal)?;
        self.pieces = pieces;
        self.last_move = Some(LastMove { seat, roll, pieces: moved });
        self.passes.clear();
        if won {
            self.winner = Some(seat);
            self.roll = None;
            self.transfers.clear();
        } else {
            self.begin_turn(self.next_seat(seat));
        }
        Ok(())
    }

    /// The player's pieces leave the board. On their turn their roll is discarded and the
    /// next player rolls; otherwise the player to move goes on (passing automatically if
    /// the removal left them no action).
    fn remove_player(&mut self, seat: Seat) {
        if seat >= self.players || self.is_removed(seat) {
            return;
        }
        self.removed[seat] = true;
        self.pieces.remove_seat(seat);
        self.passes.clear();
        if self.winner.is_some() {
            return;
        }
        // With one player left the game is over: nobody plays a turn (the summary shows
        // `"roll": null`, as after a win) and no roll is drawn for it.
        let still_in: Vec<Seat> = (0..self.players).filter(|&s| !self.is_removed(s)).collect();
        if let [last] = still_in[..] {
            self.to_move = last;
            self.roll = None;
            self.transfers.clear();
            return;
        }
        if self.to_move == seat {
            self.begin_turn(self.next_seat(seat));
        } else if let Some(roll) = self.roll
            && !act::any_legal_action(&self.pieces, self.to_move, &Dice::new(roll))
        {
            let transfers = std::mem::take(&mut self.transfers);
            self.passes.push(Pass { seat: self.to_move, roll, transfers });
            self.begin_turn(self.next_seat(self.to_move));
        }
    }

    /// `{"roll": [a,b,c] | null, "pieces": {"<seat>": ["S", "A4", "B", "C3.2", ...]}}`.
    fn details(&self) -> Option<serde_json::Value> {
        let pieces: serde_json::Map<String, serde_json::Value> = (0..self.players)
            .map(|s| {
                let fields: Vec<String> = self.pieces.fields_of(s).iter().map(ToString::to_string).collect();
                (s.to_string(), json!(fields))
            })
            .collect();
        Some(json!({ "roll": self.seat().and(self.roll), "pieces": pieces }))
    }

    fn view(&self, _viewer: Viewer) -> AnyView {
        AnyView::Helofag(HelofagView {
            players: self.players,
            goal: self.goal,
            pieces: self.pieces.clone(),
            removed: self.removed.clone(),
            to_move: self.seat(),
            roll: self.seat().and(self.roll),
            transfers: self.transfers.clone(),
            passes: self.passes.clone(),
            last_move: self.last_move.clone(),
            most_actions: self.most_actions(),
            winner: self.winner,
        })
    }

    fn resolved_setup(&self) -> HelofagSetup {
        HelofagSetup { rolls: self.rolls.iter().map(|r| r.to_vec()).collect(), start_player: self.start_player }
    }

    /// The legal first actions for which every word of `filter` is one of their
    /// [`Action::tags`] (e.g. `a7`, `c3`, `b`, `z`, `4`) or the action as printed
    /// (`S+5`, `C3.8>D`), ignoring case.
    fn filter_moves(&self, filter: &str) -> Vec<HelofagMove> {
        let words: Vec<String> = filter.split_whitespace().map(str::to_lowercase).collect();
        self.legal_moves()
            .into_iter()
            .filter(|m| {
                // A word is a tag (`a7`, `c3`, `5`, ...) or the whole action as printed
                // (`S+5`, `C3.8>D`), as `moves S+5` asks.
                let (tags, printed) = (m.first.tags(), m.first.to_string().to_lowercase());
                words.iter().all(|w| tags.contains(w) || *w == printed)
            })
            .collect()
    }

    /// `goal1`-`goal6` (also `ziel3`, `goal=2`, `ziel:4`) set the goal count.
    fn option_word(word: &str) -> Option<(&'static str, serde_json::Value)> {
        let word = word.to_lowercase();
        let rest = word.strip_prefix("goal").or_else(|| word.strip_prefix("ziel"))?;
        let n: u8 = rest.trim_start_matches(['=', ':']).parse().ok()?;
        (1..=6).contains(&n).then(|| ("goal", json!(n)))
    }
}

impl crate::GameView for HelofagView {
    fn conclude(&mut self, ranking: &[Vec<Seat>]) {
        self.to_move = None;
        self.winner = crate::view::single_winner(ranking);
    }
}
