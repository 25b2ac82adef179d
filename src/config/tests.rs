use super::*;

/// Every secret key: its section with the other keys it needs, the key, and the
/// line (1-based) the key is set on in [`with`].
const SECRETS: &[(&str, &str)] = &[
    ("[discord]\nguilds = [1]\n", "token"),
    ("[matrix]\nhomeserver = \"https://h.example\"\nuser = \"@bot:h.example\"\n", "password"),
    ("[hathor]\n", "daily_secret"),
    ("[database]\n", "url"),
];

/// A config text: a comment line, then `section`, then `body`; and the line `body`
/// begins on.
fn with(section: &str, body: &str) -> (String, usize) {
    let text = format!("# config\n{section}{body}\n[bot]\nlanguage = \"en\"\n");
    (text, 2 + section.matches('\n').count())
}

fn error_of(text: &str) -> String {
    match Config::parse(text, "config.toml") {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e.to_string(),
    }
}

/// The kinds of errors, each as the key's lines with `SECRET` for the secret text,
/// and the line (counted from the key's first line) the error must name.
const KINDS: &[(&str, &str, usize)] = &[
    ("an unclosed quote", "KEY = \"SECRET", 0),
    ("an unclosed single quote", "KEY = 'SECRET", 0),
    ("an unquoted value", "KEY = SECRET", 0),
    ("a duplicated key", "KEY = \"SECRET-one\"\nKEY = \"SECRET-two\"", 1),
    ("a bad escape", "KEY = \"SEC\\qRET\"", 0),
    ("something after the value", "KEY = \"SECRET\" SECRET", 0),
    ("an unclosed multi-line string", "KEY = \"\"\"SECRET\nSECRET-more", 0),
    ("an integer", "KEY = 98765432123", 0),
    ("a boolean", "KEY = true", 0),
    ("a float", "KEY = 12345.678", 0),
    ("an array", "KEY = [\"SECRET\"]", 0),
    ("an inline table", "KEY = { value = \"SECRET\" }", 0),
];

#[test]
fn errors_about_secrets_name_the_key_and_the_line_and_never_the_value() {
    for &(section, key) in SECRETS {
        for &(kind, body, line_offset) in KINDS {
            let secret = "Xy7-TOPSECRET-Qz9";
            let body = body.replace("KEY", key).replace("SECRET", secret);
            let (text, first_line) = with(section, &body);
            let error = error_of(&text);
            let context = format!("{key}, {kind}:\n{text}\n=> {error}");
            let value = body.split_once(" = ").map_or("", |(_, v)| v);
            for leaked in [secret, "TOPSECRET", "98765432123", "12345.678", "SEC\\qRET", value] {
                assert!(!error.contains(leaked), "the error shows `{leaked}`: {context}");
            }
            assert!(error.contains(&format!("`{key}`")) || error.contains(&format!(".{key}`")), "the error names the key: {context}");
            let line = first_line + line_offset;
            let told = error.contains(&format!("line {line}:")) || error.contains(&format!("line {line},"));
            // an unclosed multi-line string ends where the file ends: its first line or any after
            assert!(told || (line_offset == 0 && kind.contains("multi-line") && error.contains("line ")), "line {line}: {context}");
            assert!(error.contains("config.toml"), "the file: {context}");
        }
    }
}

#[test]
fn a_secret_in_an_inline_table_or_a_dotted_key_is_hidden_too() {
    for text in [
        "discord = { token = \"Xy7-TOPSECRET",
        "discord = { token = Xy7-TOPSECRET }",
        "discord.token = Xy7-TOPSECRET",
        "discord.token = 98765432123",
        "[hathor]\n\"daily_secret\" = Xy7-TOPSECRET",
    ] {
        let error = error_of(text);
        assert!(!error.contains("TOPSECRET") && !error.contains("98765432123"), "{text} => {error}");
        assert!(error.contains("line "), "{text} => {error}");
    }
}

#[test]
fn errors_elsewhere_still_say_what_is_wrong() {
    let error = error_of("[bot]\nlanguage = \"fr\"\n");
    assert!(error.contains("`bot.language`") && error.contains("line 2") && error.contains("fr"), "{error}");
    let error = error_of("[clock]\nmove_time = \"soon\"\n");
    assert!(error.contains("clock.move_time") && error.contains("\"soon\""), "{error}");
    let error = error_of("[bot]\nlanguage = \"en\"\nlanguage = \"de\"\n");
    assert!(error.contains("line 3") && error.contains("`language` is set twice"), "{error}");
    let error = error_of("[bot]\nlanguage = en\n");
    assert!(error.contains("line 2, column 12"), "{error}");
    let error = error_of("[discord]\ntokn = \"x\"\n");
    assert!(error.contains("tokn"), "{error}");
}

#[test]
fn a_wrong_typed_secret_says_what_was_expected() {
    let error = error_of("[discord]\ntoken = 98765432123\n");
    assert!(error.contains("`discord.token`") && error.contains("line 2") && error.contains("expected a string, found integer"), "{error}");
}

