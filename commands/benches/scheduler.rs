//! One poll of the scheduler (`Host::due_notices`) over 200 running games and 20 open
//! invitations when nothing is due: the cost an adapter pays every minute. Aim: well
//! under a second.

use std::{sync::Arc, time::Duration};

use criterion::{criterion_group, criterion_main, Criterion};

use commands::{base::clock::ManualClock, store::Db, Host, HostOptions};

mod support;
use support::origin;

/// 2026-11-29 00:00 UTC.
const T0: i64 = 1_795_910_400_000;

fn poll(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let clock = Arc::new(ManualClock::at(T0));
    let host = runtime.block_on(async {
        let db = Db::open(&url).await.expect("database");
        let host = Host::with_db(db, HostOptions { pictures: false, ..HostOptions::default() }, clock.clone());
        for n in 0..200 {
            let channel = format!("c{n}");
            host.handle(&origin("alice", &channel), &format!("new carat seed={n}")).await;
            host.handle(&origin("bob", &channel), "join").await;
            host.handle(&origin("alice", &channel), "start").await;
        }
        for n in 0..20 {
            host.handle(&origin(&format!("u{n}"), "lobby"), "new carat").await;
        }
        host
    });
    clock.advance(3_600_000);
    c.bench_function("scheduler: one poll, 200 games, nothing due", |b| {
        b.iter(|| {
            let notices = runtime.block_on(host.due_notices(T0 + 3_600_000));
            assert!(notices.is_empty());
        });
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(5)).warm_up_time(Duration::from_secs(1));
    targets = poll
}
criterion_main!(benches);
