//! The context of one request ([`Ctx`]), a game as the features need it ([`Loaded`]),
//! which games a command may mean ([`Want`]), and why a command was refused.

use rules::{GameKind, Match, Seat};

use crate::{
    base::{
        i18n::{Lang, Msg},
        origin::Origin,
        reply::{Reply, Text, User},
    },
    store::{GameChoice, GameRow, PlayerRow, StorageError},
};

use super::Table;

/// Why a command was refused: the command layer's own reasons (a translated message),
/// the rules' (why a move is illegal), or a storage failure. The two refusals of
/// choosing a game ([`Table::select`]) are their own variants, so that a command can
/// answer them its own way (a bare move names the move in its example; `history` falls
/// back to the game that finished last).
#[derive(Debug)]
pub enum Refused {
    Command(Msg),
    /// No game here fits the command and none was named (`cmd-no-game-here` and its
    /// kin: the message says what was looked for).
    NoGame(Msg),
    /// Several games here fit: `games` lists them (`#3 Carat, #5 Hathor`), `example` is
    /// the command naming the first (`board #3`).
    SeveralGames { games: String, example: String },
    Rule(rules::Refusal),
    Storage(StorageError),
}

impl Refused {
    /// The message of [`Refused::SeveralGames`].
    pub fn several_games(games: &str, example: &str) -> Msg {
        Msg::new("cmd-several-games").arg("games", games).arg("example", example)
    }
}

impl From<Msg> for Refused {
    fn from(m: Msg) -> Refused {
        Refused::Command(m)
    }
}

impl From<StorageError> for Refused {
    fn from(e: StorageError) -> Refused {
        Refused::Storage(e)
    }
}

pub type Outcome = Result<Vec<Reply>, Refused>;

/// A game as the features need it: its row, its players and (from the start
/// on) the game rebuilt from its log.
pub struct Loaded {
    pub row: GameRow,
    pub kind: GameKind,
    pub players: Vec<PlayerRow>,
    pub game: Option<Box<dyn Match>>,
}

impl Loaded {
    /// The game with its AI seats named in `lang` (the reader's language,
    /// [`crate::base::ai_seat::shown_name`]); people's names stay as they are.
    #[must_use]
    pub fn named_in(mut self, texts: &crate::base::i18n::Texts, lang: Lang) -> Self {
        for player in &mut self.players {
            player.name = crate::base::ai_seat::shown_name(texts, lang, &player.user_id, &player.name);
        }
        self
    }

    pub fn names(&self) -> Vec<String> {
        self.players.iter().map(|p| p.name.clone()).collect()
    }

    /// The players by seat, as users (for mentions).
    pub fn users(&self) -> Vec<User> {
        self.players.iter().map(|p| User::new(p.user_id.clone(), p.name.clone())).collect()
    }

    pub fn seat_of(&self, user_id: &str) -> Option<Seat> {
        self.players.iter().find(|p| p.user_id == user_id).map(|p| p.seat)
    }

    pub fn user(&self, seat: Seat) -> Option<User> {
        self.players.get(seat).map(|p| User::new(p.user_id.clone(), p.name.clone()))
    }

    /// The number of seats asked for (`options.players`).
    pub fn capacity(&self) -> usize {
        self.row
            .options
            .get("players")
            .and_then(serde_json::Value::as_u64)
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or_else(|| self.kind.default_players())
    }
}

/// Which games a command without `#id` may mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Want {
    /// Open invitations (join).
    Invitation,
    /// Invitations the user sits in (start).
    MyInvitation,
    /// Running games the user plays (move, resign, hand).
    MyRunning,
    /// Invitations or running games the user sits in (abort; an admin names another's
    /// game: `abort #N`).
    MyOpen,
    /// Running games; the user's own if exactly one (board, moves, export).
    Running,
}


/// The context of one request.
pub struct Ctx<'a> {
    pub table: &'a Table,
    pub origin: &'a Origin,
    /// The requester's language: for what goes to them alone ([`request_lang`]).
    pub lang: Lang,
    /// The language of the channel's posts: the scope's setting when it has one, else
    /// the requester's (`channel_lang`), so a German channel speaks German whoever
    /// triggered the post.
    pub channel_lang: Lang,
    pub admin: bool,
    /// The command being run, when there is one (examples in refusals name it).
    pub verb: Option<crate::grammar::Verb>,
    /// The channel's games that fit a want, read along with the request's settings
    /// (`Host::run`), for the command's [`crate::Table::select`].
    pub chosen: Option<&'a (Want, GameChoice)>,
    /// A move's board started before its game was read ([`crate::ahead`]).
    pub ahead: Option<&'a crate::ahead::AheadSlot>,
}

