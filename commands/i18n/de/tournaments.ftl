## Turniere (issue 39): Schweizer System und Rundenturnier in einem Kanal.

help-tournament = `turnier neu <Spiel> [schweizer|rundenturnier] [runden=N] [zeit=2d] [anmeldung=48h] [spieler=N] [doppelt]` eröffnet die Anmeldung zu einem Turnier hier (du leitest es und spielst mit; `@bot` meldet die KI an). Dann `turnier beitreten`, `turnier verlassen`, `turnier starten` (die Turnierleitung), `turnier absagen`, und `turnier` für die Runde, die laufenden Partien und den Tabellenstand. Endet die Anmeldung mit 3 oder mehr Spielern, beginnt es von selbst. `turnier neu hathor [runden=N]` eröffnet stattdessen eine Hathor-Serie: jede Runde spielen alle dieselbe Verteilung allein (3 Runden, wenn `runden=` nichts anderes sagt; 2 Spieler genügen), die Punkte insgesamt entscheiden, bei Gleichstand die beste einzelne Runde.

tournament-opened = { $organiser } eröffnet Turnier #{ $id } ({ $details }). Anmeldung mit `turnier beitreten` bis { $until }; die Turnierleitung kann mit `turnier starten` früher beginnen. Angemeldet: { $players }.
tournament-swiss = Schweizer System
tournament-roundrobin = Rundenturnier
tournament-rounds = { $rounds ->
    [one] 1 Runde
   *[other] { $rounds } Runden
  }
tournament-double = jede Paarung zweimal
tournament-joined = { $players } { $joined ->
    [one] meldet
   *[other] melden
  } sich zu Turnier #{ $id } an ({ $count ->
    [one] 1 Spieler
   *[other] { $count } Spieler
  } angemeldet).
tournament-left-signup = { $player } ist nicht mehr zu Turnier #{ $id } angemeldet.
tournament-left = { $player } verlässt Turnier #{ $id }: die laufenden Partien gelten als aufgegeben, die weiteren Runden gehen ohne sie weiter.
tournament-cancelled = { $player } hat Turnier #{ $id } abgesagt. { $count ->
    [0] Es lief keine Partie.
    [one] Die noch laufende Partie { $games } ist abgebrochen.
   *[other] Die noch laufenden Partien { $games } sind abgebrochen.
  }
tournament-cancelled-too-few = Die Anmeldung zu Turnier #{ $id } ist vorbei, mit nur { $count } der nötigen { $min } Spieler: es ist abgesagt.
tournament-round-start = Turnier #{ $id }, Runde { $round } von { $rounds }:
tournament-pairing = #{ $game }: { $white } – { $black }
tournament-pairing-bye = { $player } ist spielfrei (1 Punkt).
tournament-pairing-forfeit = { $white } – { $black }: { $result } (nicht gespielt: jemand ist ausgeschieden)
tournament-game-started = Turnier #{ $tournament }, Runde { $round }: Partie #{ $id } beginnt, { $seats }.
tournament-lost-on-time = Die Zeit von { $player } in Partie #{ $id } ist abgelaufen: die Partie ist auf Zeit verloren.
tournament-round-over = Runde { $round } von Turnier #{ $id } ist vorbei.
tournament-finished = Turnier #{ $id } ist nach { $rounds ->
    [one] 1 Runde vorbei.
   *[other] { $rounds } Runden vorbei.
  }
