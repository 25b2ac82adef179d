# The command layer's texts (English). Every message has a German twin in de/bot.ftl.

## Refusals of the command layer: each says why in one sentence.

cmd-empty = Type a command, for example `help`.
cmd-unknown = I do not know the command “{ $word }”: type `help` for the list of commands.
cmd-bare-several = “{ $text }” is not a command, and you play several games here ({ $games }): if it is a move, name the game, e.g. `{ $example }`.
cmd-extra-words = `{ $command }` takes no further words, but I got “{ $text }”.
cmd-number-needs-hash = A game's number is written with #: try `{ $command } #{ $number }`.
cmd-new-needs-game = Name the game to play: `new <game>`, one of { $games }.
cmd-unknown-game = There is no game called “{ $name }”; the games are { $games }.
cmd-game-unavailable = { $game } cannot be played with this version of the bot yet.
cmd-bad-option = “{ $option }” is not an option of { $game }: see `help new`.
cmd-bad-option-value = { $game } does not allow “{ $option }”: `rules { $id }` lists the values it takes.
cmd-bad-seed = The seed must be a whole number from 0 to 18446744073709551615, not “{ $text }”.
cmd-option-twice = “{ $first }” and “{ $second }” both set the { $option ->
    [players] player count
    [seed] seed
    [time] time per move
    [variant] variant
    [goal] goal
    [level] level
   *[other] option “{ $option }”
  }: give each option once.
cmd-bad-variant = “{ $text }” is not a variant of { $game }: `rules { $id }` lists the variants.
cmd-bad-player-count = { $span ->
    [0] { $game } is for { $max ->
        [one] { $max } player
       *[other] { $max } players
    }.
   *[other] { $game } is for { $min } to { $max } players.
  }
cmd-setup-refused = { $game } cannot be set up like this: { $reason }.
cmd-bad-game-id = “{ $text }” is not a game number: write it like #12.
cmd-bad-page = “{ $text }” is not a page: write it like page=2.
cmd-page-out-of-range = There is no page { $page }: the list has { $pages ->
    [one] one page
   *[other] { $pages } pages
  }.
cmd-move-needs-text = Write the move after `move`, e.g. `move c3 red`.
cmd-no-such-game = There is no game #{ $id } here.
cmd-no-game-here = No game is running in this channel: start one with `new <game>`.
cmd-no-game-of-yours = You have no game running in this channel.
cmd-no-invitation-here = There is no open invitation in this channel: create one with `new <game>`.
cmd-no-invitation-of-yours = You have not joined any open invitation in this channel.
cmd-several-games = Several games fit here ({ $games }): name one, e.g. `{ $example }`.
cmd-several-more = { $games } and { $more } more
cmd-not-a-player = You do not play in game #{ $id }.
cmd-not-your-turn = It is { $player }'s turn in game #{ $id }, not yours.
cmd-out-of-date = Game #{ $id } has moved on (it is at move { $seq } now): look at the new board and try again.
cmd-not-started = Game #{ $id } has not started yet.
cmd-already-started = Game #{ $id } has already started.
cmd-game-over = Game #{ $id } is already over.
game-over-won = Game #{ $id } is over: { $winners } { $count ->
    [one] wins
   *[other] share the first place
  }. Ranking:
cmd-not-an-invitation = Game #{ $id } is not an open invitation any more.
cmd-already-joined = You already have a seat in game #{ $id }.
cmd-players-changed = Someone joined game #{ $id } just now: type `start` again to start with everyone.
cmd-invitation-full = All { $players } seats of game #{ $id } are taken.
cmd-too-few-players = Game #{ $id } needs at least { $min } players, and only { $joined ->
    [one] { $joined } has
   *[other] { $joined } have
  } joined.
cmd-only-creator-early = Only { $creator } can start game #{ $id } before all { $players } seats are taken.
cmd-abort-too-late = Game #{ $id } is past its second move, so only an admin can abort it now; you can `resign` instead.
cmd-event-not-a-move = A move does not start with @: to give up, use `resign`; to stop the game, use `abort`.
cmd-export-hidden = Game #{ $id } is still running and its record would reveal hidden information, so only an admin can export it now.
cmd-export-running-player = Game #{ $id } is still running and you play in it: its record would show you hidden information (the pile, the other hands), so you get it when the game is over.
cmd-unknown-help-topic = There is no help on “{ $topic }”: type `help` for the list of commands.
move-stored-unanswered = Your move { $move } in game #{ $id } ({ $game }, channel { $channel }) was stored, but the bot stopped before it could answer: `board #{ $id }` shows the game.
cmd-unknown-nearest = I do not know the command “{ $word }”: did you mean `{ $nearest }`? Type `help` for the list of commands.
help-terminal = In the terminal also: `as <name>` to speak as another player, `wait <time>` to move the clock forward (e.g. `wait 2d`), `quit` to end.
help-terminal-as = `as <name>` (terminal only) makes you speak as another player from the next line on, so one person can play every seat; their private messages (a hand) show up then.
help-terminal-wait = `wait <time>` (terminal only) moves the chat's clock forward, e.g. `wait 36h` or `wait 2d`, so that reminders, time limits and expired invitations come due; the clock is kept in the database.
help-terminal-quit = `quit` (terminal only) ends the chat; the games go on at the next start.
cmd-storage = The game storage failed, so nothing was changed; please try again in a moment.

