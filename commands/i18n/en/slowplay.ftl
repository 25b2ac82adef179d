# Play over days (issue 10): clocks, reminders, invitations, vacations, takebacks,
# rematches and history. Every message has a German twin in de/slowplay.ftl.

## Refusals.

cmd-bad-duration = “{ $text }” is not a time per move: write it like time=3d, time=12h or time=1d12h (one minute to 365 days).
cmd-bad-days = “{ $text }” is not a number of days: write it like `vacation 5`.
cmd-bad-on-off = Write `on` or `off`, not “{ $text }”.
cmd-claim-too-early = { $player } still has { $left } for this move in game #{ $id }: you can claim only when the time is up.
cmd-claim-nobody = It is your turn in game #{ $id }, so there is nothing for you to claim: the others can claim only when your time runs out.
cmd-claim-own-time-up = Your time in game #{ $id } is up, so there is nothing for you to claim: you can still move until someone claims the game.
cmd-claim-solo = You play game #{ $id } alone: nobody waits for your move and nobody can claim it, so take your time.
cmd-vacation-too-long = You cannot take { $days ->
    [one] 1 day
   *[other] { $days } days
  } of vacation: { $left ->
    [one] 1 day is
   *[other] { $left } days are
  } left of this year's allowance.
cmd-too-many-invitations = You already have { $max } open invitations: wait until they start or expire, or withdraw one with `abort`.
cmd-not-invited = Game #{ $id } is an invitation for named players only, and you are not one of them.
cmd-invite-self = You cannot invite yourself: you have your seat as the one who invites; name only the other players.
cmd-invite-by-id = “@{ $name }” is only a name, and anyone can call themselves that: name the player with a mention (on Matrix a pill, or the full id such as @{ $name }:example.org), so that only they can take the seat.
cmd-invitees-missing = Game #{ $id } starts by itself once everyone invited has accepted: still waiting for { $players }. To play without them, withdraw it with `abort` and invite again.
cmd-decline-not-invited = Game #{ $id } does not name you, so there is no invitation for you to decline (the one who invites withdraws it with `abort`).
cmd-decline-nothing = No invitation here names you, so there is nothing to decline: `games` lists the invitations you have.
cmd-undo-not-offered = { $game } has no `undo`: a move there reveals something new (a drawn tile, card or roll), so it cannot be taken back fairly.
cmd-undo-nothing = There is no move to take back in game #{ $id }.
cmd-rematch-nothing = You have no finished game in this channel to play again.
cmd-rematch-not-over = Game #{ $id } is not over yet, so there is no rematch.
cmd-rematch-exists = Game #{ $old } has been played again already: game #{ $id }.

## Announcements.

new-invitation-named = { $creator } invites { $invited } to a game of { $game } (#{ $id }) for { $players } players ({ $details }): type `join` to accept; it starts when everyone has accepted.
join-waiting-for = Still waiting for { $players } to accept; the game starts by itself then.
invitation-expired = Nobody took up the invitation to game #{ $id } ({ $game }) in time, so it has expired.
invitation-expired-named = { $players } did not answer the invitation to game #{ $id } ({ $game }) in time, so it has expired.
invitation-declined = { $player } declined the invitation to game #{ $id } ({ $game }). { $creator }, it is withdrawn.
clock-half = { $player }, it is your turn in game #{ $id } ({ $game }): half your time for this move has passed, { $left } left.
clock-soon = { $player }, your time in game #{ $id } ({ $game }) runs out in { $left }: please make your move.
clock-expired = Time is up for { $player } in game #{ $id } ({ $game }): the other players can `claim` the game now.
clock-days = { $n ->
    [one] 1 day
   *[other] { $n } days
  }
clock-hours = { $n ->
    [one] 1 hour
   *[other] { $n } hours
  }
clock-under-a-minute = less than a minute
clock-minutes = { $n ->
    [one] 1 minute
   *[other] { $n } minutes
  }
claim-accepted = { $claimer } claims game #{ $id }: the time of { $player } ran out.
claim-accepted-goes-on = { $claimer } claims game #{ $id }: the time of { $player } ran out, so { $player } leaves the game and play goes on.
reminders-on = Your turn reminders are on (`reminders off` switches them off).
reminders-off = Your turn reminders are off (`reminders on` switches them on).
vacation-allowance = You have { $days ->
    [one] 1 day
   *[other] { $days } days
  } of vacation left this year: `vacation <days>` pauses all your clocks.
vacation-announced = { $player } is on vacation for { $days ->
    [one] 1 day
   *[other] { $days } days
  }: their clocks stand still until then.
undo-asked = { $player } asks to take back { $move } in game #{ $id }: type `undo` to agree.
undo-already-asked = You have asked to take back { $move } in game #{ $id } already; waiting for { $players }.
undo-done = Everyone agreed: { $move } in game #{ $id } { $count ->
    [one] is
   *[other] are
  } taken back.
rematch-started = Rematch of game #{ $old }: game #{ $id } of { $game } begins with the same players.
rematch-asked = { $player } would like to play game #{ $id } ({ $game }) again: type `rematch #{ $id }` to agree.
rematch-waiting = Waiting for { $players }.
rematch-already-asked = You have asked for a rematch of game #{ $id } already; waiting for { $players }.
history-header = The moves of game #{ $id } ({ $game }):
history-empty = No moves yet.
history-resigned = { $player } resigned.
history-timeout = { $player }'s time ran out.
history-challenge-closed = The challenge's time ran out for { $player }.
history-aborted = The game was aborted.

## Help.

