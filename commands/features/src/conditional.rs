//! Conditional moves (issue 40, docs "Conditional moves"): `if <their move> then <my
//! move> [if … then …]` (`wenn … dann …`) plans replies in a two-player game of Carat,
//! Aratoth or Artifakes while the opponent is to move; `conditional` lists the plans,
//! `conditional clear` removes them. Everything is answered privately, and the plans are
//! never shown to anyone else (nor exported). The scheduler plays a reply when it is due
//! (`crate::play::planned_reply`).

use crate::{
    base::i18n::Msg,
    base::ids::GameId,
    base::reply::{Reply, Text},
    grammar::PlanAction,
    store::{plans::StoredPlan, Status},
    table::context::{Ctx, Loaded, Outcome, Refused, Want},
    table::plans::{check, refusal, standing, PlanRefused, Standing},
};
use rules::plan::{PlanSnag, StepSnag};

/// `if …` / `conditional [clear]`, for game `id` (any channel of the platform, so that
/// it may be sent from a private chat) or the requester's game here.
pub async fn conditional(ctx: &Ctx<'_>, id: Option<GameId>, action: PlanAction) -> Outcome {
    match action {
        PlanAction::Plan(steps) => plan(ctx, id, &steps).await,
        PlanAction::List => list(ctx, id).await,
        PlanAction::Clear => clear(ctx, id).await,
    }
}

/// The game a plan is about: the one named (anywhere on the platform, the requester's
/// own), else the requester's game here.
async fn game_for(ctx: &Ctx<'_>, id: Option<GameId>) -> Result<Loaded, Refused> {
    let loaded = match id {
        Some(_) => ctx.table.select(ctx, id, Want::MyRunning, true).await?,
        None => ctx.table.select(ctx, None, Want::MyRunning, false).await?,
    };
    if loaded.seat_of(ctx.user_id()).is_none() {
        // Said as for a game that is not there: the game of others stays theirs.
        return Err(Msg::new("cmd-not-a-player").arg("id", loaded.row.id).into());
    }
    Ok(loaded)
}

async fn plan(ctx: &Ctx<'_>, id: Option<GameId>, steps: &[(String, String)]) -> Outcome {
    let loaded = match game_for(ctx, id).await {
        // Among several games the example is the plan itself naming the first:
        // `if #1 c3 red then d4 blue` (`wenn #1 … dann …`), not `conditional #1`.
        Err(Refused::SeveralGames { games, example }) => {
            let first = example.rsplit('#').next().unwrap_or_default();
            let (their, mine) = steps.first().cloned().unwrap_or_default();
            let more = if steps.len() > 1 { " …" } else { "" };
            let example = ctx.text(&Msg::new("conditional-step").arg("their", format!("#{first} {their}")).arg("mine", format!("{mine}{more}"))).plain();
            return Err(Refused::SeveralGames { games, example });
        }
        other => other?,
    };
    let id = loaded.row.id;
    if loaded.row.status != Status::Running {
        return Err(Msg::new("cmd-game-over").arg("id", id).into());
    }
    if let Some(msg) = refusal(&loaded) {
        return Err(msg.into());
    }
    let Some(game) = &loaded.game else { return Err(Msg::new("cmd-not-started").arg("id", id).into()) };
    let seat = loaded.seat_of(ctx.user_id()).ok_or_else(|| Refused::from(Msg::new("cmd-not-a-player").arg("id", id)))?;
    if game.to_move().contains(&seat) {
        return Err(Msg::new("conditional-your-turn").arg("id", id).into());
    }
    let steps = check(game.as_ref(), seat, steps).map_err(|refused| refusal_text(ctx, loaded.kind, steps, refused))?;
    let stored = StoredPlan {
        game: id,
        user_id: ctx.user_id().to_string(),
        seat,
        from_seq: loaded.row.seq,
        takebacks: loaded.row.takebacks,
        steps,
    };
    ctx.table.db.save_plan(&stored, ctx.now()).await?;
    tracing::info!(game = %id, seat, steps = stored.steps.len(), "conditional moves planned");
    let opponent = loaded.players.iter().find(|p| p.seat != seat).map(|p| p.name.clone()).unwrap_or_default();
    let mut text = ctx.text(&Msg::new("conditional-planned").arg("id", id).arg("player", opponent));
    text.push_line(steps_text(ctx, loaded.kind, &stored.steps));
    Ok(vec![Reply::private(ctx.user_id(), text)])
}

