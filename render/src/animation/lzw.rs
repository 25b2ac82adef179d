//! GIF's LZW compression of a frame's palette indices: the greedy parse of every GIF
//! encoder (a new string per code written, the dictionary cleared when its 4096 codes
//! are used up), read back by the `gif` crate's decoder (tested) and no larger than the
//! `gif` crate's own encoder `weezl` writes (the same bytes but where weezl's tree
//! forgets the string that turns a node of many successors into a full one), made fast
//! for replay frames, which are mostly long runs of one index (the transparent pixels
//! around the changes, flat fills):
//!
//! * a run of one index is matched whole: the dictionary's strings of one index repeated
//!   (`c`, `cc`, `ccc`, ...) are kept per index as a chain of codes, so the current
//!   string `c` repeated k times extends by as many of the following `c`s as the chain
//!   holds in one step, and a run is found eight bytes at a time;
//! * every other string is looked up first among the last extension of each code (the
//!   string last found or added after it: a 16 KB table, one load; strings in a frame
//!   tend to go on as they did before), then in an open-addressing hash table of 16384
//!   slots (the prefix code, the byte and the string's code packed in one `u32`); both
//!   cleared with the dictionary (every 4096 codes).
//!
//! `weezl` (which the `gif` crate uses) walks its tree byte by byte: about 4 ms for a
//! replay frame of 0.9 megapixels, 85 % of the replay's encoding (measured with `perf`
//! on the replay benchmark); this takes the same frames in a tenth of that and less
//! (`render/benches/replay.rs`). The result goes to the `gif` crate's encoder as a
//! pre-encoded frame (`gif::Encoder::write_lzw_pre_encoded_frame`).

/// GIF's largest code width in bits, and so the most codes of a dictionary.
const MAX_WIDTH: u8 = 12;
const MAX_CODES: u32 = 1 << MAX_WIDTH;
/// Slots of the hash table (a power of two, four times the most codes).
const SLOTS: usize = 1 << 14;
/// The mark of a valid entry of [`Lzw::last`].
const HINT: u32 = 1 << 20;
/// A run is compared this many bytes at a time.
const WORD: usize = 8;

/// The LZW encoder's tables, kept between frames (a replay encodes hundreds).
pub(super) struct Lzw {
    /// `key << 12 | code` per slot (key: prefix code << 8 | byte), 0 for an empty slot
    /// (no string has code 0 with a prefix: the first codes after the roots are >= 6).
    slots: Box<[u32; SLOTS]>,
    /// Per code, the last string found or added that extends it: `HINT | byte << 12 |
    /// code`, 0 for none. Strings that extend a code tend to go on with the byte they
    /// went on with before (the same edge of a piece, the same glyph): one load of a
    /// small table instead of a hash lookup.
    last: Box<[u32; MAX_CODES as usize]>,
    /// Per index `c`, the codes of `c` repeated 1, 2, ... times that the dictionary holds.
    chains: Vec<Vec<u16>>,
    /// The indices whose chain is longer than its root.
    grown: Vec<u8>,
}

impl Lzw {
    pub(super) fn new() -> Lzw {
        Lzw { slots: Box::new([0; SLOTS]), last: Box::new([0; MAX_CODES as usize]), chains: (0..=255u16).map(|c| vec![c]).collect(), grown: Vec::new() }
    }

    /// The dictionary holding only the roots (and the clear and end codes).
    fn reset(&mut self) {
        self.slots.fill(0);
        self.last.fill(0);
        for &c in &self.grown {
            if let Some(chain) = self.chains.get_mut(usize::from(c)) {
                chain.truncate(1);
            }
        }
        self.grown.clear();
    }