## Announcements and answers.

new-invitation = { $creator } invites you to a game of { $game } (#{ $id }) for { $players } players ({ $details }): type `join` to take a seat.
# A seed the creator chose, in an invitation's details (as `new` takes it).
new-seed = seed={ $seed }
# The time per move in an invitation's details ("hand3, 2 days per move").
new-time-per-move = { $time } per move
join-joined = { $player } joins game #{ $id } ({ $joined } of { $players } seats taken).
join-full = All seats are taken: any player can `start` the game now.
join-can-start = { $creator } can `start` the game now or wait for more players.
start-started = Game #{ $id } of { $game } begins ({ $details }). Seats: { $seats }.
# $verb: "play" or "bury" when the move began with that word (then $move is the rest),
# "hint" for Hathor's hint (then $move is empty), else "other".
turn-moved = { $player } { $verb ->
    [bury] buries { $move }
    [waste] wastes card { $move }
    [hint] asks for the hint
   *[other] plays { $move }
  } (game #{ $id }, move { $seq }).
turn-resigned = { $player } resigns game #{ $id }.
turn-next = It is { $player }'s turn.
game-over = Game #{ $id } is over. Ranking:
# $how: "resigned" or "timeout" (the time ran out and was claimed); $winners: the first place, $count of them.
game-over-why = Game #{ $id } is over: { $winners } { $count ->
    [one] wins
   *[other] win
  }, { $how ->
    [resigned] { $player } resigned
   *[timeout] the time of { $player } ran out
  }. Ranking:
ranking-removed = { $player } ({ $how ->
    [resigned] resigned
   *[timeout] out of time
  })
# A game of one player stopped before its end (resigned, or its challenge closed).
game-over-solo-early = Game #{ $id } was ended early: { $player } has { $points ->
    [one] 1 point
   *[other] { $points } points
  }.
game-ended-aborted = Game #{ $id } ended without a result.
ranking-place = { $place }. { $players }
# $game: the game's id, for its unit (Artifakes ranks by stones, Helofag by pieces in the goal).
ranking-place-points = { $place }. { $players }: { $game ->
    [artifakes] { $points ->
        [one] 1 stone
       *[other] { $points } stones
    }
    [helofag] { $points ->
        [one] 1 piece in the goal
       *[other] { $points } pieces in the goal
    }
   *[other] { $points ->
        [one] 1 point
       *[other] { $points } points
    }
  }
result-none = it ended without a result
cmd-game-over-result = Game #{ $id } is already over: { $result }.
game-aborted = { $player } aborted game #{ $id }; it ends without a result.
invitation-withdrawn = { $player } withdrew the invitation to game #{ $id }.
board-caption = Game #{ $id } of { $game } after { $seq ->
    [one] 1 move
   *[other] { $seq } moves
  }.
hand-yours = Your hand in game #{ $id } ({ $game }, channel { $channel }): { $hand }
hand-empty = Your hand in game #{ $id } ({ $game }, channel { $channel }) is empty.
hand-none = Game #{ $id } has no hidden hand for you.
moves-list = Legal moves for { $player } in game #{ $id } ({ $count } in all, page { $page } of { $pages }): { $moves }
moves-more = Next page: `moves #{ $id }{ $filter } page={ $next }`
moves-none = No legal move matches “{ $filter }”.
moves-hidden = It is { $player }'s turn in game #{ $id }: the moves would show that player's hand, so only they can list them.
games-none = You have no running games and no open invitations.
games-header = Your games:
games-your-turn = #{ $id } { $game } in { $channel }: your turn ({ $seq ->
    [0] no moves
    [one] { $seq } move
   *[other] { $seq } moves
  } played)
games-waiting = #{ $id } { $game } in { $channel }: { $player } to move
games-invited = #{ $id } { $game } in { $channel }: invitation, { $joined } of { $players } seats taken
export-record = The record of game #{ $id } after { $seq ->
    [one] 1 move
   *[other] { $seq } moves
  } is attached.
