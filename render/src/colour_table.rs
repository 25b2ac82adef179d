//! A table from colours to dense ids: the encoder counts a picture's colours in it, the
//! frames' palette and the animation look colours up in it. A leaf: it uses nothing of
//! the crate.

/// A colour table from 0x00BBGGRR to a dense id (in order of first appearance), with
/// the pixel count of each id. Open addressing with linear probing.
#[derive(Clone)]
pub(crate) struct ColourTable {
    slots: Vec<u32>,
    ids: Vec<u32>,
    /// The colours (0x00BBGGRR) by id.
    pub(crate) colours: Vec<u32>,
    /// The pixel count of each id, kept by whoever counts (the encoder).
    pub(crate) counts: Vec<u32>,
}

const EMPTY: u32 = u32::MAX;

impl ColourTable {
    pub(crate) fn new() -> ColourTable {
        let size = 1 << 14;
        ColourTable { slots: vec![EMPTY; size], ids: vec![0; size], colours: Vec::new(), counts: Vec::new() }
    }

    /// The dense id of `colour` (0x00BBGGRR), a new one when it is new.
    pub(crate) fn id(&mut self, colour: u32) -> u32 {
        let mask = self.slots.len() - 1;
        let mut i = (colour.wrapping_mul(0x9E37_79B1) >> 8) as usize & mask;
        loop {
            match self.slots.get(i).copied() {
                Some(EMPTY) | None => break,
                Some(c) if c == colour => return self.ids.get(i).copied().unwrap_or(0),
                Some(_) => i = (i + 1) & mask,
            }
        }
        let id = self.colours.len() as u32;
        if let (Some(slot), Some(slot_id)) = (self.slots.get_mut(i), self.ids.get_mut(i)) {
            *slot = colour;
            *slot_id = id;
        }
        self.colours.push(colour);
        self.counts.push(0);
        if self.colours.len() * 2 > self.slots.len() {
            self.grow();
        }
        id
    }

    /// The bytes the table takes.
    pub(crate) fn bytes(&self) -> usize {
        (self.slots.len() + self.ids.len() + self.colours.len() + self.counts.len()) * 4
    }

    /// The id of `colour` (0x00BBGGRR) if it has one.
    pub(crate) fn find(&self, colour: u32) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut i = (colour.wrapping_mul(0x9E37_79B1) >> 8) as usize & mask;
        loop {
            match self.slots.get(i).copied() {
                Some(EMPTY) | None => return None,
                Some(c) if c == colour => return self.ids.get(i).copied(),
                Some(_) => i = (i + 1) & mask,
            }
        }
    }

    /// Adds `colour` (0x00BBGGRR) with the next id even if it is already there (then
    /// looking it up keeps finding its first id): ids that follow a palette's entries.
    pub(crate) fn id_of_new(&mut self, colour: u32) -> u32 {
        let known = self.colours.len();
        let id = self.id(colour);
        if id as usize == known {
            return id;
        }
        self.colours.push(colour);
        self.counts.push(0);
        known as u32
    }

    /// The colour (0x00BBGGRR) with id `id`, 0 when there is none.
    pub(crate) fn colour(&self, id: usize) -> u32 {
        self.colours.get(id).copied().unwrap_or(0)
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        let mask = size - 1;
        let (mut slots, mut ids) = (vec![EMPTY; size], vec![0; size]);
        for (id, &colour) in self.colours.iter().enumerate() {
            let mut i = (colour.wrapping_mul(0x9E37_79B1) >> 8) as usize & mask;
            while slots.get(i).is_some_and(|&s| s != EMPTY) {
                i = (i + 1) & mask;
            }
            if let (Some(slot), Some(slot_id)) = (slots.get_mut(i), ids.get_mut(i)) {
                *slot = colour;
                *slot_id = id as u32;
            }
        }
        self.slots = slots;
        self.ids = ids;
    }
}