impl Ctx<'_> {
    /// `msg` in the requester's language (for what goes to them alone).
    pub fn text(&self, msg: &Msg) -> Text {
        self.table.texts.text(self.lang, msg)
    }

    /// `msg` in the channel's language (for a post everyone in the channel reads).
    pub fn channel_text(&self, msg: &Msg) -> Text {
        self.table.texts.text(self.channel_lang, msg)
    }

    /// This context speaking the channel's language throughout (for a whole channel post).
    pub fn in_channel(&self) -> Ctx<'_> {
        Ctx { lang: self.channel_lang, ..*self }
    }

    pub fn user_id(&self) -> &str {
        &self.origin.user.id
    }

    /// The Fluent `scope` argument for texts about where ratings and settings count:
    /// `server` when the request names one ([`Origin::scope`]), else `channel` (the
    /// channel or room is the scope).
    pub fn scope_word(&self) -> &'static str {
        if self.origin.server.is_some() { "server" } else { "channel" }
    }

    pub fn now(&self) -> i64 {
        self.table.clock.now_ms()
    }

    pub fn game_name(&self, kind: GameKind) -> &'static str {
        self.lang.game_name(kind)
    }
}

/// The origin of a request made on behalf of `user` in the channel of game `row` (an AI
/// seat's move or claim, which no adapter sends). Its language, where the channel has no
/// setting, is that of the first person at the table (`players`), so a German table hears
/// the AI in German.
pub fn seat_origin(row: &GameRow, players: &[PlayerRow], user: User) -> Origin {
    let lang = players
        .iter()
        .filter(|p| !crate::base::ai_seat::is_ai(&p.user_id))
        .find_map(|p| p.lang.as_deref().and_then(|l| l.parse().ok()));
    Origin {
        platform: row.platform.clone(),
        channel: row.channel.clone(),
        server: row.server.clone(),
        user,
        is_admin: false,
        lang,
    }
}

/// The context of a request from `origin` for `verb` that no adapter sent (the
/// scheduler's, on behalf of an AI seat), with its languages looked up.
pub async fn acting<'a>(table: &'a Table, origin: &'a Origin, verb: crate::grammar::Verb) -> Ctx<'a> {
    let language = table.options.language;
    let mut ctx = Ctx { table, origin, lang: language, channel_lang: language, admin: false, verb: Some(verb), chosen: None, ahead: None };
    (ctx.lang, ctx.channel_lang) = langs(&ctx).await;
    ctx
}

/// The language to answer a request in: the user's own choice (`language`), else the
/// scope's setting (server's, else channel's: an admin's `settings language=de` makes the
/// bot speak German there), else what the platform says (a Discord client's locale),
/// else the bot's.
pub async fn request_lang(ctx: &Ctx<'_>) -> Lang {
    let (mine, _) = langs(ctx).await;
    mine
}

/// The requester's language ([`request_lang`]) and the channel's: the scope's setting
/// when it has one, else the requester's.
pub async fn langs(ctx: &Ctx<'_>) -> (Lang, Lang) {
    langs_of(ctx, &request_settings(ctx).await)
}

/// What the request of `ctx` reads first ([`crate::store::settings::request_settings`]);
/// when the read fails (logged), no settings, and a challenge possibly due, so that the
/// channel's challenges are still read (and closed when due) as before.
pub async fn request_settings(ctx: &Ctx<'_>) -> crate::store::settings::RequestSettings {
    let origin = ctx.origin;
    let read = crate::store::settings::request_settings(
        &ctx.table.db,
        &origin.platform,
        origin.scope(),
        &origin.channel,
        &origin.user.id,
        ctx.now(),
    );
    read.await.unwrap_or_else(|e| {
        ctx.table.db.saw(&e);
        tracing::error!(error = %e, "reading the request's settings failed");
        crate::store::settings::RequestSettings { challenge_due: true, ..Default::default() }
    })
}

/// The requester's language and the channel's ([`langs`]) by `settings`.
pub fn langs_of(ctx: &Ctx<'_>, settings: &crate::store::settings::RequestSettings) -> (Lang, Lang) {
    let here = settings.scope_lang;
    let mine = settings.user_lang.or(here).or(ctx.origin.lang).unwrap_or(ctx.table.options.language);
    (mine, here.unwrap_or(mine))
}
