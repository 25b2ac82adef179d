# Helofag (spec helofag.md): Regelübersicht und die Ablehnungen der Regeln.

rules-helofag =
    Helofag, ein Würfelrennen für 2 bis 6 Spieler. Bring die vereinbarte Zahl deiner sechs Figuren (Option ziel, 1 bis 6, Standard 3: `neu helofag ziel=2`) vom Startfeld S über den Ring A, den Wartebereich B, eine Laufreihe von C und ein Sprungfeld von D ins Ziel Z.
    In jedem Zug würfelt der Bot mit drei Würfeln. Zuerst springt jede Figur auf einem Sprungfeld von A, dessen Zahl der Wurf zeigt, in den Wartebereich B (doppelt umrandet: zwei Würfel müssen sie zeigen), egal wem sie gehört.
    Dann nutzt du höchstens zwei Würfel, in einer oder zwei Aktionen: zieh eine Figur um einen Würfel (S+4, A7-3, C3.2+2; + ist im Uhrzeigersinn, - dagegen; in A darfst du auch fremde Figuren ziehen, aber nie auf ein besetztes Feld); ein Pasch p p bringt eine Figur aus B in die Laufreihe Cp (B>C3) oder von Cp.8 nach Dp (C3.8>D); drei Gleiche p p p springen aus B oder der Laufreihe Cp direkt nach Dp (B>D5, C5.4>D) und verbrauchen alle drei Würfel; ein Würfel p bringt deine Figur von Dp ins Ziel (D2>Z).
    Schwarze Felder in C darfst du nicht betreten; wer in C oder D auf einer fremden Figur landet, schlägt sie zurück nach B. Schreib beide Aktionen in eine Zeile: S+5, A5+3. Kannst du nicht ziehen, setzt du automatisch aus.

rule-helofag-not-a-move = „{ $text }“ ist keine Helofag-Aktion: schreib z. B. S+4, A7-3, C3.2+2, B>C3, C3.8>D, B>D5 oder D2>Z.
rule-helofag-bad-field = „{ $text }“ ist kein Feld: S, A1-A24, B, C1.1-C6.8, D1-D6 oder Z.
rule-helofag-bad-die = „{ $text }“ ist keine Würfelzahl: Würfel zeigen 1 bis 6.
rule-helofag-bad-jump = { $text } ist kein Sprung: B>C3, C3.8>D, B>D5, C5.4>D oder D2>Z.
rule-helofag-done-last = „fertig“ darf nur am Ende der Zeile stehen.
rule-helofag-must-act = Du kannst mit diesem Wurf ziehen, also mach vor „fertig“ mindestens eine Aktion.
rule-helofag-comma = Trenne zwei Aktionen mit einem Komma: { $first }, { $second }
rule-helofag-third-die = Ein Zug nutzt höchstens zwei der drei Würfel (nur drei Gleiche nutzen alle drei).
rule-helofag-no-die = Der Wurf { $roll } hat keine { $die }.
rule-helofag-die-used = Die { $die } aus dem Wurf { $roll } ist schon verbraucht.
rule-helofag-wrong-pair = { $action } braucht den Pasch { $number } { $number }; der Wurf ist { $roll }.
rule-helofag-wrong-triple = { $action } braucht drei Gleiche { $number } { $number } { $number }; der Wurf ist { $roll }.
rule-helofag-not-exit = Mit dem Pasch { $number } { $number } verlässt eine Figur C nur von C{ $number }.8; von { $field } aus brauchst du drei Gleiche { $number } { $number } { $number }.
rule-helofag-no-piece = Auf { $field } steht keine Figur.
rule-helofag-no-own-piece = Du hast keine Figur auf { $field }.
rule-helofag-not-yours = Die Figur auf { $field } gehört dir nicht; nur in A darfst du fremde Figuren ziehen.
rule-helofag-cannot-step = Eine Figur auf { $field } zieht nicht: aus B führt ein Pasch nach C, aus D ein Würfel mit ihrer Zahl ins Ziel.
rule-helofag-backward = In C zieht eine Figur nur vorwärts (+).
rule-helofag-occupied = { $field } ist besetzt; in A darf keine Figur auf einer anderen landen.
rule-helofag-black-field = { $field } ist ein schwarzes Feld.
rule-helofag-overshoot = { $action } ginge über { $field } hinaus.
rule-helofag-own-piece = Du hast schon eine Figur auf { $field }.
rule-helofag-no-roll = Es gibt keinen Wurf: die aufgeführten Würfe sind aufgebraucht.
rule-helofag-won = Die Partie ist schon gewonnen; es darf nichts mehr gezogen werden.

# Ansagen im Chat für die Befehlsschicht (aus der Ansicht: roll, passes, transfers,
# most_actions). $roll steht als „1 2 6“, $pieces als „A2 (alice), A14 (bob)“.
helofag-rolled = { $player } hat { $roll } gewürfelt.
helofag-passed = { $player } hat { $roll } gewürfelt und kann nicht ziehen.
helofag-transferred = Der Wurf schickt die Figur von { $player } auf { $field } in den Wartebereich B.
helofag-captured = Die Figur von { $player } auf { $field } muss zurück nach B.
helofag-one-action = Mit diesem Wurf ist nur eine Aktion möglich.
helofag-pieces-leave = Die Figuren von { $player } verlassen das Spielbrett.

# Eine Option, wie Einladung und Start sie nennen (wie nach `neu helofag` getippt).
option-helofag-goal = ziel={ $value }
