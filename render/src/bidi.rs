//! Right-to-left text on one line, without a shaping engine: Arabic letters are joined by
//! replacing them with their presentation forms (initial, medial, final, isolated, and
//! the lam-alef ligatures), which DejaVu Sans has, and the line is put in display order
//! by a reduced form of the Unicode bidirectional algorithm (UAX #9) for a left-to-right
//! line: no embeddings or isolates (the command layer strips those characters), no
//! paragraph direction other than left-to-right (the pictures' words are English or
//! German, a name stands in them), the weak-type rules W1-W7 for digits and their
//! separators, the neutral rules N1-N2, levels 0-2, reversal (L2) with combining marks
//! kept after their base, and mirrored brackets (L4).
//!
//! `שרה` is stored first letter first and drawn with it on the right; `محمد` becomes
//! `ﻣﺤﻤﺪ` (joined forms) and is drawn right to left; `שרה 2` keeps its number to the
//! left, as a browser shows it in left-to-right text.

/// Whether `c` is a letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana,
/// N'Ko and the other right-to-left blocks): a line with one needs [`display_order`].
pub(crate) fn right_to_left(c: char) -> bool {
    matches!(class(c), Class::R | Class::Al)
}

/// Bidirectional classes (reduced: European separators and terminators are split into
/// the few characters names use).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    L,
    R,
    Al,
    /// European digits.
    En,
    /// Arabic-Indic digits.
    An,
    /// European separator (plus, minus).
    Es,
    /// European terminator (currency, percent, degree, number sign).
    Et,
    /// Common separator (comma, full stop, colon, slash).
    Cs,
    /// A combining mark.
    Nsm,
    /// Anything else: white space, punctuation, symbols.
    On,
}

/// Combining marks of the scripts names use (general category Mn, the ranges that matter).
fn mark(c: char) -> bool {
    matches!(c,
        '\u{0300}'..='\u{036F}' | '\u{0483}'..='\u{0489}' | '\u{0591}'..='\u{05BD}' | '\u{05BF}'
        | '\u{05C1}'..='\u{05C2}' | '\u{05C4}'..='\u{05C5}' | '\u{05C7}' | '\u{0610}'..='\u{061A}'
        | '\u{064B}'..='\u{065F}' | '\u{0670}' | '\u{06D6}'..='\u{06DC}' | '\u{06DF}'..='\u{06E4}'
        | '\u{06E7}'..='\u{06E8}' | '\u{06EA}'..='\u{06ED}' | '\u{0711}' | '\u{0730}'..='\u{074A}'
        | '\u{07A6}'..='\u{07B0}' | '\u{07EB}'..='\u{07F3}' | '\u{1AB0}'..='\u{1AFF}'
        | '\u{1DC0}'..='\u{1DFF}' | '\u{20D0}'..='\u{20FF}' | '\u{FB1E}' | '\u{FE20}'..='\u{FE2F}')
}

fn class(c: char) -> Class {
    match c {
        '0'..='9' | '\u{06F0}'..='\u{06F9}' | '\u{FF10}'..='\u{FF19}' => Class::En,
        '\u{0660}'..='\u{0669}' | '\u{066B}'..='\u{066C}' => Class::An,
        '+' | '-' | '\u{2212}' => Class::Es,
        '#' | '$' | '%' | '\u{00A2}'..='\u{00A5}' | '\u{00B0}' | '\u{066A}' | '\u{20A0}'..='\u{20CF}' => Class::Et,
        ',' | '.' | ':' | '/' | '\u{00A0}' | '\u{060C}' => Class::Cs,
        c if mark(c) => Class::Nsm,
        '\u{0590}'..='\u{05FF}' | '\u{07C0}'..='\u{085F}' | '\u{FB1D}'..='\u{FB4F}' | '\u{10800}'..='\u{10FFF}'
        | '\u{1E800}'..='\u{1EC6F}' => Class::R,
        '\u{0600}'..='\u{07BF}' | '\u{0860}'..='\u{08FF}' | '\u{FB50}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFF}'
        | '\u{1EC70}'..='\u{1EFFF}' => Class::Al,
        c if c.is_alphanumeric() => Class::L,
        _ => Class::On,
    }
}

