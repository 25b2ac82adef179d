# Die Webseite einer Partie (`[web]`) und die Links darauf im Chat.

web-title = Partie #{ $id }: { $game }
web-channel = Gespielt in { $channel }.
web-players = Spieler
web-moves = Züge
web-no-moves = Noch keine Züge.
web-start = Start
web-position = Stellung { $n } von { $total }
web-position-label = Stellung
web-first = Anfang
web-previous = Zurück
web-next = Weiter
web-last = Aktuell
web-keys = Mit den Pfeiltasten geht es Zug für Zug; Pos1 und Ende springen zum Anfang und zur aktuellen Stellung.
web-live = Diese Seite folgt der Partie: ein neuer Zug erscheint von selbst.
web-over = Die Partie ist vorbei.
web-to-move = am Zug
web-time-left = noch { $time }
web-left = hat das Spiel verlassen
web-time-up = Zeit abgelaufen
web-score = { $game ->
    [artifakes] { $points ->
        [one] 1 Stein
       *[other] { $points } Steine
    }
    [helofag] { $points ->
        [one] 1 Figur im Ziel
       *[other] { $points } Figuren im Ziel
    }
   *[other] { $points ->
        [one] 1 Punkt
       *[other] { $points } Punkte
    }
  }
web-your-hand = Deine Hand (nur du siehst sie, über deinen eigenen Link)
web-hand-alt = Deine Hand
web-record = Partieprotokoll (JSON)
web-board-alt = Das Brett { $n ->
    [0] zu Beginn
    [one] nach 1 Zug
   *[other] nach { $n } Zügen
  }
web-not-found-title = Nicht gefunden
web-not-found = Diese Partieseite oder Stellung gibt es nicht: prüfe den Link.
web-link-button = Partieseite
web-link = Partieseite (jeder Zug, live): { $url }
web-link-finished = Partieseite (jeder Zug): { $url }
web-link-private = Deine eigene Partieseite, mit deiner Hand (behalte sie für dich): { $url }
web-failed-title = Etwas ist schiefgegangen
web-failed = Die Seite ließ sich gerade nicht erstellen: bitte versuche es gleich noch einmal.
