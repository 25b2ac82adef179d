# Die Webseite eines Turniers (`[web]`, `/t/<token>`) und der Link darauf im Chat.

web-tournament-title = Turnier #{ $id }: { $game }
web-tournament-standings = Tabelle
web-tournament-legend = Pkt: Punkte · BH-1: Buchholz mit Streichresultat · BH: Buchholz · SB: Sonneborn-Berger · S: Siege am Brett
web-tournament-legend-cross = Nr.: Startnummer; die nummerierten Spalten sind die Punkte gegen diese Startnummer.
web-tournament-rounds = Runden
web-tournament-no-rounds = Noch ist keine Runde ausgelost.
web-tournament-round = Runde { $round }
web-tournament-game = { $white } – { $black }: { $result }
web-tournament-to-move = am Zug: { $to_move }
web-tournament-live = Diese Seite folgt dem Turnier: neue Ergebnisse erscheinen von selbst.
web-tournament-not-found = Diese Turnierseite gibt es nicht: prüfe den Link.
tournament-web-link-button = Turnierseite
tournament-web-link = Turnierseite (Tabelle, Runden, jede Partie): { $url }
# Der Titel der Tabelle (Bild und Seite), bevor eine Runde gewertet ist.
tournament-picture-start = Turnier #{ $id }: Tabelle vor den ersten Ergebnissen
# Eine Hathor-Serie auf ihrer Seite.
web-tournament-legend-series = Summe: die Punkte aller Runden · Beste: die beste einzelne Runde (sie entscheidet bei gleicher Summe) · R1, R2, …: die Punkte jeder Runde
web-tournament-series-game = { $player }: { $result }
web-tournament-series-points = { $points } Punkte
web-tournament-series-playing = spielt noch
tournament-pairing-page = #{ $game }: { $white } – { $black } ({ $url })
tournament-round-games = Die Partien der Runde { $round }:
tournament-game-page = #{ $game }: { $white } – { $black } { $result } ({ $url })
