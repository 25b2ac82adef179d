//! What the command layer needs to know per game beyond the [`rules::Match`] trait: the
//! text of a player's private information, who may see the legal moves, a game's own
//! help for `moves`, the notes announced with each turn ([`turn_notes`]) and the hint
//! under a long `moves` list ([`moves_hint`]). Each game implements [`Chat`] once, for its
//! view (here, or in its file under `games/`); the functions here call it for each game
//! of the registry ([`rules::for_each_game`]), so a game without it fails to compile.

mod aratoth;
mod artifakes;
mod hathor;
mod helofag;

use rules::{AnyView, GameKind, Match, Seat, Viewer, words::Worded};

use crate::base::{
    i18n::{Lang, Msg, Texts},
    reply::User,
};

/// What the channel is told after a start, move or event of `game` besides the move
/// itself and whose turn it is (or the ranking), in order (Helofag: automatic passes,
/// the new roll, its transfers to B, the pieces a move captured, "only one action";
/// Aratoth: who could not place and is out). `players` are the players by seat (a player
/// a note is about to act on is mentioned). Empty for games without such notes.
pub fn turn_notes(game: &dyn Match, players: &[User]) -> Vec<Msg> {
    turn_notes_of(game.kind(), game, players)
}

/// What `board` says of `game` besides the caption and whose turn it is (Helofag: the
/// roll of the player to move, what it sent to B, "only one action"). Empty for games
/// without such notes and once the game is over.
pub fn board_notes(game: &dyn Match, players: &[User]) -> Vec<Msg> {
    if game.is_finished() {
        return Vec::new();
    }
    board_notes_of(game.kind(), game, players)
}

/// The hint under a `moves` list longer than a page (`list`: every move listed, on all
/// pages): the game's own `<game>-moves-hint` when `lang` or English has one (Aratoth's
/// counts the placements per shape and suggests filters by shape and site), else the
/// general `moves-narrow`.
pub fn moves_hint(texts: &Texts, lang: Lang, kind: GameKind, list: &[String]) -> Msg {
    let own = format!("{}-moves-hint", kind.id());
    if !texts.has(lang, &own) && !texts.has(Lang::En, &own) {
        return Msg::new("moves-narrow");
    }
    moves_hint_of(texts, lang, kind, Msg::new(own), list)
}

/// The private information `view` shows of `seat`, as text (Carat: the hand tiles,
/// e.g. `5RGBY 2RBGY`; Artifakes: the card numbers, ascending, e.g. `3 12 12 22 29`),
/// or `None` when the view hides nothing of that seat from others or `view` was made for
/// a viewer who may not see it. An empty hand is `Some("")`.
pub fn hand_text(view: &AnyView, seat: Seat) -> Option<String> {
    hand_text_of(view, seat)
}

/// Whether a requester sitting at `seat` (`None`: not a player) may see the legal moves
/// of the player to move. In a game with private hands the legal moves reveal the hand
/// (Artifakes' card numbers, Carat `hand3`'s tiles), so only the player to move sees them,
/// unless the moves of the moment do not depend on the hand (Artifakes' burying: pieces
/// from the public supply onto fields); in other games everybody may.
pub fn may_list_moves(game: &dyn Match, seat: Option<Seat>) -> bool {
    let to_move = game.to_move();
    seat.is_some_and(|s| to_move.contains(&s))
        || moves_public_of(&game.view(Viewer::Spectator))
        || to_move.iter().all(|&mover| hand_text(&game.view(Viewer::Seat(mover)), mover).is_none())
}

/// Why `moves` and autocomplete never list `kind`'s legal moves, not even to the player
/// to move: Hathor sells them (the rules' move `hint` names the legal fields for
/// [`rules::hathor::HINT_COST`] points, spec hathor.md "Hint"), so the message says what
/// the hint costs and how to ask for it. `None` where the list is free.
pub fn moves_sold(kind: GameKind) -> Option<Msg> {
    moves_sold_of(kind)
}

/// A game's own help for `moves`, one message per line, for the player at `seat` as
/// `view` (made for that seat) shows it. Artifakes: for each card in hand its movement
/// points by colour and by number and where the inspector would land each way (from
/// [`rules::artifakes::Artifakes::card_options`]). `format` turns a message into text in
/// the reader's language (lines are built from smaller messages). Empty for other games.
pub fn move_help(view: &AnyView, seat: Seat, format: &dyn Fn(&Msg) -> String) -> Vec<String> {
    move_help_of(view, seat, format)
}

