//! The game page's HTML (server-rendered by a compiled `maud` template: every text from
//! the Fluent files and every value is escaped as it is written, nothing is rewritten
//! afterwards), its script and its style; the head and the message pages (404, 500)
//! that the tournament page shares.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use commands::{Lang, Msg, Texts, store::Status, web::WebGame};

/// The page's script: stepping through the positions and following a running game.
pub const SCRIPT: &str = include_str!("page.js");
/// The page's style (game and tournament pages).
pub const STYLE: &str = include_str!("page.css");
/// Scripts, styles and images from this server only, nothing inline, no frames.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; img-src 'self'; script-src 'self'; style-src 'self'; \
     connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// A line break between elements: the HTML keeps one element a line, as it is read in
/// tests and by people viewing the source.
pub const NL: PreEscaped<&str> = PreEscaped("\n");

/// A whole page: the doctype, the head and `body` (a `body` element) in `lang`, titled
/// `title`; `statics` is where the static files are from the page (`../static/` from a
/// game or tournament page, `/static/` from a message page), written into the links as
/// they are made (issue 38: a player's name such as `STATIC/x` stays as typed).
pub fn document(lang: Lang, title: &str, statics: &str, body: Markup) -> String {
    html! {
        (DOCTYPE) (NL)
        html lang=(lang.code()) { (NL)
            head { (NL)
                meta charset="utf-8"; (NL)
                meta name="viewport" content="width=device-width, initial-scale=1"; (NL)
                meta name="robots" content="noindex"; (NL)
                title { (title) " · Spieltisch" } (NL)
                link rel="stylesheet" href=(format!("{statics}page.css")); (NL)
            } (NL)
            (body)
        } (NL)
    }
    .into_string()
}

/// Where the static files are from a page at `/…/g/<token>` or `/…/t/<token>`.
pub const STATICS: &str = "../static/";