tournament-no-pairing = Keine weitere Runde von Turnier #{ $id } lässt sich ohne wiederholte Paarung auslosen: es endet hier.
tournament-status-signup = Turnier #{ $id } ({ $details }): Anmeldung offen.
tournament-status-running = Turnier #{ $id } ({ $details }): Runde { $round } von { $rounds }.
tournament-status-finished = Turnier #{ $id } ({ $details }) ist vorbei.
tournament-status-cancelled = Turnier #{ $id } ({ $details }) wurde abgesagt.
tournament-signup-status = Angemeldet ({ $count }, mindestens { $min } nötig): { $players }. Die Anmeldung endet { $until }.
tournament-running-header = Laufende Partien:
tournament-running-game = #{ $game }: { $white } – { $black }, am Zug: { $to_move }
tournament-standings = Tabellenstand (Punkte; Buchholz mit Streichresultat, Buchholz, Sonneborn-Berger, Siege):
tournament-final-standings = Endstand (Punkte; Buchholz mit Streichresultat, Buchholz, Sonneborn-Berger, Siege):
tournament-standings-cancelled = { $round ->
    [0] Abgesagt, bevor eine Runde vollständig war: kein Ergebnis zählt (Punkte; Buchholz mit Streichresultat, Buchholz, Sonneborn-Berger, Siege):
   *[other] Abgesagt: der Tabellenstand nach Runde { $round } von { $rounds }, wie er da stand (Punkte; Buchholz mit Streichresultat, Buchholz, Sonneborn-Berger, Siege):
  }
tournament-standing = { $place }. { $player }: { $points } ({ $cut }, { $buchholz }, { $sb }, { $wins })
tournament-standing-left = { $line } (ausgeschieden)

tournament-bad-sub = „{ $text }“ kennt `turnier` nicht: schreib `turnier neu <Spiel>`, `beitreten`, `verlassen`, `starten`, `absagen`, oder `turnier` allein für den Tabellenstand.
tournament-bad-rounds = „{ $text }“ ist keine Rundenzahl: schreib `runden=` und 1 bis { $max }.
tournament-bad-signup = „{ $text }“ ist keine Anmeldezeit: schreib sie wie `anmeldung=48h` oder `anmeldung=2d` (höchstens vier Wochen).
tournament-bad-players = „{ $text }“ ist keine Spielerzahl: schreib `spieler=` und { $min } bis { $max }.
tournament-two-players = Im Turnier wird { $game } zu zweit gespielt: die Spielerzahl je Partie lässt sich nicht einstellen (`spieler=N` ist die Höchstzahl der Teilnehmer).
tournament-no-two-player-form = { $game } hat kein Spiel zu zweit und kann darum nicht im Turnier gespielt werden.
tournament-no-seed = Ein Turnier teilt jede Partie neu aus: `startwert=` lässt sich nicht setzen.
tournament-rounds-roundrobin = Im Rundenturnier spielt jeder gegen jeden: die Runden folgen aus der Spielerzahl, `runden=` lässt sich nicht setzen.
tournament-names-people = Alle melden sich selbst mit `turnier beitreten` an; nur der Bot kann mit Namen angemeldet werden, nicht { $players }.
tournament-named-too-many = { $count } Spieler würden angemeldet, aber `spieler=` erlaubt { $players }.
tournament-no-such = In diesem Kanal gibt es kein Turnier #{ $id }.
tournament-none-here = In diesem Kanal gibt es kein Turnier: eröffne eins mit `turnier neu <Spiel>`.
tournament-signup-over = Die Anmeldung zu Turnier #{ $id } ist vorbei: es hat begonnen oder ist zu Ende.
tournament-already-in = { $player } ist schon zu Turnier #{ $id } angemeldet.
tournament-full = Turnier #{ $id } ist voll ({ $players } Spieler).
tournament-not-in = Du spielst nicht in Turnier #{ $id } mit.
tournament-already-left = Du hast Turnier #{ $id } schon verlassen.
tournament-over = Turnier #{ $id } ist vorbei.
tournament-already-started = Turnier #{ $id } hat schon begonnen.
tournament-only-organiser = Das darf nur die Turnierleitung von Turnier #{ $id } oder ein Admin.
tournament-too-few = { $count ->
    [one] Zu Turnier #{ $id } ist erst 1 Spieler angemeldet
   *[other] Zu Turnier #{ $id } sind erst { $count } Spieler angemeldet
  }: zum Start braucht es mindestens { $min }.
undo-tournament = Partie #{ $id } gehört zu Turnier #{ $tournament }: dort lassen sich keine Züge zurücknehmen.
vacation-tournament-clocks = Turnieruhren bleiben im Urlaub nicht stehen: Partien eines Turniers laufen weiter auf Zeit.