/// Why a plan is refused, in the reader's words: a refused step is named by its number
/// and as typed, "Step 2 (`if e4 then d5`): …" (`Schritt 2 (`wenn e4 dann d5`): …`).
fn refusal_text(ctx: &Ctx<'_>, kind: rules::GameKind, steps: &[(String, String)], refused: PlanRefused) -> Refused {
    let StepSnag { step, snag } = match refused {
        PlanRefused::TooLong { count } => {
            return Msg::new("conditional-too-long").arg("count", count).arg("max", crate::table::plans::MAX_STEPS).into();
        }
        PlanRefused::Step(step) => step,
    };
    let shown = |m: &str| crate::table::games::notation_in(kind, ctx.lang, m);
    let reason = match snag {
        PlanSnag::NotAMove { text } => ctx.text(&Msg::new("conditional-not-a-move").arg("move", shown(&text))),
        PlanSnag::Illegal(refusal) => ctx.table.rule_text(ctx.lang, &refusal),
        PlanSnag::TheirsIllegal(refusal) => {
            let their = steps.get(step).map(|(their, _)| their.split_whitespace().collect::<Vec<_>>().join(" ")).unwrap_or_default();
            let why = ctx.table.rule_text(ctx.lang, &refusal).plain();
            ctx.text(&Msg::new("conditional-theirs-illegal").arg("move", their).arg("reason", why))
        }
        PlanSnag::GameOver => ctx.text(&Msg::new("conditional-game-ends")),
        PlanSnag::StillYours => ctx.text(&Msg::new("conditional-still-mine")),
        PlanSnag::NotYoursThen { their } => ctx.text(&Msg::new("conditional-not-mine-then").arg("move", shown(&their))),
    };
    let typed = |m: &str| m.split_whitespace().collect::<Vec<_>>().join(" ");
    let plan = steps.get(step).map_or_else(String::new, |(their, mine)| {
        ctx.text(&Msg::new("conditional-step").arg("their", typed(their)).arg("mine", typed(mine))).plain()
    });
    Msg::new("conditional-step-refused").arg("step", step + 1).arg("plan", plan).arg("reason", reason.plain()).into()
}

/// A plan's steps, one line: `if c3 red then d4 blue; if …` in the reader's words.
fn steps_text(ctx: &Ctx<'_>, kind: rules::GameKind, steps: &[(String, String)]) -> Text {
    let shown = |m: &str| crate::table::games::notation_in(kind, ctx.lang, m);
    let lines: Vec<String> = steps
        .iter()
        .map(|(their, mine)| ctx.text(&Msg::new("conditional-step").arg("their", shown(their)).arg("mine", shown(mine))).plain())
        .collect();
    Text::plain_text(lines.join("; "))
}

/// The steps of `plan` still to come in `loaded` (none when it is used up or broken).
fn live_steps<'p>(loaded: &Loaded, plan: &'p StoredPlan) -> &'p [(String, String)] {
    match standing(loaded, plan) {
        Some(Standing::Waiting { step } | Standing::Due { step, .. }) => &plan.steps[step..],
        _ => &[],
    }
}

async fn list(ctx: &Ctx<'_>, id: Option<GameId>) -> Outcome {
    let plans = match id {
        Some(_) => {
            let loaded = game_for(ctx, id).await?;
            ctx.table.db.plan_of(loaded.row.id, ctx.user_id()).await?.into_iter().collect()
        }
        None => ctx.table.db.plans_of_user(&ctx.origin.platform, ctx.user_id()).await?,
    };
    let mut text = Text::default();
    for plan in plans {
        let Some(row) = ctx.table.db.game(plan.game).await? else { continue };
        let loaded = ctx.table.load_for(ctx, row).await?;
        let steps = live_steps(&loaded, &plan);
        if steps.is_empty() {
            continue;
        }
        text.push_line(ctx.text(&Msg::new("conditional-list-game").arg("id", plan.game).arg("game", ctx.game_name(loaded.kind))));
        text.push_line(steps_text(ctx, loaded.kind, steps));
    }
    if text.plain().is_empty() {
        text = ctx.text(&Msg::new("conditional-none"));
    }
    Ok(vec![Reply::private(ctx.user_id(), text)])
}

async fn clear(ctx: &Ctx<'_>, id: Option<GameId>) -> Outcome {
    let games: Vec<GameId> = match id {
        Some(_) => vec![game_for(ctx, id).await?.row.id],
        None => ctx.table.db.plans_of_user(&ctx.origin.platform, ctx.user_id()).await?.into_iter().map(|p| p.game).collect(),
    };
    let mut cleared = 0_usize;
    for game in games {
        if ctx.table.db.clear_plan(game, ctx.user_id()).await? {
            cleared += 1;
        }
    }
    let msg = if cleared == 0 { Msg::new("conditional-none") } else { Msg::new("conditional-cleared").arg("count", cleared) };
    Ok(vec![Reply::private(ctx.user_id(), ctx.text(&msg))])
}
