//! Unit tests of the Matrix adapter's pure parts (command recognition, message content,
//! retry timing), kept in the one test binary rather than in a second one that links
//! matrix-sdk.

// ---------------------------------------------------------------- command

mod command {
    use spieltisch::matrix::command::{Addressing, MessageText, command_line};

    fn me() -> Addressing {
        Addressing { prefix: "!st".into(), user_id: "@bot:localhost".into(), display_name: Some("Spieltisch".into()) }
    }

    fn line(body: &str) -> Option<String> {
        command_line(MessageText { body, formatted: None, is_direct: false }, &me())
    }

    #[test]
    fn the_prefix_marks_a_command() {
        let cases: &[(&str, Option<&str>)] = &[
            ("!st new carat", Some("new carat")),
            ("  !ST   c3 red  ", Some("c3 red")),
            ("!st", Some("")),
            ("!st: board", Some("board")),
            ("!stboard", None),
            ("!s board", None),
            ("hello !st board", None),
            ("", None),
            ("carat is fun", None),
        ];
        for (body, want) in cases {
            assert_eq!(line(body).as_deref(), *want, "body {body:?}");
        }
    }

    #[test]
    fn a_leading_mention_marks_a_command() {
        let cases: &[(&str, Option<&str>)] = &[
            ("@bot:localhost board", Some("board")),
            ("@bot:localhost: join", Some("join")),
            ("Spieltisch: start", Some("start")),
            ("spieltisch, help", Some("help")),
            ("@Spieltisch c3 red", Some("c3 red")),
            ("bot: hand", Some("hand")),
            ("@bot join", Some("join")),
            ("Spieltisch !st board", Some("board")),
            ("Spieltischler board", None),
            ("robot: board", None),
            ("I like @bot:localhost", None),
            // A bare name is talk about the bot unless it is followed by `:` or `,`.
            ("spieltisch is a great bot, right?", None),
            ("Spieltisch wie geht es dir", None),
            ("bot hand", None),
            ("Spieltisch", Some("")),
            ("Spieltisch,board", None),
        ];
        for (body, want) in cases {
            assert_eq!(line(body).as_deref(), *want, "body {body:?}");
        }
    }

    #[test]
    fn a_pill_names_the_bot_even_under_another_name() {
        let body = "Table Bot: new carat";
        let html = r#"<a href="https://matrix.to/#/%40bot%3Alocalhost">Table Bot</a>: new carat"#;
        let got = command_line(MessageText { body, formatted: Some(html), is_direct: false }, &me());
        assert_eq!(got.as_deref(), Some("new carat"));
        // a pill to somebody else does not address the bot
        let other = r#"<a href="https://matrix.to/#/@alice:localhost">Table Bot</a>: new carat"#;
        let got = command_line(MessageText { body, formatted: Some(other), is_direct: false }, &me());
        assert_eq!(got, None);
    }

    #[test]
    fn a_pill_in_the_middle_of_a_command_names_that_user() {
        let with = |body: &str, html: &str| command_line(MessageText { body, formatted: Some(html), is_direct: false }, &me());
        let html = r#"!st new carat <a href="https://matrix.to/#/@bob:localhost">Bob B.</a> and <a href="https://matrix.to/#/%40carol%3Alocalhost">carol</a>"#;
        assert_eq!(with("!st new carat Bob B. and carol", html).as_deref(), Some("new carat @bob:localhost and @carol:localhost"));
        // The bot's pill with a level after it: its id and the level.
        let html = r#"!st new carat <a href="https://matrix.to/#/@bot:localhost">Spieltisch</a>:hard"#;
        assert_eq!(with("!st new carat Spieltisch:hard", html).as_deref(), Some("new carat @bot:localhost:hard"));
        // A leading pill of the bot and one of a player.
        let html = r#"<a href="https://matrix.to/#/@bot:localhost">Table Bot</a>: new hathor challenge <a href="https://matrix.to/#/@bot:localhost">Table Bot</a>"#;
        assert_eq!(with("Table Bot: new hathor challenge Table Bot", html).as_deref(), Some("new hathor challenge @bot:localhost"));
        // Room links and pills whose text is not in the body change nothing.
        let html = r##"!st board <a href="https://matrix.to/#/#games:localhost">games</a> <a href="https://matrix.to/#/@x:localhost">zed</a>"##;
        assert_eq!(with("!st board games", html).as_deref(), Some("board games"));
    }

