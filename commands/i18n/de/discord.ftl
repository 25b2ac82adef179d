# Texte des Discord-Adapters (Deutsch). Jede Meldung hat einen englischen Zwilling in en/discord.ftl.

discord-done = Erledigt.
discord-dm-closed = { $user }, ich kann dir keine Direktnachrichten schicken. Nutze hier `/hand` oder den Knopf „Meine Hand zeigen“, um deine Hand privat zu sehen, oder erlaube Direktnachrichten von Servermitgliedern.
discord-thread-opened = Deine Partie hat einen eigenen Thread: { $thread }
discord-round-threads = Jede Partie läuft in einem eigenen Thread: { $threads }
discord-round-no-threads = { $count ->
    [one] Partie { $games } wird hier gespielt: Ich konnte keinen Thread für sie öffnen (mir fehlt die Berechtigung „Öffentliche Threads erstellen“).
   *[other] Partien { $games } werden hier gespielt: Ich konnte keine Threads für sie öffnen (mir fehlt die Berechtigung „Öffentliche Threads erstellen“).
}
discord-unknown-button = Diesen Knopf kenne ich nicht. Mit `/brett` bekommst du ein frisches Spielbrett.
discord-button-join = Beitreten
discord-button-start = Starten
discord-button-hand = Meine Hand zeigen
discord-button-board = Spielbrett
discord-menu-move = Wähle deinen Zug
