//! What a new user tripped over (issue 41): the terminal's own words (`as`, `wait`,
//! `quit`) were not in `help`, and `help wait` said there was no help on it; a mistyped
//! command got no suggestion.

use commands::{Lang, Origin};

use crate::support::{origin, Place};

fn in_terminal(user: &str, lang: Lang) -> Origin {
    Origin { platform: "terminal".into(), lang: Some(lang), ..origin(user, "local") }
}

async fn answer(host: &commands::Host, at: &Origin, line: &str) -> String {
    host.handle(at, line).await.iter().map(|r| r.text.plain()).collect::<Vec<_>>().join("\n")
}

#[tokio::test]
async fn the_terminals_own_words_are_in_its_help() {
    let place = Place::new();
    let host = place.host().await;
    let en = in_terminal("alice", Lang::En);
    let help = answer(&host, &en, "help").await;
    assert!(
        help.ends_with("In the terminal also: `as <name>` to speak as another player, `wait <time>` to move the clock forward (e.g. `wait 2d`), `quit` to end."),
        "{help}"
    );
    assert_eq!(
        answer(&host, &en, "help wait").await,
        "`wait <time>` (terminal only) moves the chat's clock forward, e.g. `wait 36h` or `wait 2d`, so that reminders, time limits and expired invitations come due; the clock is kept in the database."
    );
    assert!(answer(&host, &en, "help as").await.starts_with("`as <name>` (terminal only) makes you speak as another player"));
    assert_eq!(answer(&host, &en, "help quit").await, "`quit` (terminal only) ends the chat; the games go on at the next start.");
    let de = in_terminal("alice", Lang::De);
    assert!(answer(&host, &de, "hilfe").await.ends_with(
        "Im Terminal außerdem: `als <Name>`, um als andere Person zu sprechen, `warte <Zeit>`, um die Uhr vorzustellen (z. B. `warte 2d`), `ende` zum Beenden."
    ));
    assert!(answer(&host, &de, "hilfe warte").await.starts_with("`warte <Zeit>` (nur im Terminal) stellt die Uhr des Chats vor"));
    // Elsewhere there is no such word.
    let discord = origin("alice", "c");
    assert!(!answer(&host, &discord, "help").await.contains("In the terminal"));
    assert_eq!(answer(&host, &discord, "help wait").await, "There is no help on “wait”: type `help` for the list of commands.");
}

#[tokio::test]
async fn a_mistyped_command_gets_the_nearest_word() {
    let place = Place::new();
    let host = place.host().await;
    let en = origin("alice", "c");
    assert_eq!(
        answer(&host, &en, "mvoes").await,
        "I do not know the command “mvoes”: did you mean `moves`? Type `help` for the list of commands."
    );
    assert_eq!(
        answer(&host, &en, "baord").await,
        "I do not know the command “baord”: did you mean `board`? Type `help` for the list of commands."
    );
    assert_eq!(
        answer(&host, &en, "leaderbord carat").await,
        "I do not know the command “leaderbord”: did you mean `leaderboard`? Type `help` for the list of commands."
    );
    // Nothing near: no guess.
    assert_eq!(answer(&host, &en, "xyzzy").await, "I do not know the command “xyzzy”: type `help` for the list of commands.");
    let de = Origin { lang: Some(Lang::De), ..origin("bob", "c") };
    assert_eq!(answer(&host, &de, "hilf").await, "Den Befehl „hilf“ kenne ich nicht: meintest du `hilfe`? `hilfe` zeigt alle Befehle.");
}

/// Issue 41: `help moves` did not say that in Helofag the list holds single actions and
/// a turn is two of them.
#[tokio::test]
async fn help_moves_says_a_helofag_turn_is_two_actions() {
    let place = Place::new();
    let host = place.host().await;
    assert!(answer(&host, &origin("alice", "c"), "help moves").await.ends_with(
        "In Helofag the list holds single actions: a turn is two of them, one per die, written together as `S+6, A6+3`."
    ));
    let de = Origin { lang: Some(Lang::De), ..origin("bob", "c") };
    assert!(answer(&host, &de, "hilfe züge").await.ends_with(
        "In Helofag enthält die Liste einzelne Aktionen: ein Zug sind zwei davon, eine je Würfel, zusammen geschrieben als `S+6, A6+3`."
    ));
}

/// Issue 41: a bare `leaderboard` spoke only about Hathor challenges. Where no challenge
/// was played it says what a leaderboard can show here: the rated games, with the
/// command for each, or that nothing is rated yet.
#[tokio::test]
async fn a_bare_leaderboard_says_what_it_can_show_here() {
    let place = Place::new();
    let host = place.host().await;
    let alice = origin("alice", "c");
    assert_eq!(
        answer(&host, &alice, "leaderboard").await,
        "Nobody has a rating here yet, and there is no Hathor challenge in this channel. `leaderboard <game>` shows a game's best players once a game of two or more has ended (e.g. `leaderboard carat`); `new hathor challenge` opens a challenge, whose leaderboard shows its players' points."
    );
    crate::support::started(&host, "c", 31).await;
    answer(&host, &origin("bob", "c"), "resign").await;
    assert_eq!(
        answer(&host, &alice, "leaderboard").await,
        "There is no Hathor challenge in this channel (`new hathor challenge` opens one; its leaderboard shows the players' points). Rated here: Carat (`leaderboard carat`)."
    );
    let de = Origin { lang: Some(Lang::De), ..origin("carol", "c") };
    assert_eq!(
        answer(&host, &de, "rangliste").await,
        "In diesem Kanal gibt es keine Hathor-Herausforderung (`neu hathor herausforderung` eröffnet eine; ihre Rangliste zeigt die Punkte der Spieler). Bewertet hier: Carat (`rangliste carat`)."
    );
}
