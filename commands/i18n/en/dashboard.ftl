## The dashboard (issue 40): one message listing the running games, edited as they move.

dashboard-header = { $n ->
    [one] One game running (this message keeps itself up to date):
   *[other] { $n } games running (this message keeps itself up to date):
  }
dashboard-empty = No games running here (this message keeps itself up to date).
dashboard-game = #{ $id } { $game }: { $players } · { $player } to move
dashboard-left = , { $left } left
dashboard-left-bank = , left: { $move } for this move + { $bank } bank
dashboard-left-bank-used = , time for this move used up, left: { $bank } bank
dashboard-time-up = , the time is up (`claim` ends the wait)
dashboard-off = The dashboard here is off: I no longer edit it.
dashboard-none = There is no dashboard here (`dashboard` posts one).
dashboard-admins-only = Only admins can post or stop the dashboard.
help-dashboard = `dashboard` (admins) posts one message listing the running games, whose turn it is and the time left, and keeps editing it as games move (on Discord it is pinned when I may pin); `dashboard off` stops it.
dashboard-no-pin = I may not pin the dashboard here (that needs the Manage Messages permission); it keeps itself up to date unpinned all the same. I will not say this again.
