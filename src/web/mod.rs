//! The web page per game (`[web]`): a small axum server on the bot's runtime.
//!
//! Routes (`<token>`: the game's unguessable link, see [`commands::web`]):
//!
//! * `GET /g/<token>`: the page (HTML, server-rendered; `?lang=de` or
//!   `Accept-Language` choose English or German) with the latest board, the players,
//!   scores, whose turn and the time left, the move list, and a slider, buttons and
//!   arrow keys to step through every position (`#12` in the URL shows position 12).
//!   A running game's page polls `version.json` and reloads when someone moved.
//! * `GET /g/<token>/<n>.png`: the spectator board after `n` moves; immutable
//!   (`Cache-Control: immutable`, a strong `ETag`, `304` on `If-None-Match`).
//! * `GET /g/<token>/hand.png`: the hand of the player whose link it is (never cached).
//! * `GET /g/<token>/review.png`: the graph of a finished game's review, once computed.
//! * `GET /g/<token>/record.json`: the public record (a running game's without setup and
//!   seed); `GET /g/<token>/version.json`: `{seq, takebacks, finished}` for polling.
//! * `GET /t/<token>`: a tournament's page (issue 39): its state, the standings with
//!   the tie-breaks (a round robin's cross table), every round's pairings and results,
//!   each game linking to its game page, the bye; `GET /t/<token>/version.json`: what
//!   its polling compares (`{stage, round, entrants, left, ended, moves}`).
//! * `GET /static/page.js`, `/static/page.css`, `/static/tournament.js`: the pages'
//!   scripts and style.
//!
//! Anything else, an unknown token (also one that is not UTF-8) or a position past the
//! last move is a `404` page. Every answer the router gives (also a `405` for another
//! method) carries `Referrer-Policy: no-referrer` (the token is in the URL),
//! `X-Content-Type-Options: nosniff` and `X-Robots-Tag: noindex, nofollow`, set by the
//! outermost layer; pages a strict `Content-Security-Policy`.

mod connections;
mod page;
mod tournament;

pub use connections::Limits;

use std::sync::Arc;

use axum::{
    Router,
    extract::{Path, RawQuery, State, rejection::PathRejection},
    http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use commands::{Host, Lang};
use tower_http::set_header::SetResponseHeaderLayer;

/// What the handlers share: the host, and a bound on boards drawn at once (drawing is
/// CPU work: more at once than cores only queues behind each other).
#[derive(Clone)]
struct Web {
    host: Arc<Host>,
    drawing: Arc<tokio::sync::Semaphore>,
}

/// The web server's routes over `host` (see the module docs).
pub fn router(host: Arc<Host>) -> Router {
    let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
    let web = Web { host, drawing: Arc::new(tokio::sync::Semaphore::new(cores)) };
    Router::new()
        .route("/g/{token}", get(game_page))
        .route("/g/{token}/{file}", get(game_file))
        .route("/t/{token}", get(tournament_page))
        .route("/t/{token}/{file}", get(tournament_file))
        .route("/static/page.js", get(|| async { asset("text/javascript; charset=utf-8", page::SCRIPT) }))
        .route("/static/page.css", get(|| async { asset("text/css; charset=utf-8", page::STYLE) }))
        .route("/static/tournament.js", get(|| async { asset("text/javascript; charset=utf-8", tournament::SCRIPT) }))
        .fallback(not_found_anywhere)
        .with_state(web)
        // Outermost, so that no answer lacks them (axum's 405, a rejected extraction).
        .layer(SetResponseHeaderLayer::overriding(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::overriding(HeaderName::from_static("x-robots-tag"), HeaderValue::from_static("noindex, nofollow")))
}

/// Serves the web page on `listener` until the process ends, within the default
/// [`Limits`].
///
/// # Errors
/// The I/O error that stopped the server.
pub async fn serve(listener: tokio::net::TcpListener, host: Arc<Host>) -> std::io::Result<()> {
    serve_bounded(listener, host, Limits::default()).await
}

/// As [`serve`], within `limits`: how many connections at once, how long one may send
/// nothing or take nothing of its answer, how long one may live.
///
/// # Errors
/// The I/O error that stopped the server.
pub async fn serve_bounded(listener: tokio::net::TcpListener, host: Arc<Host>, limits: Limits) -> std::io::Result<()> {
    axum::serve(connections::Bounded::new(listener, limits), router(host)).await
}

/// The page's language: `?lang=de|en`, else the first of `Accept-Language` (by its
/// weights) that the bot speaks, else the bot's default.
fn language(query: Option<&str>, headers: &HeaderMap, default: Lang) -> Lang {
    let asked = query.into_iter().flat_map(|q| q.split('&')).find_map(|pair| pair.strip_prefix("lang="));
    if let Some(lang) = asked.and_then(|code| code.parse::<Lang>().ok()) {
        return lang;
    }
    let Some(accept) = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()) else { return default };
    let mut ranges: Vec<(f32, Lang)> = accept
        .split(',')
        .filter_map(|range| {
            let mut parts = range.trim().split(';');
            let tag = parts.next()?.trim();
            let weight = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
            let primary = tag.split('-').next()?.to_ascii_lowercase();
            Some((weight, primary.parse::<Lang>().ok()?))
        })
        .filter(|(weight, _)| *weight > 0.0)
        .collect();
    ranges.sort_by(|a, b| b.0.total_cmp(&a.0));
    ranges.first().map_or(default, |(_, lang)| *lang)
}

fn asset(mime: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, mime), (header::CACHE_CONTROL, "public, max-age=3600")], body).into_response()
}

