# Aratoths Rache (aratoth): Regelübersicht und die Ablehnungen der Regeln.
# Argumente: $shape und $colour/$own kommen als englische Wörter (formula, bird, mage,
# fish, snake, dragon; red, green, black); Platzlisten als "a1, a2, a3".

rules-aratoth =
    Aratoths Rache: Ihr legt Figuren aus 3 oder 4 Kugeln in eine Pyramide mit 120 Plätzen, Ebene a (die Grundplatte, a1–a36) bis h (die Spitze, h1).
    Figuren: Formel (3 in einer Linie), Vogel (3, im Winkel von 120°), Magier (Tetraeder), Fisch (flache Raute), Schlange (flacher Zickzack aus 4), Drache (flaches Y).
    Jede Kugel muss auf der Grundplatte liegen oder auf den drei Kugeln darunter ruhen (Kugeln derselben Figur zählen mit); Figuren dürfen flach oder schräg liegen.
    Zwei Spieler: Jeder hat 18 Figuren, jede Form in jeder Farbe einmal; du darfst keine Figur in der Farbe der letzten Figur deines Gegners legen.
    Drei Spieler: Jeder hat die 12 Figuren einer Farbe (rot, grün, schwarz nach Sitzplatz); niemand darf die Form der zuletzt gelegten Figur legen.
    Wer am Zug nicht mehr legen kann, scheidet aus; wer die letzte Figur gelegt hat, gewinnt.
    Zug: Form, Farbe und Plätze in beliebiger Reihenfolge, z. B. `drache rot a5 a9 a10 a13` (zu dritt darf die Farbe fehlen). `züge drache a5` zeigt mögliche Züge.

rule-aratoth-not-a-site = „{ $text }“ ist kein Platz: Schreib einen Ebenenbuchstaben a–h und eine Zahl, z. B. a5.
rule-aratoth-outside = { $site } liegt außerhalb der Pyramide: Ihre Ebenen sind a (a1–a36), b (b1–b28), c (c1–c21), d (d1–d15), e (e1–e10), f (f1–f6), g (g1–g3) und h (h1).
rule-aratoth-unknown-word = „{ $word }“ ist weder eine Form (Formel, Vogel, Magier, Fisch, Schlange, Drache) noch eine Farbe (rot, grün, schwarz) noch ein Platz (a1–a36 … h1).
rule-aratoth-one-shape = Nenne nur eine Form, z. B. „drache rot a5 a9 a10 a13“.
rule-aratoth-one-colour = Nenne nur eine Farbe, z. B. „drache rot a5 a9 a10 a13“.
rule-aratoth-site-twice = { $site } ist doppelt genannt.
rule-aratoth-shape-needed = Nenne die Form der Figur und ihre Plätze, z. B. „drache rot a5 a9 a10 a13“.
rule-aratoth-colour-needed = Nenne die Farbe der Figur (rot, grün oder schwarz), z. B. „drache rot a5 a9 a10 a13“.
rule-aratoth-sites-needed = Nenne die Plätze für die Kugeln der Figur, z. B. „drache rot a5 a9 a10 a13“.
rule-aratoth-ball-count = Die Figur { $shape ->
        [formula] Formel
        [bird] Vogel
        [mage] Magier
        [fish] Fisch
        [snake] Schlange
       *[dragon] Drache
    } braucht { $balls } Plätze, einen für jede Kugel, nicht { $count }.
rule-aratoth-occupied = Schon belegt: { $sites }.
rule-aratoth-wrong-shape = Die Plätze { $sites } ergeben nicht die Form { $shape ->
        [formula] Formel: drei Kugeln in einer geraden Linie
        [bird] Vogel: eine Kette aus drei Kugeln mit einem Knick von 120°
        [mage] Magier: ein Tetraeder aus vier Kugeln, die sich alle berühren
        [fish] Fisch: eine flache Raute aus zwei Dreiecken
        [snake] Schlange: eine flache Zickzack-Kette aus vier Kugeln
       *[dragon] Drache: ein flaches Y, eine Mittelkugel berührt drei andere im Winkel von 120°
    }.
rule-aratoth-unsupported = Die Kugel auf { $ball } würde in der Luft hängen: Sie ruht auf { $supports }, und diese Plätze sind leer: { $empty }.
rule-aratoth-not-your-colour = Die { $colour ->
        [red] roten
        [green] grünen
       *[black] schwarzen
    } Figuren gehören dir nicht: Du spielst { $own ->
        [red] Rot
        [green] Grün
       *[black] Schwarz
    }.
rule-aratoth-not-in-supply = { $shape ->
        [formula] Formel
        [bird] Vogel
        [mage] Magier
        [fish] Fisch
        [snake] Schlange
       *[dragon] Drache
    } in { $colour ->
        [red] Rot
        [green] Grün
       *[black] Schwarz
    } ist nicht mehr in deinem Vorrat.
rule-aratoth-colour-rule = Du darfst keine Figur in { $colour ->
        [red] Rot
        [green] Grün
       *[black] Schwarz
    } legen: Die letzte Figur deines Gegners war { $colour ->
        [red] rot
        [green] grün
       *[black] schwarz
    }.
rule-aratoth-shape-rule = Du darfst jetzt keine Figur der Form { $shape ->
        [formula] Formel
        [bird] Vogel
        [mage] Magier
        [fish] Fisch
        [snake] Schlange
       *[dragon] Drache
    } legen: Die zuletzt gelegte Figur hatte dieselbe Form.

# Unter einer `züge`-Liste mit mehr als einer Seite (games::moves_hint der Befehlsschicht).
# One shape's count in the long-list hint ("dragon 12").
aratoth-shape-count = { $shape ->
        [formula] Formel
        [bird] Vogel
        [mage] Magier
        [fish] Fisch
        [snake] Schlange
       *[dragon] Drache
    } { $count }
aratoth-moves-hint = Die Liste ist lang ({ $counts }): schränke sie nach Form und/oder Platz ein, z. B. `züge drache`, `züge a5` oder `züge drache a5`.

# Nach einem Zug, wenn ein Spieler nicht mehr legen kann (Ansagen der Befehlsschicht).
aratoth-out = { $player } kann keine Figur mehr legen und scheidet aus.
