//! From an interaction to the command layer and back: who asks, where, in which
//! language; defer first; run the command; deliver the replies. Used by the slash
//! commands and by button clicks alike.

use std::str::FromStr;

use commands::{Command, Host, Lang, Msg, Origin, Reply, User};
use poise::serenity_prelude as serenity;
use rules::GameKind;
use serenity::{ChannelId, ChannelType, ComponentInteraction, ComponentInteractionDataKind, CreateThread, GuildId, Member};

use super::{
    custom_id::{Action, ComponentId},
    deliver::Answer,
    Context, Data, Error, PLATFORM,
};


/// The command layer's view of who sent an interaction and where: `guild` (the
/// interaction's `guild_id`, `None` in direct messages) is the scope of ratings and
/// settings, so that games in threads and other channels of a server share them.
pub fn origin_of(
    user: serenity::User,
    member: Option<&Member>,
    guild: Option<GuildId>,
    channel: ChannelId,
    locale: &str,
) -> Origin {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    let is_admin = member.and_then(|m| m.permissions).is_some_and(|p| p.manage_guild() || p.administrator());
    Origin {
        platform: PLATFORM.to_string(),
        channel: channel.get().to_string(),
        server: guild.map(|g| g.get().to_string()),
        user: User::new(user.id.get().to_string(), name),
        is_admin,
        lang: Lang::from_str(locale).ok(),
    }
}

/// Whether and for which game a `/new` may open a thread of its own.
#[derive(Debug, Clone, Copy)]
pub struct Thread {
    pub kind: GameKind,
    /// The command's `thread` option; `None`: the server's `threads` setting decides.
    pub chosen: Option<bool>,
}

/// Runs a slash command: defer (ephemeral), optionally open a thread for a new game,
/// run `command` (or refuse its parse error), deliver. A thread opened for a command
/// that was refused is deleted again, so bad input leaves nothing behind.
///
/// # Errors
/// A Discord error while answering.
pub async fn run_slash(ctx: Context<'_>, command: Result<Command, Msg>, thread: Option<Thread>) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else { return Ok(()) };
    ctx.defer_ephemeral().await?;
    let interaction = actx.interaction;
    let data = ctx.data();
    let origin = origin_of(
        interaction.user.clone(),
        interaction.member.as_deref(),
        interaction.guild_id,
        interaction.channel_id,
        &interaction.locale,
    );
    let mut answer = Answer::deferred(ctx.serenity_context().http.clone(), interaction.token.clone(), origin);
    let mut replies = match command {
        Err(msg) => vec![refusal(&data.host, &answer.origin, &msg)],
        Ok(command) => {
            if let Some(thread) = thread
                && match thread.chosen {
                    Some(chosen) => chosen,
                    None => threads_by_default(&data.host, &answer.origin).await,
                }
            {
                open_thread(ctx, &mut answer, thread.kind).await;
            }
            data.host.run(&answer.origin, command).await
        }
    };
    if let Some(thread) = answer.public_channel {
        if replies.iter().all(|r| r.refusal) {
            // Nothing was created: the thread goes again.
            if let Err(e) = thread.delete(ctx.http()).await {
                tracing::warn!(error = %super::redact::redact(&e.to_string(), ""), "could not delete the thread of a refused game");
            }
            answer.public_channel = None;
        } else {
            // Tell the requester where the game went.
            let msg = Msg::new("discord-thread-opened").arg("thread", format!("<#{}>", thread.get()));
            let moved = data.host.texts().text(answer.origin.lang.unwrap_or_default(), &msg);
            replies.insert(0, Reply::private(&answer.origin.user.id, moved));
        }
    }
    answer.deliver(&data.host, replies).await
}

/// Whether new games open in a thread of their own when the command does not say: the
/// `threads` setting of the requester's server (of the channel in a DM); off when unset
/// or unreadable.
async fn threads_by_default(host: &Host, origin: &Origin) -> bool {
    match commands::store::settings::channel_settings(host.db(), PLATFORM, origin.scope()).await {
        Ok(settings) => settings.threads.unwrap_or(false),
        Err(e) => {
            tracing::warn!(error = %e, "could not read the server's settings; no thread");
            false
        }
    }
}