#[test]
fn debug_output_hides_every_secret() {
    let text = "[database]\nurl = \"postgres://bot:db-pass-1@db.example/games\"\n\
                [hathor]\ndaily_secret = \"daily-2\"\n[discord]\ntoken = \"token-3\"\n\
                [matrix]\nhomeserver = \"https://h\"\nuser = \"@b:h\"\npassword = \"password-4\"\n";
    let config = Config::parse(text, "config.toml").expect("a valid config");
    let shown = format!("{config:?} {config:#?}");
    for secret in ["db-pass-1", "daily-2", "token-3", "password-4"] {
        assert!(!shown.contains(secret), "{secret} in {shown}");
    }
    assert!(shown.contains("postgres://bot:***@db.example/games"), "{shown}");
}

#[test]
fn the_hosts_options_hide_the_daily_secret() {
    let options = commands::HostOptions { hathor_daily_secret: Some("daily-5".into()), ..Default::default() };
    let shown = format!("{options:?}");
    assert!(!shown.contains("daily-5") && shown.contains("hathor_daily_secret: Some(\"***\")"), "{shown}");
}

#[test]
fn urls_lose_only_their_password() {
    assert_eq!(redact_url("sqlite://games.db"), "sqlite://games.db");
    assert_eq!(redact_url("sqlite:///var/lib/a@b.db"), "sqlite:///var/lib/a@b.db");
    assert_eq!(redact_url("postgres://bot:pw@h:5432/db?x=1"), "postgres://bot:***@h:5432/db?x=1");
    assert_eq!(redact_url("postgres://bot@h/db"), "postgres://bot@h/db");
    assert_eq!(redact_url("sqlite::memory:"), "sqlite::memory:");
    assert_eq!(redact_url("postgres://bot@h/db?password=pw&sslmode=require"), "postgres://bot@h/db?password=***&sslmode=require");
    assert_eq!(redact_url("postgres:/bot:pw@h/db"), "postgres:/bot:***@h/db");
    assert_eq!(redact_url("bot:pw@h/db"), "bot:***@h/db");
}

/// Issue 38: a token pasted into `guilds` is not quoted back; a password in the user
/// part of `[matrix] homeserver` or `[discord] api_url` is not shown at start-up, and
/// every secret of the configuration is hidden from the log.
#[test]
fn no_secret_of_the_configuration_is_shown() {
    let token = "MTA4NzY1.GhXyZ1.pasted-token-value";
    let error = Config::parse(&format!("[discord]\nguilds = [\"{token}\"]\n"), "config.toml").expect_err("a string").to_string();
    assert!(!error.contains(token), "{error}");
    assert_eq!(error, "the config file config.toml has a bad value at `discord.guilds[0]`: line 2: expected u64, found string (the value is not shown)");
    let text = "[discord]\napi_url = \"http://proxy:Pr0xyPass@127.0.0.1:9/api\"\n\
                [matrix]\nhomeserver = \"https://bot:HsPassw0rd@matrix.example\"\nuser = \"@b:matrix.example\"\n\
                password = \"MatrixPass-1\"\n[web]\nlisten = \"127.0.0.1:9\"\npublic_url = \"https://web:WebPass-22@spiele.example\"\n";
    let mut config = Config::parse(text, "config.toml").expect("valid");
    config.apply_env(|name| (name == ENV_DATABASE_URL).then(|| "postgres://bot@db/games?pass%77ord=DbPass-333".to_string()));
    let shown = config.platforms().join("\n");
    for secret in ["Pr0xyPass", "HsPassw0rd", "MatrixPass-1"] {
        assert!(!shown.contains(secret), "{shown}");
    }
    assert!(shown.contains("API http://proxy:***@127.0.0.1:9/api") && shown.contains("on https://bot:***@matrix.example"), "{shown}");
    let line = "trace: frame {\"d\":{\"token\":\"MatrixPass-1\"}} to https://bot:HsPassw0rd@matrix.example, \
                web:WebPass-22@spiele, proxy:Pr0xyPass@, password=DbPass-333";
    assert_eq!(
        crate::logging::scrub(line),
        "trace: frame {\"d\":{\"token\":\"***\"}} to https://bot:***@matrix.example, web:***@spiele, proxy:***@, password=***"
    );
}

/// The `[discord] shards` of a config text, or its error as the loader reports it.
fn shards_of(value: &str) -> Result<Option<ShardRange>, String> {
    let text = format!("[discord]\nshards = {value}\n");
    Config::parse(&text, "config.toml").map(|c| c.discord.and_then(|d| d.shards)).map_err(|e| e.to_string())
}

