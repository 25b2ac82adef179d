//! Check-then-write races: eight requests at once, each through its own host (its own
//! pool and cache, as eight bot processes on one database file would be), repeated.
//! Every rule is checked inside the transaction that writes, and every request gets an
//! answer.

use std::sync::Arc;

use commands::{store::Status, Command, Host, HostOptions, Origin, Reply};

use crate::support::{origin, texts, Place};

/// How many requests race at once, and how many rounds each race runs.
const RACERS: usize = 8;
const ROUNDS: usize = 6;

/// `RACERS` hosts on `place`'s file, without pictures.
async fn hosts(place: &Place, options: &HostOptions) -> Vec<Arc<Host>> {
    let mut hosts = Vec::new();
    for _ in 0..RACERS {
        let db = commands::store::Db::open(&place.url()).await.expect("open the database");
        hosts.push(Arc::new(Host::with_db(
            db,
            HostOptions { pictures: false, ..options.clone() },
            Arc::new(commands::base::clock::SystemClock),
        )));
    }
    hosts
}

/// Runs `lines[i]` from `origins[i]` on `hosts[i]`, all at once; the replies in order.
async fn race(hosts: &[Arc<Host>], requests: Vec<(Origin, String)>) -> Vec<Vec<Reply>> {
    let barrier = Arc::new(tokio::sync::Barrier::new(requests.len()));
    let tasks: Vec<_> = requests
        .into_iter()
        .zip(hosts.iter().cycle())
        .map(|((at, line), host)| {
            let (host, barrier) = (host.clone(), barrier.clone());
            tokio::spawn(async move {
                barrier.wait().await;
                host.handle(&at, &line).await
            })
        })
        .collect();
    let mut replies = Vec::new();
    for task in tasks {
        replies.push(task.await.expect("a request panicked"));
    }
    replies
}

/// The games of `channel` that are invitations or running.
async fn open_games(host: &Host, channel: &str) -> Vec<commands::store::GameRow> {
    host.db().open_games_in("test", channel).await.expect("read")
}