fn html(status: StatusCode, body: String) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
            (header::CONTENT_SECURITY_POLICY, page::CONTENT_SECURITY_POLICY),
        ],
        body,
    )
        .into_response()
}

fn not_found(host: &Host, lang: Lang) -> Response {
    html(StatusCode::NOT_FOUND, page::not_found(host.texts(), lang, "web-not-found"))
}

fn no_tournament(host: &Host, lang: Lang) -> Response {
    html(StatusCode::NOT_FOUND, page::not_found(host.texts(), lang, "web-tournament-not-found"))
}

/// A storage failure: logged with its cause, shown as a plain "try again" page.
fn failed(host: &Host, lang: Lang, what: &str, error: &commands::store::StorageError) -> Response {
    tracing::error!(error = %error, what, "the web page could not be served");
    html(StatusCode::INTERNAL_SERVER_ERROR, page::failed(host.texts(), lang))
}

async fn not_found_anywhere(State(web): State<Web>, RawQuery(query): RawQuery, headers: HeaderMap) -> Response {
    not_found(&web.host, language(query.as_deref(), &headers, web.host.language()))
}

/// A token or file name that is not UTF-8 (`/g/%FF%FE`) is no token: a `404` like any
/// unknown one, not axum's plain-text `400`.
async fn game_page(
    State(web): State<Web>,
    path: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let lang = language(query.as_deref(), &headers, web.host.language());
    let Ok(Path(token)) = path else { return not_found(&web.host, lang) };
    match web.host.web_game(&token, lang).await {
        Ok(Some(game)) => html(StatusCode::OK, page::game(web.host.texts(), lang, &token, &game)),
        Ok(None) => not_found(&web.host, lang),
        Err(e) => failed(&web.host, lang, "page", &e),
    }
}

/// A tournament's page. Its version is read before the page, so that a change between
/// the two reads makes the script reload once more rather than miss it.
async fn tournament_page(
    State(web): State<Web>,
    path: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let lang = language(query.as_deref(), &headers, web.host.language());
    let host = &web.host;
    let Ok(Path(token)) = path else { return no_tournament(host, lang) };
    let version = match host.web_tournament_version(&token).await {
        Ok(Some(version)) => serde_json::to_string(&version).unwrap_or_default(),
        Ok(None) => return no_tournament(host, lang),
        Err(e) => return failed(host, lang, "tournament version", &e),
    };
    match host.web_tournament(&token, lang).await {
        Ok(Some(t)) => html(StatusCode::OK, tournament::page(host.texts(), lang, &version, &t)),
        Ok(None) => no_tournament(host, lang),
        Err(e) => failed(host, lang, "tournament page", &e),
    }
}

/// A file of a tournament's link: only `version.json` (`{stage, round, entrants, left,
/// ended, moves}`, for polling).
async fn tournament_file(
    State(web): State<Web>,
    path: Result<Path<(String, String)>, PathRejection>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let lang = language(query.as_deref(), &headers, web.host.language());
    let host = &web.host;
    let Ok(Path((token, file))) = path else { return no_tournament(host, lang) };
    if file != "version.json" {
        return no_tournament(host, lang);
    }
    match host.web_tournament_version(&token).await {
        Ok(Some(version)) => json(serde_json::to_vec(&version).unwrap_or_default(), "no-store"),
        Ok(None) => no_tournament(host, lang),
        Err(e) => failed(host, lang, "tournament version", &e),
    }
}