    #[test]
    fn in_a_direct_room_every_message_is_a_command() {
        let got = command_line(MessageText { body: " hand ", formatted: None, is_direct: true }, &me());
        assert_eq!(got.as_deref(), Some("hand"));
        let got = command_line(MessageText { body: "!st hand", formatted: None, is_direct: true }, &me());
        assert_eq!(got.as_deref(), Some("hand"));
    }

    #[test]
    fn reply_fallbacks_are_skipped() {
        let body = "> <@bot:localhost> It is your turn\n> second line\n\n!st c3 red";
        assert_eq!(line(body).as_deref(), Some("c3 red"));
        assert_eq!(line("> just a quote").as_deref(), None);
    }

    #[test]
    fn odd_input_never_panics() {
        for body in ["!", "!sé", "é", "@", ":", "> ", ">\n", "\u{0}", "!st\u{200B}x", "%", "%zz"] {
            let _ = line(body);
            let _ = command_line(MessageText { body, formatted: Some(body), is_direct: true }, &me());
        }
    }
}

// ---------------------------------------------------------------- message

mod message {
    use matrix_sdk::ruma::{
        event_id,
        events::room::message::{MessageType, Relation},
        user_id,
    };

    use spieltisch::matrix::message::{Piece, ReplyTarget, png_size, text_content};

    #[test]
    fn mentions_become_pills_and_m_mentions() {
        let pieces = vec![
            Piece::Text("Your turn, ".into()),
            Piece::Mention { user_id: user_id!("@alice:localhost").to_owned(), name: "Alice <3".into() },
            Piece::Text("!".into()),
        ];
        let content = text_content(&pieces, None);
        let MessageType::Text(text) = &content.msgtype else { panic!("not m.text: {content:?}") };
        assert_eq!(text.body, "Your turn, Alice <3!");
        let html = &text.formatted.as_ref().expect("formatted body").body;
        assert_eq!(html, r#"Your turn, <a href="https://matrix.to/#/@alice:localhost">Alice &lt;3</a>!"#);
        let mentions = content.mentions.as_ref().expect("m.mentions");
        assert_eq!(mentions.user_ids.iter().map(|u| u.as_str()).collect::<Vec<_>>(), ["@alice:localhost"]);
        assert!(!mentions.room);
    }

    #[test]
    fn plain_texts_mention_nobody_and_lines_survive_in_html() {
        let content = text_content(&[Piece::Text("a".into())], None);
        assert!(content.mentions.as_ref().is_some_and(|m| m.user_ids.is_empty()));
        let content = text_content(&[Piece::Text("a<b\nc".into())], None);
        let MessageType::Text(text) = &content.msgtype else { panic!() };
        assert_eq!(text.formatted.as_ref().map(|f| f.body.as_str()), Some("a&lt;b<br>c"));
    }

    #[test]
    fn commands_in_backticks_are_code_in_html() {
        let content = text_content(&[Piece::Text("Type `join` or `join #2`, not `x".into())], None);
        let MessageType::Text(text) = &content.msgtype else { panic!() };
        assert_eq!(text.body, "Type `join` or `join #2`, not `x", "the plain body keeps its backticks");
        assert_eq!(
            text.formatted.as_ref().map(|f| f.body.as_str()),
            Some("Type <code>join</code> or <code>join #2</code>, not `x")
        );
        // Escaped first: markup inside a span stays text.
        let content = text_content(&[Piece::Text("`<b>`".into())], None);
        let MessageType::Text(text) = &content.msgtype else { panic!() };
        assert_eq!(text.formatted.as_ref().map(|f| f.body.as_str()), Some("<code>&lt;b&gt;</code>"));
    }

    #[test]
    fn a_reply_points_at_the_command_and_mentions_its_sender() {
        let target = ReplyTarget {
            event_id: event_id!("$cmd:localhost").to_owned(),
            sender: user_id!("@bob:localhost").to_owned(),
        };
        let content = text_content(&[Piece::Text("That site is taken.".into())], Some(&target));
        match &content.relates_to {
            Some(Relation::Reply(reply)) => assert_eq!(reply.in_reply_to.event_id, "$cmd:localhost"),
            other => panic!("not a reply: {other:?}"),
        }
        assert!(content.mentions.as_ref().is_some_and(|m| m.user_ids.contains(user_id!("@bob:localhost"))));
    }

    #[test]
    fn png_sizes_come_from_the_header() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend_from_slice(&900u32.to_be_bytes());
        png.extend_from_slice(&640u32.to_be_bytes());
        assert_eq!(png_size(&png), Some((900, 640)));
        assert_eq!(png_size(b"GIF89a"), None);
        assert_eq!(png_size(&png[..20]), None);
    }
}

