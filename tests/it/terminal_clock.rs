//! The terminal chat's `wait <time>` and the scheduler's notices printed after each
//! command; the `[clock]` configuration.

use crate::support::{spieltisch, Place};

#[test]
fn waiting_in_the_terminal_brings_the_reminders_once_and_then_the_time_limit() {
    let place = Place::new();
    let run = place.local("new carat seed=7\nas bob\njoin\nas alice\nstart\nwait 35h\nwait 1h\nboard\nwait 1d\nwait 12h\nwait 2x\nwait\n");
    let out = &run.stdout;
    assert!(out.contains("1 day 11 hours later."), "{out}");
    // Real seconds pass in the run too: 1 day 11 hours 59 minutes and some seconds are
    // left, which reads as the nearest whole hours.
    let half = out.find("half your time for this move has passed, 1 day 12 hours left.").expect("the half-time reminder");
    assert!(out[..half].contains("1 hour later."), "it comes after the second wait: {out}");
    assert_eq!(out.matches("half your time").count(), 1, "once: {out}");
    assert_eq!(out.matches("runs out in").count(), 1, "{out}");
    assert!(out.contains("[local] Time is up for @"), "{out}");
    assert!(out.contains("“2x” is not a time to wait: write it like `wait 36h`"), "{out}");
    assert!(out.contains("“” is not a time to wait"), "a bare wait explains itself: {out}");
}

#[test]
fn the_clock_section_is_read_and_its_errors_name_the_key() {
    let place = Place::new();
    let config = place.path().join("config.toml");
    std::fs::write(&config, "[clock]\nmove_time = \"2h\"\nreminder_before = \"off\"\nhalf_time_reminder = false\n")
        .expect("write");
    let db = place.db_url();
    let boards = place.boards().display().to_string();
    let args = ["local", "--config", &config.display().to_string(), "--db", &db, "--boards", &boards, "--as", "alice"];
    let script = "new carat seed=7\nas bob\njoin\nas alice\nstart\nwait 119m\nwait 1m\n";
    let run = spieltisch(place.path(), &args, script, &[]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(!run.stdout.contains("half your time") && !run.stdout.contains("runs out in"), "{}", run.stdout);
    let up = run.stdout.find("Time is up").expect("the 2 hours are up");
    assert!(run.stdout[..up].contains("1 minute later."), "{}", run.stdout);

    std::fs::write(&config, "[clock]\nmove_time = \"soon\"\n").expect("write");
    let run = spieltisch(place.path(), &["run", "--config", &config.display().to_string()], "", &[]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("clock.move_time"), "{}", run.stderr);
}

/// Without `--lang` the terminal speaks as the channel's setting says (after a user's
/// own choice); with `--lang` that language wins, as a platform's locale would.
#[test]
fn the_channels_language_setting_speaks_in_the_terminal() {
    let place = Place::new();
    let run = place.local("settings language=de\nnew carat seed=7\nas bob\nlanguage en\nhelp\n");
    let out = &run.stdout;
    assert!(out.contains("lädt zu einer Partie Carat"), "the channel's German: {out}");
    assert!(out.contains("Commands: new, join"), "bob's own English: {out}");
}

/// A Hathor challenge whose time runs out while the terminal waits closes at once: the
/// final leaderboard and the boards are shown (and written) without another command.
#[test]
fn a_challenge_closes_when_the_terminal_waits_past_its_end() {
    let place = Place::new();
    let run = place.local("new hathor challenge hours=1 seed=3\nwait 59m\nwait 1m\n");
    let out = &run.stdout;
    let closed = out.find("is closed. Final leaderboard").expect("the challenge closed");
    assert!(out[..closed].contains("1 minute later."), "it closes with the second wait: {out}");
    assert_eq!(out.matches("is closed. Final leaderboard").count(), 1, "{out}");
    assert!(out[closed..].contains("picture: "), "the board is written: {out}");
}

#[test]
fn the_terminal_clock_survives_a_restart() {
    let place = Place::new();
    let first = place.local("new carat seed=7\nas bob\njoin\nas alice\nstart\nwait 40h\n");
    assert!(first.stdout.contains("half your time for this move has passed"), "{}", first.stdout);
    // A new process on the same database: the 40 hours are still gone.
    let second = place.local("games\nwait 20h\n");
    let out = &second.stdout;
    assert!(out.contains("#1 Carat") && out.contains(", waiting for 1 day 16 hours"), "{out}");
    // 60 hours of 72: the reminder 12 hours before the end, not the half-time one again.
    assert!(out.contains("runs out in 12 hours"), "{out}");
    assert!(!out.contains("half your time"), "{out}");
}

/// `spieltisch local --channel NAME` on `place`'s database with `script`.
fn local_in(place: &Place, channel: &str, script: &str) -> String {
    let db = place.db_url();
    let boards = place.boards().display().to_string();
    let run = spieltisch(place.path(), &["local", "--db", &db, "--boards", &boards, "--as", "alice", "--channel", channel], script, &[]);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    run.stdout
}

#[test]
fn each_terminal_prints_only_its_own_channels_notices() {
    let place = Place::new();
    let garten = local_in(&place, "garten", "new carat seed=1\n");
    assert!(garten.contains("[garten] @alice invites you to a game of Carat (#1)"), "{garten}");
    // The terminal of another channel waits past the invitation's 48 hours: the
    // expiry is not its to print (nor to take from garten's).
    let kneipe = local_in(&place, "kneipe", "wait 49h\n");
    assert!(!kneipe.contains("expired") && !kneipe.contains("garten"), "{kneipe}");
    // garten's terminal, whose clock has reached it (the waits are the database's), prints it.
    // It comes before the first line: nobody joins the expired invitation.
    let garten = local_in(&place, "garten", "as carol\njoin\n");
    let expired = garten.find("[garten] Nobody took up the invitation to game #1 (Carat) in time, so it has expired.").expect(&garten);
    assert!(expired < garten.find("carol> join").expect("the line"), "{garten}");
    assert!(!garten.contains("carol joins"), "{garten}");
    assert_eq!(garten.matches("has expired").count(), 1, "{garten}");
}

/// The terminal's own words in German and English: `warte`/`warten` wait, and a bare
/// `as`/`als` says who speaks and how to switch.
#[test]
fn the_terminal_reads_its_own_words_in_german_and_a_bare_as() {
    let place = Place::new();
    let run = place.local("warte 2h\nwarten 1d\nas\nals bob\nals\n");
    let out = &run.stdout;
    assert!(out.contains("2 hours later.\n"), "{out}");
    assert!(out.contains("1 day later.\n"), "{out}");
    assert!(out.contains("You speak as alice: type `as <name>` to speak as another player.\n"), "{out}");
    assert!(out.contains("You speak as bob now.\n"), "{out}");
    assert!(out.contains("You speak as bob: type `as <name>` to speak as another player.\n"), "{out}");
    assert!(!out.contains("I do not know the command"), "{out}");

    let (db, boards) = (place.db_url(), place.boards().display().to_string());
    let run = spieltisch(place.path(), &["local", "--db", &db, "--boards", &boards, "--as", "alice", "--lang", "de"], "warte 2h\nals\n", &[]);
    let out = &run.stdout;
    assert!(out.contains("2 Stunden später.\n"), "{out}");
    assert!(out.contains("Du sprichst als alice: schreib `als <Name>`, um als jemand anderes zu sprechen.\n"), "{out}");
}
