## Tournaments (issue 39): Swiss and round robin in a channel.

help-tournament = `tournament new <game> [swiss|roundrobin] [rounds=N] [time=2d] [signup=48h] [players=N] [double]` opens sign-up for a tournament here (you organise and play; `@bot` signs the AI up). Then `tournament join`, `tournament leave`, `tournament start` (the organiser), `tournament cancel`, and `tournament` for the round, the running games and the standings. It starts by itself when sign-up ends with 3 or more players. `tournament new hathor [rounds=N]` opens a Hathor series instead: every round everyone plays the same deal alone (3 rounds unless `rounds=` says otherwise; 2 players are enough), the total points decide, ties by the best single round.

tournament-opened = { $organiser } opens tournament #{ $id } ({ $details }). Sign up with `tournament join` until { $until }; the organiser may `tournament start` earlier. Signed up: { $players }.
tournament-swiss = Swiss
tournament-roundrobin = round robin
tournament-rounds = { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
  }
tournament-double = every pairing twice
tournament-joined = { $players } { $joined ->
    [one] signs
   *[other] sign
  } up for tournament #{ $id } ({ $count ->
    [one] 1 player
   *[other] { $count } players
  } signed up).
tournament-left-signup = { $player } is no longer signed up for tournament #{ $id }.
tournament-left = { $player } leaves tournament #{ $id }: their running games are resigned, and later rounds go on without them.
tournament-cancelled = { $player } cancelled tournament #{ $id }. { $count ->
    [0] No game was running.
    [one] Game { $games }, still running, is aborted.
   *[other] Games { $games }, still running, are aborted.
  }
tournament-cancelled-too-few = Sign-up for tournament #{ $id } is over with only { $count } of the { $min } players it needs, so it is cancelled.
tournament-round-start = Tournament #{ $id }, round { $round } of { $rounds }:
tournament-pairing = #{ $game }: { $white } – { $black }
tournament-pairing-bye = { $player } has the bye (1 point).
tournament-pairing-forfeit = { $white } – { $black }: { $result } (not played: a player left)
tournament-game-started = Tournament #{ $tournament }, round { $round }: game #{ $id } starts, { $seats }.
tournament-lost-on-time = { $player }'s time in game #{ $id } ran out: the game is lost on time.
tournament-round-over = Round { $round } of tournament #{ $id } is over.
tournament-finished = Tournament #{ $id } is over after { $rounds ->
    [one] 1 round.
   *[other] { $rounds } rounds.
  }
tournament-no-pairing = No further round of tournament #{ $id } can be paired without a repeat pairing, so it ends here.
tournament-status-signup = Tournament #{ $id } ({ $details }) is open for sign-up.
tournament-status-running = Tournament #{ $id } ({ $details }): round { $round } of { $rounds }.
tournament-status-finished = Tournament #{ $id } ({ $details }) is over.
tournament-status-cancelled = Tournament #{ $id } ({ $details }) was cancelled.
tournament-signup-status = Signed up ({ $count }, at least { $min } needed): { $players }. Sign-up ends { $until }.
tournament-running-header = Games still running:
tournament-running-game = #{ $game }: { $white } – { $black }, { $to_move } to move
tournament-standings = Standings (points; Buchholz cut 1, Buchholz, Sonneborn-Berger, wins):
tournament-final-standings = Final standings (points; Buchholz cut 1, Buchholz, Sonneborn-Berger, wins):
tournament-standings-cancelled = { $round ->
    [0] Cancelled before a round was complete, so no result counts (points; Buchholz cut 1, Buchholz, Sonneborn-Berger, wins):
   *[other] Cancelled: the standings after round { $round } of { $rounds }, as they stood (points; Buchholz cut 1, Buchholz, Sonneborn-Berger, wins):
  }
tournament-standing = { $place }. { $player }: { $points } ({ $cut }, { $buchholz }, { $sb }, { $wins })
tournament-standing-left = { $line } (left)