/// A refusal of a command that did not parse.
fn refusal(host: &Host, origin: &Origin, msg: &Msg) -> Reply {
    Reply::refusal(&origin.user.id, host.texts().text(origin.lang.unwrap_or_default(), msg))
}

/// Opens a public thread for a new game in the interaction's channel; on success the
/// game belongs to the thread and its public messages go there. When Discord refuses
/// (no permission, already in a thread) the game stays in the channel.
async fn open_thread(ctx: Context<'_>, answer: &mut Answer, kind: GameKind) {
    let lang = answer.origin.lang.unwrap_or_default();
    let name = format!("{} – {}", lang.game_name(kind), answer.origin.user.name);
    let name: String = name.chars().take(100).collect();
    let builder = CreateThread::new(name)
        .kind(ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    match ctx.channel_id().create_thread(ctx.http(), builder).await {
        Ok(thread) => {
            answer.origin.channel = thread.id.get().to_string();
            answer.public_channel = Some(thread.id);
        }
        Err(e) => tracing::warn!(error = %super::redact::redact(&e.to_string(), ""), "could not open a thread for a new game; it stays in the channel"),
    }
}

/// Answers a click on one of our buttons or select menus: defer (ephemeral), then run
/// what the `custom_id` says for its game. A click on an out-of-date board (its move
/// number is not the game's) is refused politely and only to the clicker, changing
/// nothing; ids that are not ours get a short ephemeral note.
///
/// # Errors
/// A Discord error while answering.
pub async fn run_component(ctx: &serenity::Context, data: &Data, click: &ComponentInteraction) -> Result<(), Error> {
    click.defer_ephemeral(&ctx.http).await?;
    let origin = origin_of(click.user.clone(), click.member.as_ref(), click.guild_id, click.channel_id, &click.locale);
    let mut answer = Answer::deferred(ctx.http.clone(), click.token.clone(), origin);
    let replies = match ComponentId::parse(&click.data.custom_id) {
        None => vec![refusal(&data.host, &answer.origin, &Msg::new("discord-unknown-button"))],
        Some(id) => match stale(&data.host, id).await {
            Some(now) => {
                let msg = Msg::new("cmd-out-of-date").arg("id", id.game).arg("seq", now as i64);
                vec![refusal(&data.host, &answer.origin, &msg)]
            }
            None => match command_of(id, click) {
                Some(command) => data.host.run(&answer.origin, command).await,
                None => vec![refusal(&data.host, &answer.origin, &Msg::new("discord-unknown-button"))],
            },
        },
    };
    answer.deliver(&data.host, replies).await
}

/// The game's current move number when a component shows an older one (the board is
/// out of date). A move from the menu is also checked by the command layer when it is
/// stored, so a race between two clicks cannot play twice.
async fn stale(host: &Host, id: ComponentId) -> Option<u64> {
    match host.move_number(commands::GameId(id.game)).await {
        Ok(Some(now)) if now != id.seq => Some(now),
        Ok(_) => None,
        Err(e) => {
            tracing::warn!(game = %id.game, error = %e, "could not read the move number of a clicked board");
            None
        }
    }
}

/// The command a component stands for.
fn command_of(id: ComponentId, click: &ComponentInteraction) -> Option<Command> {
    let game = Some(commands::GameId(id.game));
    Some(match id.action {
        Action::Join => Command::Join { game },
        Action::Start => Command::Start { game },
        Action::Board => Command::Board { game },
        Action::Hand => Command::Hand { game },
        Action::Play => {
            let ComponentInteractionDataKind::StringSelect { values } = &click.data.kind else { return None };
            let notation = values.first()?.clone();
            Command::Move { game, notation, at: Some(id.seq), bare: false }
        }
    })
}
