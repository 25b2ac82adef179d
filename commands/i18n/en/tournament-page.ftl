# The web page of a tournament (`[web]`, `/t/<token>`) and the link to it in chat.

web-tournament-title = Tournament #{ $id }: { $game }
web-tournament-standings = Standings
web-tournament-legend = Pts: points · BH-1: Buchholz cut 1 · BH: Buchholz · SB: Sonneborn-Berger · W: wins over the board
web-tournament-legend-cross = No.: starting number; the numbered columns are the points scored against that starting number.
web-tournament-rounds = Rounds
web-tournament-no-rounds = No round has been paired yet.
web-tournament-round = Round { $round }
web-tournament-game = { $white } – { $black }: { $result }
web-tournament-to-move = { $to_move } to move
web-tournament-live = This page follows the tournament: new results appear by themselves.
web-tournament-not-found = There is no such tournament page: check the link.
tournament-web-link-button = Tournament page
tournament-web-link = Tournament page (standings, rounds, every game): { $url }
# The standings' title (picture and page) before any round is counted.
tournament-picture-start = Tournament #{ $id }: standings before the first results
# A Hathor series on its page.
web-tournament-legend-series = Total: the points of all rounds · Best: the best single round (it breaks a tie of the totals) · R1, R2, …: each round's points
web-tournament-series-game = { $player }: { $result }
web-tournament-series-points = { $points } points
web-tournament-series-playing = playing
# With `[web]`: a round's pairing with its game's page, and the round's games with their
# results and pages in the standings' post after the round.
tournament-pairing-page = #{ $game }: { $white } – { $black } ({ $url })
tournament-round-games = Round { $round }'s games:
tournament-game-page = #{ $game }: { $white } – { $black } { $result } ({ $url })