/// For each entry of `game`'s log, what the entry put on the board that its notation
/// does not name ([`Chat::played_note`]: Carat's tile), read from the spectator view
/// after it; the game is replayed from its setup. `None` for an entry with nothing to
/// add, and for every entry when the game no longer replays (the notation alone is then
/// shown, as before).
pub fn played_notes(game: &dyn Match) -> Vec<Option<Msg>> {
    let log = game.log();
    let none = || vec![None; log.len()];
    if !has_played_notes(game.kind()) {
        return none();
    }
    let Ok(mut replay) = rules::open(game.kind(), &game.options(), game.players(), Some(game.resolved_setup()), game.seed()) else {
        return none();
    };
    let mut notes = Vec::with_capacity(log.len());
    for entry in log {
        if replay.play(entry).is_err() {
            return none();
        }
        let event = rules::Event::parse(entry).is_some();
        notes.push(if event { None } else { played_note_of(&replay.view(Viewer::Spectator)) });
    }
    notes
}

/// A game's chat behaviour, implemented once per game for its view type. Every item has
/// a default (nothing special), so a game without notes, hands or help is
/// `impl Chat for NimView {}`.
pub(crate) trait Chat {
    /// See [`turn_notes`].
    fn turn_notes(_game: &dyn Match, _players: &[User]) -> Vec<Msg> {
        Vec::new()
    }

    /// See [`board_notes`] (called only while the game goes on).
    fn board_notes(_game: &dyn Match, _players: &[User]) -> Vec<Msg> {
        Vec::new()
    }

    /// The game's own `<game>-moves-hint` (`hint`) with its arguments for `list`, words
    /// in `lang` (see [`moves_hint`]).
    fn moves_hint(_texts: &Texts, _lang: Lang, hint: Msg, _list: &[String]) -> Msg {
        hint
    }

    /// See [`hand_text`]: `None` for games without private information.
    fn hand_text(&self, _seat: Seat) -> Option<String> {
        None
    }

    /// See [`moves_sold`].
    fn moves_sold() -> Option<Msg> {
        None
    }

    /// See [`move_help`].
    fn move_help(&self, _seat: Seat, _format: &dyn Fn(&Msg) -> String) -> Vec<String> {
        Vec::new()
    }

    /// Whether the legal moves of the moment reveal nothing private, though the game has
    /// hands (see [`may_list_moves`]).
    fn moves_public(&self) -> bool {
        false
    }

    /// The German word for an English word of the game's notation (`red` → `rot`), which
    /// the game's parser reads as the same; `None` for words that stay (fields, numbers).
    fn word_de(_word: &str) -> Option<&'static str> {
        None
    }

    /// Whether [`Chat::played_note`] ever says something: only then does `history` (or
    /// the web page) replay the game to read the notes.
    const PLAYED_NOTES: bool = false;

    /// What the move just played put on the board that its notation does not name, as
    /// `history` shows it after the move (Carat: the tile, `5RGBY`), from the spectator
    /// view after the move; `None` when the notation says it all.
    fn played_note(&self) -> Option<Msg> {
        None
    }
}