/// `chars` (one line, in logical order) in display order for a left-to-right line.
pub(crate) fn display_order(chars: &[char]) -> Vec<char> {
    let original: Vec<Class> = chars.iter().map(|&c| class(c)).collect();
    let mut t = original.clone();
    // W1: a mark takes the class of what it follows.
    for i in 0..t.len() {
        if t[i] == Class::Nsm {
            t[i] = if i == 0 { Class::L } else { t[i - 1] };
        }
    }
    // W2, W3: digits after Arabic letters are Arabic digits; Arabic letters are R.
    let mut strong = Class::L;
    for k in &mut t {
        match *k {
            Class::L | Class::R | Class::Al => strong = *k,
            Class::En if strong == Class::Al => *k = Class::An,
            _ => {}
        }
        if *k == Class::Al {
            *k = Class::R;
        }
    }
    // W4: one separator between two digits of a kind joins them.
    for i in 1..t.len().saturating_sub(1) {
        match (t[i - 1], t[i], t[i + 1]) {
            (Class::En, Class::Es | Class::Cs, Class::En) => t[i] = Class::En,
            (Class::An, Class::Cs, Class::An) => t[i] = Class::An,
            _ => {}
        }
    }
    // W5: terminators next to European digits are digits too.
    for i in 0..t.len() {
        if t[i] == Class::En {
            let mut j = i;
            while j > 0 && t[j - 1] == Class::Et {
                j -= 1;
                t[j] = Class::En;
            }
            let mut j = i + 1;
            while j < t.len() && t[j] == Class::Et {
                t[j] = Class::En;
                j += 1;
            }
        }
    }
    // W6: remaining separators and terminators are neutral. W7: European digits after
    // left-to-right text (or at the start) are left-to-right.
    let mut strong = Class::L;
    for k in &mut t {
        match *k {
            Class::Es | Class::Et | Class::Cs => *k = Class::On,
            Class::L | Class::R => strong = *k,
            Class::En if strong == Class::L => *k = Class::L,
            _ => {}
        }
    }
    // N0: a pair of brackets around right-to-left text (digits count) after right-to-left
    // text is right-to-left, around left-to-right text left-to-right.
    let direction = |k: Class| match k {
        Class::L => Some(Class::L),
        Class::R | Class::En | Class::An => Some(Class::R),
        _ => None,
    };
    for (open, close) in bracket_pairs(chars, &t) {
        let inside: Vec<Class> = t[open + 1..close].iter().filter_map(|&k| direction(k)).collect();
        let resolved = if inside.contains(&Class::L) {
            Some(Class::L)
        } else if inside.contains(&Class::R) {
            Some(t[..open].iter().rev().find_map(|&k| direction(k)).unwrap_or(Class::L))
        } else {
            None
        };
        if let Some(k) = resolved {
            t[open] = k;
            t[close] = k;
        }
    }
    // N1, N2: a run of neutrals between two of the same direction (digits count as
    // right-to-left) takes it, otherwise the line's (left-to-right); the line's ends count
    // as left-to-right.
    let direction = |k: Class| if k == Class::L { Class::L } else { Class::R };
    let mut i = 0;
    while i < t.len() {
        if t[i] != Class::On {
            i += 1;
            continue;
        }
        let start = i;
        while i < t.len() && t[i] == Class::On {
            i += 1;
        }
        let before = if start == 0 { Class::L } else { direction(t[start - 1]) };
        let after = if i == t.len() { Class::L } else { direction(t[i]) };
        let resolved = if before == after { before } else { Class::L };
        t[start..i].fill(resolved);
    }
    // I1: levels; then clusters (a base and the marks after it) reversed (L2, L3).
    let level = |k: Class| match k {
        Class::L => 0u8,
        Class::R => 1,
        _ => 2,
    };
    let mut clusters: Vec<(usize, usize, u8)> = Vec::with_capacity(chars.len());
    for (i, k) in t.iter().enumerate() {
        match clusters.last_mut() {
            Some(last) if original[i] == Class::Nsm => last.1 = i + 1,
            _ => clusters.push((i, i + 1, level(*k))),
        }
    }
    let highest = clusters.iter().map(|c| c.2).max().unwrap_or(0);
    for lowest in (1..=highest).rev() {
        let mut i = 0;
        while i < clusters.len() {
            if clusters[i].2 < lowest {
                i += 1;
                continue;
            }
            let start = i;
            while i < clusters.len() && clusters[i].2 >= lowest {
                i += 1;
            }
            clusters[start..i].reverse();
        }
    }
    let mut out = Vec::with_capacity(chars.len());
    for (start, end, level) in clusters {
        for &c in &chars[start..end] {
            out.push(if level % 2 == 1 { mirror(c) } else { c });
        }
    }
    out
}

