# Spielen über Tage (Issue 10): Bedenkzeit, Erinnerungen, Einladungen, Urlaub,
# Zurücknehmen, Revanche und Verlauf. Jede Meldung hat einen englischen Zwilling in
# en/slowplay.ftl.

## Ablehnungen.

cmd-bad-duration = „{ $text }“ ist keine Bedenkzeit: schreib sie wie zeit=3d, zeit=12h oder zeit=1d12h (eine Minute bis 365 Tage).
cmd-bad-days = „{ $text }“ ist keine Anzahl Tage: schreib es wie `urlaub 5`.
cmd-bad-on-off = Schreib `an` oder `aus`, nicht „{ $text }“.
cmd-claim-too-early = { $player } hat in Partie #{ $id } noch { $left } für diesen Zug: du kannst erst reklamieren, wenn die Zeit um ist.
cmd-claim-nobody = In Partie #{ $id } bist du am Zug, du kannst also nichts reklamieren: die anderen können es erst, wenn deine Bedenkzeit abgelaufen ist.
cmd-claim-own-time-up = Deine Bedenkzeit in Partie #{ $id } ist um, du kannst also nichts reklamieren: du kannst aber noch ziehen, bis jemand die Partie reklamiert.
cmd-claim-solo = Partie #{ $id } spielst du allein: niemand wartet auf deinen Zug und niemand kann ihn reklamieren, lass dir also Zeit.
cmd-vacation-too-long = Du kannst nicht { $days ->
    [one] 1 Tag
   *[other] { $days } Tage
  } Urlaub nehmen: vom Jahreskontingent { $left ->
    [one] ist noch 1 Tag
   *[other] sind noch { $left } Tage
  } übrig.
cmd-too-many-invitations = Du hast schon { $max } offene Einladungen: warte, bis sie beginnen oder ablaufen, oder zieh eine mit `abbrechen` zurück.
cmd-not-invited = Partie #{ $id } ist eine Einladung nur für bestimmte Spieler, und du gehörst nicht dazu.
cmd-invite-self = Du kannst dich nicht selbst einladen: als Einladender hast du deinen Platz schon; nenne nur die anderen Spieler.
cmd-invite-by-id = „@{ $name }“ ist nur ein Name, und so kann sich jeder nennen: nenne die Person mit einer Erwähnung (auf Matrix eine Pille oder die volle ID wie @{ $name }:example.org), damit nur sie den Platz nehmen kann.
cmd-invitees-missing = Partie #{ $id } beginnt von selbst, sobald alle Eingeladenen angenommen haben: es fehlt noch die Zusage von { $players }. Um ohne sie zu spielen, zieh die Einladung mit `abbrechen` zurück und lade neu ein.
cmd-decline-not-invited = Partie #{ $id } nennt dich nicht, also gibt es für dich keine Einladung abzulehnen (der Einladende zieht sie mit `abbrechen` zurück).
cmd-decline-nothing = Keine Einladung hier nennt dich, also gibt es nichts abzulehnen: `partien` zeigt deine Einladungen.
cmd-undo-not-offered = { $game } kennt kein `zurücknehmen`: dort deckt ein Zug etwas Neues auf (ein Plättchen, eine Karte oder einen Wurf), darum lässt er sich nicht fair zurücknehmen.
cmd-undo-nothing = In Partie #{ $id } gibt es keinen Zug zum Zurücknehmen.
cmd-rematch-nothing = Du hast in diesem Kanal keine beendete Partie, die ihr neu spielen könntet.
cmd-rematch-not-over = Partie #{ $id } ist noch nicht zu Ende, also gibt es keine Revanche.
cmd-rematch-exists = Partie #{ $old } wurde schon noch einmal gespielt: Partie #{ $id }.

## Ansagen.

