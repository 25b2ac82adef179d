# Aratoth's Revenge (aratoth): rules summary and the rules' refusals.
# Arguments: $shape and $colour/$own are English words (formula, bird, mage, fish,
# snake, dragon; red, green, black); site lists are written "a1, a2, a3".

rules-aratoth =
    Aratoth's Revenge: place pieces of 3 or 4 balls into a pyramid of 120 sites, layers a (the base, a1–a36) up to h (the apex, h1).
    Shapes: formula (3 in a line), bird (3, bent at 120°), mage (tetrahedron), fish (flat rhombus), snake (flat zigzag of 4), dragon (flat Y).
    Every ball must lie on the base or rest on the three balls below it (balls of the same piece count); pieces may lie flat or tilted.
    Two players: 18 pieces each, one of every shape in every colour; you may not place the colour of your opponent's last piece.
    Three players: each owns the 12 pieces of one colour (red, green, black by seat); nobody may place the shape of the last piece.
    Whoever cannot place on their turn is out; the player who placed the last piece wins.
    Move: shape, colour and sites in any order, e.g. `dragon red a5 a9 a10 a13` (with three players the colour may be left out). `moves dragon a5` lists placements.

rule-aratoth-not-a-site = "{ $text }" is not a site: write a layer letter a–h and a number, e.g. a5.
rule-aratoth-outside = { $site } is outside the pyramid: its layers are a (a1–a36), b (b1–b28), c (c1–c21), d (d1–d15), e (e1–e10), f (f1–f6), g (g1–g3) and h (h1).
rule-aratoth-unknown-word = "{ $word }" is not a shape (formula, bird, mage, fish, snake, dragon), a colour (red, green, black) or a site (a1–a36 … h1).
rule-aratoth-one-shape = Name one shape only, e.g. "dragon red a5 a9 a10 a13".
rule-aratoth-one-colour = Name one colour only, e.g. "dragon red a5 a9 a10 a13".
rule-aratoth-site-twice = { $site } is named twice.
rule-aratoth-shape-needed = Name the piece's shape and its sites, e.g. "dragon red a5 a9 a10 a13".
rule-aratoth-colour-needed = Name the piece's colour (red, green or black), e.g. "dragon red a5 a9 a10 a13".
rule-aratoth-sites-needed = Name the sites the { $shape }'s balls go to, e.g. "dragon red a5 a9 a10 a13".
rule-aratoth-ball-count = A { $shape } needs { $balls } sites, one for each ball, not { $count }.
rule-aratoth-occupied = Already taken: { $sites }.
rule-aratoth-wrong-shape = { $sites } do not form a { $shape }: a { $shape } is { $shape ->
        [formula] three balls in a straight line
        [bird] a chain of three balls bent at 120°
        [mage] a tetrahedron of four balls that all touch each other
        [fish] a flat rhombus of two touching triangles
        [snake] a flat zigzag chain of four balls
       *[dragon] a flat Y: one centre ball touching three others at 120°
    }.
rule-aratoth-unsupported = Ball { $ball } would hang in the air: it rests on { $supports }, and these are empty: { $empty }.
rule-aratoth-not-your-colour = The { $colour } pieces are not yours: you play { $own }.
rule-aratoth-not-in-supply = You have no { $colour } { $shape } left.
rule-aratoth-colour-rule = You may not place a { $colour } piece: your opponent's last piece was { $colour }.
rule-aratoth-shape-rule = You may not place a { $shape }: the last piece placed was a { $shape }.

# Under a `moves` list longer than one page (the command layer's games::moves_hint).
# One shape's count in the long-list hint ("dragon 12").
aratoth-shape-count = { $shape ->
        [formula] formula
        [bird] bird
        [mage] mage
        [fish] fish
        [snake] snake
       *[dragon] dragon
    } { $count }
aratoth-moves-hint = That is a long list ({ $counts }): narrow it down by shape and/or site, e.g. `moves dragon`, `moves a5` or `moves dragon a5`.

# Announced after a placement when a player cannot place (the command layer's turn notes).
aratoth-out = { $player } cannot place any piece and is out.
