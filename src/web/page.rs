//! The game page's HTML (server-rendered; every text from the Fluent files, every
//! value escaped), its script and its style.

use std::fmt::Write;

use commands::{Lang, Msg, Texts, store::Status, web::WebGame};

use crate::html::escape;

/// The page's script: stepping through the positions and following a running game.
pub const SCRIPT: &str = include_str!("page.js");
/// The page's style.
pub const STYLE: &str = include_str!("page.css");
/// Scripts, styles and images from this server only, nothing inline, no frames.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; img-src 'self'; script-src 'self'; style-src 'self'; \
     connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The page's head; `statics` is where the static files are from the page (`../static/`
/// from a game page, `/static/` from a message page), written into the links as they are
/// made: nothing is rewritten afterwards, so a player's name such as `STATIC/x` stays as
/// typed (issue 38).
fn head(out: &mut String, lang: Lang, title: &str, statics: &str) {
    let _ = write!(
        out,
        "<!doctype html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"robots\" content=\"noindex\">\n<title>{} · Spieltisch</title>\n\
         <link rel=\"stylesheet\" href=\"{statics}page.css\">\n</head>\n",
        lang.code(),
        escape(title)
    );
}

/// The page of `game` for the link `token` in `lang`.
pub fn game(texts: &Texts, lang: Lang, token: &str, game: &WebGame) -> String {
    let t = |msg: Msg| escape(&texts.plain(lang, &msg));
    let last = game.last_position();
    let title = texts.plain(lang, &Msg::new("web-title").arg("id", game.id).arg("game", game.game.clone()));
    let query = format!("?t={}&lang={}", game.takebacks, lang.code());
    let live = game.status == Status::Running;
    let mut out = String::with_capacity(8 * 1024);
    // The page is at /…/g/<token>: its files are at <token>/…, the static ones at ../static/.
    head(&mut out, lang, &title, GAME_STATICS);
    let _ = write!(
        out,
        "<body data-token=\"{token}\" data-last=\"{last}\" data-takebacks=\"{takebacks}\" \
         data-live=\"{live}\" data-query=\"{query}\" data-position=\"{position}\">\n\
         <header>\n<h1>{title}</h1>\n<p class=\"note\">{channel}</p>\n</header>\n<main>\n<section class=\"board\">\n",
        token = escape(token),
        takebacks = game.takebacks,
        live = u8::from(live),
        query = escape(&query),
        position = t(Msg::new("web-position").arg("n", "{n}").arg("total", "{total}")),
        title = escape(&title),
        channel = t(Msg::new("web-channel").arg("channel", game.channel.clone())),
    );
    let _ = write!(
        out,
        "<img id=\"board\" src=\"{token}/{last}.png{query}\" alt=\"{alt}\" data-alt0=\"{alt0}\" data-alt1=\"{alt1}\" \
         data-alt-n=\"{altn}\">\n<div class=\"controls\">\n\
         <button id=\"first\" type=\"button\" aria-label=\"{first}\">⇤<span class=\"word\"> {first}</span></button>\n\
         <button id=\"prev\" type=\"button\" aria-label=\"{previous}\">◀<span class=\"word\"> {previous}</span></button>\n\
         <input id=\"slider\" type=\"range\" min=\"0\" max=\"{last}\" value=\"{last}\" step=\"1\" aria-label=\"{label}\">\n\
         <button id=\"next\" type=\"button\" aria-label=\"{next}\"><span class=\"word\">{next} </span>▶</button>\n\
         <button id=\"last\" type=\"button\" aria-label=\"{latest}\"><span class=\"word\">{latest} </span>⇥</button>\n</div>\n\
         <p id=\"position\">{position}</p>\n<p class=\"note\">{keys}</p>\n",
        token = escape(token),
        query = escape(&query),
        alt = t(Msg::new("web-board-alt").arg("n", last)),
        alt0 = t(Msg::new("web-board-alt").arg("n", 0_i64)),
        alt1 = t(Msg::new("web-board-alt").arg("n", 1_i64)),
        altn = t(Msg::new("web-board-alt").arg("n", "{n}")),
        first = t(Msg::new("web-first")),
        previous = t(Msg::new("web-previous")),
        label = t(Msg::new("web-position-label")),
        next = t(Msg::new("web-next")),
        latest = t(Msg::new("web-last")),
        position = t(Msg::new("web-position").arg("n", last).arg("total", last)),
        keys = t(Msg::new("web-keys")),
    );
    // A finished game's review (issue 44): the graph under the board (in its column), and buttons to the
    // previous and next marked move.
    if let Some(review) = &game.review {
        let _ = write!(
            out,
            "<div class=\"review\">\n<h2>{heading}</h2>\n<div class=\"controls\">\n\
             <button id=\"prev-mark\" type=\"button\">◀ {previous}</button>\n\
             <button id=\"next-mark\" type=\"button\">{next} ▶</button>\n</div>\n\
             <img id=\"review\" src=\"{token}/review.png?lang={lang}\" alt=\"{alt}\">\n</div>\n",
            heading = t(Msg::new("web-review")),
            previous = t(Msg::new("web-review-previous")),
            next = t(Msg::new("web-review-next")),
            token = escape(token),
            lang = lang.code(),
            alt = t(Msg::new("web-review-alt").arg("count", review.marks.iter().flatten().count())),
        );
    }
    out.push_str("</section>\n");
    // The hand in a section of its own, the page's full width (under the board on a
    // phone, under board and list on a wide screen): its words stay readable.
    if game.has_hand {
        let _ = write!(
            out,
            "<section class=\"hand\">\n<h2>{hand}</h2>\n<img id=\"hand\" src=\"{}/hand.png?seq={last}&amp;lang={}\" alt=\"{alt}\">\n</section>\n",
            escape(token),
            lang.code(),
            hand = t(Msg::new("web-your-hand")),
            alt = t(Msg::new("web-hand-alt")),
        );
    }
    out.push_str("<aside>\n");
    let _ = write!(out, "<h2>{}</h2>\n<ul class=\"players\">\n", t(Msg::new("web-players")));
    for player in &game.players {
        let mut line = escape(&player.name);
        if let Some(score) = &player.score {
            let _ = write!(line, " · {}", escape(score));
        }
        if player.left {
            let _ = write!(line, " · {}", t(Msg::new("web-left")));
        }
        if player.to_move {
            let _ = write!(line, " · {}", t(Msg::new("web-to-move")));
            if let Some(left) = &player.time_left {
                let _ = write!(line, " ({})", t(Msg::new("web-time-left").arg("time", left.clone())));
            } else if player.time_up {
                let _ = write!(line, " ({})", t(Msg::new("web-time-up")));
            }
        }
        let class = match (player.to_move, player.left) {
            (true, _) => " class=\"to-move\"",
            (false, true) => " class=\"left\"",
            (false, false) => "",
        };
        let _ = writeln!(out, "<li{class}>{line}</li>");
    }
    out.push_str("</ul>\n<p class=\"status\">");
    out.push_str(&game.status_lines.iter().map(|l| escape(l)).collect::<Vec<_>>().join("<br>\n"));
    out.push_str("</p>\n");
    let _ = writeln!(out, "<h2>{}</h2>", t(Msg::new("web-moves")));
    if game.moves.is_empty() {
        let _ = writeln!(out, "<p class=\"note\">{}</p>", t(Msg::new("web-no-moves")));
    }
    out.push_str("<ol id=\"moves\">\n");
    for (i, words) in game.moves.iter().enumerate() {
        let mark = game.review.as_ref().and_then(|r| r.marks.get(i).copied().flatten());
        let class = match (i + 1 == last, mark) {
            (true, Some(mark)) => format!(" class=\"current mark {mark}\""),
            (true, None) => " class=\"current\"".to_string(),
            (false, Some(mark)) => format!(" class=\"mark {mark}\""),
            (false, None) => String::new(),
        };
        // The mark's name after the move, for every reader (not only by colour).
        let named = mark
            .and_then(|m| game.review.as_ref().and_then(|r| r.names.iter().find(|(w, _)| *w == m)))
            .map(|(_, name)| format!(" <span class=\"mark-name\">({})</span>", escape(name)))
            .unwrap_or_default();
        let _ = writeln!(out, "<li{class}><a href=\"#{}\">{}</a>{named}</li>", i + 1, escape(words));
    }
    out.push_str("</ol>\n");
    let state = if live { t(Msg::new("web-live")) } else { t(Msg::new("web-over")) };
    let _ = write!(
        out,
        "<p class=\"note\">{state}</p>\n<p><a href=\"{}/record.json\">{}</a></p>\n</aside>\n</main>\n\
         <script src=\"{GAME_STATICS}page.js\"></script>\n</body>\n</html>\n",
        escape(token),
        t(Msg::new("web-record")),
    );
    out
}

/// Where the static files are from a game page (`/…/g/<token>`).
const GAME_STATICS: &str = "../static/";

/// The page for an unknown link or position (served with status 404).
pub fn not_found(texts: &Texts, lang: Lang) -> String {
    message_page(texts, lang, "web-not-found-title", "web-not-found")
}

/// The page for a failure of ours (status 500): nothing about its cause.
pub fn failed(texts: &Texts, lang: Lang) -> String {
    message_page(texts, lang, "web-failed-title", "web-failed")
}

fn message_page(texts: &Texts, lang: Lang, title: &str, body: &str) -> String {
    let title = texts.plain(lang, &Msg::new(title));
    let mut out = String::new();
    // A message page can sit at any depth: its style comes from the root.
    head(&mut out, lang, &title, "/static/");
    let _ = write!(
        out,
        "<body>\n<h1>{}</h1>\n<p>{}</p>\n</body>\n</html>\n",
        escape(&title),
        escape(&texts.plain(lang, &Msg::new(body)))
    );
    out
}
