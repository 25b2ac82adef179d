# Die Texte der Befehlsschicht (Deutsch). Jede Nachricht hat ein englisches Gegenstück in en/bot.ftl.

## Ablehnungen der Befehlsschicht: jede sagt in einem Satz, warum.

cmd-empty = Gib einen Befehl ein, zum Beispiel `hilfe`.
cmd-unknown = Den Befehl „{ $word }“ kenne ich nicht: `hilfe` zeigt alle Befehle.
cmd-bare-several = „{ $text }“ ist kein Befehl, und du spielst hier mehrere Partien ({ $games }): Wenn es ein Zug ist, nenne die Partie, z. B. `{ $example }`.
cmd-extra-words = `{ $command }` braucht keine weiteren Wörter, aber da steht „{ $text }“.
cmd-number-needs-hash = Eine Spielnummer schreibt man mit #: versuch `{ $command } #{ $number }`.
cmd-new-needs-game = Nenne das Spiel: `neu <Spiel>`, eines von { $games }.
cmd-unknown-game = Ein Spiel „{ $name }“ gibt es nicht; die Spiele sind { $games }.
cmd-game-unavailable = { $game } kann mit dieser Version des Bots noch nicht gespielt werden.
cmd-bad-option = „{ $option }“ ist keine Option von { $game }: siehe `hilfe neu`.
cmd-bad-option-value = { $game } erlaubt „{ $option }“ nicht: `regeln { $id }` nennt die erlaubten Werte.
cmd-bad-seed = Der Startwert (`startwert=N`) muss eine ganze Zahl von 0 bis 18446744073709551615 sein, nicht „{ $text }“.
cmd-option-twice = „{ $first }“ und „{ $second }“ setzen beide { $option ->
    [players] die Spielerzahl
    [seed] den Startwert
    [time] die Zeit pro Zug
    [variant] die Variante
    [goal] das Ziel
    [level] die Stufe
   *[other] die Option „{ $option }“
  }: gib jede Option nur einmal an.
cmd-bad-variant = „{ $text }“ ist keine Variante von { $game }: `regeln { $id }` nennt die Varianten.
cmd-bad-player-count = { $span ->
    [0] { $game } ist für { $max } Spieler.
   *[other] { $game } ist für { $min } bis { $max } Spieler.
  }
cmd-setup-refused = So lässt sich { $game } nicht aufbauen: { $reason }.
cmd-bad-game-id = „{ $text }“ ist keine Partienummer: schreib sie wie #12.
cmd-bad-page = „{ $text }“ ist keine Seite: schreib sie wie seite=2.
cmd-page-out-of-range = Eine Seite { $page } gibt es nicht: die Liste hat { $pages ->
    [one] eine Seite
   *[other] { $pages } Seiten
  }.
cmd-move-needs-text = Schreib den Zug hinter `zug`, z. B. `zug c3 rot`.
cmd-no-such-game = Hier gibt es keine Partie #{ $id }.
cmd-no-game-here = In diesem Kanal läuft keine Partie: starte eine mit `neu <Spiel>`.
cmd-no-game-of-yours = Du hast in diesem Kanal keine laufende Partie.
cmd-no-invitation-here = In diesem Kanal gibt es keine offene Einladung: erstelle eine mit `neu <Spiel>`.
cmd-no-invitation-of-yours = Du bist hier keiner offenen Einladung beigetreten.
cmd-several-games = Hier passen mehrere Partien ({ $games }): nenne eine, z. B. `{ $example }`.
cmd-several-more = { $games } und { $more } weitere
cmd-not-a-player = Du spielst in Partie #{ $id } nicht mit.
cmd-not-your-turn = In Partie #{ $id } ist { $player } am Zug, nicht du.
cmd-out-of-date = Partie #{ $id } ist inzwischen weiter (jetzt bei Zug { $seq }): sieh dir den neuen Spielplan an und versuch es noch einmal.
cmd-not-started = Partie #{ $id } hat noch nicht begonnen.
cmd-already-started = Partie #{ $id } hat schon begonnen.
cmd-game-over = Partie #{ $id } ist schon vorbei.
game-over-won = Partie #{ $id } ist vorbei: { $winners } { $count ->
    [one] gewinnt
   *[other] teilen sich den ersten Platz
  }. Rangfolge:
cmd-not-an-invitation = Partie #{ $id } ist keine offene Einladung mehr.
cmd-already-joined = Du hast in Partie #{ $id } schon einen Platz.
cmd-players-changed = Eben ist jemand Partie #{ $id } beigetreten: tippe noch einmal `starten`, um mit allen zu beginnen.
cmd-invitation-full = Alle { $players } Plätze von Partie #{ $id } sind besetzt.
cmd-too-few-players = Partie #{ $id } braucht mindestens { $min } Spieler, und erst { $joined ->
    [one] { $joined } ist
   *[other] { $joined } sind
  } beigetreten.
