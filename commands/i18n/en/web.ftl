# The web page of a game (`[web]`) and the links to it in chat.

web-title = Game #{ $id }: { $game }
web-channel = Played in { $channel }.
web-players = Players
web-moves = Moves
web-no-moves = No moves yet.
web-start = Start
web-position = Position { $n } of { $total }
web-position-label = Position
web-first = First
web-previous = Previous
web-next = Next
web-last = Latest
web-keys = Arrow keys step through the moves; Home and End jump to the start and the latest position.
web-live = This page follows the game: a new move appears by itself.
web-over = The game is over.
web-to-move = to move
web-time-left = { $time } left
web-left = left the game
web-time-up = time is up
web-score = { $game ->
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
web-your-hand = Your hand (only you see it, on this link of yours)
web-hand-alt = Your hand
web-record = Record (JSON)
web-board-alt = The board { $n ->
    [0] at the start
    [one] after 1 move
   *[other] after { $n } moves
  }
web-not-found-title = Not found
web-not-found = There is no such game page, or no such position: check the link.
web-link-button = Game page
web-link = Game page (every move, live): { $url }
web-link-finished = Game page (every move): { $url }
web-link-private = Your own game page, with your hand (keep it to yourself): { $url }
web-failed-title = Something went wrong
web-failed = The page could not be made just now: please try again in a moment.