new-invitation-named = { $creator } lädt { $invited } zu einer Partie { $game } (#{ $id }) für { $players } Spieler ({ $details }) ein: tippe `beitreten`, um anzunehmen; sie beginnt, sobald alle angenommen haben.
join-waiting-for = Es fehlt noch die Zusage von { $players }; dann beginnt die Partie von selbst.
invitation-expired = Niemand hat die Einladung zu Partie #{ $id } ({ $game }) rechtzeitig angenommen, darum ist sie abgelaufen.
invitation-expired-named = { $players } { $count ->
    [one] hat
   *[other] haben
  } auf die Einladung zu Partie #{ $id } ({ $game }) nicht rechtzeitig geantwortet, darum ist sie abgelaufen.
invitation-declined = { $player } hat die Einladung zu Partie #{ $id } ({ $game }) abgelehnt. { $creator }, sie wurde zurückgezogen.
clock-half = { $player }, du bist in Partie #{ $id } ({ $game }) am Zug: die Hälfte deiner Bedenkzeit ist um, noch { $left }.
clock-soon = { $player }, deine Bedenkzeit in Partie #{ $id } ({ $game }) läuft in { $left } ab: bitte mach deinen Zug.
clock-expired = Die Bedenkzeit von { $player } in Partie #{ $id } ({ $game }) ist um: die anderen Spieler können die Partie jetzt mit `reklamieren` einfordern.
clock-days = { $n ->
    [one] 1 Tag
   *[other] { $n } { $case ->
        [dative] Tagen
       *[other] Tage
    }
  }
clock-hours = { $n ->
    [one] 1 Stunde
   *[other] { $n } Stunden
  }
clock-under-a-minute = weniger als { $case ->
    [dative] einer Minute
   *[other] eine Minute
  }
clock-minutes = { $n ->
    [one] 1 Minute
   *[other] { $n } Minuten
  }
claim-accepted = { $claimer } reklamiert Partie #{ $id }: die Bedenkzeit von { $player } ist abgelaufen.
claim-accepted-goes-on = { $claimer } reklamiert Partie #{ $id }: die Bedenkzeit von { $player } ist abgelaufen, { $player } scheidet also aus, und das Spiel geht weiter.
reminders-on = Deine Zug-Erinnerungen sind an (`erinnerungen aus` schaltet sie ab).
reminders-off = Deine Zug-Erinnerungen sind aus (`erinnerungen an` schaltet sie ein).
vacation-allowance = Du hast dieses Jahr noch { $days ->
    [one] 1 Tag
   *[other] { $days } Tage
  } Urlaub: `urlaub <Tage>` hält alle deine Uhren an.
vacation-announced = { $player } ist { $days ->
    [one] 1 Tag
   *[other] { $days } Tage
  } im Urlaub: so lange stehen die Uhren still.
undo-asked = { $player } möchte { $move } in Partie #{ $id } zurücknehmen: tippe `zurücknehmen`, um zuzustimmen.
undo-already-asked = Du hast schon gebeten, { $move } in Partie #{ $id } zurückzunehmen; es fehlen noch: { $players }.
undo-done = Alle sind einverstanden: { $move } in Partie #{ $id } { $count ->
    [one] wurde
   *[other] wurden
  } zurückgenommen.
rematch-started = Revanche für Partie #{ $old }: Partie #{ $id } { $game } beginnt mit denselben Spielern.
rematch-asked = { $player } möchte Partie #{ $id } ({ $game }) noch einmal spielen: tippe `revanche #{ $id }`, um zuzustimmen.
rematch-waiting = Es fehlen noch: { $players }.
rematch-already-asked = Du hast schon um eine Revanche für Partie #{ $id } gebeten; es fehlen noch: { $players }.
history-header = Die Züge von Partie #{ $id } ({ $game }):
history-empty = Noch keine Züge.
history-resigned = { $player } hat aufgegeben.
history-timeout = { $player } hat die Zeit überschritten.
history-challenge-closed = Die Zeit der Herausforderung ist für { $player } abgelaufen.
history-aborted = Die Partie wurde abgebrochen.

## Hilfe.

