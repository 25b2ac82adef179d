# `review`: a finished game's review (issue 44).
help-review = `review [#id]` reviews a finished game: for every move the mover's chance to win before and after it, judged by the AI from what the mover could see at the time (never another hand or a future roll), and the move the AI would have preferred. Moves that lose 5, 10 or 15 points of chance or more are marked as inaccuracies, mistakes and blunders; each player gets an accuracy figure, the luck of their rolls (Helofag) or draws (Carat, Artifälschungen, Hathor), and the three turning points are named, with a graph. It is worked out in the background (under a second per move) and posted here when done; asked for again, it comes at once.
review-running = Game #{ $id } is still running: its review would help a player. Ask for it once the game is over.
review-challenge-open = Game #{ $id } belongs to a challenge that is still open: its review would give the stones away. Ask for it once the challenge has closed.
review-started = Reviewing game #{ $id } ({ $moves ->
    [one] 1 move
   *[other] { $moves } moves
  }), under a second per move: the review will be posted here when it is done.
review-progress = The review of game #{ $id } is under way: { $done } of { $moves } moves so far. It will be posted where it was first asked for.
review-progress-live = Reviewing game #{ $id }: { $done } of { $moves } moves so far…
review-progress-done = Game #{ $id } reviewed ({ $moves ->
    [one] 1 move
   *[other] { $moves } moves
  }): the review follows.
review-title = Review of game #{ $id } ({ $game }, { $moves ->
    [one] 1 move
   *[other] { $moves } moves
  }; each mover's chance to win as the AI ({ $level }) judged it from what the mover could see):
review-player = { $player }: accuracy { $accuracy } %, { $inaccuracies ->
    [one] 1 inaccuracy
   *[other] { $inaccuracies } inaccuracies
  }, { $mistakes ->
    [one] 1 mistake
   *[other] { $mistakes } mistakes
  }, { $blunders ->
    [one] 1 blunder
   *[other] { $blunders } blunders
  }
# $how: "rolled" (dice: Helofag) or "drew" (a pile, cards or stones: Carat, Artifälschungen, Hathor).
review-luck = { $sign ->
    [1] { $player } { $how ->
        [rolled] rolled
       *[drew] drew
      } { $points ->
        [one] 1 point
       *[other] { $points } points
      } of chance better than average.
    [-1] { $player } { $how ->
        [rolled] rolled
       *[drew] drew
      } { $points ->
        [one] 1 point
       *[other] { $points } points
      } of chance worse than average.
   *[other] { $player } { $how ->
        [rolled] rolled
       *[drew] drew
      } just as well as average.
  }
review-turning-title = Turning points:
review-turning = move { $number }, { $player }: { $move } — { $before } % → { $after } % ({ $mark ->
    [blunder] blunder
    [mistake] mistake
   *[other] inaccuracy
  }); the AI preferred { $preferred } ({ $chance } %)
review-no-turning = No move lost 5 points of chance or more.
review-graph-title = Game #{ $id }: chance to win after each move
review-graph-axis = move
review-mark-inaccuracy = inaccuracy
review-mark-mistake = mistake
review-mark-blunder = blunder
web-review = Review
web-review-previous = Previous mistake
web-review-next = Next mistake
web-review-alt = { $count ->
    [one] The chance to win of each player after each of their moves; 1 move marked.
   *[other] The chance to win of each player after each of their moves; { $count } moves marked.
  }