help-claim = `claim [#id]` claims a game when the player to move has run out of time: with two players they lose, with more they leave the game and it goes on.
help-vacation = `vacation <days>` pauses all your clocks for some days (a yearly allowance); `vacation` alone shows what is left.
help-undo = `undo [#id]` asks to take back the last move; the others agree by typing `undo` too. Only in games where a move reveals nothing new.
help-rematch = `rematch [#id]` asks the other players to play your last finished game here again; it starts, with the same players in the same seats, once everyone has typed `rematch` (in Aratoth's Revenge the loser starts). Each game is played again at most once.
help-reminders = `reminders on` or `reminders off` switches your turn reminders.
help-history = `history [#id]` lists the moves played so far.
help-decline = `decline [#id]` turns down an invitation that names you (`new carat @you`): it is withdrawn, and the one who invited you is told. `games` lists the invitations you have.

## Ratings.

cmd-leaderboard-needs-game = Name the game: `leaderboard <game>`, one of { $games }.
cmd-bad-player = “{ $text }” is not a player: name them as @name (or mention them), or write `stats` alone for your own ratings.
# $scope: "server" (ratings count on the whole server) or "channel" (in this channel or room).
leaderboard-what-here = There is no Hathor challenge in this channel (`new hathor challenge` opens one; its leaderboard shows the players' points). Rated { $scope ->
    [server] on this server
   *[channel] here
}: { $games }.
leaderboard-nothing-here = Nobody has a rating { $scope ->
    [server] on this server
   *[channel] here
} yet, and there is no Hathor challenge in this channel. `leaderboard <game>` shows a game's best players once a game of two or more has ended (e.g. `leaderboard carat`); `new hathor challenge` opens a challenge, whose leaderboard shows its players' points.
cmd-no-ratings = Nobody has a rating in { $game } { $scope ->
    [server] on this server
   *[channel] here
  } yet: finish a game first.
cmd-no-ratings-solo = { $game } is played alone, so it has no ratings: in a channel with a challenge, `leaderboard` shows its points.
cmd-no-stats = { $player } has no rating { $scope ->
    [server] on this server
   *[channel] here
  } yet.
leaderboard-header = The best players of { $game } here:
leaderboard-line = { $place }. { $player }: { $rating } ({ $games ->
    [one] 1 game
   *[other] { $games } games
  })
stats-header = The ratings of { $player } here:
stats-line = { $game }: { $rating } ± { $uncertainty } after { $games ->
    [one] 1 game
   *[other] { $games } games
  }
help-leaderboard = `leaderboard <game>` shows the best-rated players of a game here (on Discord: on the whole server); `leaderboard [#id]` without a game shows a Hathor challenge's players with their points and who has finished.
help-stats = `stats [@player]` shows a player's ratings here (on Discord: on the whole server; yours without a name).

## The terminal chat.

local-waited = { $time } later.
local-wait-unavailable = The clock of this chat cannot be moved.
local-bad-wait = “{ $text }” is not a time to wait: write it like `wait 36h`, `wait 2d` or `wait 90m` (one minute to 365 days).

## Where am I playing?

games-waited = , waiting for { $time }
games-time-up-yours = ; your time is up: you can still move until someone claims the game
games-time-up = ; the time is up: `claim #{ $id }` ends the wait
games-invited-you = #{ $id } { $game } in { $channel }: invited by { $creator }, type `join #{ $id }` there to accept or `decline #{ $id }` to turn it down

## Settings.

cmd-bad-setting = “{ $text }” is not a setting: use language=en|de, time=3d, half=on|off, before=12h|off, threads=on|off, tidy=on|off, replay=on|off (or =default).
cmd-bad-setting-value = “{ $text }” is not a value of that setting: { $setting ->
    [language] the language is en or de
    [time] the time per move is from 1 minute to 365 days, such as time=3d, time=12h or time=90m
    [half] the reminder at half time is on or off
    [before] the reminder before the end is a time such as before=12h, or off
    [tidy] tidy (old turn pings deleted) is on or off
    [replay] replay (the animated replay posted when a game ends) is on or off
   *[threads] threads is on or off
  } (or default).
# $scope: "server" (settings of the whole server) or "channel" (of this channel or room).
cmd-settings-admins-only = Only admins can change the settings of this { $scope ->
    [server] server
   *[channel] channel
  }.
cmd-bad-language = “{ $text }” is not a language I speak: en or de (or default).
settings-channel = { $scope ->
    [server] Settings of this server
   *[channel] Settings here
  }: language { $language }, time per move { $time }, reminder at half time { $half }, reminder before the end { $before }, a thread per game { $threads }, old turn pings deleted { $tidy }, replay posted at a game's end { $replay }.
settings-on = on
settings-off = off
settings-language = I speak English with you.
help-settings = `settings` shows the settings here (on Discord: of the whole server, for all its channels and threads); admins change them with e.g. `settings language=de time=2d half=off before=6h threads=on tidy=on replay=on` (`=default` resets one; `replay=on` posts each game's animated replay when it ends); a new time per move counts for games created from then on.
help-language = `language en` or `language de` sets the language I use with you (`language default`: your platform's).

## Replay.

export-replay = Game #{ $id } as a strip of boards, from the start to the end (left to right, top to bottom).
cmd-claim-ai = { $player } is to move in game #{ $id } and never runs out of time: its move comes by itself.

# `replay`: the game as an animated picture (issue 44).
help-replay = `replay [#id]` posts the whole game so far as an animated picture (GIF): one frame per move, as everyone sees the board, the last held for 5 seconds.
replay-posted = The replay of game #{ $id } ({ $game }, { $moves ->
    [one] 1 move
   *[other] { $moves } moves
  }).
replay-thinned = It shows every { $step }th position (and the last), to stay small enough for chat.
replay-failed = The replay of game #{ $id } could not be drawn; its moves are safe (`history #{ $id }` lists them).