help-claim = `reklamieren [#Nr]` fordert eine Partie ein, wenn die Bedenkzeit des Spielers am Zug abgelaufen ist: zu zweit verliert er, mit mehr Spielern scheidet er aus und es geht weiter.
help-vacation = `urlaub <Tage>` hält alle deine Uhren für einige Tage an (ein Jahreskontingent); `urlaub` allein zeigt, was übrig ist.
help-undo = `zurücknehmen [#Nr]` bittet darum, den letzten Zug zurückzunehmen; die anderen stimmen zu, indem sie auch `zurücknehmen` tippen. Nur in Spielen, in denen ein Zug nichts Neues aufdeckt.
help-rematch = `revanche [#Nr]` fragt die anderen, ob ihr deine letzte beendete Partie hier noch einmal spielt; sie beginnt mit denselben Spielern auf denselben Plätzen, sobald alle `revanche` getippt haben (bei Aratoths Rache beginnt der Verlierer). Jede Partie gibt es höchstens einmal als Revanche.
help-reminders = `erinnerungen an` oder `erinnerungen aus` schaltet deine Zug-Erinnerungen.
help-history = `verlauf [#Nr]` listet die bisherigen Züge.
help-decline = `ablehnen [#Nr]` lehnt eine Einladung ab, die dich nennt (`neu carat @du`): sie wird zurückgezogen, und wer dich eingeladen hat, erfährt es. `partien` zeigt deine Einladungen.

## Wertungen.

cmd-leaderboard-needs-game = Nenne das Spiel: `rangliste <Spiel>`, eines von { $games }.
cmd-bad-player = „{ $text }“ ist kein Spieler: nenne ihn als @Name (oder erwähne ihn), oder schreib nur `statistik` für deine eigenen Wertungen.
# $scope: "server" (Wertungen gelten auf dem ganzen Server) oder "channel" (in diesem Kanal oder Raum).
leaderboard-what-here = In diesem Kanal gibt es keine Hathor-Herausforderung (`neu hathor herausforderung` eröffnet eine; ihre Rangliste zeigt die Punkte der Spieler). Bewertet { $scope ->
    [server] auf diesem Server
   *[channel] hier
}: { $games }.
leaderboard-nothing-here = { $scope ->
    [server] Auf diesem Server
   *[channel] Hier
} hat noch niemand eine Wertung, und in diesem Kanal gibt es keine Hathor-Herausforderung. `rangliste <Spiel>` zeigt die Besten eines Spiels, sobald eine Partie zu zweit oder mehr zu Ende ist (z. B. `rangliste carat`); `neu hathor herausforderung` eröffnet eine Herausforderung, deren Rangliste die Punkte ihrer Spieler zeigt.
cmd-no-ratings = { $scope ->
    [server] Auf diesem Server
   *[channel] Hier
  } hat noch niemand eine Wertung in { $game }: spielt zuerst eine Partie zu Ende.
cmd-no-ratings-solo = { $game } spielt man allein, darum gibt es keine Wertungen: In einem Kanal mit Herausforderung zeigt `bestenliste` deren Punkte.
cmd-no-stats = { $player } hat { $scope ->
    [server] auf diesem Server
   *[channel] hier
  } noch keine Wertung.
leaderboard-header = Die besten Spieler in { $game } hier:
leaderboard-line = { $place }. { $player }: { $rating } ({ $games ->
    [one] 1 Partie
   *[other] { $games } Partien
  })
stats-header = Die Wertungen von { $player } hier:
stats-line = { $game }: { $rating } ± { $uncertainty } nach { $games ->
    [one] 1 Partie
   *[other] { $games } Partien
  }
help-leaderboard = `rangliste <Spiel>` zeigt die am besten bewerteten Spieler eines Spiels hier (auf Discord: auf dem ganzen Server); `bestenliste [#Nr]` ohne Spiel zeigt die Spieler einer Hathor-Herausforderung mit ihren Punkten und wer fertig ist.
help-stats = `statistik [@Spieler]` zeigt die Wertungen eines Spielers hier (auf Discord: auf dem ganzen Server; ohne Namen deine).

## Der Terminal-Chat.

local-waited = { $time } später.
local-wait-unavailable = Die Uhr dieses Chats lässt sich nicht verstellen.
local-bad-wait = „{ $text }“ ist keine Wartezeit: schreib sie wie `warten 36h`, `warten 2d` oder `warten 90m` (eine Minute bis 365 Tage).

