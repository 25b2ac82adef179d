## Die Übersicht (Issue 40): eine Nachricht mit den laufenden Partien, die mitläuft.

dashboard-header = { $n ->
    [one] Eine Partie läuft (diese Nachricht hält sich selbst aktuell):
   *[other] { $n } Partien laufen (diese Nachricht hält sich selbst aktuell):
  }
dashboard-empty = Hier läuft keine Partie (diese Nachricht hält sich selbst aktuell).
dashboard-game = #{ $id } { $game }: { $players } · { $player } ist am Zug
dashboard-left = , noch { $left }
dashboard-left-bank = , übrig: { $move } für diesen Zug + { $bank } Zeitkonto
dashboard-left-bank-used = , Zeit für diesen Zug aufgebraucht, übrig: { $bank } Zeitkonto
dashboard-time-up = , die Bedenkzeit ist um (`reklamieren` beendet das Warten)
dashboard-off = Die Übersicht hier ist aus: Ich bearbeite sie nicht mehr.
dashboard-none = Hier gibt es keine Übersicht (`übersicht` stellt eine ein).
dashboard-admins-only = Nur Admins können die Übersicht einstellen oder beenden.
help-dashboard = `übersicht` (Admins) stellt eine Nachricht mit den laufenden Partien ein, wer am Zug ist und wie viel Zeit bleibt, und bearbeitet sie, während die Partien laufen (auf Discord angeheftet, wenn ich anheften darf); `übersicht aus` beendet sie.
dashboard-no-pin = Ich darf die Übersicht hier nicht anheften (dafür braucht es die Berechtigung „Nachrichten verwalten“); sie hält sich auch ungeheftet aktuell. Ich sage das nur einmal.
