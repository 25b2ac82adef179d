# Conditional moves (issue 40, docs "Conditional moves").
help-conditional = `if <their move> then <your move>` plans your reply while your opponent is to move, e.g. `if c3 red then d4 blue`; more steps follow with `if … then …`, and `if #5 …` names the game (also in a private chat with me). When they play that move, your reply is played at once; any other move ends the plan. Only you see it. `conditional` lists your plans, `conditional clear` removes them. Two-player Carat, Aratoth's Revenge and Artifakes only.
cmd-conditional-syntax = Write a conditional move as `if <their move> then <your move>`, e.g. `if c3 red then d4 blue`; more steps follow with `if … then …`. `conditional` lists your plans, `conditional clear` removes them.
conditional-step = if { $their } then { $mine }
conditional-planned = Planned for game #{ $id }, seen only by you: when { $player } plays the move named, your reply is played at once; any other move ends the plan.
conditional-list-game = Game #{ $id } ({ $game }):
conditional-none = You have no conditional moves.
conditional-cleared = Your conditional moves are removed ({ $count ->
    [one] 1 game
   *[other] { $count } games
  }).
conditional-your-turn = It is your turn in game #{ $id }: play your move. Conditional moves are planned while your opponent is to move.
conditional-dice = Game #{ $id } is Helofag: the next roll is unknown, so no reply can be planned.
conditional-hathor = Game #{ $id } is Hathor, which has no opponent's move to answer: nothing can be planned.
conditional-two-players = Conditional moves are for games of two players; game #{ $id } has more.
conditional-not-a-move = “{ $move }” is not a move of this game.
conditional-game-ends = The game would be over by then.
conditional-still-mine = It would still be your turn there, not your opponent's.
conditional-not-mine-then = After { $move } it would not be your turn.
conditional-step-refused = Step { $step } (`{ $plan }`): { $reason }
conditional-theirs-illegal = Your opponent could not play { $move } then. The rules would tell them: { $reason }
rule-carat-plan-their-tile = Your opponent holds several tiles: name the one they would place, e.g. “c3 red 5RGBY”.
rule-carat-plan-tile-seen = { $tile } cannot be played then: it is on the board or in your hand, or your plan places it before.
rule-artifakes-plan-card-seen = Card { $card } cannot be played then: you see both copies of it, or your plan has them play it before.
conditional-too-long = A plan has at most { $max } steps, not { $count }.
conditional-played = Played as planned.
conditional-ended = Your opponent played { $move } in game #{ $id }, not the move your plan named: your conditional moves there are cleared.
conditional-ended-undo = A move was taken back in game #{ $id }: your conditional moves there are cleared.
conditional-dropped = Your planned reply { $move } in game #{ $id } was not played: { $reason } Your conditional moves there are cleared; it is your turn.

# Clocks with a bank (issue 40, docs "Clocks with a bank").
cmd-bad-time-missing = “{ $text }” lacks the time per move before the +: write it like time=1d+3d (1 day per move, and a bank of 3 days).
cmd-bad-bank-missing = “{ $text }” lacks the bank after the +: write it like time=1d+3d (1 day per move, and a bank of 3 days), or time=1d without a bank.
cmd-bad-bank = “{ $text }” is not a bank: write it like time=1d+3d (a bank of one minute to 365 days after the +).
clock-bank-line = Time left: { $move } for this move, then { $bank } of your bank.
clock-bank-line-used = Your time for this move is used up; your bank has { $bank } left.
clock-half-bank-used = { $player }, it is your turn in game #{ $id } ({ $game }): your time for this move has passed and your bank is in use, { $left } of it left.
games-bank-left = ; left: { $move } for this move + { $bank } bank
games-bank-left-used = ; time for this move used up, left: { $bank } bank
clock-with-bank = { $move } per move + a bank of { $bank }
cmd-bank-not-here = A tournament's games have a time per move only (e.g. time=2d); a bank (time=1d+3d) is for a single game's `new`.
