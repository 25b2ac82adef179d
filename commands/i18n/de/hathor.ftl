# Hathor (spec hathor.md): Kurzregeln und die Ablehnungen der Regeln.

rules-hathor =
    Hathor ist ein Solospiel: Lege die 72 Steine aus dem gemischten Vorrat auf das Spielbrett mit 14 × 8 Feldern (A–N, 1–8).
    Jeder Stein hat eine von 6 Farben und eines von 6 Symbolen; zu Beginn liegen 8 Hathor-Steine in den Ecken und in der Mitte.
    Setze den aktuellen Stein (`C5`) auf ein freies Feld: Jeder Nachbar (auch diagonal) muss in Farbe oder Symbol zu ihm passen, und keiner darf ihm gleichen. Hat das Feld mindestens 4 Nachbarn, darf einer davon weder in Farbe noch in Symbol passen.
    Ein Stein bringt 100 × 2^(Nachbarn) Punkte: 100 ohne Nachbarn, bis 25.600 mit 8. Liegen alle 72 Steine, gibt es 20.000 Punkte extra.
    `setzhilfe` (oder `zug hilfe`) zeigt dir die erlaubten Felder und kostet 500 Punkte. Die Partie endet, wenn der aktuelle Stein nirgends passt.
    Varianten: 1 Standard; 2 schwer (bei 4 oder mehr Nachbarn werden alle zum blauen Hathor); 3 leicht (sie übernehmen den gesetzten Stein); 4 mittel (sie bekommen zufällige Symbole); 5 extra (keine Ausnahme). In 2–4 bringt am Ende jeder Stein mit dem Hathor-Symbol 500 Punkte.
    Im Kanal: bei `neu hathor herausforderung [Variante]` spielen alle dieselben Steine auf ihrem eigenen Spielbrett (Spielbretter privat, `bestenliste` zeigt die Punkte, am Ende werden alle Spielbretter gezeigt); `täglich hathor` ist die heutige Herausforderung, dieselben Steine für alle auf diesem Bot.

rule-hathor-not-a-move = „{ $text }“ ist kein Hathor-Zug: Schreib ein Feld A1–N8 (z. B. C5) oder „setzhilfe“.
rule-hathor-occupied = Auf { $field } liegt schon { $occupant }.
rule-hathor-identical = Auf { $neighbour } liegt ebenfalls { $neighbour_stone }: Ein Stein darf nicht neben einem gleichen Stein liegen.
rule-hathor-mismatch = Auf { $neighbour } liegt { $neighbour_stone }: Weder Farbe noch Symbol passen zu { $stone } ({ $field } hat { $count } Nachbarn; ein unpassender Nachbar ist erst ab 4 Nachbarn erlaubt).
rule-hathor-mismatch-extra = Auf { $neighbour } liegt { $neighbour_stone }: Weder Farbe noch Symbol passen zu { $stone } (Variante { $variant } erlaubt keine Ausnahme).
rule-hathor-second-mismatch = Auf { $neighbour } liegt { $neighbour_stone } und auf { $second } liegt { $second_stone }: Beide passen weder in Farbe noch in Symbol zu { $stone }, und nur ein Nachbar darf unpassend sein.
rule-hathor-over = Die Partie ist vorbei.
rule-hathor-no-symbols = Ein Stein auf { $field } gibt { $count } Nachbarn zufällige Symbole, aber die zufälligen Symbole der Aufzeichnung sind aufgebraucht und sie hat keinen Startwert.
rule-hathor-internal = Der Zug ist erlaubt.

# Eine Option, wie der Start sie nennt.
option-hathor-variant = Variante { $value ->
    [1] Standard
    [2] schwer
    [3] leicht
    [4] mittel
   *[5] extra
  }