/// Alice and Bob play Carat in `channel`; Alice resigns. The finished game's id.
async fn finished(host: &Host, channel: &str, seed: u64) -> commands::GameId {
    let id = crate::support::started(host, channel, seed).await;
    let resigned = host.run(&origin("alice", channel), Command::Resign { game: Some(id) }).await;
    assert!(!resigned[0].refusal, "{}", texts(&resigned));
    assert_eq!(host.db().game(id).await.expect("read").expect("game").status, Status::Finished);
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn eight_rematch_requests_start_one_game_and_all_get_an_answer() {
    let place = Place::new();
    let hosts = hosts(&place, &HostOptions::default()).await;
    for round in 0..ROUNDS {
        let channel = format!("r{round}");
        let old = finished(&hosts[0], &channel, round as u64).await;
        // Four requests from each player, interleaved.
        let requests = (0..RACERS)
            .map(|i| (origin(if i % 2 == 0 { "alice" } else { "bob" }, &channel), format!("rematch #{old}")))
            .collect();
        let replies = race(&hosts, requests).await;
        let games = open_games(&hosts[0], &channel).await;
        assert_eq!(games.len(), 1, "round {round}: one rematch, not {}", games.len());
        assert_eq!(games[0].status, Status::Running);
        let new = games[0].id;
        for (i, reply) in replies.iter().enumerate() {
            let user = if i % 2 == 0 { "alice" } else { "bob" };
            assert!(!reply.is_empty(), "round {round}: request {i} by {user} got no answer");
            let said = texts(reply).to_lowercase();
            // Nobody is told to wait for themselves.
            assert!(!said.contains(&format!("waiting for @{user}")), "round {round}: {user} was told: {said}");
            let other = if user == "alice" { "bob" } else { "alice" };
            // Each answer is one of: asked (waiting for the other), asked again,
            // started (the new game), or played again already (naming the new game).
            let fits = said.contains(&format!("waiting for @{other}"))
                || said.contains("already")
                || said.contains(&format!("#{new}"));
            assert!(fits, "round {round}: {user}: {said}");
        }
        let started = replies.iter().filter(|r| texts(r).contains(&format!("#{new}")) && !texts(r).contains("again already")).count();
        assert_eq!(started, 1, "round {round}: one request announces the start");
        // The new game has both players in their old seats.
        let players = hosts[0].db().players(new).await.expect("players");
        assert_eq!(players.iter().map(|p| p.user_id.as_str()).collect::<Vec<_>>(), ["alice", "bob"]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn eight_invitations_at_once_stop_at_the_cap() {
    let place = Place::new();
    let hosts = hosts(&place, &HostOptions::default()).await;
    let max = HostOptions::default().clock.max_open_invitations;
    assert_eq!(max, 3);
    for round in 0..ROUNDS {
        let channel = format!("i{round}");
        let user = format!("u{round}");
        let requests = (0..RACERS).map(|_| (origin(&user, &channel), "new carat".to_string())).collect();
        let replies = race(&hosts, requests).await;
        let accepted = replies.iter().filter(|r| !r[0].refusal).count();
        let capped = replies.iter().filter(|r| r[0].refusal && texts(r).contains("You already have 3 open invitations")).count();
        assert_eq!((accepted, capped), (3, 5), "round {round}: {:?}", replies.iter().map(|r| texts(r)).collect::<Vec<_>>());
        assert_eq!(open_games(&hosts[0], &channel).await.len(), 3, "round {round}: three stored");
    }
}

/// On PostgreSQL the store's transactions run at READ COMMITTED whatever the server's
/// default: with the database defaulting to REPEATABLE READ (whose snapshot would be
/// taken while waiting for the store's lock) the cap still holds and every move is
/// stored. (SQLite has one isolation: the test is for PostgreSQL.)
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "PostgreSQL only: runs in the PostgreSQL pass of scripts/test.sh (SPIELTISCH_TEST_POSTGRES)"]
async fn the_checks_hold_when_the_server_defaults_to_repeatable_read() {
    assert!(crate::support::postgres_server().is_some(), "this test needs a PostgreSQL: set SPIELTISCH_TEST_POSTGRES (scripts/postgres.sh start prints it)");
    let place = Place::new();
    let first = commands::store::Db::open(&place.url()).await.expect("open the database");
    crate::support::execute(
        &first,
        "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET default_transaction_isolation = %L', \
         current_database(), 'repeatable read'); END $$",
        &[],
    )
    .await;
    first.close().await;
    let hosts = hosts(&place, &HostOptions::default()).await;
    let level = crate::support::texts_of(hosts[0].db(), "SHOW default_transaction_isolation").await;
    assert_eq!(level, vec!["repeatable read".to_string()], "the new connections default to it");
    // No writer waits for a lock for ever (as on SQLite: BUSY_TIMEOUT), nor does a
    // transaction a stuck process left open hold one.
    assert_eq!(crate::support::texts_of(hosts[0].db(), "SHOW lock_timeout").await, vec!["10s".to_string()]);
    assert_eq!(crate::support::texts_of(hosts[0].db(), "SHOW idle_in_transaction_session_timeout").await, vec!["1min".to_string()]);
    let requests = (0..RACERS).map(|_| (origin("u", "c"), "new carat".to_string())).collect();
    let replies = race(&hosts, requests).await;
    let accepted = replies.iter().filter(|r| !r[0].refusal).count();
    assert_eq!(accepted, 3, "{:?}", replies.iter().map(|r| texts(r)).collect::<Vec<_>>());
    assert_eq!(open_games(&hosts[0], "c").await.len(), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn eight_vacations_at_once_stay_within_the_allowance() {
    let place = Place::new();
    let hosts = hosts(&place, &HostOptions::default()).await;
    assert_eq!(HostOptions::default().clock.vacation_days_per_year, 30);
    for round in 0..ROUNDS {
        let user = format!("v{round}");
        let requests = (0..RACERS).map(|_| (origin(&user, "c"), "vacation 10".to_string())).collect();
        let replies = race(&hosts, requests).await;
        let accepted = replies.iter().filter(|r| !r[0].refusal).count();
        assert_eq!(accepted, 3, "round {round}: 3 × 10 days of 30");
        let refused = replies.iter().filter(|r| r[0].refusal).map(|r| texts(r)).collect::<Vec<_>>();
        assert!(refused.iter().all(|t| t.contains("0 days are left")), "{refused:?}");
        let spans = commands::store::turns::vacations(hosts[0].db(), "test", &user).await.expect("read");
        let days: i64 = spans.iter().map(|(s, e)| (e - s) / 86_400_000).sum();
        assert_eq!(days, 30, "round {round}: {spans:?}");
        // Booked one after the other: none overlap.
        assert!(spans.windows(2).all(|w| w[0].1 <= w[1].0), "{spans:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_players_asking_twice_each_for_the_daily_get_one_game_each() {
    let place = Place::new();
    let options = HostOptions { hathor_daily_secret: Some("race-secret".into()), ..HostOptions::default() };
    let hosts = hosts(&place, &options).await;
    for round in 0..ROUNDS {
        // New players each round: a player has one daily board a day, whatever the channel.
        let channel = format!("d{round}");
        let (ann, ben) = (format!("ann{round}"), format!("ben{round}"));
        let requests = [&ann, &ben, &ann, &ben, &ann, &ben, &ann, &ben]
            .iter()
            .map(|user| (origin(user, &channel), "daily hathor".to_string()))
            .collect();
        let replies = race(&hosts, requests).await;
        let games = open_games(&hosts[0], &channel).await;
        // No orphans: exactly the two players' games, each running.
        assert_eq!(games.len(), 2, "round {round}: {games:?}");
        let mut game_of = std::collections::HashMap::new();
        for game in &games {
            assert_eq!(game.status, Status::Running);
            let players = hosts[0].db().players(game.id).await.expect("players");
            game_of.insert(players[0].user_id.clone(), game.id);
        }
        assert_eq!(game_of.len(), 2, "round {round}: one game each");
        for (i, reply) in replies.iter().enumerate() {
            let user = if i % 2 == 0 { ann.as_str() } else { ben.as_str() };
            assert!(!reply.is_empty(), "round {round}: {user} got no answer");
            let mine = game_of[user];
            // Every answer naming a game names the player's own.
            let said: Vec<String> = reply.iter().filter(|r| r.refusal || r.audience == commands::Audience::User(user.into())).map(|r| r.text.plain()).collect();
            assert!(
                said.iter().any(|t| t.contains(&format!("game #{mine}"))),
                "round {round}: {user}'s game is #{mine}: {said:?}"
            );
            assert!(!said.iter().any(|t| games.iter().any(|g| g.id != mine && t.contains(&format!("game #{}", g.id)))));
        }
        // The channel heard of the day's challenge being opened once.
        let opened = replies.iter().flatten().filter(|r| r.text.plain().contains("is open here as challenge")).count();
        assert!(opened <= 1, "round {round}: opened {opened} times");
    }
    // One player asking in eight channels at once gets one board in all.
    let requests = (0..RACERS).map(|k| (origin("cat", &format!("e{k}")), "daily hathor".to_string())).collect();
    let replies = race(&hosts, requests).await;
    let mut games = Vec::new();
    for k in 0..RACERS {
        games.extend(open_games(&hosts[0], &format!("e{k}")).await);
    }
    assert_eq!(games.len(), 1, "{games:?}");
    let refused = replies.iter().filter(|r| r.iter().any(|x| x.refusal)).count();
    assert_eq!(refused, RACERS - 1, "{:?}", replies.iter().map(|r| texts(r)).collect::<Vec<_>>());
}
