# Hathor challenges in a channel (commands/src/challenge.rs).

help-daily = `daily hathor` joins today's Hathor challenge in this channel: the same stones for everyone on this bot today, each on their own board. It closes at midnight UTC.

challenge-opened = { $player } opened Hathor challenge #{ $id } ({ $game }, variant { $variant }{ $seed }): everyone here plays the same stones on their own board, at their own pace. Type `join challenge` to play. It closes { $closes }; then the boards are shown here.
challenge-daily-opened = Today's { $game } challenge ({ $date }) is open here as challenge #{ $id }: type `daily hathor` to play. It closes { $closes }.
challenge-joined = { $player } joins challenge #{ $id } ({ $players ->
        [one] { $players } player
       *[other] { $players } players
    }).
challenge-your-game = Your board in challenge #{ $id } (game #{ $game }), only for you until the challenge closes. Place the current stone with a field, e.g. `C5` (`#{ $game } C5` while you play other games here too); `hint` shows the legal fields.
challenge-finished = { $player } has finished challenge #{ $id } with { $points } points ({ $playing ->
        [0] nobody is playing any more
        [one] { $playing } still playing
       *[other] { $playing } still playing
    }).
challenge-board-open = Challenge #{ $id } ({ $game }, variant { $variant }{ $seed }), open until { $closes }:
challenge-board-daily = Daily challenge #{ $id } of { $date } ({ $game }), open until { $closes }:
challenge-board-closed = Challenge #{ $id } ({ $game }, variant { $variant }{ $seed }) is closed. Final leaderboard:
challenge-board-series = Challenge #{ $id } ({ $game }, variant { $variant }), round { $round } of Hathor series #{ $tournament }, open until the round is over:
challenge-board-empty = Nobody has joined yet.
challenge-line-finished = { $place }. { $player }: { $points } points (over, { $placed } of 72 stones placed)
challenge-line-playing = { $place }. { $player }: { $points } points (playing, { $placed } of 72 stones placed)
challenge-board-of = { $player }: { $points } points (game #{ $id })

challenge-bad-hours = “{ $text }”: a challenge stays open 1 to { $max } hours, e.g. `hours=24`.
challenge-ai-once = The bot plays a challenge once per level (`@bot:{ $level }` is named twice): name `@bot`, `@bot:easy` and `@bot:hard` at most once each.
challenge-names-nobody = A challenge is open to everyone here, so it names no players ({ $players }): leave them out, and they play with `join challenge`. Only the bot may be named (`@bot`): it plays the same stones.
challenge-no-move-time = A challenge has no time per move: it stays open for `hours=N` (1 day without), and everyone plays at their own pace until it closes.
challenge-only-hathor = Challenges and the daily challenge are for Hathor; { $game } is played together with `new`.
challenge-no-such = There is no challenge #{ $id } in this channel.
challenge-none-here = There is no open challenge in this channel. Open one with `new hathor challenge`, or play today's with `daily hathor`.
challenge-closed = Challenge #{ $id } is closed.
challenge-series-round = Challenge #{ $id } is a round of Hathor series #{ $tournament }: only its entrants play it, each with the game the series dealt them.
challenge-already-joined = You are already playing in challenge #{ $id }: your board is game #{ $game }.
challenge-several = Several challenges are open here ({ $challenges }): name one, e.g. `join challenge #{ $first }`.
challenge-already-over = Your board in challenge #{ $id }, game #{ $game }, is over: one board a challenge.
challenge-daily-elsewhere = You already play the daily challenge of { $date } in another channel (game #{ $game }): one board a day, as every board of the day has the same stones.
challenge-board-hidden = Game #{ $game } belongs to challenge #{ $id }: its board is shown only to its player until the challenge closes (`leaderboard` shows the points).
challenge-export-hidden = The record of a game in challenge #{ $id } would show the shared pile: it can be exported once the challenge has closed.

# Hathor's legal fields are sold as the hint (commands/src/games.rs `moves_sold`).
hathor-moves-sold = In Hathor the legal fields are the hint, and it costs { $points } points: type `hint` (or `move hint`) to see them for the current stone.
help-hint = `hint` (Hathor) shows the legal fields for the current stone and costs { $points } points; in German `zug hilfe` or `setzhilfe`. `moves` does not list them for free.
# After a hint: the legal fields in text ($count of them, $fields "C5, D2"; $points: its cost).
hathor-hint-fields = The current stone fits on { $count ->
    [one] one field: { $fields }
   *[other] { $count } fields: { $fields }
  } (the hint cost { $points } points).
hathor-end-complete = All { $stones } stones are placed: { $points } bonus points.
hathor-end-blocked = The current stone fits nowhere, so the game ends after { $placed } stones.
hathor-end-bonus = Hathor bonus: { $stones ->
    [one] one stone shows
   *[other] { $stones } stones show
  } the hathor symbol, { $points } points.
hathor-placed = { $stone } on { $field } touches { $count ->
    [0] no stone
    [one] 1 stone
   *[other] { $count } stones
  }: { $points } points, { $total } in all.
hathor-current = The current stone is { $stone }.
