# `analyse`: die Analyse einer beendeten Partie (Issue 44).
help-review = `analyse [#Nr]` analysiert eine beendete Partie: für jeden Zug die Gewinnchance des Ziehenden vor und nach dem Zug, von der KI aus dem beurteilt, was der Ziehende damals sehen konnte (nie eine fremde Hand oder ein späterer Wurf), und der Zug, den die KI vorgezogen hätte. Züge, die 5, 10 oder 15 Punkte Gewinnchance oder mehr kosten, werden als Ungenauigkeit, Fehler und Patzer markiert; jeder Spieler bekommt eine Genauigkeit und das Glück seiner Würfe (Helofag) oder Ziehungen (Carat, Artifälschungen, Hathor), und die drei Wendepunkte werden genannt, mit einer Grafik. Sie wird im Hintergrund berechnet (unter einer Sekunde pro Zug) und hier gepostet, sobald sie fertig ist; wer sie danach noch einmal verlangt, bekommt sie sofort.
review-running = Partie #{ $id } läuft noch: ihre Analyse würde einem Spieler helfen. Verlange sie, wenn die Partie vorbei ist.
review-challenge-open = Partie #{ $id } gehört zu einer Herausforderung, die noch offen ist: ihre Analyse würde die Steine verraten. Verlange sie, wenn die Herausforderung geschlossen ist.
review-started = Ich analysiere Partie #{ $id } ({ $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
  }), unter einer Sekunde pro Zug: die Analyse kommt hierher, sobald sie fertig ist.
review-progress = Die Analyse von Partie #{ $id } läuft: { $done } von { $moves } Zügen bisher. Sie wird dort gepostet, wo sie zuerst verlangt wurde.
review-progress-live = Ich analysiere Partie #{ $id }: { $done } von { $moves } Zügen bisher …
review-progress-done = Partie #{ $id } ist analysiert ({ $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
  }): die Analyse folgt.
review-title = Analyse von Partie #{ $id } ({ $game }, { $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
  }; die Gewinnchance jedes Ziehenden, wie die KI ({ $level }) sie aus dem beurteilte, was er sehen konnte):
review-player = { $player }: Genauigkeit { $accuracy } %, { $inaccuracies ->
    [one] 1 Ungenauigkeit
   *[other] { $inaccuracies } Ungenauigkeiten
  }, { $mistakes ->
    [one] 1 Fehler
   *[other] { $mistakes } Fehler
  }, { $blunders ->
    [one] 1 Patzer
   *[other] { $blunders } Patzer
  }
# $how: "rolled" (Würfel: Helofag) oder "drew" (ein Stapel, Karten oder Steine: Carat, Artifälschungen, Hathor).
review-luck = { $sign ->
    [1] { $player } hat { $points ->
        [one] 1 Punkt
       *[other] { $points } Punkte
      } Gewinnchance besser { $how ->
        [rolled] gewürfelt
       *[drew] gezogen
      } als der Durchschnitt.
    [-1] { $player } hat { $points ->
        [one] 1 Punkt
       *[other] { $points } Punkte
      } Gewinnchance schlechter { $how ->
        [rolled] gewürfelt
       *[drew] gezogen
      } als der Durchschnitt.
   *[other] { $player } hat genau so gut { $how ->
        [rolled] gewürfelt
       *[drew] gezogen
      } wie der Durchschnitt.
  }
review-turning-title = Wendepunkte:
review-turning = Zug { $number }, { $player }: { $move } — { $before } % → { $after } % ({ $mark ->
    [blunder] Patzer
    [mistake] Fehler
   *[other] Ungenauigkeit
  }); die KI zog { $preferred } vor ({ $chance } %)
review-no-turning = Kein Zug hat 5 Punkte Gewinnchance oder mehr gekostet.
review-graph-title = Partie #{ $id }: Gewinnchance nach jedem Zug
review-graph-axis = Zug
review-mark-inaccuracy = Ungenauigkeit
review-mark-mistake = Fehler
review-mark-blunder = Patzer
web-review = Analyse
web-review-previous = Voriger Fehler
web-review-next = Nächster Fehler
web-review-alt = { $count ->
    [one] Die Gewinnchance jedes Spielers nach jedem seiner Züge; 1 Zug markiert.
   *[other] Die Gewinnchance jedes Spielers nach jedem seiner Züge; { $count } Züge markiert.
  }