rules-list = The games: { $games }. Type `rules <game>` for a game's rules.

## Help.

help-general = Commands: { $commands }.
    Start with `new <game>` (games: { $games }); others `join`, then `start`.
    Play with `move <move>`, or just type the move. `help <command>` explains one command.
help-new = `new <game> [options]` invites the channel to a game. Options: the number of players (e.g. `3`), the game's variants (e.g. `hand3`, `two_colours`), `time=2d` for the time per move (`time=1d+3d`: 1 day per move and a bank of 3 days for slower moves), `@name` to invite named players (only they may `join`; it starts when all have), `seed=N` for a repeatable game; also as key=value (`players=3`). Hathor: `new hathor [variant]` is a solo game, `new hathor challenge [variant] [hours=N]` a challenge everyone here can join.
help-join = `join [#id]` takes a seat in the open invitation here; `join challenge [#id]` (or `join` when no invitation is open) gives you your own board in a challenge.
help-start = `start [#id]` starts the game: any player once all seats are taken, the creator earlier when enough players have joined. An invitation that names players (`new carat @bob`) starts by itself once all of them have joined, and not before.
help-move = `move [#id] <move>` makes your move, e.g. `move c3 red`. A bare move works too when you play only one game here.
help-board = `board [#id]` shows the board.
help-hand = `hand [#id]` shows your hand, only to you.
help-moves = `moves [#id] [filter] [page=N]` lists the legal moves of the player to move, e.g. `moves c3`. In Helofag the list holds single actions: a turn is two of them, one per die, written together as `S+6, A6+3`.
help-resign = `resign [#id]` gives up: with two players the other one wins; with more the game goes on without you.
help-abort = `abort [#id]` ends a game without a result: players before the second move, admins at any time. It also withdraws an invitation.
help-games = `games` lists your games, the ones waiting for you first.
help-help = `help [command|game]` explains a command or a game.
help-rules = `rules <game>` gives a game's rules in short.
help-export = `export [#id]` sends you the game's record (JSON): to its players once the game is over, to admins who do not play in it at any time.

## The rules' refusals shared by every game (events and a finished game).

rule-event-needs-seat = This event needs a player number, e.g. “@resign 1”.
rule-event-unknown = That is not an event: use @resign P, @timeout P or @abort.
rule-event-no-such-player = There is no player { $seat }.
rule-event-already-removed = Player { $seat } has already left the game.
rule-game-over = The game is over.

## The terminal chat (spieltisch local).

local-welcome = Spieltisch in the terminal. You speak as { $user }; `as <name>` switches the player, `help` lists the commands, `quit` ends.
local-reserved-name = You cannot speak as { $user }: `bot`, names beginning with `Spieltisch` or `@` and names with `:` belong to the bot's AI seats or to mentions. Choose a plain name.
local-speaking-as = You speak as { $user } now.
local-speaking-as-who = You speak as { $user }: type `as <name>` to speak as another player.
local-private-label = [private to { $user }]
local-private-for = (a private message for { $user }; type `as { $user }` to read it)
local-empty-name = A name needs a letter you can see: type `as <name>`, e.g. `as bob`.
local-file-failed = (the picture could not be written into { $dir }: { $error })
local-picture = picture: { $path }
local-file = file: { $path }

# An AI seat's name ($level: easy, normal, hard or master; $n: the n-th AI seat of that level in the game).
ai-seat-name = Spieltisch ({ $level ->
    [easy] AI, easy
    [hard] AI, hard
    [master] AI, master
   *[normal] AI
}){ $n ->
    [1] {""}
   *[other] {" "}{ $n }
}
# The invitation names the AI seats that have taken their seats at once.
ai-seated = { $players } { $count ->
    [one] takes a seat
   *[other] take seats
} at once ({ $joined } of { $seats } seats taken).
cmd-ai-solo = { $game } is played alone: the AI cannot take a seat at your table. Play the same stones against it: `new hathor challenge @bot`.
cmd-ai-too-many = You, the AI and those you named need { $needed } seats, but this game of { $game } is for { $players } players.
cmd-level-without-ai = `level=` sets the strength of AI seats, but this game has none: invite the bot (`@bot`) too.
cmd-bad-level = Unknown AI level “{ $text }”: use easy, normal, hard or master.
cmd-level-not-bot = Only the bot plays at a level (`@bot:{ $level }`): invite { $name } as `@{ $name }`.
cmd-name-nobody-takes = Nobody here can be called “{ $name }”: names have no `:` and do not begin with “Spieltisch”.
cmd-reserved-user = This name belongs to the bot's AI seats; choose another.
