//! The standings picture of a tournament (`render::table`, issue 39): a Swiss of 16
//! players (place, name, points and four tie-breaks) and a round robin of 10 with its
//! cross table (17 columns), names up to 14 letters. Each prints one line `table <case>
//! <bytes> bytes <w>x<h>` with the PNG's size.
//!
//! Measured (criterion, `cargo bench -p render --bench table`, a shared 2-core machine):
//! see docs/src/benchmarks.md ("The standings picture").

#![allow(clippy::unwrap_used)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use render::table::{Table, table_png};

const NAMES: [&str; 16] = [
    "alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy", "mallory", "niaj", "olivia",
    "peggy", "rupert", "Spieltisch (AI)",
];

fn swiss() -> Table {
    let header = ["#", "Player", "Pts", "BH-1", "BH", "SB", "W"].map(String::from).to_vec();
    let rows = NAMES
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let pts = 10 - i as u32 / 2;
            vec![(i + 1).to_string(), (*name).to_string(), format!("{}½", pts / 2), format!("{}", 20 - i), format!("{}½", 24 - i), format!("{}¼", 18 - i), format!("{}", pts / 2)]
        })
        .collect();
    Table { title: "Tournament #3: standings after round 5 of 5".into(), header, rows, name_column: 1, dark: Vec::new(), divider: None }
}

fn round_robin() -> Table {
    let n = 10;
    let mut header = ["#", "Player", "No.", "Pts", "BH-1", "BH", "SB", "W"].map(String::from).to_vec();
    header.extend((1..=n).map(|r| r.to_string()));
    let mut dark = Vec::new();
    let rows = (0..n)
        .map(|i| {
            let mut row = vec![(i + 1).to_string(), NAMES[i].to_string(), (i + 1).to_string(), format!("{}½", 8 - i / 2), "30".into(), "35½".into(), "28¾".into(), "6".into()];
            for c in 0..n {
                if c == i {
                    dark.push((i, 8 + c));
                    row.push(String::new());
                } else {
                    row.push(["1", "½", "0"][(i + c) % 3].to_string());
                }
            }
            row
        })
        .collect();
    Table { title: "Tournament #4: final standings".into(), header, rows, name_column: 1, dark, divider: Some(8) }
}

fn bench(c: &mut Criterion) {
    for (name, table) in [("swiss16", swiss()), ("roundrobin10", round_robin())] {
        let png = table_png(&table).unwrap();
        let image = image::load_from_memory(&png).unwrap();
        println!("table {name} {} bytes {}x{}", png.len(), image.width(), image.height());
        if let Some(dir) = std::env::var_os("SPIELTISCH_TABLE_PNG") {
            std::fs::write(std::path::Path::new(&dir).join(format!("{name}.png")), &png).unwrap();
        }
        c.bench_function(&format!("table/{name}"), |b| b.iter(|| table_png(black_box(&table)).unwrap()));
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
