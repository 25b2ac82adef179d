# Artifälschungen (Spezifikation artifakes.md): die Regeln in Kürze und die Ablehnungen der Regeln.

rules-artifakes = Artifälschungen, für 2 Spieler, höchstens 3 Durchgänge. Der äußere Ring hat 30 Felder (1–30 im Uhrzeigersinn) in sechs Farben; jeder hat 10 Blöcke (2 Punkte) und 10 Scheiben (1 Punkt) als Artifälschungen.
    Vergraben: Abwechselnd mit deinem Gegenüber legst du je eine Artifälschung aus deinem Vorrat auf ein Feld: `vergrabe block 17`, `vergrabe scheibe 3`. Auf einem Feld liegen höchstens 5 Punkte, beide Spieler zusammengezählt.
    Ausgraben: Jeder bekommt 5 Karten (Zahlen 1–30; eine Karte hat die Farbe ihres Feldes). Wer zuletzt vergraben hat, beginnt. Spiele pro Zug eine Karte und ziehe den Chefinspektor genau so viele Felder im oder gegen den Uhrzeigersinn: `spiele 17 zahl uzs`, `spiele 17 farbe guzs`.
    Mit der Farbe bringt eine Karte so viele Punkte, wie du Felder ihrer Farbe mit deinen Artifälschungen hast; mit der Zahl den Wert deiner Artifälschungen auf ihrem Feld (höchstens 5). `zuege` zeigt zu jeder Karte die Punkte und wo der Chefinspektor landen würde.
    Wo er stehen bleibt, werden deine Artifälschungen zu Fundstücken, die des Gegners werden zerstört. Nur wenn keine Karte Punkte bringt, verschwendest du eine: `spiele 17 verschwenden`. Wird er viermal hintereinander nicht gezogen, fährt er nach Hause und die Partie endet.
    Verkaufen: Dein Archäologe rückt um den Wert deiner Fundstücke (Block 2, Scheibe 1) auf der Doleritenreihe vor, für jede verschwendete Karte einen Dolerit zurück. Wer Dolerit 19 erreicht, beendet die Partie; es gewinnt, wer weiter vorne steht (auch nach dem 3. Durchgang).

rule-artifakes-not-a-move = „{ $text }“ ist kein Zug in Artifälschungen: schreib z. B. „vergrabe block 17“, „spiele 17 zahl uzs“ oder „spiele 17 verschwenden“.
rule-artifakes-bad-field = Es gibt kein Feld „{ $field }“: die Felder haben die Nummern 1–30.
rule-artifakes-bad-card = Es gibt keine Karte „{ $card }“: die Karten haben die Nummern 1–30.
rule-artifakes-which-way = Sag, wie Karte { $card } den Chefinspektor zieht: mit „zahl“ oder „farbe“, dann „uzs“ oder „guzs“.
rule-artifakes-which-direction = Sag, in welche Richtung der Chefinspektor zieht: „spiele { $card } { $way ->
        [colour] farbe
       *[number] zahl
    } uzs“ oder „spiele { $card } { $way ->
        [colour] farbe
       *[number] zahl
    } guzs“.
rule-artifakes-supply-empty = Du hast keine { $piece ->
        [block] Blöcke
       *[disc] Scheiben
    } mehr in deinem Vorrat.
rule-artifakes-field-full = Auf Feld { $field } liegen schon { $points } Punkte: { $piece ->
        [block] ein Block
       *[disc] eine Scheibe
    } ergäbe { $total }, erlaubt sind höchstens 5.
rule-artifakes-not-in-hand = Karte { $card } hast du nicht auf der Hand.
rule-artifakes-no-number-points = Karte { $card } bringt mit der Zahl keine Bewegungspunkte: auf Feld { $card } hast du nichts vergraben.
rule-artifakes-no-colour-points = Karte { $card } bringt mit der Farbe keine Bewegungspunkte: auf keinem { $colour ->
        [white] weißen
        [grey] grauen
        [blue] blauen
        [green] grünen
        [yellow] gelben
       *[red] roten
    } Feld hast du etwas vergraben.
rule-artifakes-waste-refused = Du darfst keine Karte verschwenden, solange eine Bewegungspunkte bringt (Karte { $card } bringt welche).
rule-artifakes-burying-now = Jetzt wird vergraben: vergrabe eine Artifälschung aus deinem Vorrat, z. B. „vergrabe block 17“.
rule-artifakes-excavating-now = Jetzt wird ausgegraben: spiele eine Karte, z. B. „spiele 17 zahl uzs“.
rule-artifakes-over = Die Partie ist vorbei.

