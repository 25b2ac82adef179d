# Texte der spielbezogenen Teile der Befehlsschicht (commands/src/games.rs).

# Unter einer `züge`-Liste mit mehr als einer Seite, für Spiele ohne eigenen <game>-moves-hint.
moves-narrow = Die Liste ist lang: schränke sie mit weiteren Wörtern ein (siehe `hilfe züge`).
moves-narrow-further = Die Liste ist noch lang: schränke sie mit einem weiteren Wort nach `{ $typed }` ein (siehe `hilfe züge`).