/// The pairs of matching brackets among the neutral characters of `chars` (BD16), in the
/// order of their opening brackets.
fn bracket_pairs(chars: &[char], t: &[Class]) -> Vec<(usize, usize)> {
    let mut open: Vec<(char, usize)> = Vec::new();
    let mut pairs = Vec::new();
    for (i, (&c, &k)) in chars.iter().zip(t).enumerate() {
        if k != Class::On {
            continue;
        }
        match c {
            '(' | '[' | '{' => {
                if open.len() == 63 {
                    break;
                }
                open.push((mirror(c), i));
            }
            ')' | ']' | '}' => {
                if let Some(depth) = open.iter().rposition(|&(want, _)| want == c) {
                    pairs.push((open[depth].1, i));
                    open.truncate(depth);
                }
            }
            _ => {}
        }
    }
    pairs.sort_unstable();
    pairs
}

/// The mirror image of a bracket, for right-to-left runs (L4).
fn mirror(c: char) -> char {
    match c {
        '(' => ')',
        ')' => '(',
        '[' => ']',
        ']' => '[',
        '{' => '}',
        '}' => '{',
        '<' => '>',
        '>' => '<',
        '«' => '»',
        '»' => '«',
        '‹' => '›',
        '›' => '‹',
        other => other,
    }
}

/// The presentation forms of an Arabic letter: isolated, final, initial, medial (0: none).
fn forms(c: char) -> Option<[u32; 4]> {
    let four = |first: u32| [first, first + 1, first + 2, first + 3];
    let two = |first: u32| [first, first + 1, 0, 0];
    Some(match c {
        '\u{0621}' => [0xFE80, 0, 0, 0],
        '\u{0622}' => two(0xFE81),
        '\u{0623}' => two(0xFE83),
        '\u{0624}' => two(0xFE85),
        '\u{0625}' => two(0xFE87),
        '\u{0626}' => four(0xFE89),
        '\u{0627}' => two(0xFE8D),
        '\u{0628}' => four(0xFE8F),
        '\u{0629}' => two(0xFE93),
        '\u{062A}' => four(0xFE95),
        '\u{062B}' => four(0xFE99),
        '\u{062C}' => four(0xFE9D),
        '\u{062D}' => four(0xFEA1),
        '\u{062E}' => four(0xFEA5),
        '\u{062F}' => two(0xFEA9),
        '\u{0630}' => two(0xFEAB),
        '\u{0631}' => two(0xFEAD),
        '\u{0632}' => two(0xFEAF),
        '\u{0633}' => four(0xFEB1),
        '\u{0634}' => four(0xFEB5),
        '\u{0635}' => four(0xFEB9),
        '\u{0636}' => four(0xFEBD),
        '\u{0637}' => four(0xFEC1),
        '\u{0638}' => four(0xFEC5),
        '\u{0639}' => four(0xFEC9),
        '\u{063A}' => four(0xFECD),
        '\u{0641}' => four(0xFED1),
        '\u{0642}' => four(0xFED5),
        '\u{0643}' => four(0xFED9),
        '\u{0644}' => four(0xFEDD),
        '\u{0645}' => four(0xFEE1),
        '\u{0646}' => four(0xFEE5),
        '\u{0647}' => four(0xFEE9),
        '\u{0648}' => two(0xFEED),
        '\u{0649}' => [0xFEEF, 0xFEF0, 0xFBE8, 0xFBE9],
        '\u{064A}' => four(0xFEF1),
        // Persian and Urdu letters.
        '\u{0679}' => four(0xFB66),
        '\u{067E}' => four(0xFB56),
        '\u{0686}' => four(0xFB7A),
        '\u{0688}' => two(0xFB88),
        '\u{0691}' => two(0xFB8C),
        '\u{0698}' => two(0xFB8A),
        '\u{06A4}' => four(0xFB6A),
        '\u{06A9}' => four(0xFB8E),
        '\u{06AF}' => four(0xFB92),
        '\u{06BA}' => two(0xFB9E),
        '\u{06BE}' => four(0xFBAA),
        '\u{06CC}' => four(0xFBFC),
        _ => return None,
    })
}

/// How a character joins its neighbours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Joining {
    /// Joins on neither side.
    None,
    /// Joins only the letter before it.
    Right,
    /// Joins both sides.
    Dual,
    /// The tatweel: joins both sides, has no forms.
    Causing,
    /// A mark: skipped.
    Transparent,
}

fn joining(c: char) -> Joining {
    match forms(c) {
        Some([_, _, initial, _]) if initial != 0 => Joining::Dual,
        Some([_, final_, _, _]) if final_ != 0 => Joining::Right,
        Some(_) => Joining::None,
        None if c == '\u{0640}' => Joining::Causing,
        None if mark(c) => Joining::Transparent,
        None => Joining::None,
    }
}