# `zuege` für den Spieler mit Karten: was jede Karte kann (commands/src/games.rs).
moves-artifakes-intro = Deine Karten (der Chefinspektor steht auf Feld { $field }). Jede Art bringt Bewegungspunkte → das Feld, das er im Uhrzeigersinn (uzs) und gegen den Uhrzeigersinn (guzs) erreicht; „Fund“ = Punkte von dir, die dort ausgegraben werden, „zerstört“ = Punkte deines Gegenübers, die dort zerstört werden:
moves-artifakes-card = Karte { $card } ({ $colour ->
        [white] weiß
        [grey] grau
        [blue] blau
        [green] grün
        [yellow] gelb
       *[red] rot
    }{ $copies ->
        [1] {""}
       *[other] , { $copies }× auf der Hand
    }): { $by-colour }; { $by-number }
moves-artifakes-way = mit { $way ->
        [colour] Farbe
       *[number] Zahl
    } { $points } → uzs { $cw }, guzs { $ccw }
moves-artifakes-way-none = mit { $way ->
        [colour] Farbe
       *[number] Zahl
    }: keine Punkte
moves-artifakes-field = { $field }
moves-artifakes-field-find = { $field } (Fund { $find })
moves-artifakes-field-destroy = { $field } (zerstört { $destroy })
moves-artifakes-field-both = { $field } (Fund { $find }, zerstört { $destroy })
moves-artifakes-must-waste = Keine Karte bringt Bewegungspunkte: du musst eine verschwenden, z. B. `spiele { $card } verschwenden`.
artifakes-sold-header = Durchgang { $round } ist vorbei: die Fundstücke werden verkauft.
artifakes-sold = { $found ->
    [none] { $player } verkauft nichts{ $wasted ->
        [0] {""}
        [one] {" "}und zahlt 1 für eine verschwendete Karte
       *[other] {" "}und zahlt { $wasted } für verschwendete Karten
      }
   *[other] { $player } verkauft { $found ->
        [blocks] { $blocks ->
            [one] 1 Block
           *[other] { $blocks } Blöcke
          }
        [discs] { $discs ->
            [one] 1 Scheibe
           *[other] { $discs } Scheiben
          }
       *[both] { $blocks ->
            [one] 1 Block
           *[other] { $blocks } Blöcke
          } und { $discs ->
            [one] 1 Scheibe
           *[other] { $discs } Scheiben
          }
      } für { $value }{ $wasted ->
        [0] , ohne verschwendete Karte
        [one] , abzüglich 1 für eine verschwendete Karte
       *[other] , abzüglich { $wasted } für verschwendete Karten
      }
  }: jetzt auf Dolerit { $stone }.
artifakes-next-round = Durchgang { $round } beginnt: { $player } vergräbt zuerst.
artifakes-went-home = Der Inspektor ist nach Hause gegangen: die Partie endet.
# Nach einer Karte, die den Inspektor bewegt hat: $found/$lost sind "both", "blocks", "discs" oder "none".
artifakes-dug = Der Inspektor geht von Feld { $from } nach Feld { $to }: { $found ->
    [both] { $player } findet { $blocks ->
        [one] 1 Block
       *[other] { $blocks } Blöcke
      } und { $discs ->
        [one] 1 Scheibe
       *[other] { $discs } Scheiben
      }
    [blocks] { $player } findet { $blocks ->
        [one] 1 Block
       *[other] { $blocks } Blöcke
      }
    [discs] { $player } findet { $discs ->
        [one] 1 Scheibe
       *[other] { $discs } Scheiben
      }
   *[none] { $player } findet nichts
  }{ $lost ->
    [both] ; { $opponent } verliert { $lost-blocks ->
        [one] 1 Block
       *[other] { $lost-blocks } Blöcke
      } und { $lost-discs ->
        [one] 1 Scheibe
       *[other] { $lost-discs } Scheiben
      }.
    [blocks] ; { $opponent } verliert { $lost-blocks ->
        [one] 1 Block
       *[other] { $lost-blocks } Blöcke
      }.
    [discs] ; { $opponent } verliert { $lost-discs ->
        [one] 1 Scheibe
       *[other] { $lost-discs } Scheiben
      }.
   *[none] .
  }
artifakes-next-round-dig = Durchgang { $round } beginnt: niemand hat noch Stücke zum Vergraben, also spielt { $player } die erste Karte.
# Wenn das letzte Stück vergraben ist: die Ausgrabung beginnt (Spec artifakes.md, „Excavating“).
artifakes-dig-begins = Alles ist vergraben: jeder bekommt 5 Karten, und { $player } hat zuletzt vergraben, spielt also die erste Karte.
