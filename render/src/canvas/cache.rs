//! What drawings keep between boards: sprites, shapes and backgrounds, by key, each
//! store bounded in bytes.

use super::*;

/// The name of a kept sprite or background: a kind and the numbers it depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SpriteKey {
    kind: &'static str,
    values: [u32; 6],
}

impl SpriteKey {
    /// The key of `kind` drawn with `values` (colours, sizes as `f32::to_bits`, offsets,
    /// language, player count: whatever the drawing depends on; unused values 0).
    pub const fn new(kind: &'static str, values: [u32; 6]) -> SpriteKey {
        SpriteKey { kind, values }
    }
}

/// The most bytes of sprites kept (a bound on memory whatever the views ask for; beyond
/// it the store starts afresh). All sprites of all five games take a few MB.
pub const SPRITE_BYTES: usize = 48 << 20;
/// The most bytes of one-colour shapes kept as runs (`Canvas::draw_path`): boards
/// repeat most of theirs, but a last move's path may be new each time, so the store
/// starts afresh now and then (without touching the sprites).
pub const SHAPE_BYTES: usize = 16 << 20;
/// The most bytes of backgrounds kept (a background is about 1.2 MB of palette indices
/// and colour tables; about 80 fit, more than the layouts and languages a server uses at
/// once).
pub const BACKGROUND_BYTES: usize = 96 << 20;

/// Kept pictures by key, their total size in bytes, and the size beyond which the store
/// starts afresh.
pub(super) struct Store<T> {
    pub(super) kept: Mutex<(HashMap<SpriteKey, Arc<T>>, usize)>,
    pub(super) limit: usize,
}

/// A picture that can be kept: its size in bytes.
pub(super) trait Kept {
    fn bytes(&self) -> usize;
}

/// A kept sprite: its pixels, the same as runs for frames, and the colours it was
/// painted with.
pub(super) struct Sprite {
    pub(super) pixmap: Pixmap,
    pub(super) spans: Spans,
    pub(super) painted: Vec<Rgb>,
    /// Its stamps for the backgrounds that fix its colours (a few per sprite).
    pub(super) stamps: Stamps,
}

impl Kept for Sprite {
    fn bytes(&self) -> usize {
        self.pixmap.data().len() + self.spans.bytes()
    }
}

impl Kept for Frame {
    fn bytes(&self) -> usize {
        self.bytes()
    }
}

pub(super) fn sprites() -> &'static Store<Sprite> {
    static SPRITES: OnceLock<Store<Sprite>> = OnceLock::new();
    SPRITES.get_or_init(|| Store { kept: Mutex::new((HashMap::new(), 0)), limit: SPRITE_BYTES })
}

impl Kept for Spans {
    fn bytes(&self) -> usize {
        Spans::bytes(self)
    }
}

pub(super) fn shapes() -> &'static Store<Spans> {
    static SHAPES: OnceLock<Store<Spans>> = OnceLock::new();
    SHAPES.get_or_init(|| Store { kept: Mutex::new((HashMap::new(), 0)), limit: SHAPE_BYTES })
}

pub(super) fn backgrounds() -> &'static Store<Frame> {
    static BACKGROUNDS: OnceLock<Store<Frame>> = OnceLock::new();
    BACKGROUNDS.get_or_init(|| Store { kept: Mutex::new((HashMap::new(), 0)), limit: BACKGROUND_BYTES })
}

/// The picture kept in `store` under `key`, made with `make` when missing; `None` when
/// `make` fails or the store's lock is poisoned.
pub(super) fn cached<T: Kept>(store: &Store<T>, key: SpriteKey, make: impl FnOnce() -> Option<T>) -> Option<Arc<T>> {
    if let Some(found) = store.kept.lock().ok()?.0.get(&key) {
        return Some(found.clone());
    }
    let made = Arc::new(make()?);
    let bytes = made.bytes();
    let mut kept = store.kept.lock().ok()?;
    let (map, total) = &mut *kept;
    if *total + bytes > store.limit {
        map.clear();
        *total = 0;
    }
    if map.insert(key, made.clone()).is_none() {
        *total += bytes;
    }
    Some(made)
}