cmd-only-creator-early = Nur { $creator } kann Partie #{ $id } starten, bevor alle { $players } Plätze besetzt sind.
cmd-abort-too-late = Partie #{ $id } ist über den zweiten Zug hinaus, darum kann sie jetzt nur ein Admin abbrechen; du kannst stattdessen `aufgeben`.
cmd-event-not-a-move = Ein Zug beginnt nicht mit @: zum Aufgeben gibt es `aufgeben`, zum Beenden der Partie `abbrechen`.
cmd-export-hidden = Partie #{ $id } läuft noch und ihr Protokoll würde Verdecktes verraten, darum kann sie jetzt nur ein Admin exportieren.
cmd-export-running-player = Partie #{ $id } läuft noch und du spielst mit: ihr Protokoll würde dir Verborgenes zeigen (den Vorrat, die anderen Hände), darum bekommst du es, wenn die Partie vorbei ist.
cmd-unknown-help-topic = Zu „{ $topic }“ gibt es keine Hilfe: `hilfe` zeigt alle Befehle.
move-stored-unanswered = Dein Zug { $move } in Partie #{ $id } ({ $game }, Kanal { $channel }) wurde gespeichert, aber der Bot wurde angehalten, bevor er antworten konnte: `brett #{ $id }` zeigt die Partie.
cmd-unknown-nearest = Den Befehl „{ $word }“ kenne ich nicht: meintest du `{ $nearest }`? `hilfe` zeigt alle Befehle.
help-terminal = Im Terminal außerdem: `als <Name>`, um als andere Person zu sprechen, `warte <Zeit>`, um die Uhr vorzustellen (z. B. `warte 2d`), `ende` zum Beenden.
help-terminal-as = `als <Name>` (nur im Terminal) lässt dich ab der nächsten Zeile als andere Person sprechen, so kann eine Person alle Plätze spielen; ihre privaten Nachrichten (eine Hand) erscheinen dann.
help-terminal-wait = `warte <Zeit>` (nur im Terminal) stellt die Uhr des Chats vor, z. B. `warte 36h` oder `warte 2d`, damit Erinnerungen, Zeitlimits und abgelaufene Einladungen fällig werden; die Uhr wird in der Datenbank gespeichert.
help-terminal-quit = `ende` (nur im Terminal) beendet den Chat; die Partien gehen beim nächsten Start weiter.
cmd-storage = Der Spielspeicher hat versagt, es wurde nichts geändert; versuch es bitte gleich noch einmal.

## Ansagen und Antworten.

new-invitation = { $creator } lädt zu einer Partie { $game } (#{ $id }) für { $players } Spieler ({ $details }) ein: mit `beitreten` bekommst du einen Platz.
# The time per move in an invitation's details ("hand3, 2 days per move").
new-seed = startwert={ $seed }
new-time-per-move = { $time } Bedenkzeit je Zug
join-joined = { $player } tritt Partie #{ $id } bei ({ $joined } von { $players } Plätzen besetzt).
join-full = Alle Plätze sind besetzt: jeder Spieler kann die Partie jetzt `starten`.
join-can-start = { $creator } kann die Partie jetzt `starten` oder auf weitere Spieler warten.
start-started = Partie #{ $id } { $game } beginnt ({ $details }). Plätze: { $seats }.
# $verb: "play" oder "bury", wenn der Zug mit diesem Wort begann (dann ist $move der Rest),
# "hint" für den Tipp in Hathor (dann ist $move leer), sonst "other".
turn-moved = { $player } { $verb ->
    [play] spielt { $move }
    [bury] vergräbt { $move }
    [waste] verschwendet Karte { $move }
    [hint] bittet um die Setzhilfe
   *[other] zieht { $move }
  } (Partie #{ $id }, Zug { $seq }).
turn-resigned = { $player } gibt Partie #{ $id } auf.
turn-next = { $player } ist am Zug.
game-over = Partie #{ $id } ist vorbei. Rangfolge:
# $how: "resigned" or "timeout" (die Zeit lief ab und wurde beansprucht); $winners: der erste Platz, $count Spieler.
game-over-why = Partie #{ $id } ist vorbei: { $winners } { $count ->
    [one] gewinnt
   *[other] gewinnen
  }, { $how ->
    [resigned] { $player } hat aufgegeben
   *[timeout] die Zeit von { $player } ist abgelaufen
  }. Rangfolge:
ranking-removed = { $player } ({ $how ->
    [resigned] aufgegeben
   *[timeout] Zeit abgelaufen
  })
# Eine Partie für eine Person, vor ihrem Ende beendet (aufgegeben, oder ihre Herausforderung schloss).
game-over-solo-early = Partie #{ $id } wurde vorzeitig beendet: { $player } hat { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
  }.