tournament-bad-sub = “{ $text }” is nothing `tournament` does: write `tournament new <game>`, `join`, `leave`, `start`, `cancel`, or `tournament` alone for the standings.
tournament-bad-rounds = “{ $text }” is no number of rounds: write `rounds=` and 1 to { $max }.
tournament-bad-signup = “{ $text }” is no sign-up time: write it like `signup=48h` or `signup=2d` (at most four weeks).
tournament-bad-players = “{ $text }” is no number of players: write `players=` and { $min } to { $max }.
tournament-two-players = Tournaments play { $game } for two: the number of players per game cannot be set (`players=N` is the most entrants).
tournament-no-two-player-form = { $game } has no game for two, so it cannot be played in a tournament.
tournament-no-seed = A tournament deals every game afresh: `seed=` cannot be set.
tournament-rounds-roundrobin = A round robin plays everyone against everyone: its rounds follow from the number of players, so `rounds=` cannot be set.
tournament-names-people = Everyone signs up themselves with `tournament join`; only the bot can be signed up by name, not { $players }.
tournament-named-too-many = { $count } players would be signed up, but `players=` allows { $players }.
tournament-no-such = There is no tournament #{ $id } in this channel.
tournament-none-here = There is no tournament in this channel: open one with `tournament new <game>`.
tournament-signup-over = Sign-up for tournament #{ $id } is over: it has started or ended.
tournament-already-in = { $player } is already signed up for tournament #{ $id }.
tournament-full = Tournament #{ $id } is full ({ $players } players).
tournament-not-in = You are not playing in tournament #{ $id }.
tournament-already-left = You have already left tournament #{ $id }.
tournament-over = Tournament #{ $id } is over.
tournament-already-started = Tournament #{ $id } has already started.
tournament-only-organiser = Only the organiser of tournament #{ $id } or an admin may do that.
tournament-too-few = { $count ->
    [one] Only 1 player has signed up for tournament #{ $id }
   *[other] Only { $count } players have signed up for tournament #{ $id }
  }: it needs at least { $min } to start.
undo-tournament = Game #{ $id } is part of tournament #{ $tournament }: moves there cannot be taken back.
vacation-tournament-clocks = Tournament clocks do not stop for vacations: games of a tournament still run on time.

## The standings picture's title and column heads.
tournament-picture-title = Tournament #{ $id }: standings after round { $round } of { $rounds }
tournament-picture-final = Tournament #{ $id }: final standings
tournament-picture-cancelled = { $round ->
    [0] Tournament #{ $id }: cancelled before a round was complete
   *[other] Tournament #{ $id }: cancelled, standings after round { $round } of { $rounds }
  }
tournament-col-place = #
tournament-col-player = Player
tournament-col-number = No.
tournament-col-points = Pts
tournament-col-cut = BH-1
tournament-col-buchholz = BH
tournament-col-sb = SB
tournament-col-wins = W

tournament-which = Several tournaments here could be meant ({ $ids }): name one, like `tournament { $sub ->
    [join] join { $example }
    [leave] leave { $example }
    [start] start { $example }
    [cancel] cancel { $example }
   *[status] { $example }
  }`.
tournament-was-cancelled = Tournament #{ $id } was cancelled.
tournament-bad-id = “{ $text }” is not a tournament number: write it like #3.
abort-tournament = Game #{ $id } is part of tournament #{ $tournament }: you can `resign` it, and only an admin can abort it (a double forfeit).
game-aborted-tournament = { $player } aborted game #{ $id } of tournament #{ $tournament }: a double forfeit, it counts 0–0 (no points for either player).
tournament-choice = #{ $id }: { $game }, { $system }, { $stage ->
    [signup] sign-up open
   *[running] round { $round } of { $rounds }
  }

## A Hathor series' standings (total points, ties by the best single round).
tournament-col-total = Total
tournament-col-best = Best
tournament-col-round = R{ $round }
tournament-series-standings = Standings (total points; best round):
tournament-series-final-standings = Final standings (total points; best round):
tournament-series-standing = { $place }. { $player }: { $total } (best round { $points }; rounds { $rounds })
tournament-series-standing-none = { $place }. { $player }: { $total } (no round counted yet; rounds { $rounds })

## A Hathor series run: every round each entrant plays the round's deal alone.
tournament-series = Hathor series
tournament-series-no-system = A Hathor tournament is a series: every round each entrant plays the same deal alone, and the total points decide, so there is no pairing system to choose (“{ $text }”).
tournament-series-no-double = A Hathor series plays no `double` (“{ $text }”): every entrant plays each round's deal alone, so there is no pairing to play twice and no first move to swap.
tournament-series-round-start = Hathor series #{ $id }, round { $round } of { $rounds }: everyone plays the same deal alone, on the series' clock; only you see your board until the round is over. Games: { $games }.
tournament-series-your-game = Hathor series #{ $tournament }, round { $round }: your game #{ $id }. Everyone plays this deal; your board is yours alone until the round is over.
tournament-series-running = #{ $game }: { $player }
tournament-series-timed-out = { $player }'s time in game #{ $id } ran out: the game ends with the { $points } points made so far.
tournament-series-your-time-out = Your time in game #{ $id } ran out: it ends with the { $points } points made so far.
