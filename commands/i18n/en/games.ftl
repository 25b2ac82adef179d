# Texts of the per-game hooks of the command layer (commands/src/games.rs).

# Under a `moves` list longer than one page, for games without their own <game>-moves-hint.
moves-narrow = That is a long list: add words to narrow it down (see `help moves`).
moves-narrow-further = That is still a long list: add another word after `{ $typed }` to narrow it further (see `help moves`).
