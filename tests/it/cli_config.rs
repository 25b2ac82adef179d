//! `spieltisch run --config FILE` and the configuration's errors and secrets.

use crate::support::{spieltisch, Place};

fn run_with(place: &Place, config: &str, env: &[(&str, &str)]) -> crate::support::Run {
    let file = place.path().join("config.toml");
    let text = format!("[database]\nurl = \"{}\"\n{config}", place.db_url());
    std::fs::write(&file, text).expect("write config");
    spieltisch(place.path(), &["run", "--config", &file.display().to_string()], "", env)
}

#[test]
fn run_without_platforms_says_so_and_fails() {
    let place = Place::new();
    let run = run_with(&place, "[bot]\nlanguage = \"de\"\nadmins = [\"1234\"]\n", &[]);
    assert_ne!(run.code, Some(0));
    assert!(run.stderr.contains("sets up no chat platform"), "{}", run.stderr);
}

#[test]
fn run_with_only_a_web_page_says_so_before_serving_it() {
    let place = Place::new();
    let run = run_with(&place, "[web]
listen = \"127.0.0.1:0\"\n", &[("RUST_LOG", "info")]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("sets up no chat platform"), "{}", run.stderr);
    assert!(!run.stderr.contains("web page served"), "nothing is served: {}", run.stderr);
}

#[test]
fn configured_platforms_are_named_and_secrets_stay_hidden() {
    let place = Place::new();
    // a homeserver that refuses connections: the Matrix login fails within seconds
    let config = "[discord]\ntoken = \"file-secret-123\"\nguilds = [42]\n\
                  [matrix]\nhomeserver = \"http://127.0.0.1:9\"\nuser = \"@bot:example.org\"\n";
    let run = run_with(&place, config, &[("SPIELTISCH_MATRIX_PASSWORD", "env-secret-456")]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("Discord (token set"), "{}", run.stderr);
    assert!(run.stderr.contains("Matrix (@bot:example.org on http://127.0.0.1:9, password set"), "{}", run.stderr);
    assert!(run.stderr.contains("prefix !st"), "the default prefix: {}", run.stderr);
    assert!(run.stderr.contains("login as @bot:example.org on http://127.0.0.1:9 failed"), "{}", run.stderr);
    let all = format!("{}{}", run.stdout, run.stderr);
    assert!(!all.contains("file-secret-123") && !all.contains("env-secret-456"), "a secret leaked: {all}");
}

/// The token comes from the environment: Discord starts (rather than failing for want
/// of a token) and fails only because nothing answers at the API URL (a closed port);
/// the token never shows.
#[test]
fn the_discord_token_may_come_from_the_environment() {
    let place = Place::new();
    let run = run_with(&place, "[discord]\napi_url = \"http://127.0.0.1:1\"\n", &[("SPIELTISCH_DISCORD_TOKEN", "env-token-789")]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("Discord (token set"), "{}", run.stderr);
    assert!(run.stderr.contains("gave no gateway URL"), "{}", run.stderr);
    assert!(!run.stderr.contains("no Discord bot token"), "{}", run.stderr);
    assert!(!run.stderr.contains("env-token-789"), "{}", run.stderr);
}

/// Without a token anywhere, Discord refuses to start and says where a token goes.
#[test]
fn discord_without_a_token_says_where_it_goes() {
    let place = Place::new();
    let run = run_with(&place, "[discord]\nguilds = [42]\n", &[]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("SPIELTISCH_DISCORD_TOKEN"), "{}", run.stderr);
}