/// A move of `kind` in canonical notation as a reader of `lang` writes it: in German the
/// notation's words in German (`c3 rot`, `vergrabe scheibe 17`, `drache a5 …`), which the
/// game's parser reads as the same move; fields, numbers and signs as they are.
pub fn notation_in(kind: GameKind, lang: Lang, canonical: &str) -> String {
    if lang != Lang::De {
        return canonical.to_string();
    }
    canonical
        .split(' ')
        .map(|word| {
            let bare = word.trim_end_matches([',', ';']);
            match word_de_of(kind, bare) {
                Some(de) => format!("{de}{}", &word[bare.len()..]),
                None => word.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

macro_rules! chat_of {
    ([] $($(#[$meta:meta])* $variant:ident: $game:path, $view:path;)*) => {
        fn turn_notes_of(kind: GameKind, game: &dyn Match, players: &[User]) -> Vec<Msg> {
            match kind {
                $(GameKind::$variant => <$view as Chat>::turn_notes(game, players),)*
            }
        }

        fn board_notes_of(kind: GameKind, game: &dyn Match, players: &[User]) -> Vec<Msg> {
            match kind {
                $(GameKind::$variant => <$view as Chat>::board_notes(game, players),)*
            }
        }

        fn moves_hint_of(texts: &Texts, lang: Lang, kind: GameKind, hint: Msg, list: &[String]) -> Msg {
            match kind {
                $(GameKind::$variant => <$view as Chat>::moves_hint(texts, lang, hint, list),)*
            }
        }

        fn moves_sold_of(kind: GameKind) -> Option<Msg> {
            match kind {
                $(GameKind::$variant => <$view as Chat>::moves_sold(),)*
            }
        }

        fn hand_text_of(view: &AnyView, seat: Seat) -> Option<String> {
            match view {
                $(AnyView::$variant(v) => v.hand_text(seat),)*
            }
        }

        fn move_help_of(view: &AnyView, seat: Seat, format: &dyn Fn(&Msg) -> String) -> Vec<String> {
            match view {
                $(AnyView::$variant(v) => v.move_help(seat, format),)*
            }
        }

        fn word_de_of(kind: GameKind, word: &str) -> Option<&'static str> {
            match kind {
                $(GameKind::$variant => <$view as Chat>::word_de(word),)*
            }
        }

        fn moves_public_of(view: &AnyView) -> bool {
            match view {
                $(AnyView::$variant(v) => v.moves_public(),)*
            }
        }

        fn has_played_notes(kind: GameKind) -> bool {
            match kind {
                $(GameKind::$variant => <$view as Chat>::PLAYED_NOTES,)*
            }
        }

        fn played_note_of(view: &AnyView) -> Option<Msg> {
            match view {
                $(AnyView::$variant(v) => v.played_note(),)*
            }
        }
    };
}

rules::for_each_game!(chat_of);

/// Carat: the hand tiles, e.g. `5RGBY 2RBGY`; colours in German (`c3 rot`).
impl Chat for rules::carat::CaratView {
    fn word_de(word: &str) -> Option<&'static str> {
        rules::carat::Colour::de_of_en(word)
    }

    fn hand_text(&self, seat: Seat) -> Option<String> {
        self.hands.get(seat)?.as_ref().map(|hand| hand.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "))
    }

    const PLAYED_NOTES: bool = true;

    /// The tile the move placed (`c3 red` names the space and a colour, not the tile).
    fn played_note(&self) -> Option<Msg> {
        let space = self.last?;
        let placed = self.board.get(usize::from(space.row))?.get(usize::from(space.col))?.as_ref()?;
        Some(Msg::new("history-carat-tile").arg("tile", placed.tile.to_string()))
    }
}


#[cfg(test)]
mod tests {
    use rules::{open, GameKind};
    use serde_json::json;

    use super::*;

    #[test]
    fn a_long_moves_list_hints_at_the_games_own_filters_or_the_general_ones() {
        let texts = Texts::load();
        let list = ["mage red a1 a2 a3 b1", "formula red a1 a2 a4", "mage green a1 a2 a3 b1"].map(String::from);
        let hint = moves_hint(&texts, Lang::De, GameKind::Aratoth, &list);
        assert_eq!(hint.key, "aratoth-moves-hint");
        let text = texts.plain(Lang::De, &hint);
        assert!(text.contains("(Magier 2, Formel 1)") && text.contains("`züge drache a5`"), "{text}");
        let text = texts.plain(Lang::En, &moves_hint(&texts, Lang::En, GameKind::Aratoth, &list));
        assert!(text.contains("(mage 2, formula 1)") && text.contains("`moves dragon a5`"), "{text}");
        assert_eq!(moves_hint(&texts, Lang::En, GameKind::Carat, &list).key, "moves-narrow");
    }

    /// Every game of the registry has its `rules <game>` text in every language (its
    /// `.ftl` files), and the chat side answers for each without a panic.
    #[test]
    fn every_registered_game_has_its_texts_and_chat() {
        let texts = Texts::load();
        for kind in GameKind::ALL {
            for lang in Lang::ALL {
                assert!(texts.has(lang, &format!("rules-{}", kind.id())), "{lang} lacks rules-{kind}");
            }
            let players = kind.default_players();
            let game = open(kind, &json!({}), players, None, Some(2)).expect("opens");
            let users: Vec<User> = (0..players).map(|s| User::new(format!("p{s}"), format!("p{s}"))).collect();
            let _ = (turn_notes(game.as_ref(), &users), board_notes(game.as_ref(), &users), moves_sold(kind));
            for seat in 0..players {
                let view = game.view(Viewer::Seat(seat));
                let _ = (hand_text(&view, seat), move_help(&view, seat, &|m: &Msg| m.key.clone()));
            }
        }
        assert!(moves_sold(GameKind::Hathor).is_some());
        assert_eq!(GameKind::ALL.into_iter().filter(|&k| moves_sold(k).is_some()).count(), 1);
    }

    /// Every legal move written with German words (`c3 rot`, `spiele 12 farbe guzs`,
    /// `drache …`) is read by the game's own parser as the same move, at many positions
    /// of every game (first moves, then a seeded walk), and at least one word changed.
    #[test]
    fn moves_in_german_words_read_as_the_same_moves() {
        for kind in GameKind::ALL {
            let players = kind.default_players();
            let mut game = open(kind, &json!({}), players, None, Some(11)).expect("opens");
            let mut changed = 0;
            for ply in 0..40 {
                if game.is_finished() {
                    break;
                }
                let legal = game.legal_moves();
                for canonical in legal.iter().step_by((legal.len() / 50).max(1)) {
                    let german = notation_in(kind, Lang::De, canonical);
                    changed += usize::from(german != *canonical);
                    let mut probe = game.box_clone();
                    let read = probe.play(&german).unwrap_or_else(|e| panic!("{kind}: {german:?} ({canonical}) refused: {e}"));
                    assert_eq!(&read, canonical, "{kind}: {german:?}");
                }
                let pick = legal[(ply * 7 + 3) % legal.len()].clone();
                game.play(&pick).expect("a legal move");
            }
            // Helofag's moves have no words (`S+4, A7-3`) but `done`; Hathor's fields none
            // (its `hint`, checked below, is not listed); the others have some.
            if !matches!(kind, GameKind::Helofag | GameKind::Hathor) {
                assert!(changed > 0, "{kind}: no German word in any move");
            }
        }
        assert_eq!(notation_in(GameKind::Carat, Lang::De, "c3 red"), "c3 rot");
        assert_eq!(notation_in(GameKind::Artifakes, Lang::De, "bury disc 17"), "vergrabe scheibe 17");
        assert_eq!(notation_in(GameKind::Carat, Lang::En, "c3 red"), "c3 red");
        let mut hathor = open(GameKind::Hathor, &json!({}), 1, None, Some(3)).expect("opens");
        assert_eq!(notation_in(GameKind::Hathor, Lang::De, "hint"), "hilfe");
        assert_eq!(hathor.play("hilfe").expect("the hint"), "hint");
    }

    #[test]
    fn games_without_notes_have_none() {
        let game = open(GameKind::Carat, &json!({"players": 2}), 2, None, Some(5)).expect("game");
        let names = [User::new("a", "a"), User::new("b", "b")];
        assert!(turn_notes(game.as_ref(), &names).is_empty());
        assert!(board_notes(game.as_ref(), &names).is_empty());
        let helofag = open(GameKind::Helofag, &json!({"players": 2}), 2, None, Some(5)).expect("game");
        assert_eq!(board_notes(helofag.as_ref(), &names)[0].key, "helofag-rolled");
    }

    #[test]
    fn a_carat_hand_is_shown_to_its_owner_only() {
        let game = open(GameKind::Carat, &json!({"players": 2}), 2, None, Some(5)).expect("game");
        let AnyView::Carat(all) = game.view(Viewer::Omniscient) else { panic!("a Carat view") };
        let own = all.hands[1].clone().expect("hand");
        assert_eq!(own.len(), 1);
        assert_eq!(hand_text(&game.view(Viewer::Seat(1)), 1), Some(own[0].to_string()));
        assert_eq!(hand_text(&game.view(Viewer::Seat(0)), 1), None);
        assert_eq!(hand_text(&game.view(Viewer::Spectator), 1), None);
        assert_eq!(hand_text(&game.view(Viewer::Seat(1)), 7), None);
    }

    /// An Artifakes game on the deck 1,1,2,2,...,30,30 where both players bury
    /// everything: seat 0 a block and a disc on each of 1-10, seat 1 on 11-20. Seat 1
    /// buried last and starts the excavation; seat 0 holds 1-5, seat 1 holds 1-5.
    fn artifakes_excavating() -> Box<dyn Match> {
        let deck: Vec<u8> = (1..=30).flat_map(|n| [n, n]).collect();
        let setup = json!({"deck": deck, "start_player": 0});
        let mut game = open(GameKind::Artifakes, &json!({}), 2, Some(setup), None).expect("game");
        for kind in ["block", "disc"] {
            for k in 1..=10 {
                game.play(&format!("bury {kind} {k}")).expect("seat 0 buries");
                game.play(&format!("bury {kind} {}", k + 10)).expect("seat 1 buries");
            }
        }
        game
    }

    #[test]
    fn an_artifakes_hand_is_its_card_numbers_for_its_owner_only() {
        let game = artifakes_excavating();
        assert_eq!(hand_text(&game.view(Viewer::Seat(0)), 0).as_deref(), Some("1 2 3 4 5"));
        assert_eq!(hand_text(&game.view(Viewer::Seat(1)), 0), None);
        assert_eq!(hand_text(&game.view(Viewer::Spectator), 1), None);
        // Only the player to move (seat 1) may list the moves: they name the cards.
        assert_eq!(game.to_move(), vec![1]);
        assert!(may_list_moves(game.as_ref(), Some(1)));
        assert!(!may_list_moves(game.as_ref(), Some(0)));
        assert!(!may_list_moves(game.as_ref(), None));
        // Hathor has no private hand: anybody may list its moves.
        let hathor = open(GameKind::Hathor, &json!({}), 1, None, Some(3)).expect("hathor");
        assert!(may_list_moves(hathor.as_ref(), None));
    }

    #[test]
    fn artifakes_move_help_names_points_and_landings() {
        let game = artifakes_excavating();
        // The message key and its arguments, so the test reads the structure, not a translation.
        let format = |m: &Msg| {
            let args: Vec<String> = m
                .args
                .iter()
                .map(|(k, v)| match v {
                    crate::base::i18n::Arg::Text(t) => format!("{k}={t}"),
                    crate::base::i18n::Arg::Number(n) => format!("{k}={n}"),
                    crate::base::i18n::Arg::Mention(u) => format!("{k}=@{}", u.name),
                    crate::base::i18n::Arg::Mentions(us) => format!("{k}={}", us.iter().map(|u| format!("@{}", u.name)).collect::<Vec<_>>().join(",")),
                    crate::base::i18n::Arg::Game(kind) => format!("{k}={}", kind.id()),
                    crate::base::i18n::Arg::PerLang(words) => format!("{k}={}", words.first().map_or("", |(_, w)| w.as_str())),
                })
                .collect();
            format!("{}[{}]", m.key, args.join(" "))
        };
        let help = move_help(&game.view(Viewer::Seat(1)), 1, &format);
        // Seat 1 has pieces on 11-20 only: white cards 1-5 give nothing either way, so
        // one intro line, five card lines, and the must-waste line. The inspector is on 1.
        assert_eq!(help.len(), 7, "{help:#?}");
        assert_eq!(help[0], "moves-artifakes-intro[field=1]");
        assert_eq!(
            help[1],
            "moves-artifakes-card[card=1 copies=1 colour=white by-colour=moves-artifakes-way-none[way=colour] \
             by-number=moves-artifakes-way-none[way=number]]"
        );
        assert_eq!(help[6], "moves-artifakes-must-waste[card=1]");
        // Seat 0 (a block and a disc on 1-10) holds 1-5: card 3 gives 5 by colour (all five
        // white fields) and 3 by number; 5 clockwise from 1 is 6 (seat 0's 3 points there),
        // counter-clockwise 26 (30, 29, 28, 27, 26); 3 fields: 4 and 28.
        let help = move_help(&game.view(Viewer::Seat(0)), 0, &format);
        assert_eq!(help.len(), 6, "{help:#?}");
        assert_eq!(
            help[3],
            "moves-artifakes-card[card=3 copies=1 colour=white \
             by-colour=moves-artifakes-way[way=colour points=5 cw=moves-artifakes-field-find[field=6 find=3 destroy=0] \
             ccw=moves-artifakes-field[field=26 find=0 destroy=0]] \
             by-number=moves-artifakes-way[way=number points=3 cw=moves-artifakes-field-find[field=4 find=3 destroy=0] \
             ccw=moves-artifakes-field[field=28 find=0 destroy=0]]]"
        );
        // A view made for the other seat shows no help.
        assert!(move_help(&game.view(Viewer::Seat(1)), 0, &format).is_empty());
    }
}