## Wo spiele ich?

games-waited = , wartet seit { $time }
games-time-up-yours = ; deine Bedenkzeit ist um: du kannst noch ziehen, bis jemand die Partie reklamiert
games-time-up = ; die Bedenkzeit ist um: `reklamieren #{ $id }` beendet das Warten
games-invited-you = #{ $id } { $game } in { $channel }: Einladung von { $creator }, tippe dort `beitreten #{ $id }`, um anzunehmen, oder `ablehnen #{ $id }`

## Einstellungen.

cmd-bad-setting = „{ $text }“ ist keine Einstellung: nimm sprache=en|de, zeit=3d, hälfte=an|aus, vorher=12h|aus, threads=an|aus, aufräumen=an|aus, nachspielen=an|aus (oder =standard).
cmd-bad-setting-value = „{ $text }“ geht für diese Einstellung nicht: { $setting ->
    [language] die Sprache ist en oder de
    [time] die Zeit pro Zug ist 1 Minute bis 365 Tage, etwa zeit=3d, zeit=12h oder zeit=90m
    [half] die Erinnerung zur Hälfte der Zeit ist an oder aus
    [before] die Erinnerung vor dem Ende ist eine Zeit wie vorher=12h, oder aus
    [tidy] aufräumen (alte Zug-Erinnerungen löschen) ist an oder aus
    [replay] nachspielen (die Partie als bewegtes Bild, wenn sie endet) ist an oder aus
   *[threads] threads ist an oder aus
  } (oder standard).
# $scope: "server" (Einstellungen des ganzen Servers) oder "channel" (dieses Kanals oder Raums).
cmd-settings-admins-only = Nur Admins können die Einstellungen { $scope ->
    [server] dieses Servers
   *[channel] dieses Kanals
  } ändern.
cmd-bad-language = „{ $text }“ ist keine Sprache, die ich spreche: en oder de (oder standard).
settings-channel = { $scope ->
    [server] Einstellungen dieses Servers
   *[channel] Einstellungen hier
  }: Sprache { $language }, Bedenkzeit { $time }, Erinnerung zur Halbzeit { $half }, Erinnerung vor dem Ende { $before }, ein Thread pro Partie { $threads }, alte Zug-Erinnerungen löschen { $tidy }, Partie zum Nachspielen am Ende { $replay }.
settings-on = an
settings-off = aus
settings-language = Ich spreche Deutsch mit dir.
help-settings = `einstellungen` zeigt die Einstellungen hier (auf Discord: die des ganzen Servers, für alle seine Kanäle und Threads); Admins ändern sie z. B. mit `einstellungen sprache=de zeit=2d hälfte=aus vorher=6h threads=an aufräumen=an nachspielen=an` (`=standard` setzt eine zurück; `nachspielen=an` postet jede Partie als bewegtes Bild, wenn sie endet); eine neue Bedenkzeit gilt für Partien, die danach erstellt werden.
help-language = `sprache en` oder `sprache de` legt fest, in welcher Sprache ich mit dir rede (`sprache standard`: die deiner Plattform).

## Wiederholung.

export-replay = Partie #{ $id } als Bilderstreifen, vom Anfang bis zum Ende (von links nach rechts, von oben nach unten).
cmd-claim-ai = { $player } ist in Partie #{ $id } am Zug; für KI-Plätze läuft keine Zeit ab: der Zug kommt von selbst.

# `nachspielen`: die Partie als bewegtes Bild (Issue 44).
help-replay = `nachspielen [#Nr]` zeigt die ganze bisherige Partie als bewegtes Bild (GIF): ein Bild pro Zug, das Brett wie alle es sehen, das letzte 5 Sekunden lang.
replay-posted = Die Partie #{ $id } zum Nachspielen ({ $game }, { $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
  }).
replay-thinned = Sie zeigt jede { $step }. Stellung (und die letzte), um für den Chat klein genug zu bleiben.
replay-failed = Die Partie #{ $id } ließ sich nicht als bewegtes Bild zeichnen; ihre Züge sind sicher (`verlauf #{ $id }` listet sie).