/// The lam-alef ligature of lam and `alef`: isolated and final.
fn lam_alef(alef: char) -> Option<[u32; 2]> {
    match alef {
        '\u{0622}' => Some([0xFEF5, 0xFEF6]),
        '\u{0623}' => Some([0xFEF7, 0xFEF8]),
        '\u{0625}' => Some([0xFEF9, 0xFEFA]),
        '\u{0627}' => Some([0xFEFB, 0xFEFC]),
        _ => None,
    }
}

/// `chars` (logical order) with each Arabic letter replaced by its joined form (and lam
/// followed by alef by their ligature) where `has` says the font has that form.
pub(crate) fn join_arabic(chars: &[char], has: impl Fn(char) -> bool) -> Vec<char> {
    let joins_forward = |c: char| matches!(joining(c), Joining::Dual | Joining::Causing);
    let joins_back = |c: char| matches!(joining(c), Joining::Dual | Joining::Right | Joining::Causing);
    let neighbour = |from: usize, step: isize| {
        let mut i = from as isize + step;
        while i >= 0 && (i as usize) < chars.len() && joining(chars[i as usize]) == Joining::Transparent {
            i += step;
        }
        chars.get(usize::try_from(i).ok()?).map(|&c| (i as usize, c))
    };
    let form = |code: u32| char::from_u32(code).filter(|&f| code != 0 && has(f));
    let mut out = Vec::with_capacity(chars.len());
    let mut skip = None;
    for (i, &c) in chars.iter().enumerate() {
        if skip == Some(i) {
            continue;
        }
        let Some(shapes) = forms(c) else {
            out.push(c);
            continue;
        };
        let before = neighbour(i, -1).is_some_and(|(_, p)| joins_forward(p)) && joins_back(c);
        let next = neighbour(i, 1);
        if c == '\u{0644}'
            && let Some((j, ligature)) = next.and_then(|(j, a)| Some((j, lam_alef(a)?)))
            && let Some(f) = form(ligature[usize::from(before)])
        {
            // Marks between lam and alef follow the ligature.
            out.push(f);
            out.extend(&chars[i + 1..j]);
            skip = Some(j);
            continue;
        }
        let after = next.is_some_and(|(_, n)| joins_back(n)) && joins_forward(c);
        let wanted = match (before, after) {
            (false, false) => 0,
            (true, false) => 1,
            (false, true) => 2,
            (true, true) => 3,
        };
        out.push(form(shapes[wanted]).or_else(|| form(shapes[0])).unwrap_or(c));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn display(text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        display_order(&chars).into_iter().collect()
    }

    #[test]
    fn right_to_left_runs_are_reversed_and_the_rest_stays() {
        assert_eq!(display("alice (2)"), "alice (2)");
        assert_eq!(display("שרה"), "הרש");
        assert_eq!(display("bob שרה kim"), "bob הרש kim");
        // A number after Hebrew stays readable and goes to its left, as in a browser.
        assert_eq!(display("שרה 12"), "12 הרש");
        assert_eq!(display("שרה (2)"), "(2) הרש");
        assert_eq!(display("שרה כהן"), "ןהכ הרש");
        assert_eq!(display("3.5 שרה"), "3.5 הרש");
        assert_eq!(display("שרה 1,500"), "1,500 הרש");
        // A mark stays after its base.
        assert_eq!(display("ש\u{05B8}ר"), "רש\u{05B8}");
    }

    #[test]
    fn arabic_letters_join() {
        let joined = |text: &str| -> String {
            let chars: Vec<char> = text.chars().collect();
            join_arabic(&chars, |_| true).into_iter().collect()
        };
        // meem initial, hah medial, meem medial, dal final.
        assert_eq!(joined("محمد"), "\u{FEE3}\u{FEA4}\u{FEE4}\u{FEAA}");
        // Alef does not join forward: the lam after it starts a new group.
        assert_eq!(joined("سلام"), "\u{FEB3}\u{FEFC}\u{FEE1}");
        assert_eq!(joined("لا"), "\u{FEFB}");
        assert_eq!(joined("a ب b"), "a \u{FE8F} b");
        // Without the form in the font, the letter stays as it is.
        let chars: Vec<char> = "بب".chars().collect();
        assert_eq!(join_arabic(&chars, |c| c != '\u{FE91}'), vec!['\u{FE8F}', '\u{FE90}']);
        // A mark between two letters does not break the join.
        assert_eq!(joined("ب\u{064E}ب"), "\u{FE91}\u{064E}\u{FE90}");
    }
}
