//! Links to a game's web page (`[web]`, see `crate::web`): the spectators' and each
//! player's own; and to a tournament's page. Tokens are 128 random bits in hex, made the
//! first time a link is given out.

use crate::{
    base::{i18n::{Lang, Msg}, reply::Link},
    store::web::WebLink,
};

use super::Table;

impl Table {
    /// The web page's URL for `link` (`<public_url>/g/<token>`), making its token the
    /// first time; `None` when `[web]` is not configured, the game is in an open Hathor
    /// challenge, or storage fails (logged: a missing link never fails a command).
    pub async fn web_url(&self, link: WebLink) -> Option<String> {
        let base = self.options.web_url.as_deref()?;
        match self.challenge_of_game(link.game).await {
            Ok(Some((challenge, _))) if challenge.is_open() => return None,
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(game = %link.game, error = %e, "reading the game's challenge failed");
                return None;
            }
        }
        match self.db.web_token(link, &crate::base::ids::random_hex(16)).await {
            Ok(token) => Some(format!("{}/g/{token}", base.trim_end_matches('/'))),
            Err(e) => {
                tracing::warn!(game = %link.game, error = %e, "the web link could not be stored");
                None
            }
        }
    }

    /// The link of tournament `id`'s page (`<public_url>/t/<token>`) as a [`Link`] in
    /// `lang` (`tournament-web-link`), making its token the first time; `None` when
    /// `[web]` is not configured or storage fails (logged: a missing link never fails a
    /// command).
    pub async fn tournament_link(&self, id: crate::base::ids::TournamentId, lang: Lang) -> Option<Link> {
        let base = self.options.web_url.as_deref()?;
        let token = match self.db.tournament_token(id, &crate::base::ids::random_hex(16)).await {
            Ok(token) => token,
            Err(e) => {
                tracing::warn!(tournament = %id, error = %e, "the tournament's web link could not be stored");
                return None;
            }
        };
        let url = format!("{}/t/{token}", base.trim_end_matches('/'));
        Some(Link {
            label: self.texts.plain(lang, &Msg::new("tournament-web-link-button")),
            text: self.texts.plain(lang, &Msg::new("tournament-web-link").arg("url", url.clone())),
            url,
        })
    }

    /// The link of `link`'s page as a [`Link`] in `lang` (spectators: `web-link`, or
    /// `web-link-finished` once the game is `over`, whose page no longer follows it; a
    /// player: `web-link-private`); `None` as for [`Table::web_url`].
    pub async fn web_link_for(&self, link: WebLink, lang: Lang, over: bool) -> Option<Link> {
        let url = self.web_url(link).await?;
        let key = match (link.seat.is_some(), over) {
            (true, _) => "web-link-private",
            (false, true) => "web-link-finished",
            (false, false) => "web-link",
        };
        Some(Link {
            label: self.texts.plain(lang, &Msg::new("web-link-button")),
            text: self.texts.plain(lang, &Msg::new(key).arg("url", url.clone())),
            url,
        })
    }

}

/// Adds the web page's links to the replies of a game's start: the spectators' link to
/// the channel's post, and to each human player of a game with hands their own link
/// (on the private reply with their hand, or in a private reply of its own when
/// nothing was dealt yet). Nothing changes when `[web]` is not configured.
pub async fn add_start_links(ctx: &crate::context::Ctx<'_>, loaded: &crate::context::Loaded, replies: &mut Vec<crate::base::reply::Reply>) {
    use crate::base::reply::{Audience, Reply, Text};
    if ctx.table.options.web_url.is_none() {
        return;
    }
    let (Some(game), id) = (&loaded.game, loaded.row.id) else { return };
    if let Some(post) = replies.iter_mut().find(|r| r.audience == Audience::Channel) {
        post.link = ctx.table.web_link_for(WebLink { game: id, seat: None }, ctx.channel_lang, game.is_finished()).await;
    }
    for player in &loaded.players {
        let seat = player.seat;
        if crate::base::ai_seat::is_ai(&player.user_id)
            || crate::games::hand_text(&game.view(rules::Viewer::Seat(seat)), seat).is_none()
        {
            continue;
        }
        let lang = if player.user_id == ctx.user_id() {
            ctx.lang
        } else {
            player.lang.as_deref().and_then(|l| l.parse().ok()).unwrap_or(ctx.channel_lang)
        };
        let Some(link) = ctx.table.web_link_for(WebLink { game: id, seat: Some(seat) }, lang, game.is_finished()).await else { continue };
        match replies.iter_mut().find(|r| r.audience == Audience::User(player.user_id.clone())) {
            Some(hand) => hand.link = Some(link),
            None => replies.push(Reply::private(&player.user_id, Text::plain_text(link.text))),
        }
    }
}