// ---------------------------------------------------------------- ratelimit

mod ratelimit {
    use std::time::Duration;

    use spieltisch::matrix::ratelimit::{MAX_WAIT, RetryStats, Verdict, retry, verdict, wait_after};

    #[test]
    fn waits_follow_the_server_then_back_off_exponentially() {
        assert_eq!(wait_after(Verdict::RateLimited(Some(Duration::from_millis(4_800))), 1), Duration::from_millis(4_850));
        assert_eq!(wait_after(Verdict::RateLimited(Some(Duration::from_secs(3_600))), 1), MAX_WAIT);
        assert_eq!(wait_after(Verdict::Network, 1), Duration::from_millis(500));
        assert_eq!(wait_after(Verdict::Network, 2), Duration::from_millis(1_000));
        assert_eq!(wait_after(Verdict::RateLimited(None), 4), Duration::from_millis(4_000));
        assert_eq!(wait_after(Verdict::Network, 40), MAX_WAIT);
    }

    #[test]
    fn other_errors_are_permanent() {
        assert_eq!(verdict(&matrix_sdk::Error::InsufficientData), Verdict::Permanent);
    }

    #[tokio::test]
    async fn a_permanent_error_is_not_retried() {
        let stats = RetryStats::default();
        let mut calls = 0;
        let result: Result<(), _> = retry("test", &stats, || {
            calls += 1;
            async { Err(matrix_sdk::Error::InsufficientData) }
        })
        .await;
        assert!(result.is_err());
        assert_eq!(calls, 1);
        assert_eq!(stats.rate_limited(), 0);
    }
}

// ---------------------------------------------------------------- bridge

mod bridge {
    use commands::{Reply, Segment, Text, User};
    use matrix_sdk::ruma::{event_id, room_id, user_id};
    use spieltisch::matrix::{Destination, Incoming, MatrixConfig, Piece, bridge::outgoing};

    fn incoming(is_direct: bool) -> Incoming {
        Incoming {
            room_id: room_id!("!table:localhost").to_owned(),
            event_id: event_id!("$cmd:localhost").to_owned(),
            sender: user_id!("@alice:localhost").to_owned(),
            sender_name: "Alice".into(),
            is_admin: false,
            is_direct,
            line: "hand".into(),
        }
    }

    #[test]
    fn channel_replies_stay_in_the_room_with_pills_for_matrix_users() {
        let text = Text::from_segments(vec![
            Segment::Plain("It is ".into()),
            Segment::Mention(User::new("@bob:localhost", "Bob")),
            Segment::Plain(" or ".into()),
            Segment::Mention(User::new("discord-123", "Eve")),
        ]);
        let out = outgoing(Reply::channel(text), &incoming(false)).expect("sent");
        assert_eq!(out.to, Destination::Room(room_id!("!table:localhost").to_owned()));
        assert_eq!(out.reply_to, None);
        assert_eq!(
            out.text,
            vec![
                Piece::Text("It is ".into()),
                Piece::Mention { user_id: user_id!("@bob:localhost").to_owned(), name: "Bob".into() },
                Piece::Text(" or ".into()),
                Piece::Text("@Eve".into()),
            ]
        );
    }