    /// The code of the string `prefix` + `byte`, if the dictionary has it.
    fn find(&self, prefix: u16, byte: u8) -> Result<u16, usize> {
        let key = u32::from(prefix) << 8 | u32::from(byte);
        let mut slot = hash(key);
        loop {
            // (A slot below SLOTS: the index cannot be out of bounds.)
            let entry = self.slots[slot];
            if entry == 0 {
                return Err(slot);
            }
            if entry >> 12 == key {
                return Ok((entry & 0xFFF) as u16);
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
    }

    /// `data` (palette indices, each below `1 << min_width`) compressed as a GIF image's
    /// data: the minimum code width `min_width` (2 to 8) as the first byte, then the LZW
    /// codes packed from the least significant bit, starting with the clear code and
    /// ending with the end code (not yet cut into GIF's sub-blocks: the `gif` crate
    /// does that). Appended to `out`.
    pub(super) fn encode(&mut self, data: &[u8], min_width: u8, out: &mut Vec<u8>) {
        let min_width = min_width.clamp(2, 8);
        out.push(min_width);
        let clear = 1u16 << min_width;
        let end = clear + 1;
        let mut bits = Bits { out, buffer: 0, filled: 0, width: min_width + 1 };
        self.reset();
        bits.put(clear);
        let Some((&first, _)) = data.split_first() else {
            bits.put(end);
            bits.finish();
            return;
        };
        // The next code to assign; the current string's code, and when it is one index
        // repeated, that index and how often.
        let mut next = u32::from(end) + 1;
        let mut current = u16::from(first);
        let (mut pure, mut repeated, mut times) = (true, first, 1usize);
        let mut i = 1;
        while let Some(&byte) = data.get(i) {
            // Where the new string goes in the hash table when it is not a run.
            let mut free = None;
            if pure && byte == repeated {
                let chain = self.chains.get(usize::from(byte)).map_or(&[][..], Vec::as_slice);
                if times < chain.len() {
                    let more = run(data, i, byte, chain.len() - times);
                    times += more;
                    i += more;
                    current = chain.get(times - 1).copied().unwrap_or(current);
                    continue;
                }
            } else {
                let at = usize::from(current) & (MAX_CODES as usize - 1);
                let hint = self.last[at];
                if hint >> 12 == HINT >> 12 | u32::from(byte) {
                    (current, pure) = ((hint & 0xFFF) as u16, false);
                    i += 1;
                    continue;
                }
                match self.find(current, byte) {
                    Ok(code) => {
                        self.last[at] = HINT | u32::from(byte) << 12 | u32::from(code);
                        (current, pure) = (code, false);
                        i += 1;
                        continue;
                    }
                    Err(slot) => free = Some(slot),
                }
            }
            // `current` + `byte` is new: write `current`, and the new string gets `next`.
            bits.put(current);
            if next < MAX_CODES {
                let code = next as u16;
                if pure && byte == repeated {
                    if let Some(chain) = self.chains.get_mut(usize::from(byte)) {
                        if chain.len() == 1 {
                            self.grown.push(byte);
                        }
                        chain.push(code);
                    }
                } else if let Some(entry) = free.and_then(|slot| self.slots.get_mut(slot & (SLOTS - 1))) {
                    *entry = (u32::from(current) << 8 | u32::from(byte)) << 12 | u32::from(code);
                    self.last[usize::from(current) & (MAX_CODES as usize - 1)] = HINT | u32::from(byte) << 12 | u32::from(code);
                }
            }
            next += 1;
            // The decoder reads wider codes once the codes it has reach the width's limit.
            if next > 1 << bits.width && bits.width < MAX_WIDTH {
                bits.width += 1;
            }
            if next > MAX_CODES {
                bits.put(clear);
                self.reset();
                next = u32::from(end) + 1;
                bits.width = min_width + 1;
            }
            (current, pure, repeated, times) = (u16::from(byte), true, byte, 1);
            i += 1;
        }
        bits.put(current);
        // Reading the last code, the decoder adds one more string and may widen.
        if next >= 1 << bits.width && bits.width < MAX_WIDTH {
            bits.width += 1;
        }
        bits.put(end);
        bits.finish();
    }
}

/// The slot where `key` is looked for first (Fibonacci hashing).
fn hash(key: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOTS.trailing_zeros())) as usize
}

/// How many bytes equal to `byte` follow from `data[from]` on, at most `limit`. Reads
/// whole words (up to seven bytes past `limit` when `data` has them): most calls ask for
/// a few bytes.
fn run(data: &[u8], from: usize, byte: u8, limit: usize) -> usize {
    let rest = data.get(from..).unwrap_or(&[]);
    let pattern = u64::from_ne_bytes([byte; WORD]);
    let mut count = 0;
    let mut words = rest.chunks_exact(WORD);
    for word in &mut words {
        let word = u64::from_ne_bytes(word.try_into().unwrap_or([0; WORD]));
        if word != pattern {
            let differ = word ^ pattern;
            // The first differing byte in memory order.
            let same = if cfg!(target_endian = "little") { differ.trailing_zeros() } else { differ.leading_zeros() };
            return (count + (same / 8) as usize).min(limit);
        }
        count += WORD;
        if count >= limit {
            return limit;
        }
    }
    (count + words.remainder().iter().take_while(|&&b| b == byte).count()).min(limit)
}

/// Codes packed from the least significant bit into bytes.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    buffer: u64,
    filled: u8,
    width: u8,
}

