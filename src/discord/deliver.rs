//! Answering one interaction: defer first (an ephemeral "thinking…" within Discord's 3 s),
//! then send what the command layer replied.
//!
//! Discord fixes an answer's visibility at the deferral, and the first follow-up after a
//! deferral fills the deferred message whatever its flags say. So every interaction is
//! deferred *ephemerally*; the requester's own replies (refusals, hands, lists) fill that
//! message, and everything for the channel follows as separate public follow-ups (the
//! board PNG, the mention of the player to move). Replies for another user go to their
//! DMs; when a DM fails with 50007 the channel is told, without the private content.

use std::sync::Arc;

use commands::{Audience, Host, Msg, Origin, Reply};
use serenity::all::{
    Builder, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton, CreateInteractionResponseFollowup,
    CreateMessage,
    EditInteractionResponse, Http, UserId,
};

use super::{
    components,
    text::{clip, discord_code, discord_user, mentioned, render, split},
    tracked, Error,
};

/// Discord's JSON error code for "Cannot send messages to this user" (closed DMs).
pub const CANNOT_DM: isize = 50007;

/// An interaction that has been deferred and now gets its answer.
pub struct Answer {
    pub http: Arc<Http>,
    /// The interaction token (a secret for 15 minutes: never logged).
    token: String,
    pub origin: Origin,
    /// Public messages go here instead of the interaction's follow-ups (a new thread).
    pub public_channel: Option<ChannelId>,
    /// Whether the deferred response has been filled.
    filled: bool,
    /// Tournament games this answer moved into threads of their own (issue 39).
    moved: super::round_threads::Moved,
}

impl Answer {
    /// Wraps an interaction that was just deferred ephemerally.
    pub fn deferred(http: Arc<Http>, token: String, origin: Origin) -> Answer {
        Answer { http, token, origin, public_channel: None, filled: false, moved: Default::default() }
    }

    fn requester(&self) -> &str {
        &self.origin.user.id
    }

    /// Sends every reply where it belongs (see the module docs), then makes sure the
    /// deferred response is filled. Public replies about a game get its buttons.
    ///
    /// # Errors
    /// A Discord error on a send (other than a closed DM, which is handled).
    pub async fn deliver(&mut self, host: &Host, replies: Vec<Reply>) -> Result<(), Error> {
        let (mine, others): (Vec<Reply>, Vec<Reply>) = replies
            .into_iter()
            .partition(|r| matches!(&r.audience, Audience::User(id) if id == self.requester()));
        for reply in mine {
            self.private(reply).await?;
        }
        if !self.filled {
            let done = host.texts().text(self.lang(), &Msg::new("discord-done"));
            self.private(Reply::private(self.requester(), done)).await?;
        }
        // The buttons of a public post speak the channel's language, as its text does.
        let public = if others.iter().any(|r| r.audience == Audience::Channel && r.game.is_some()) {
            Origin { lang: Some(self.channel_lang(host).await), ..self.origin.clone() }
        } else {
            self.origin.clone()
        };
        for mut reply in others {
            match reply.audience.clone() {
                Audience::Channel => {
                    let rows = match reply.game {
                        Some(game) => components::for_game(host, &public, game).await,
                        None => Vec::new(),
                    };
                    if !reply.threads.is_empty()
                        && let Ok(parent) = self.origin.channel.parse::<std::num::NonZeroU64>()
                    {
                        let opened = super::round_threads::open(&self.http, host, ChannelId::from(parent), &mut reply, self.lang()).await;
                        self.moved.extend(opened);
                    }
                    if let Some(thread) = reply.game.and_then(|g| self.moved.get(&g.id).copied()) {
                        post(&self.http, host, thread, &reply, rows, self.lang()).await?;
                    } else {
                        self.public(host, &reply, rows).await?;
                    }
                }
                Audience::User(user_id) => self.direct(host, &user_id, reply).await?,
            }
        }
        Ok(())
    }

