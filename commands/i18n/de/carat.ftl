# Carat (Spezifikation carat.md): die Regeln in Kürze und die Ablehnungen der Regeln.

rules-carat = Carat, für 2 bis 4 Spieler. Der Spielplan hat 6 × 6 Felder für Plättchen (a1 oben links bis f6), an deren Ecken 49 Wertungschips (Werte 1–5) liegen.
    Jedes Plättchen zeigt vier Diamanten eines Werts (1–6), je einen jeder Farbe. Dir gehört eine Farbe: rot, blau, grün, gelb in Sitzreihenfolge; Farben ohne Besitzer spielen trotzdem mit.
    Bist du am Zug, legst du dein Plättchen aus der Hand auf ein freies Feld, so gedreht, dass die genannte Farbe in die linke obere Ecke zeigt: `c3 rot`. Danach ziehst du ein neues Plättchen.
    Das erste Plättchen darf nicht an den Rand (nur b2 bis e5); jedes weitere muss eine Kante mit einem liegenden Plättchen teilen.
    Ein Wertungschip wird gewertet, sobald alle seine Felder belegt sind: zähle die Diamanten jeder Farbe daran zusammen; gleiche Summen heben sich auf; die höchste übrige Summe gewinnt, und ihr Besitzer bekommt Chipwert × Anzahl der Farben am Chip Punkte.
    Nach allen 36 Plättchen gewinnt, wer die meisten Punkte hat. Varianten: `hand3` (drei Plättchen auf der Hand: `c3 rot 5RGBY`), `zweifarben` (zwei Spieler mit je zwei Farben).

rule-carat-bad-tile = „{ $text }“ ist kein Plättchen: schreib seinen Wert 1–6 und die Buchstaben R, B, G, Y, z. B. 5RGBY.
rule-carat-first-edge = Das erste Plättchen darf nicht auf ein Rand- oder Eckfeld (nur b2 bis e5).
rule-carat-occupied = { $space } ist schon belegt.
rule-carat-not-adjacent = { $space } teilt keine Kante mit einem liegenden Plättchen.
rule-carat-bad-space = „{ $text }“ ist kein Feld: Spalten a–f, Reihen 1–6, z. B. c3.
rule-carat-not-a-move = „{ $text }“ ist kein Carat-Zug: schreib ein Feld und eine Farbe, z. B. „c3 rot“.
rule-carat-bad-colour = „{ $text }“ ist keine Farbe: rot, blau, grün oder gelb.
rule-carat-tile-not-in-hand = { $tile } hast du nicht auf der Hand.
rule-carat-which-tile = Du hast mehrere Plättchen auf der Hand: nenne das zu legende, z. B. „c3 rot 5RGBY“.
rule-carat-board-full = Alle 36 Plättchen liegen schon.

# Eine Option, wie Einladung und Start sie nennen (das Wort nach `neu carat`).
option-carat-variant = { $value ->
    [hand3] hand3
   *[two_colours] zweifarben
  }
# The tile a move placed, after the move in `history` and the web page's move list.
history-carat-tile = Plättchen { $tile }
