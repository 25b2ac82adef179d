//! A tournament's page (`/t/<token>`; issue 39): its state, the standings table (with a
//! round robin's cross table) and every round's pairings, each game linking to its game
//! page (`../g/<token>`). Server-rendered by a `maud` template (every value escaped);
//! while the tournament is open or running its script polls `version.json` and reloads
//! when a result, a move, an entrant or the round changed.

use maud::{Markup, html};

use commands::{Lang, Msg, Texts, web::WebTournament};

use super::page::{NL, STATICS, document};

/// The tournament page's script: following a running tournament.
pub const SCRIPT: &str = include_str!("tournament.js");

/// The page of `tournament` in `lang`; `version` is what its `version.json` says now
/// (the script reloads when that changes).
pub fn page(texts: &Texts, lang: Lang, version: &str, tournament: &WebTournament) -> String {
    let t = |key: &str| texts.plain(lang, &Msg::new(key));
    let body = html! {
        body class="tournament" data-live=(u8::from(tournament.live())) data-version=(version) { (NL)
            header { (NL)
                h1 { (tournament.title) } (NL)
                p class="note" { (texts.plain(lang, &Msg::new("web-channel").arg("channel", tournament.channel.clone()))) } (NL)
                p id="state" { (tournament.state) } (NL)
            } (NL)
            main { (NL)
                @if let Some(signup) = &tournament.signup {
                    p id="signup" { (signup) } (NL)
                }
                @if let Some(table) = &tournament.standings {
                    section class="standings" { (NL)
                        h2 { (t("web-tournament-standings")) } (NL)
                        (standings(table)) (NL)
                        @if tournament.series {
                            p class="note" { (t("web-tournament-legend-series")) } (NL)
                        } @else {
                            p class="note" { (t("web-tournament-legend")) } (NL)
                        }
                        @if table.divider.is_some() && !tournament.series {
                            p class="note" { (t("web-tournament-legend-cross")) } (NL)
                        }
                    } (NL)
                }
                section class="rounds" { (NL)
                    h2 { (t("web-tournament-rounds")) } (NL)
                    @if tournament.rounds.is_empty() {
                        p class="note" { (t("web-tournament-no-rounds")) } (NL)
                    }
                    @for round in &tournament.rounds {
                        h3 id=(format!("round-{}", round.round)) { (round.title) } (NL)
                        ul class="pairings" { (NL)
                            @for pairing in &round.pairings {
                                li class=[pairing.bye.then_some("bye")] {
                                    @if let Some((id, token)) = &pairing.game {
                                        a href=(format!("../g/{token}")) { "#" (id) } " "
                                    }
                                    (pairing.text)
                                } (NL)
                            }
                        } (NL)
                    }
                } (NL)
                @if tournament.live() {
                    p class="note" { (t("web-tournament-live")) } (NL)
                }
            } (NL)
            script src=(format!("{STATICS}tournament.js")) {} (NL)
        } (NL)
    };
    document(lang, &tournament.title, STATICS, body)
}

/// The standings as an HTML table under the picture's title (outside the table, which
/// scrolls sideways on a phone): its header, a row per player (the name column marked
/// for the style and cut short on a phone, the whole name in its `title`; the cross
/// table's first column after a divider, each player's own cell of it dark).
fn standings(table: &render::table::Table) -> Markup {
    let class = |row: Option<usize>, col: usize| -> Option<&'static str> {
        let own = row.is_some_and(|r| table.dark.contains(&(r, col)));
        match (col == table.name_column, Some(col) == table.divider, own) {
            (true, _, _) => Some("name"),
            (false, true, true) => Some("num cross own"),
            (false, true, false) => Some("num cross"),
            (false, false, true) => Some("num own"),
            (false, false, false) => Some("num"),
        }
    };
    html! {
        p class="caption" { (table.title) } (NL)
        div class="scroll" { (NL)
            table id="standings" { (NL)
                thead { tr { @for (c, head) in table.header.iter().enumerate() { th scope="col" class=[class(None, c)] { (head) } } } } (NL)
                tbody { (NL)
                    @for (r, row) in table.rows.iter().enumerate() {
                        tr {
                            @for (c, cell) in row.iter().enumerate() {
                                @if c == table.name_column { td class="name" title=(cell) { (cell) } } @else { td class=[class(Some(r), c)] { (cell) } }
                            }
                        } (NL)
                    }
                } (NL)
            } (NL)
        }
    }
}