    /// The requester's language (English when Discord's locale is neither).
    fn lang(&self) -> commands::Lang {
        self.origin.lang.unwrap_or_default()
    }

    /// The language of the channel's posts (as the command layer writes them): the
    /// scope's `language` setting (the server's, else the channel's), else the
    /// requester's ([`Answer::lang`]; also when the setting cannot be read).
    async fn channel_lang(&self, host: &Host) -> commands::Lang {
        match commands::store::settings::channel_settings(host.db(), &self.origin.platform, self.origin.scope()).await {
            Ok(settings) => settings.lang.unwrap_or_else(|| self.lang()),
            Err(e) => {
                tracing::warn!(error = %e, "could not read the channel's language for its buttons");
                self.lang()
            }
        }
    }

    /// A reply only the requester sees: it fills the deferred response, or follows it
    /// ephemerally.
    async fn private(&mut self, reply: Reply) -> Result<(), Error> {
        let content = clip(&render(&reply.text_with_link()));
        if self.filled {
            let mut followup = CreateInteractionResponseFollowup::new()
                .content(content)
                .ephemeral(true)
                .allowed_mentions(CreateAllowedMentions::new());
            if let Some(file) = &reply.file {
                followup = followup.add_file(CreateAttachment::bytes(file.bytes.clone(), file.name.clone()));
            }
            followup.execute(&self.http, (None, &self.token)).await?;
        } else {
            let mut edit = EditInteractionResponse::new().content(content).allowed_mentions(CreateAllowedMentions::new());
            if let Some(file) = &reply.file {
                edit = edit.new_attachment(CreateAttachment::bytes(file.bytes.clone(), file.name.clone()));
            }
            edit.execute(&self.http, &self.token).await?;
            self.filled = true;
        }
        Ok(())
    }

    /// A reply for the channel: a public follow-up (or messages in the game's new
    /// thread) with the PNG and the buttons; only the users the text mentions are pinged.
    /// Kept messages are tidied or edited as the reply's slot says ([`tracked`]).
    async fn public(&mut self, host: &Host, reply: &Reply, rows: Vec<CreateActionRow>) -> Result<(), Error> {
        let lang = self.lang();
        if let Some(channel) = self.public_channel {
            return Ok(post(&self.http, host, channel, reply, rows, lang).await?);
        }
        let channel = self.origin.channel.parse::<std::num::NonZeroU64>().ok().map(ChannelId::from);
        if let Some(channel) = channel
            && tracked::edit_in_place(&self.http, host, channel, reply).await
        {
            return Ok(());
        }
        let with_buttons = !rows.is_empty();
        let rows = with_link_button(rows, reply);
        let chunks = split(&render(&reply.text));
        let mentions = mentioned(&reply.text);
        let last = chunks.len().saturating_sub(1);
        for (i, chunk) in chunks.into_iter().enumerate() {
            let (file, rows) = if i == last { (reply.file.as_ref(), rows.clone()) } else { (None, Vec::new()) };
            let allowed = CreateAllowedMentions::new().users(mentions.clone());
            let mut followup =
                CreateInteractionResponseFollowup::new().content(chunk).allowed_mentions(allowed).components(rows);
            if let Some(file) = file {
                followup = followup.add_file(CreateAttachment::bytes(file.bytes.clone(), file.name.clone()));
            }
            let posted = followup.execute(&self.http, (None, &self.token)).await?;
            if i == last {
                tracked::after_post(&self.http, host, posted.channel_id, reply, posted.id, with_buttons, lang).await;
            }
        }
        Ok(())
    }