    #[test]
    fn refusals_answer_the_command_in_its_room() {
        let out = outgoing(Reply::refusal("@alice:localhost", Text::plain_text("Not your turn.")), &incoming(false)).expect("sent");
        assert_eq!(out.to, Destination::Room(room_id!("!table:localhost").to_owned()));
        let target = out.reply_to.expect("a reply");
        assert_eq!(target.event_id, "$cmd:localhost");
        assert_eq!(target.sender, "@alice:localhost");
    }

    #[test]
    fn private_replies_go_to_the_direct_room_naming_their_origin() {
        let out = outgoing(Reply::private("@alice:localhost", Text::plain_text("Your hand")), &incoming(false)).expect("sent");
        assert_eq!(
            out.to,
            Destination::Direct {
                user: user_id!("@alice:localhost").to_owned(),
                origin: Some(room_id!("!table:localhost").to_owned())
            }
        );
        // asked in the direct room itself: answered there
        let out = outgoing(Reply::private("@alice:localhost", Text::plain_text("Your hand")), &incoming(true)).expect("sent");
        assert_eq!(out.to, Destination::Room(room_id!("!table:localhost").to_owned()));
        // a user id that is no Matrix id is dropped, not sent somewhere else
        assert!(outgoing(Reply::private("12345", Text::plain_text("x")), &incoming(false)).is_none());
    }

    #[test]
    fn the_password_never_shows_in_debug_output() {
        let mut config = MatrixConfig::new("http://127.0.0.1:1", "@bot:localhost", "/tmp/store");
        config.password = Some("hunter2".into());
        let shown = format!("{config:?}");
        assert!(!shown.contains("hunter2"), "{shown}");
        assert_eq!(config.password().as_deref(), Some("hunter2"));
        config.password = Some(String::new());
        assert_eq!(config.password(), None, "an empty password counts as none");
    }
}

mod notices {
    use commands::{Reply, Text};
    use matrix_sdk::ruma::{room_id, user_id};
    use spieltisch::matrix::{Destination, bridge::notice};

    #[test]
    fn scheduler_notices_go_to_their_room_or_their_player() {
        let out = notice("!table:localhost", Reply::channel(Text::plain_text("Reminder"))).expect("sent");
        assert_eq!(out.to, Destination::Room(room_id!("!table:localhost").to_owned()));
        assert_eq!(out.reply_to, None);
        let out = notice("!table:localhost", Reply::private("@bob:localhost", Text::plain_text("Your time"))).expect("sent");
        assert_eq!(
            out.to,
            Destination::Direct { user: user_id!("@bob:localhost").to_owned(), origin: Some(room_id!("!table:localhost").to_owned()) }
        );
        assert!(notice("local", Reply::channel(Text::plain_text("x"))).is_none(), "not a Matrix room id");
    }

    #[test]
    fn texts_name_commands_with_the_prefix() {
        use spieltisch::matrix::bridge::with_prefix;
        let reply = Reply::channel(Text::plain_text("Type `join` to accept, place with `C5`, or `vacation <days>`."));
        assert_eq!(with_prefix(reply.clone(), "!st").text.plain(), "Type `!st join` to accept, place with `C5`, or `!st vacation <days>`.");
        assert_eq!(with_prefix(reply.clone(), "?spiel").text.plain(), "Type `?spiel join` to accept, place with `C5`, or `?spiel vacation <days>`.");
        assert_eq!(with_prefix(reply.clone(), "").text, reply.text, "no prefix: unchanged");
        let german = Reply::channel(Text::plain_text("tippe `zurücknehmen`, um zuzustimmen"));
        assert_eq!(with_prefix(german, "!st").text.plain(), "tippe `!st zurücknehmen`, um zuzustimmen");
    }
}