/// A file of a game's link. Each position has one address (issue 38): a percent escape
/// (`%31.png`) or a leading zero (`01.png`) names no file, so caches and crawlers never
/// hold one board under several names.
async fn game_file(
    State(web): State<Web>,
    path: Result<Path<(String, String)>, PathRejection>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    uri: axum::http::Uri,
) -> Response {
    let lang = language(query.as_deref(), &headers, web.host.language());
    let host = &web.host;
    let Ok(Path((token, file))) = path else { return not_found(host, lang) };
    if uri.path().contains('%') {
        return not_found(host, lang);
    }
    match file.as_str() {
        "record.json" => match host.web_record(&token).await {
            Ok(Some(record)) => json(serde_json::to_vec_pretty(&record).unwrap_or_default(), "no-cache"),
            Ok(None) => not_found(host, lang),
            Err(e) => failed(host, lang, "record", &e),
        },
        "version.json" => match host.web_version(&token).await {
            Ok(Some(version)) => json(serde_json::to_vec(&version).unwrap_or_default(), "no-store"),
            Ok(None) => not_found(host, lang),
            Err(e) => failed(host, lang, "version", &e),
        },
        "review.png" => {
            let Ok(_permit) = web.drawing.acquire().await else { return not_found(host, lang) };
            match host.web_review_png(&token, lang).await {
                // A review never changes once computed, but its words follow `lang`.
                Ok(Some(png)) => png_response(png, "public, max-age=3600", None),
                Ok(None) => not_found(host, lang),
                Err(e) => failed(host, lang, "review", &e),
            }
        }
        "hand.png" => {
            let Ok(_permit) = web.drawing.acquire().await else { return not_found(host, lang) };
            match host.web_hand(&token, lang).await {
                Ok(Some(png)) => png_response(png, "private, no-store", None),
                Ok(None) => not_found(host, lang),
                Err(e) => failed(host, lang, "hand", &e),
            }
        }
        name => {
            // `<n>.png`: digits only, and not absurdly many (a position is a log index).
            let Some(n) = name
                .strip_suffix(".png")
                .filter(|n| !n.is_empty() && n.len() <= 6 && n.bytes().all(|b| b.is_ascii_digit()))
                .filter(|n| *n == "0" || !n.starts_with('0'))
                .and_then(|n| n.parse::<usize>().ok())
            else {
                return not_found(host, lang);
            };
            let Ok(_permit) = web.drawing.acquire().await else { return not_found(host, lang) };
            match host.web_board(&token, n, lang).await {
                Ok(Some(board)) => {
                    let unchanged = headers
                        .get(header::IF_NONE_MATCH)
                        .and_then(|v| v.to_str().ok())
                        .is_some_and(|tags| tags.split(',').any(|t| t.trim() == board.etag || t.trim() == "*"));
                    if unchanged {
                        return (
                            StatusCode::NOT_MODIFIED,
                            [(header::ETAG, board.etag.clone()), (header::CACHE_CONTROL, IMMUTABLE.to_string())],
                        )
                            .into_response();
                    }
                    png_response(board.png.as_ref().clone(), IMMUTABLE, Some(board.etag))
                }
                Ok(None) => not_found(host, lang),
                Err(e) => failed(host, lang, "board", &e),
            }
        }
    }
}

/// A board of a position never changes (after a take-back the page asks with another
/// `?t=`): caches may keep it for a year.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

fn json(body: Vec<u8>, cache: &'static str) -> Response {
    ([(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, cache)], body).into_response()
}

fn png_response(png: Vec<u8>, cache: &'static str, etag: Option<String>) -> Response {
    let mut response =
        ([(header::CONTENT_TYPE, "image/png"), (header::CACHE_CONTROL, cache)], png).into_response();
    if let Some(tag) = etag.and_then(|t| HeaderValue::from_str(&t).ok()) {
        response.headers_mut().insert(header::ETAG, tag);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accept(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_str(value).expect("a header value"));
        headers
    }

    #[test]
    fn the_language_comes_from_the_query_then_the_browser() {
        assert_eq!(language(Some("lang=de"), &HeaderMap::new(), Lang::En), Lang::De);
        assert_eq!(language(Some("t=0&lang=en"), &accept("de"), Lang::De), Lang::En);
        assert_eq!(language(None, &accept("de-AT,de;q=0.9,en;q=0.8"), Lang::En), Lang::De);
        assert_eq!(language(None, &accept("fr-FR, en;q=0.5, de;q=0.7"), Lang::En), Lang::De);
        assert_eq!(language(None, &accept("fr, de;q=0"), Lang::En), Lang::En, "q=0 means not this one");
        assert_eq!(language(Some("lang=xx"), &accept("zh"), Lang::De), Lang::De, "nothing we speak: the default");
    }
}
