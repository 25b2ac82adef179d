//! The replay strip of a finished game as an attachment (drawn by [`render::strip`]).

use rules::Match;

use crate::base::reply::Attachment;

/// The strip as an attachment for game `id`, its words in `lang`; `None` (logged) when
/// it cannot be drawn.
pub(crate) async fn strip(
    id: crate::base::ids::GameId,
    start: Box<dyn Match>,
    log: Vec<String>,
    names: Vec<String>,
    lang: crate::base::i18n::Lang,
) -> Option<Attachment> {
    let drawn = tokio::task::spawn_blocking(move || render::strip::strip_png(start, &log, &names, lang)).await;
    match drawn {
        Ok(Ok(bytes)) => Some(Attachment { name: format!("game-{id}-replay.png"), mime: "image/png", bytes }),
        Ok(Err(e)) => {
            tracing::warn!(game = %id, error = %e, "the replay strip could not be drawn");
            None
        }
        Err(e) => {
            tracing::warn!(game = %id, error = %e, "the replay strip task failed");
            None
        }
    }
}
