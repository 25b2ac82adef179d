//! The standings as a picture (issue 39): a table PNG drawn by `render::table` with the
//! place, the player, the points and the tie-breaks; a round robin adds each player's
//! starting number and the cross table (the points each scored against each starting
//! number, their own cell dark). Drawn on a blocking thread; `None` (logged) when
//! pictures are off or drawing fails, so the standings' text is always posted.

use crate::{
    base::i18n::{Lang, Msg, Texts},
    base::reply::Attachment,
    store::tournaments::{Entrant, PairingRow, System, TournamentRow},
};

use super::standings::{halves, quarters, Standing};

/// The table of the standings `lines` of `t` in `lang`, under `title`.
pub(super) fn table(texts: &Texts, lang: Lang, title: String, t: &TournamentRow, entrants: &[Entrant], pairings: &[PairingRow], lines: &[Standing]) -> render::table::Table {
    let word = |key: &str| texts.plain(lang, &Msg::new(key));
    let cross = t.system == System::RoundRobin;
    let mut header = vec![word("tournament-col-place"), word("tournament-col-player")];
    if cross {
        header.push(word("tournament-col-number"));
    }
    header.extend(["tournament-col-points", "tournament-col-cut", "tournament-col-buchholz", "tournament-col-sb", "tournament-col-wins"].map(word));
    let first_cross = header.len();
    if cross {
        header.extend(entrants.iter().map(|e| e.rank.to_string()));
    }
    let mut rows = Vec::with_capacity(lines.len());
    let mut dark = Vec::new();
    for (i, s) in lines.iter().enumerate() {
        let Some(e) = entrants.get(s.player) else { continue };
        let mut name = crate::base::ai_seat::shown_name(texts, lang, &e.user_id, &e.name);
        if e.left_at.is_some() {
            name = texts.plain(lang, &Msg::new("tournament-standing-left").arg("line", name));
        }
        let mut row = vec![s.place.to_string(), name];
        if cross {
            row.push(e.rank.to_string());
        }
        row.extend([
            halves(s.half_points),
            halves(s.buchholz_cut1_half),
            halves(s.buchholz_half),
            quarters(s.sonneborn_berger_quarters),
            s.wins.to_string(),
        ]);
        if cross {
            for (c, other) in entrants.iter().enumerate() {
                if c == s.player {
                    dark.push((i, first_cross + c));
                    row.push(String::new());
                    continue;
                }
                row.push(against(e, other, pairings).map(halves).unwrap_or_default());
            }
        }
        rows.push(row);
    }
    render::table::Table { title, header, rows, name_column: 1, dark, divider: cross.then_some(first_cross) }
}

/// The half-points `e` scored against `other` in their counted games (`None`: none yet).
fn against(e: &Entrant, other: &Entrant, pairings: &[PairingRow]) -> Option<u32> {
    let mut total = None;
    for p in pairings {
        let Some(result) = p.result.as_deref() else { continue };
        let Some(black) = p.black.as_deref() else { continue };
        let (w, b) = match result {
            "1-0" | "+-" => (2, 0),
            "0-1" | "-+" => (0, 2),
            "1/2" => (1, 1),
            _ => (0, 0),
        };
        if p.white == e.user_id && black == other.user_id {
            *total.get_or_insert(0) += w;
        } else if black == e.user_id && p.white == other.user_id {
            *total.get_or_insert(0) += b;
        }
    }
    total
}

/// Draws `table` on a blocking thread as `tournament-<id>-round-<round>.png`.
pub(super) async fn draw(table: render::table::Table, id: crate::base::ids::TournamentId, round: u32) -> Option<Attachment> {
    match tokio::task::spawn_blocking(move || render::table::table_png(&table)).await {
        Ok(Ok(bytes)) => Some(Attachment { name: format!("tournament-{id}-round-{round}.png"), mime: "image/png", bytes }),
        Ok(Err(e)) => {
            tracing::error!(tournament = %id, error = %e, "drawing the standings failed");
            None
        }
        Err(e) => {
            tracing::error!(tournament = %id, error = %e, "the standings' drawing task failed");
            None
        }
    }
}
