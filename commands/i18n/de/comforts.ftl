# Bedingte Züge (issue 40, Doku "Bedingte Züge").
help-conditional = `wenn <ihr Zug> dann <dein Zug>` plant deine Antwort, während dein Gegner am Zug ist, z. B. `wenn c3 rot dann d4 blau`; weitere Schritte folgen mit `wenn … dann …`, und `wenn #5 …` nennt die Partie (auch in einem privaten Chat mit mir). Spielt er diesen Zug, wird deine Antwort sofort gespielt; jeder andere Zug beendet den Plan. Nur du siehst ihn. `bedingt` listet deine Pläne, `bedingt löschen` entfernt sie. Nur Carat, Aratoths Rache und Artifälschungen zu zweit.
cmd-conditional-syntax = Schreib einen bedingten Zug als `wenn <ihr Zug> dann <dein Zug>`, z. B. `wenn c3 rot dann d4 blau`; weitere Schritte folgen mit `wenn … dann …`. `bedingt` listet deine Pläne, `bedingt löschen` entfernt sie.
conditional-step = wenn { $their } dann { $mine }
conditional-planned = Geplant für Partie #{ $id }, nur für dich sichtbar: Spielt { $player } den genannten Zug, wird deine Antwort sofort gespielt; jeder andere Zug beendet den Plan.
conditional-list-game = Partie #{ $id } ({ $game }):
conditional-none = Du hast keine bedingten Züge.
conditional-cleared = Deine bedingten Züge sind entfernt ({ $count ->
    [one] 1 Partie
   *[other] { $count } Partien
  }).
conditional-your-turn = Du bist in Partie #{ $id } am Zug: spiel deinen Zug. Bedingte Züge plant man, während der Gegner am Zug ist.
conditional-dice = Partie #{ $id } ist Helofag: der nächste Wurf ist unbekannt, also lässt sich keine Antwort planen.
conditional-hathor = Partie #{ $id } ist Hathor, da gibt es keinen gegnerischen Zug zu beantworten: nichts lässt sich planen.
conditional-two-players = Bedingte Züge gibt es nur in Partien zu zweit; Partie #{ $id } hat mehr Spieler.
conditional-not-a-move = „{ $move }“ ist kein Zug dieses Spiels.
conditional-game-ends = Die Partie wäre dann schon vorbei.
conditional-still-mine = Dort wärst noch du am Zug, nicht dein Gegner.
conditional-not-mine-then = Nach { $move } wärst du nicht am Zug.
conditional-step-refused = Schritt { $step } (`{ $plan }`): { $reason }
conditional-theirs-illegal = Dein Gegner könnte { $move } dann nicht spielen. Die Regeln sagten ihm: { $reason }
rule-carat-plan-their-tile = Dein Gegner hat mehrere Plättchen auf der Hand: nenne das, das er legen würde, z. B. „c3 rot 5RGBY“.
rule-carat-plan-tile-seen = { $tile } kann dann nicht gelegt werden: es liegt auf dem Brett oder in deiner Hand, oder dein Plan legt es schon vorher.
rule-artifakes-plan-card-seen = Karte { $card } kann dann nicht gespielt werden: du siehst beide Exemplare, oder dein Plan lässt deinen Gegner sie schon vorher spielen.
conditional-too-long = Ein Plan hat höchstens { $max } Schritte, nicht { $count }.
conditional-played = Wie geplant gespielt.
conditional-ended = Dein Gegner hat in Partie #{ $id } { $move } gespielt, nicht den Zug aus deinem Plan: deine bedingten Züge dort sind gelöscht.
conditional-ended-undo = In Partie #{ $id } wurde ein Zug zurückgenommen: deine bedingten Züge dort sind gelöscht.
conditional-dropped = Deine geplante Antwort { $move } in Partie #{ $id } wurde nicht gespielt: { $reason } Deine bedingten Züge dort sind gelöscht; du bist am Zug.

# Bedenkzeit mit Zeitkonto (issue 40, Doku "Bedenkzeit mit Zeitkonto").
cmd-bad-time-missing = Bei „{ $text }“ fehlt vor dem + die Zeit pro Zug: schreib sie wie zeit=1d+3d (1 Tag pro Zug und ein Zeitkonto von 3 Tagen).
cmd-bad-bank-missing = Bei „{ $text }“ fehlt nach dem + das Zeitkonto: schreib es wie zeit=1d+3d (1 Tag pro Zug und ein Zeitkonto von 3 Tagen), oder zeit=1d ohne Zeitkonto.
cmd-bad-bank = „{ $text }“ ist kein Zeitkonto: schreib es wie zeit=1d+3d (ein Zeitkonto von einer Minute bis 365 Tagen nach dem +).
clock-bank-line = Verbleibende Zeit: { $move } für diesen Zug, dann { $bank } von deinem Zeitkonto.
clock-bank-line-used = Deine Zeit für diesen Zug ist aufgebraucht; dein Zeitkonto hat noch { $bank }.
clock-half-bank-used = { $player }, du bist in Partie #{ $id } ({ $game }) am Zug: deine Zeit für diesen Zug ist um, jetzt läuft dein Zeitkonto, noch { $left }.
games-bank-left = ; übrig: { $move } für diesen Zug + { $bank } Zeitkonto
games-bank-left-used = ; Zeit für diesen Zug aufgebraucht, übrig: { $bank } Zeitkonto
clock-with-bank = { $move } pro Zug + ein Zeitkonto von { $bank }
cmd-bank-not-here = Die Partien eines Turniers haben nur eine Zeit pro Zug (z. B. zeit=2d); ein Zeitkonto (zeit=1d+3d) gibt es nur beim `neu` einer einzelnen Partie.
