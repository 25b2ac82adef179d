# Hathor-Herausforderungen in einem Kanal (commands/src/challenge.rs).

help-daily = `täglich hathor` bringt dich in die heutige Hathor-Herausforderung dieses Kanals: heute dieselben Steine für alle auf diesem Bot, jeder auf seinem eigenen Spielbrett. Sie endet um Mitternacht UTC.

challenge-opened = { $player } hat die Hathor-Herausforderung #{ $id } eröffnet ({ $game }, Variante { $variant }{ $seed }): alle hier spielen dieselben Steine auf ihrem eigenen Spielbrett, jeder in seinem Tempo. Mit `beitreten herausforderung` spielst du mit. Sie endet { $closes }; dann werden die Spielbretter hier gezeigt.
challenge-daily-opened = Die heutige { $game }-Herausforderung ({ $date }) ist hier als Herausforderung #{ $id } offen: mit `täglich hathor` spielst du mit. Sie endet { $closes }.
challenge-joined = { $player } spielt in Herausforderung #{ $id } mit ({ $players ->
        [one] { $players } Spieler
       *[other] { $players } Spieler
    }).
challenge-your-game = Dein Spielbrett in Herausforderung #{ $id } (Partie #{ $game }), nur für dich, bis die Herausforderung endet. Lege den aktuellen Stein mit einem Feld, z. B. `C5` (`#{ $game } C5`, solange du hier noch andere Partien spielst); `zug hilfe` zeigt die erlaubten Felder (Setzhilfe).
challenge-finished = { $player } hat Herausforderung #{ $id } mit { $points } Punkten beendet ({ $playing ->
        [0] niemand spielt mehr
        [one] { $playing } spielt noch
       *[other] { $playing } spielen noch
    }).
challenge-board-open = Herausforderung #{ $id } ({ $game }, Variante { $variant }{ $seed }), offen bis { $closes }:
challenge-board-daily = Tages-Herausforderung #{ $id } vom { $date } ({ $game }), offen bis { $closes }:
challenge-board-closed = Herausforderung #{ $id } ({ $game }, Variante { $variant }{ $seed }) ist beendet. Endstand der Bestenliste:
challenge-board-series = Herausforderung #{ $id } ({ $game }, Variante { $variant }), Runde { $round } der Hathor-Serie #{ $tournament }, offen, bis die Runde vorbei ist:
challenge-board-empty = Noch niemand spielt mit.
challenge-line-finished = { $place }. { $player }: { $points } Punkte (vorbei, { $placed } von 72 Steinen gelegt)
challenge-line-playing = { $place }. { $player }: { $points } Punkte (spielt noch, { $placed } von 72 Steinen gelegt)
challenge-board-of = { $player }: { $points } Punkte (Partie #{ $id })

challenge-bad-hours = „{ $text }“: eine Herausforderung ist 1 bis { $max } Stunden offen, z. B. `stunden=24`.
challenge-ai-once = Der Bot spielt eine Herausforderung einmal je Stufe (`@bot:{ $level }` ist zweimal genannt): nenne `@bot`, `@bot:easy` und `@bot:hard` höchstens je einmal.
challenge-names-nobody = Eine Herausforderung steht allen hier offen, sie nennt also keine Mitspieler ({ $players }): lass die Namen weg, sie spielen mit `beitreten herausforderung` mit. Nur den Bot kannst du nennen (`@bot`): Er spielt dieselben Steine.
challenge-no-move-time = Eine Herausforderung hat keine Zeit pro Zug: Sie bleibt `stunden=N` Stunden offen (ohne Angabe einen Tag), und jeder spielt in seinem Tempo, bis sie schließt.
challenge-only-hathor = Herausforderungen und die Tages-Herausforderung gibt es für Hathor; { $game } spielt ihr gemeinsam mit `neu`.
challenge-no-such = In diesem Kanal gibt es keine Herausforderung #{ $id }.
challenge-none-here = In diesem Kanal ist keine Herausforderung offen. Eröffne eine mit `neu hathor herausforderung` oder spiele die heutige mit `täglich hathor`.
challenge-closed = Herausforderung #{ $id } ist beendet.
challenge-series-round = Herausforderung #{ $id } ist eine Runde der Hathor-Serie #{ $tournament }: nur deren Teilnehmer spielen sie, jeder mit der Partie, die ihm die Serie ausgeteilt hat.
challenge-already-joined = Du spielst schon in Herausforderung #{ $id } mit: dein Spielbrett ist Partie #{ $game }.
challenge-several = Hier sind mehrere Herausforderungen offen ({ $challenges }): nenne eine, z. B. `beitreten herausforderung #{ $first }`.
challenge-already-over = Dein Spielbrett in Herausforderung #{ $id }, Partie #{ $game }, ist vorbei: ein Spielbrett je Herausforderung.
challenge-daily-elsewhere = Du spielst die Tages-Herausforderung vom { $date } schon in einem anderen Kanal (Partie #{ $game }): ein Spielbrett am Tag, denn alle Spielbretter des Tages haben dieselben Steine.
challenge-board-hidden = Partie #{ $game } gehört zu Herausforderung #{ $id }: ihr Spielbrett sieht nur ihr Spieler, bis die Herausforderung endet (`bestenliste` zeigt die Punkte).
challenge-export-hidden = Das Protokoll einer Partie der Herausforderung #{ $id } würde den gemeinsamen Vorrat zeigen: du kannst es exportieren, sobald die Herausforderung beendet ist.

# Hathors erlaubte Felder gibt es nur als Setzhilfe (commands/src/games.rs `moves_sold`).
hathor-moves-sold = In Hathor sind die erlaubten Felder die Setzhilfe, und sie kostet { $points } Punkte: mit `zug hilfe` (oder `setzhilfe`) siehst du sie für den aktuellen Stein.
help-hint = `setzhilfe` oder `zug hilfe` (Hathor) zeigt die erlaubten Felder für den aktuellen Stein und kostet { $points } Punkte; auf Englisch `hint`. `züge` listet sie nicht umsonst.
hathor-hint-fields = Der aktuelle Stein passt auf { $count ->
    [one] ein Feld: { $fields }
   *[other] { $count } Felder: { $fields }
  } (der Tipp kostete { $points } Punkte).
hathor-end-complete = Alle { $stones } Steine liegen: { $points } Bonuspunkte.
hathor-end-blocked = Der aktuelle Stein passt nirgends, also endet die Partie nach { $placed } Steinen.
hathor-end-bonus = Hathor-Bonus: { $stones ->
    [one] ein Stein zeigt
   *[other] { $stones } Steine zeigen
  } das Hathor-Symbol, { $points } Punkte.
hathor-placed = { $stone } auf { $field } berührt { $count ->
    [0] keinen Stein
    [one] 1 Stein
   *[other] { $count } Steine
  }: { $points } Punkte, insgesamt { $total }.
hathor-current = Der aktuelle Stein ist { $stone }.