#[test]
fn the_daily_hathor_secret_is_read_from_the_file_or_the_environment_and_never_printed() {
    let place = Place::new();
    // A Discord API that refuses connections: the start fails at once, after the config was read.
    let discord = "[discord]\napi_url = \"http://127.0.0.1:1\"\n";
    let run = run_with(&place, &format!("[hathor]\ndaily_secret = \"daily-file-secret\"\n{discord}"), &[("SPIELTISCH_DISCORD_TOKEN", "t")]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let run2 = run_with(&place, discord, &[("SPIELTISCH_HATHOR_SECRET", "daily-env-secret"), ("SPIELTISCH_DISCORD_TOKEN", "t")]);
    assert_eq!(run2.code, Some(1), "{}", run2.stderr);
    let all = format!("{}{}{}{}", run.stdout, run.stderr, run2.stdout, run2.stderr);
    assert!(!all.contains("daily-file-secret") && !all.contains("daily-env-secret"), "a secret leaked: {all}");
}

#[test]
fn a_bad_config_names_the_key() {
    let cases = [
        ("[bot]\nlanguage = \"fr\"\n", "bot.language"),
        ("[discord]\ntokn = \"secret-in-typo\"\n", "tokn"),
        ("[discord]\nguilds = [\"abc\"]\n", "discord.guilds"),
        ("[matrix]\nhomeserver = \"https://h\"\n", "user"),
        ("[telegram]\ntoken = \"x\"\n", "telegram"),
        ("[hathor]\nsecret = \"x\"\n", "secret"),
    ];
    for (config, key) in cases {
        let place = Place::new();
        let run = run_with(&place, config, &[]);
        assert_eq!(run.code, Some(1), "{config}: {}", run.stderr);
        assert!(run.stderr.contains(key), "{config}: the error should name {key}: {}", run.stderr);
        assert!(!run.stderr.contains("secret-in-typo") || key != "tokn" || run.stderr.contains("tokn"));
    }
}

/// A bad `[discord] shards` stops the start with the key, the line and what is wrong.
#[test]
fn a_bad_shard_range_names_the_key_the_line_and_the_fault() {
    let place = Place::new();
    let run = run_with(&place, "[discord]\ntoken = \"shard-secret-1\"\nshards = \"0-8/8\"\n", &[]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let expected = "has a bad value at `discord.shards`: line 5: \"0-8/8\": there is no shard 8 of 8 (they are numbered 0 to 7)";
    assert!(run.stderr.contains(expected), "{}", run.stderr);
    assert!(!run.stderr.contains("shard-secret-1"), "{}", run.stderr);
}

#[test]
fn a_missing_config_file_is_named() {
    let place = Place::new();
    let run = spieltisch(place.path(), &["run", "--config", "nowhere.toml"], "", &[]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("nowhere.toml"), "{}", run.stderr);
}

#[test]
fn the_example_config_is_valid_and_documents_both_platforms() {
    let place = Place::new();
    let example = crate::support::manifest_dir().join("config.example.toml");
    let text = std::fs::read_to_string(&example).expect("config.example.toml");
    // Keep the database in the temporary directory.
    let text = text.replace("url = \"sqlite://spieltisch.db\"", &format!("url = \"{}\"", place.db_url()));
    let file = place.path().join("config.toml");
    std::fs::write(&file, &text).expect("write");
    let run = spieltisch(place.path(), &["run", "--config", &file.display().to_string()], "", &[]);
    assert!(run.stderr.contains("Discord (no token"), "{}", run.stderr);
    assert!(run.stderr.contains("Matrix (@spieltisch:example.org on https://matrix.example.org"), "{}", run.stderr);
    // The example leaves the token and the password out: both are said at once, before
    // anything is touched (issue 41: it stopped at the first, after creating the
    // database), each with the way to run without its platform.
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("no Discord bot token: set [discord] token or SPIELTISCH_DISCORD_TOKEN, or leave the [discord] section out to run without Discord"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("no Matrix password: set `password` in [matrix] or SPIELTISCH_MATRIX_PASSWORD for the first login, or leave the [matrix] section out"), "{}", run.stderr);
    assert!(!run.stderr.contains("Matrix adapter running"), "{}", run.stderr);
    assert!(!place.path().join("games.db").exists(), "the database was created before the configuration was checked");
    assert!(!place.path().join("matrix-store").exists(), "the Matrix store was created before the configuration was checked");
}

/// `SPIELTISCH_HATHOR_SECRET` applies without `--config` (it was read only with a
/// file): two databases with the same secret deal the same daily stones, another secret
/// other stones.
#[test]
fn the_daily_secret_from_the_environment_applies_without_a_config_file() {
    let deal = |secret: &str| {
        let place = Place::new();
        let db = place.db_url();
        let boards = place.boards().display().to_string();
        let run = spieltisch(
            place.path(),
            &["local", "--db", &db, "--boards", &boards, "--as", "alice"],
            "daily hathor\n",
            &[("SPIELTISCH_HATHOR_SECRET", secret)],
        );
        assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
        assert!(run.stdout.contains("game #1"), "{}", run.stdout);
        // The terminal's `export` waits for the challenge to close; the CLI shows the pile now.
        let export = spieltisch(place.path(), &["export", "1", "--db", &db], "", &[]);
        assert_eq!(export.code, Some(0), "{}", export.stderr);
        let record: serde_json::Value = serde_json::from_str(&export.stdout).expect("a record");
        record["setup"]["pile"].clone()
    };
    let first = deal("same-secret-1");
    assert_eq!(first, deal("same-secret-1"), "the same secret, the same stones");
    assert_ne!(first, deal("another-secret-2"), "another secret, other stones");
}

/// A config error about a secret names the key and the line, never the value (TOML's
/// messages quoted the line, serde's the value).
#[test]
fn config_errors_about_secrets_never_show_the_value() {
    let cases = [
        ("[discord]\ntoken = \"TOPSECRET-a1\n", "token", "line 4"),
        ("[matrix]\nhomeserver = \"https://h\"\nuser = \"@b:h\"\npassword = TOPSECRET-b2\n", "password", "line 6"),
        ("[hathor]\ndaily_secret = \"TOPSECRET-c3\"\ndaily_secret = \"TOPSECRET-c4\"\n", "daily_secret", "line 5"),
        ("[discord]\ntoken = 98765432123\n", "token", "line 4"),
    ];
    for (config, key, line) in cases {
        let place = Place::new();
        for command in ["run", "local"] {
            let file = place.path().join("config.toml");
            std::fs::write(&file, format!("[database]\nurl = \"{}\"\n{config}", place.db_url())).expect("write config");
            let run = spieltisch(place.path(), &[command, "--config", &file.display().to_string()], "", &[]);
            assert_eq!(run.code, Some(1), "{config}: {}", run.stderr);
            let all = format!("{}{}", run.stdout, run.stderr);
            assert!(!all.contains("TOPSECRET") && !all.contains("98765432123"), "a secret leaked: {all}");
            assert!(run.stderr.contains(&format!("{key}`")) && run.stderr.contains(line), "{config}: {}", run.stderr);
        }
    }
}

/// Issue 41: errors about the database URL named neither the file, nor the key, nor the
/// line, as every other configuration error does (and the run had begun). Now they do,
/// before anything is opened, without the password; from the environment, they name the
/// variable.
#[test]
fn a_bad_database_url_names_the_file_the_key_and_the_line() {
    for (url, why) in [
        ("mysql://bot:Pw-41@h/db", "`mysql://bot:***@h/db` is not a database URL: Spieltisch keeps its games in PostgreSQL or SQLite only"),
        ("postgress://bot:Pw-41@h/db", "`postgress://bot:***@h/db` is not a database URL: the scheme `postgress:` is misspelt"),
        ("sqlite::memory:", "`sqlite::memory:` is an in-memory database, which would not keep the games"),
    ] {
        let place = Place::new();
        let file = place.path().join("config.toml");
        std::fs::write(&file, format!("# games\n[database]\nurl = \"{url}\"\n")).expect("write config");
        let run = spieltisch(place.path(), &["run", "--config", &file.display().to_string()], "", &[]);
        assert_eq!(run.code, Some(1), "{}", run.stderr);
        let expected = format!("the config file {} has a bad value at `database.url`: line 3: {why}", file.display());
        assert!(run.stderr.contains(&expected), "{url}: {}", run.stderr);
        assert!(!run.stderr.contains("Pw-41") && !place.path().join("spieltisch.db").exists(), "{}", run.stderr);
    }
    let place = Place::new();
    let run = spieltisch(place.path(), &["local"], "", &[("SPIELTISCH_DATABASE_URL", "mysql://bot:Pw-41@h/db")]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("the environment variable SPIELTISCH_DATABASE_URL has a bad value: `mysql://bot:***@h/db` is not a database URL"), "{}", run.stderr);
}

/// Found by a new user's trial: the program's own error messages printed a URL's
/// password in clear (`[discord] api_url`, `[web] public_url`). Now they go through the
/// log's redaction.
#[test]
fn error_messages_hide_the_passwords_of_urls() {
    let place = Place::new();
    let run = run_with(&place, "[discord]\ntoken = \"tok-123456\"\napi_url = \"http://u:SecretApi22@127.0.0.1:1\"\n", &[]);
    assert_ne!(run.code, Some(0), "nothing listens there: {}", run.stderr);
    let all = format!("{}{}", run.stdout, run.stderr);
    assert!(all.contains("u:***@127.0.0.1:1"), "the URL is named: {all}");
    assert!(!all.contains("SecretApi22") && !all.contains("tok-123456"), "{all}");
    let place = Place::new();
    let file = place.path().join("config.toml");
    std::fs::write(&file, "[web]\nlisten = \"127.0.0.1:0\"\npublic_url = \"ftp://u:SecretPub13@x\"\n").expect("write config");
    let run = spieltisch(place.path(), &["local", "--config", &file.display().to_string(), "--db", &place.db_url()], "", &[]);
    assert_ne!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.contains("public_url must start with http:// or https://"), "{}", run.stderr);
    assert!(!run.stderr.contains("SecretPub13"), "{}", run.stderr);
}
