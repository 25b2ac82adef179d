//! The web page's boards already drawn (see `crate::web`): a position's board never
//! changes for a given take-back count, so it is drawn once per language.

use std::{
    num::NonZeroUsize,
    sync::{Arc, Mutex},
};

use crate::base::{i18n::Lang, ids::GameId};

/// Boards kept drawn (each position is immutable for a given take-back count): about
/// 150 KB each, so at most ~40 MB.
const BOARDS_KEPT: usize = 256;

/// A board PNG of one position with its entity tag.
#[derive(Debug, Clone)]
pub struct WebBoard {
    pub png: Arc<Vec<u8>>,
    /// A strong HTTP entity tag (quoted), the same for the same picture.
    pub etag: String,
}

/// Boards already drawn, by (game, take-backs, position, language).
pub struct BoardCache(Mutex<lru::LruCache<(GameId, i64, usize, Lang), WebBoard>>);

impl Default for BoardCache {
    fn default() -> Self {
        BoardCache(Mutex::new(lru::LruCache::new(NonZeroUsize::new(BOARDS_KEPT).unwrap_or(NonZeroUsize::MIN))))
    }
}

impl std::fmt::Debug for BoardCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BoardCache")
    }
}

impl BoardCache {
    pub fn get(&self, key: &(GameId, i64, usize, Lang)) -> Option<WebBoard> {
        self.0.lock().ok()?.get(key).cloned()
    }

    pub fn put(&self, key: (GameId, i64, usize, Lang), board: WebBoard) {
        if let Ok(mut cache) = self.0.lock() {
            cache.put(key, board);
        }
    }
}