/// The page of `game` for the link `token` in `lang`.
pub fn game(texts: &Texts, lang: Lang, token: &str, game: &WebGame) -> String {
    let t = |msg: Msg| texts.plain(lang, &msg);
    let last = game.last_position();
    let title = t(Msg::new("web-title").arg("id", game.id).arg("game", game.game.clone()));
    let query = format!("?t={}&lang={}", game.takebacks, lang.code());
    let live = game.status == Status::Running;
    let (first, previous, next, latest) = (t(Msg::new("web-first")), t(Msg::new("web-previous")), t(Msg::new("web-next")), t(Msg::new("web-last")));
    // The page is at /…/g/<token>: its files are at <token>/…, the static ones at ../static/.
    let body = html! {
        body data-token=(token) data-last=(last) data-takebacks=(game.takebacks) data-live=(u8::from(live))
            data-query=(query) data-position=(t(Msg::new("web-position").arg("n", "{n}").arg("total", "{total}"))) {
            (NL) header { (NL)
                h1 { (title) } (NL)
                p class="note" { (t(Msg::new("web-channel").arg("channel", game.channel.clone()))) } (NL)
            } (NL)
            main { (NL)
                section class="board" { (NL)
                    img id="board" src=(format!("{token}/{last}.png{query}")) alt=(t(Msg::new("web-board-alt").arg("n", last)))
                        data-alt0=(t(Msg::new("web-board-alt").arg("n", 0_i64))) data-alt1=(t(Msg::new("web-board-alt").arg("n", 1_i64)))
                        data-alt-n=(t(Msg::new("web-board-alt").arg("n", "{n}")));
                    (NL) div class="controls" { (NL)
                        button id="first" type="button" aria-label=(first) { "⇤" span class="word" { " " (first) } } (NL)
                        button id="prev" type="button" aria-label=(previous) { "◀" span class="word" { " " (previous) } } (NL)
                        input id="slider" type="range" min="0" max=(last) value=(last) step="1" aria-label=(t(Msg::new("web-position-label")));
                        (NL)
                        button id="next" type="button" aria-label=(next) { span class="word" { (next) " " } "▶" } (NL)
                        button id="last" type="button" aria-label=(latest) { span class="word" { (latest) " " } "⇥" } (NL)
                    } (NL)
                    p id="position" { (t(Msg::new("web-position").arg("n", last).arg("total", last))) } (NL)
                    p class="note" { (t(Msg::new("web-keys"))) } (NL)
                    // A finished game's review (issue 44): the graph under the board (in its
                    // column), and buttons to the previous and next marked move.
                    @if let Some(review) = &game.review {
                        div class="review" { (NL)
                            h2 { (t(Msg::new("web-review"))) } (NL)
                            div class="controls" { (NL)
                                button id="prev-mark" type="button" { "◀ " (t(Msg::new("web-review-previous"))) } (NL)
                                button id="next-mark" type="button" { (t(Msg::new("web-review-next"))) " ▶" } (NL)
                            } (NL)
                            img id="review" src=(format!("{token}/review.png?lang={}", lang.code()))
                                alt=(t(Msg::new("web-review-alt").arg("count", review.marks.iter().flatten().count())));
                            (NL)
                        } (NL)
                    }
                } (NL)
                // The hand in a section of its own, the page's full width (under the board on
                // a phone, under board and list on a wide screen): its words stay readable.
                @if game.has_hand {
                    section class="hand" { (NL)
                        h2 { (t(Msg::new("web-your-hand"))) } (NL)
                        img id="hand" src=(format!("{token}/hand.png?seq={last}&lang={}", lang.code())) alt=(t(Msg::new("web-hand-alt")));
                        (NL)
                    } (NL)
                }
                aside { (NL)
                    h2 { (t(Msg::new("web-players"))) } (NL)
                    ul class="players" { (NL)
                        @for player in &game.players {
                            li class=[player_class(player.to_move, player.left)] {
                                (player.name)
                                @if let Some(score) = &player.score { " · " (score) }
                                @if player.left { " · " (t(Msg::new("web-left"))) }
                                @if player.to_move {
                                    " · " (t(Msg::new("web-to-move")))
                                    @if let Some(left) = &player.time_left {
                                        " (" (t(Msg::new("web-time-left").arg("time", left.clone()))) ")"
                                    } @else if player.time_up {
                                        " (" (t(Msg::new("web-time-up"))) ")"
                                    }
                                }
                            } (NL)
                        }
                    } (NL)
                    p class="status" {
                        @for (i, line) in game.status_lines.iter().enumerate() {
                            @if i > 0 { br; (NL) }
                            (line)
                        }
                    } (NL)
                    h2 { (t(Msg::new("web-moves"))) } (NL)
                    @if game.moves.is_empty() {
                        p class="note" { (t(Msg::new("web-no-moves"))) } (NL)
                    }
                    ol id="moves" { (NL)
                        @for (i, words) in game.moves.iter().enumerate() {
                            @let mark = game.review.as_ref().and_then(|r| r.marks.get(i).copied().flatten());
                            li class=[move_class(i + 1 == last, mark)] {
                                a href=(format!("#{}", i + 1)) { (words) }
                                // The mark's name after the move, for every reader (not only by colour).
                                @if let Some((_, name)) = mark.and_then(|m| game.review.as_ref().and_then(|r| r.names.iter().find(|(w, _)| *w == m))) {
                                    " " span class="mark-name" { "(" (name) ")" }
                                }
                            } (NL)
                        }
                    } (NL)
                    p class="note" { (t(Msg::new(if live { "web-live" } else { "web-over" }))) } (NL)
                    p { a href=(format!("{token}/record.json")) { (t(Msg::new("web-record"))) } } (NL)
                } (NL)
            } (NL)
            script src=(format!("{STATICS}page.js")) {} (NL)
        } (NL)
    };
    document(lang, &title, STATICS, body)
}

/// A player's line's class: to move, or left the game.
fn player_class(to_move: bool, left: bool) -> Option<&'static str> {
    match (to_move, left) {
        (true, _) => Some("to-move"),
        (false, true) => Some("left"),
        (false, false) => None,
    }
}

/// A move's class in the list: the current one, and its review mark.
fn move_class(current: bool, mark: Option<&str>) -> Option<String> {
    match (current, mark) {
        (true, Some(mark)) => Some(format!("current mark {mark}")),
        (true, None) => Some("current".to_string()),
        (false, Some(mark)) => Some(format!("mark {mark}")),
        (false, None) => None,
    }
}

/// The page for an unknown link or position (served with status 404): `body` names
/// what was not found (`web-not-found`: a game page, `web-tournament-not-found`).
pub fn not_found(texts: &Texts, lang: Lang, body: &str) -> String {
    message_page(texts, lang, "web-not-found-title", body)
}

/// The page for a failure of ours (status 500): nothing about its cause.
pub fn failed(texts: &Texts, lang: Lang) -> String {
    message_page(texts, lang, "web-failed-title", "web-failed")
}

fn message_page(texts: &Texts, lang: Lang, title: &str, body: &str) -> String {
    let title = texts.plain(lang, &Msg::new(title));
    // A message page can sit at any depth: its style comes from the root.
    let text = texts.plain(lang, &Msg::new(body));
    document(lang, &title, "/static/", html! {
        body { (NL)
            h1 { (title) } (NL)
            p { (text) } (NL)
        } (NL)
    })
}
