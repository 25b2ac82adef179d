# Texte des Discord-Adapters (Deutsch). Jede Meldung hat einen englischen Zwilling in en/discord.ftl.

discord-done = Erledigt.
discord-dm-closed = { $user }, ich kann dir keine Direktnachrichten schicken. Nutze hier `/hand` oder den Knopf „Meine Hand zeigen“, um deine Hand privat zu sehen, oder erlaube Direktnachrichten von Servermitgliedern.
discord-thread-opened = Deine Partie hat einen eigenen Thread: { $thread }
discord-unknown-button = Diesen Knopf kenne ich nicht. Mit `/brett` bekommst du ein frisches Spielbrett.
discord-button-join = Beitreten
discord-button-start = Starten
discord-button-hand = Meine Hand zeigen
discord-button-board = Spielbrett
discord-menu-move = Wähle deinen Zug