impl Bits<'_> {
    fn put(&mut self, code: u16) {
        self.buffer |= u64::from(code) << self.filled;
        self.filled += self.width;
        if self.filled >= 32 {
            self.out.extend_from_slice(&(self.buffer as u32).to_le_bytes());
            self.buffer >>= 32;
            self.filled -= 32;
        }
    }

    fn finish(mut self) {
        while self.filled > 0 {
            self.out.push(self.buffer as u8);
            self.buffer >>= 8;
            self.filled = self.filled.saturating_sub(8);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::*;

    /// The `gif` crate's own compression of `data` (by `weezl`), whose minimum code
    /// width follows from the largest index (at least 2).
    fn by_the_gif_crate(data: &[u8]) -> Vec<u8> {
        let mut frame = gif::Frame { width: 1, height: 1, buffer: Cow::Borrowed(data), ..gif::Frame::default() };
        frame.make_lzw_pre_encoded();
        frame.buffer.into_owned()
    }

    /// The minimum code width the `gif` crate picks for `data`.
    fn min_width(data: &[u8]) -> u8 {
        let largest = data.iter().copied().max().unwrap_or(0);
        (u32::from(largest) + 1).max(4).next_power_of_two().trailing_zeros() as u8
    }

    /// `packed` (a frame's data as [`Lzw::encode`] writes it) as a GIF image of
    /// `width` x `height` read back by the `gif` crate's decoder.
    fn decoded(packed: &[u8], width: u16, height: u16) -> Vec<u8> {
        let palette: Vec<u8> = (0..=255u8).flat_map(|c| [c, c, c]).collect();
        let mut file = Vec::new();
        {
            let Ok(mut encoder) = gif::Encoder::new(&mut file, width, height, &palette) else { panic!("encoder") };
            let frame = gif::Frame { width, height, buffer: Cow::Borrowed(packed), ..gif::Frame::default() };
            encoder.write_lzw_pre_encoded_frame(&frame).unwrap_or_else(|e| panic!("{e}"));
        }
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(&file[..]).unwrap_or_else(|e| panic!("{e}"));
        let frame = decoder.read_next_frame().unwrap_or_else(|e| panic!("{e}")).unwrap_or_else(|| panic!("a frame"));
        frame.buffer.to_vec()
    }

    fn ours(lzw: &mut Lzw, data: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        lzw.encode(data, min_width(data), &mut out);
        out
    }

    /// Bytes by a small LCG: `alphabet` indices in runs of up to `longest`.
    fn runs(seed: u64, len: usize, alphabet: u8, longest: usize) -> Vec<u8> {
        let mut state = seed;
        let mut next = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) as usize
        };
        let mut data = Vec::with_capacity(len);
        while data.len() < len {
            let byte = (next() % usize::from(alphabet)) as u8;
            let times = 1 + next() % longest;
            data.extend(std::iter::repeat_n(byte, times));
        }
        data.truncate(len);
        data
    }

    #[test]
    fn the_gif_crates_decoder_reads_back_the_data() {
        let mut lzw = Lzw::new();
        let mut cases: Vec<(String, Vec<u8>)> = vec![
            ("one byte".into(), vec![3]),
            ("two bytes".into(), vec![0, 0]),
            ("a long run (chains of 4096 codes, clears)".into(), vec![0; 3_000_000]),
            ("a run of the largest index".into(), vec![255; 100_000]),
            ("alternating".into(), (0..50_000).map(|k| (k % 2) as u8).collect()),
            ("a run after others".into(), [vec![1, 2, 3, 1, 2, 3], vec![7; 20_000], vec![1, 7, 7, 7, 2]].concat()),
        ];
        for (seed, alphabet, longest) in [(1, 2, 3), (2, 4, 1), (3, 16, 40), (4, 255, 1), (5, 255, 300), (6, 8, 2000), (7, 129, 9)] {
            cases.push((format!("runs seed {seed} of {alphabet} indices up to {longest}"), runs(seed, 400_000, alphabet, longest)));
        }
        for (what, data) in &cases {
            // As a picture 1000 pixels wide (or as wide as the data).
            let width = data.len().min(1000);
            let data = &data[..data.len() / width * width];
            // Twice: the tables are reused from frame to frame.
            for _ in 0..2 {
                let packed = ours(&mut lzw, data);
                assert!(decoded(&packed, width as u16, (data.len() / width) as u16) == *data, "{what}: decodes to the data");
                // No larger than weezl's: the same greedy parse, but weezl's tree
                // forgets the string that makes a node of many successors "full".
                let theirs = by_the_gif_crate(data);
                assert!(packed.len() <= theirs.len(), "{what}: {} bytes, the gif crate's {}", packed.len(), theirs.len());
            }
        }
    }

    #[test]
    fn runs_are_found_eight_bytes_at_a_time_and_stop_at_the_limit() {
        let data = [vec![5; 21], vec![6], vec![5; 3]].concat();
        assert_eq!(run(&data, 0, 5, 100), 21);
        assert_eq!(run(&data, 3, 5, 100), 18);
        assert_eq!(run(&data, 0, 5, 9), 9);
        assert_eq!(run(&data, 21, 5, 100), 0);
        assert_eq!(run(&data, 22, 5, 100), 3);
        assert_eq!(run(&data, 25, 5, 100), 0);
    }
}
