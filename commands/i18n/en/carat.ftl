# Carat (spec carat.md): the rules in short and the rules' refusals.

rules-carat = Carat, for 2 to 4 players. The board has 6 × 6 tile spaces (a1 top left to f6) with 49 scoring chips (values 1–5) at their corners.
    Each tile shows four diamonds of one value (1–6), one of each colour. You own a colour: red, blue, green, yellow in seat order; colours nobody owns still compete.
    On your turn place your hand tile on an empty space, turned so that the colour you name points to the top-left corner: `c3 red`. Then you draw a new tile.
    The first tile may not go on an edge space (b2–e5 only); every later tile must share an edge with a placed tile.
    A chip is scored when all its spaces are filled: add up each colour's diamonds touching it; equal sums cancel; the highest remaining sum wins, and its owner scores chip value × number of colours touching the chip.
    After all 36 tiles, most points wins. Variants: `hand3` (hands of three tiles: `c3 red 5RGBY`), `two_colours` (two players with two colours each).

rule-carat-bad-tile = “{ $text }” is not a tile: write its value 1–6 and the letters R, B, G, Y, e.g. 5RGBY.
rule-carat-first-edge = The first tile may not go on an edge or corner space (only b2 to e5).
rule-carat-occupied = { $space } is already taken.
rule-carat-not-adjacent = { $space } does not share an edge with a placed tile.
rule-carat-bad-space = “{ $text }” is not a space: columns a–f, rows 1–6, e.g. c3.
rule-carat-not-a-move = “{ $text }” is not a Carat move: write a space and a colour, e.g. “c3 red”.
rule-carat-bad-colour = “{ $text }” is not a colour: red, blue, green or yellow.
rule-carat-tile-not-in-hand = { $tile } is not in your hand.
rule-carat-which-tile = You hold several tiles: add the tile to place, e.g. “c3 red 5RGBY”.
rule-carat-board-full = All 36 tiles are placed.

# An option as invitations and the start name it (the word typed after `new carat`).
option-carat-variant = { $value ->
    [hand3] hand3
   *[two_colours] two_colours
  }
# The tile a move placed, after the move in `history` and the web page's move list.
history-carat-tile = tile { $tile }