#[test]
fn shards_are_a_range_or_one_shard_of_a_total() {
    let range = |first, last, total| Ok(Some(ShardRange::new(first, last, total, "").expect("a valid range")));
    assert_eq!(shards_of("\"0-3/8\""), range(0, 3, 8));
    assert_eq!(shards_of("\"2/8\""), range(2, 2, 8));
    assert_eq!(shards_of("\"7-7/8\""), range(7, 7, 8));
    assert_eq!(shards_of("\"0/1\""), range(0, 0, 1));
    assert_eq!(shards_of("\" 4 - 7 / 8 \""), range(4, 7, 8));
    let config = Config::parse("[discord]\nguilds = []\n", "config.toml").expect("valid");
    assert_eq!(config.discord.and_then(|d| d.shards), None, "absent: autosharded");
}

#[test]
fn shards_are_shown_as_written_and_in_words() {
    let parsed = |text: &str| text.parse::<ShardRange>().expect(text);
    assert_eq!(parsed("0-3/8").to_string(), "0-3/8");
    assert_eq!(parsed("2/8").to_string(), "2/8");
    assert_eq!(parsed("2-2/8").to_string(), "2/8");
    assert_eq!(parsed("0-3/8").describe(), "shards 0 to 3 of 8");
    assert_eq!(parsed("2/8").describe(), "shard 2 of 8");
    let config = Config::parse("[discord]\nshards = \"4-7/8\"\n", "config.toml").expect("valid");
    assert_eq!(config.platforms(), vec!["Discord (no token, commands registered globally, API discord.com, shards 4 to 7 of 8)"]);
    let config = Config::parse("[discord]\n", "config.toml").expect("valid");
    assert_eq!(config.platforms(), vec!["Discord (no token, commands registered globally, API discord.com, autosharded)"]);
}

#[test]
fn bad_shards_say_what_is_wrong_with_the_key_and_the_line() {
    let at = "the config file config.toml has a bad value at `discord.shards`: line 2: ";
    let cases = [
        ("\"4-3/8\"", "\"4-3/8\": the first shard (4) comes after the last (3)"),
        ("\"0-8/8\"", "\"0-8/8\": there is no shard 8 of 8 (they are numbered 0 to 7)"),
        ("\"9/8\"", "\"9/8\": there is no shard 9 of 8 (they are numbered 0 to 7)"),
        ("\"0-3/0\"", "\"0-3/0\": the total number of shards must be at least 1"),
        ("\"abc\"", "\"abc\" is not a shard range like \"0-3/8\" (shards 0 to 3 of 8) or \"2/8\" (shard 2 of 8)"),
        ("\"0-3\"", "\"0-3\" is not a shard range like \"0-3/8\" (shards 0 to 3 of 8) or \"2/8\" (shard 2 of 8)"),
        ("\"-1/8\"", "\"-1/8\" is not a shard range like \"0-3/8\" (shards 0 to 3 of 8) or \"2/8\" (shard 2 of 8)"),
        ("\"+1/8\"", "\"+1/8\" is not a shard range like \"0-3/8\" (shards 0 to 3 of 8) or \"2/8\" (shard 2 of 8)"),
        ("\"0-3/99999999999\"", "\"0-3/99999999999\" is not a shard range like \"0-3/8\" (shards 0 to 3 of 8) or \"2/8\" (shard 2 of 8)"),
        ("8", "invalid type: integer `8`, expected a shard range like \"0-3/8\" or \"2/8\""),
    ];
    for (value, error) in cases {
        assert_eq!(shards_of(value), Err(format!("{at}{error}")), "shards = {value}");
    }
}

#[test]
fn the_environment_applies_without_a_file() {
    let mut config = Config::default();
    config.apply_env(|name| (name == ENV_HATHOR_SECRET).then(|| "env-secret".to_string()));
    assert_eq!(config.hathor.daily_secret.as_ref().map(Secret::expose), Some("env-secret"));
}

#[test]
fn the_database_url_may_come_from_the_environment_and_its_password_is_never_shown() {
    let mut config: Config = toml::from_str("[database]\nurl = \"sqlite://file.db\"\n").expect("parses");
    config.apply_env(|name| (name == ENV_DATABASE_URL).then(|| "postgres://bot:hunter2@db.example:5432/games".to_string()));
    assert_eq!(config.database.url, "postgres://bot:hunter2@db.example:5432/games");
    let shown = format!("{:?}", config.database);
    assert_eq!(shown, "DatabaseConfig { url: \"postgres://bot:***@db.example:5432/games\" }");
}

#[test]
fn the_master_level_thinks_thirty_seconds_unless_ai_master_seconds_says_otherwise() {
    let default = Config::parse("[bot]\nlanguage = \"en\"\n", "config.toml").expect("parses");
    assert_eq!(default.ai.master_cpu(), std::time::Duration::from_secs(30));
    let set = Config::parse("[ai]\nmaster_seconds = 2.5\n", "config.toml").expect("parses");
    assert_eq!(set.ai.master_cpu(), std::time::Duration::from_millis(2500));
    let error = error_of("[ai]\nmaster_seconds = 0\n");
    assert!(error.contains("`ai.master_seconds`") && error.contains("0 is no CPU budget"), "{error}");
    let error = error_of("[ai]\nmaster_secs = 5\n");
    assert!(error.contains("master_secs"), "{error}");
}