    /// A reply for another user: a DM. If the user does not accept DMs (50007), the
    /// channel hears that they should use `/hand`, and the game goes on.
    async fn direct(&mut self, host: &Host, user_id: &str, reply: Reply) -> Result<(), Error> {
        let Some(id) = discord_user(user_id) else {
            tracing::warn!(user = user_id, "a private reply for a user id that is not a Discord id was dropped");
            return Ok(());
        };
        match send_dm(&self.http, id, &reply).await {
            Ok(()) => Ok(()),
            Err(e) if discord_code(&e) == Some(CANNOT_DM) => {
                let notice = dm_closed(host, self.lang(), user_id);
                self.public(host, &notice, Vec::new()).await
            }
            Err(e) => Err(e.into()),
        }
    }
}

/// The channel's note that `user_id` does not accept DMs (without the private content).
pub fn dm_closed(host: &Host, lang: commands::Lang, user_id: &str) -> Reply {
    let user = commands::User::new(user_id, user_id);
    let msg = Msg::new("discord-dm-closed").arg("user", commands::base::i18n::Arg::Mention(user));
    Reply::channel(host.texts().text(lang, &msg))
}

/// Posts `reply` in `channel` as messages of at most [`MAX_CONTENT`] characters; the
/// last one carries the file and `rows`. Only the users the text mentions are pinged.
/// Kept messages are tidied or edited as the reply's slot says ([`tracked`]; `lang` for
/// the one note that may need).
///
/// # Errors
/// Discord's error on a send.
pub async fn post(
    http: &Http,
    host: &Host,
    channel: ChannelId,
    reply: &Reply,
    rows: Vec<CreateActionRow>,
    lang: commands::Lang,
) -> Result<(), serenity::Error> {
    if tracked::edit_in_place(http, host, channel, reply).await {
        return Ok(());
    }
    let with_buttons = !rows.is_empty();
    let rows = with_link_button(rows, reply);
    let chunks = split(&render(&reply.text));
    let mentions = mentioned(&reply.text);
    let last = chunks.len().saturating_sub(1);
    for (i, chunk) in chunks.into_iter().enumerate() {
        let (file, rows) = if i == last { (reply.file.as_ref(), rows.clone()) } else { (None, Vec::new()) };
        let allowed = CreateAllowedMentions::new().users(mentions.clone());
        let posted = channel.send_message(http, message(chunk, allowed, rows, file)).await?;
        if i == last {
            tracked::after_post(http, host, channel, reply, posted.id, with_buttons, lang).await;
        }
    }
    Ok(())
}

/// Discord allows five rows of components on a message.
const MAX_ROWS: usize = 5;

/// `rows` with a row holding the reply's link (the game's web page) as a link button,
/// when it has one and there is room; else its sentence goes with the text
/// (a full row of buttons is kept as it is).
fn with_link_button(mut rows: Vec<CreateActionRow>, reply: &Reply) -> Vec<CreateActionRow> {
    if let Some(link) = &reply.link
        && rows.len() < MAX_ROWS
    {
        rows.push(CreateActionRow::Buttons(vec![CreateButton::new_link(link.url.clone()).label(link.label.clone())]));
    }
    rows
}

/// A channel message with its text, pings, components and file.
fn message(
    content: String,
    allowed: CreateAllowedMentions,
    rows: Vec<CreateActionRow>,
    file: Option<&commands::Attachment>,
) -> CreateMessage {
    let mut message = CreateMessage::new().content(content).allowed_mentions(allowed).components(rows);
    if let Some(file) = file {
        message = message.add_file(CreateAttachment::bytes(file.bytes.clone(), file.name.clone()));
    }
    message
}

/// Sends a DM with the reply's text and file.
pub async fn send_dm(http: &Http, user: UserId, reply: &Reply) -> Result<(), serenity::Error> {
    let channel = user.create_dm_channel(http).await?;
    let mut message =
        CreateMessage::new().content(clip(&render(&reply.text_with_link()))).allowed_mentions(CreateAllowedMentions::new());
    if let Some(file) = &reply.file {
        message = message.add_file(CreateAttachment::bytes(file.bytes.clone(), file.name.clone()));
    }
    channel.id.send_message(http, message).await?;
    Ok(())
}