## Titel und Spaltenköpfe des Tabellenbilds.
tournament-picture-title = Turnier #{ $id }: Tabellenstand nach Runde { $round } von { $rounds }
tournament-picture-final = Turnier #{ $id }: Endstand
tournament-picture-cancelled = { $round ->
    [0] Turnier #{ $id }: abgesagt, bevor eine Runde vollständig war
   *[other] Turnier #{ $id }: abgesagt, Tabellenstand nach Runde { $round } von { $rounds }
  }
tournament-col-place = Pl.
tournament-col-player = Spieler
tournament-col-number = Nr.
tournament-col-points = Pkt
tournament-col-cut = BH-1
tournament-col-buchholz = BH
tournament-col-sb = SB
tournament-col-wins = S

tournament-which = Hier kommen mehrere Turniere in Frage ({ $ids }): nenne eins, etwa `turnier { $sub ->
    [join] beitreten { $example }
    [leave] verlassen { $example }
    [start] starten { $example }
    [cancel] absagen { $example }
   *[status] { $example }
  }`.
tournament-was-cancelled = Turnier #{ $id } wurde abgesagt.
tournament-bad-id = „{ $text }“ ist keine Turniernummer: schreib sie wie #3.
abort-tournament = Partie #{ $id } gehört zu Turnier #{ $tournament }: du kannst sie `aufgeben`, abbrechen kann sie nur ein Admin (dann gilt sie für beide als kampflos verloren).
game-aborted-tournament = { $player } hat Partie #{ $id } von Turnier #{ $tournament } abgebrochen: sie gilt für beide als kampflos verloren, 0–0 (keiner bekommt einen Punkt).
tournament-choice = #{ $id }: { $game }, { $system }, { $stage ->
    [signup] Anmeldung offen
   *[running] Runde { $round } von { $rounds }
  }

## Tabellenstand einer Hathor-Serie (Punkte insgesamt, bei Gleichstand die beste Runde).
tournament-col-total = Summe
tournament-col-best = Beste
tournament-col-round = R{ $round }
tournament-series-standings = Tabellenstand (Punkte insgesamt; beste Runde):
tournament-series-final-standings = Endstand (Punkte insgesamt; beste Runde):
tournament-series-standing = { $place }. { $player }: { $total } (beste Runde { $points }; Runden { $rounds })
tournament-series-standing-none = { $place }. { $player }: { $total } (noch keine Runde gewertet; Runden { $rounds })

## Eine Hathor-Serie: jede Runde spielt jeder Teilnehmer die Verteilung der Runde allein.
tournament-series = Hathor-Serie
tournament-series-no-system = Ein Hathor-Turnier ist eine Serie: jede Runde spielt jeder Teilnehmer dieselbe Verteilung allein, und die Punkte insgesamt entscheiden; ein Paarungssystem gibt es darum nicht („{ $text }“).
tournament-series-no-double = Eine Hathor-Serie kennt kein `doppelt` („{ $text }“): jeder spielt die Verteilung der Runde allein, es gibt also keine Paarung, die zweimal gespielt, und keinen ersten Zug, der getauscht würde.
tournament-series-round-start = Hathor-Serie #{ $id }, Runde { $round } von { $rounds }: alle spielen dieselbe Verteilung allein, mit der Bedenkzeit der Serie; dein Spielbrett siehst nur du, bis die Runde vorbei ist. Partien: { $games }.
tournament-series-your-game = Hathor-Serie #{ $tournament }, Runde { $round }: deine Partie #{ $id }. Alle spielen diese Verteilung; dein Spielbrett siehst nur du, bis die Runde vorbei ist.
tournament-series-running = #{ $game }: { $player }
tournament-series-timed-out = Die Zeit von { $player } in Partie #{ $id } ist abgelaufen: die Partie endet mit den { $points } Punkten, die bis dahin gemacht sind.
tournament-series-your-time-out = Deine Zeit in Partie #{ $id } ist abgelaufen: sie endet mit den { $points } Punkten, die bis dahin gemacht sind.