game-ended-aborted = Partie #{ $id } endete ohne Ergebnis.
ranking-place = { $place }. { $players }
# $game: die Id des Spiels, für seine Einheit (Artifälschungen zählt Steine, Helofag Figuren im Ziel).
ranking-place-points = { $place }. { $players }: { $game ->
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
result-none = sie endete ohne Ergebnis
cmd-game-over-result = Partie #{ $id } ist schon vorbei: { $result }.
game-aborted = { $player } hat Partie #{ $id } abgebrochen; sie endet ohne Ergebnis.
invitation-withdrawn = { $player } hat die Einladung zu Partie #{ $id } zurückgezogen.
board-caption = Partie #{ $id } { $game } nach { $seq ->
    [one] 1 Zug
   *[other] { $seq } Zügen
  }.
hand-yours = Deine Hand in Partie #{ $id } ({ $game }, Kanal { $channel }): { $hand }
hand-empty = Deine Hand in Partie #{ $id } ({ $game }, Kanal { $channel }) ist leer.
hand-none = Partie #{ $id } hat keine verdeckte Hand für dich.
moves-list = Mögliche Züge für { $player } in Partie #{ $id } ({ $count } insgesamt, Seite { $page } von { $pages }): { $moves }
moves-more = Nächste Seite: `züge #{ $id }{ $filter } seite={ $next }`
moves-none = Kein möglicher Zug passt zu „{ $filter }“.
moves-hidden = In Partie #{ $id } ist { $player } am Zug: die Züge würden die Hand von { $player } verraten, deshalb kann nur { $player } sie auflisten.
games-none = Du hast keine laufenden Partien und keine offenen Einladungen.
games-header = Deine Partien:
games-your-turn = #{ $id } { $game } in { $channel }: du bist am Zug ({ $seq ->
    [0] noch kein Zug
    [one] { $seq } Zug
   *[other] { $seq } Züge
  } gespielt)
games-waiting = #{ $id } { $game } in { $channel }: { $player } ist am Zug
games-invited = #{ $id } { $game } in { $channel }: Einladung, { $joined } von { $players } Plätzen besetzt
export-record = Das Protokoll von Partie #{ $id } nach { $seq ->
    [one] 1 Zug
   *[other] { $seq } Zügen
  } hängt an.
rules-list = Die Spiele: { $games }. `regeln <Spiel>` erklärt ein Spiel.

## Hilfe.

help-general = Befehle: { $commands } (auf Deutsch: { $german }).
    Beginne mit `neu <Spiel>` (Spiele: { $games }); die anderen `beitreten`, dann `starten`.
    Ziehe mit `zug <Zug>` oder schreib einfach den Zug. `hilfe <Befehl>` erklärt einen Befehl.
help-new = `neu <Spiel> [Optionen]` lädt den Kanal zu einer Partie ein. Optionen: die Spielerzahl (z. B. `3`), die Varianten des Spiels (z. B. `hand3`, `zweifarben`), `zeit=2d` für die Zeit je Zug (`zeit=1d+3d`: 1 Tag je Zug und ein Zeitkonto von 3 Tagen für langsamere Züge), `@name`, um bestimmte Spieler einzuladen (nur sie dürfen `beitreten`; sie beginnt, wenn alle da sind), `startwert=N` für eine wiederholbare Partie; auch als Schlüssel=Wert (`spieler=3`). Hathor: `neu hathor [Variante]` ist eine Solopartie, `neu hathor herausforderung [Variante] [stunden=N]` eine Herausforderung, bei der alle hier mitspielen können.
help-join = `beitreten [#Nr]` gibt dir einen Platz in der offenen Einladung hier; `beitreten herausforderung [#Nr]` (oder `beitreten`, wenn keine Einladung offen ist) gibt dir dein eigenes Spielbrett in einer Herausforderung.
help-start = `starten [#Nr]` startet die Partie: jeder Spieler, sobald alle Plätze besetzt sind, der Einladende schon früher, wenn genug Spieler da sind. Eine Einladung an bestimmte Spieler (`neu carat @bob`) beginnt von selbst, sobald alle beigetreten sind, und nicht vorher.
help-move = `zug [#Nr] <Zug>` macht deinen Zug, z. B. `zug c3 rot`. Spielst du hier nur eine Partie, genügt der Zug allein.
help-board = `brett [#Nr]` zeigt den Spielplan.
help-hand = `hand [#Nr]` zeigt deine Hand, nur dir.
help-moves = `zuege [#Nr] [Filter] [seite=N]` listet die möglichen Züge des Spielers am Zug, z. B. `zuege c3`. In Helofag enthält die Liste einzelne Aktionen: ein Zug sind zwei davon, eine je Würfel, zusammen geschrieben als `S+6, A6+3`.
help-resign = `aufgeben [#Nr]`: zu zweit gewinnt der andere; mit mehr Spielern geht die Partie ohne dich weiter.
help-abort = `abbrechen [#Nr]` beendet eine Partie ohne Ergebnis: Spieler vor dem zweiten Zug, Admins jederzeit. Eine Einladung wird damit zurückgezogen.
help-games = `partien` listet deine Partien, die, in denen du am Zug bist, zuerst.
help-help = `hilfe [Befehl|Spiel]` erklärt einen Befehl oder ein Spiel.
help-rules = `regeln <Spiel>` erklärt die Regeln eines Spiels in Kürze.
help-export = `exportieren [#Nr]` schickt dir das Protokoll der Partie (JSON): ihren Spielern nach dem Ende, Admins, die nicht mitspielen, jederzeit.

## Ablehnungen der Regeln, die für jedes Spiel gelten (Ereignisse, beendete Partie).

rule-event-needs-seat = Dieses Ereignis braucht eine Spielernummer, z. B. „@resign 1“.
rule-event-unknown = Das ist kein Ereignis: möglich sind @resign P, @timeout P und @abort.
rule-event-no-such-player = Einen Spieler { $seat } gibt es nicht.
rule-event-already-removed = Spieler { $seat } hat die Partie schon verlassen.
rule-game-over = Die Partie ist vorbei.

## Der Chat im Terminal (spieltisch local).

local-welcome = Spieltisch im Terminal. Du sprichst als { $user }; `als <Name>` wechselt den Spieler, `hilfe` zeigt die Befehle, `ende` beendet.
local-reserved-name = Als { $user } kannst du nicht sprechen: `bot`, Namen, die mit `Spieltisch` oder `@` beginnen, und Namen mit `:` gehören den KI-Plätzen des Bots oder sind Erwähnungen. Wähle einen einfachen Namen.
local-speaking-as = Du sprichst jetzt als { $user }.
local-speaking-as-who = Du sprichst als { $user }: schreib `als <Name>`, um als jemand anderes zu sprechen.
local-private-label = [privat an { $user }]
local-private-for = (eine private Nachricht für { $user }; tippe `als { $user }`, um sie zu lesen)
local-empty-name = Ein Name braucht einen sichtbaren Buchstaben: tippe `als <Name>`, z. B. `als bob`.
local-file-failed = (das Bild konnte nicht nach { $dir } geschrieben werden: { $error })
local-picture = Bild: { $path }
local-file = Datei: { $path }

# Der Name eines KI-Platzes ($level: easy, normal, hard oder master; $n: der n-te KI-Platz dieser Stufe in der Partie).
ai-seat-name = Spieltisch ({ $level ->
    [easy] KI, leicht
    [hard] KI, schwer
    [master] KI, Meister
   *[normal] KI
}){ $n ->
    [1] {""}
   *[other] {" "}{ $n }
}
ai-seated = { $players } { $count ->
    [one] nimmt
   *[other] nehmen
} sofort Platz ({ $joined } von { $seats } Plätzen besetzt).
cmd-ai-solo = { $game } spielt man allein: die KI kann nicht mit an deinen Tisch. Spiel dieselben Steine gegen sie: `neu hathor herausforderung @bot`.
cmd-ai-too-many = Für dich, die KI und die Eingeladenen braucht es { $needed } Plätze, aber diese Partie { $game } ist für { $players } Spieler.
cmd-level-without-ai = `level=` legt die Stärke von KI-Plätzen fest, aber diese Partie hat keine: lade auch den Bot ein (`@bot`).
cmd-bad-level = Unbekannte KI-Stufe „{ $text }“: nimm leicht, normal, schwer oder meister.
cmd-level-not-bot = Nur der Bot spielt auf einer Stufe (`@bot:{ $level }`): lade { $name } als `@{ $name }` ein.
cmd-name-nobody-takes = Niemand hier kann „{ $name }“ heißen: Namen haben kein `:` und beginnen nicht mit „Spieltisch“.
cmd-reserved-user = Dieser Name gehört den KI-Plätzen des Bots; wähle einen anderen.
