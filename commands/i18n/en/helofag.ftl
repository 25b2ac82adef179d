# Helofag (spec helofag.md): rules summary and the rules' refusals.

rules-helofag =
    Helofag, a dice race for 2 to 6 players. Bring the agreed number of your six pieces (option goal, 1 to 6, default 3: `new helofag goal=2`) from the start S through ring A, the waiting room B, a run row of C and a jump field of D into the goal Z.
    Each turn the bot rolls three dice. First every piece on a jump field of A whose number the roll shows goes to B (double border: two dice must show it), whoever owns it.
    Then you use at most two dice, in one or two actions: step a piece by one die (S+4, A7-3, C3.2+2; + is clockwise or forward, - counter-clockwise; in A you may also move other players' pieces, but never land on an occupied field); a pair p p brings a piece from B into row Cp (B>C3) or from Cp.8 to Dp (C3.8>D); a triple p p p jumps from B or row Cp straight to Dp (B>D5, C5.4>D) and uses all three dice; one die p takes your piece from Dp into the goal (D2>Z).
    Black fields in C may not be entered; landing on another player's piece in C or D sends it back to B. Write both actions on one line: S+5, A5+3. If you cannot act, your turn passes by itself.

rule-helofag-not-a-move = "{ $text }" is not a Helofag action: write e.g. S+4, A7-3, C3.2+2, B>C3, C3.8>D, B>D5 or D2>Z.
rule-helofag-bad-field = "{ $text }" is not a field: use S, A1-A24, B, C1.1-C6.8, D1-D6 or Z.
rule-helofag-bad-die = "{ $text }" is not a die: dice show 1 to 6.
rule-helofag-bad-jump = { $text } is not a jump: use B>C3, C3.8>D, B>D5, C5.4>D or D2>Z.
rule-helofag-done-last = "done" may only end the line.
rule-helofag-must-act = You can move with this roll, so make at least one action before "done".
rule-helofag-comma = Separate two actions with a comma: { $first }, { $second }
rule-helofag-third-die = A turn uses at most two of the three dice (only a triple uses all three).
rule-helofag-no-die = The roll { $roll } has no { $die }.
rule-helofag-die-used = The { $die } of the roll { $roll } is already used.
rule-helofag-wrong-pair = { $action } needs the pair { $number } { $number }; the roll is { $roll }.
rule-helofag-wrong-triple = { $action } needs the triple { $number } { $number } { $number }; the roll is { $roll }.
rule-helofag-not-exit = The pair { $number } { $number } leaves C only from C{ $number }.8; from { $field } you need the triple { $number } { $number } { $number }.
rule-helofag-no-piece = There is no piece on { $field }.
rule-helofag-no-own-piece = You have no piece on { $field }.
rule-helofag-not-yours = The piece on { $field } is not yours; only in A may you move other players' pieces.
rule-helofag-cannot-step = A piece on { $field } does not step: from B a pair enters C, from D one die of its number reaches the goal.
rule-helofag-backward = In C a piece moves forward only (+).
rule-helofag-occupied = { $field } is occupied; in A no piece may land on another.
rule-helofag-black-field = { $field } is a black field.
rule-helofag-overshoot = { $action } would go beyond { $field }.
rule-helofag-own-piece = You already have a piece on { $field }.
rule-helofag-no-roll = There is no roll: the listed dice have run out.
rule-helofag-won = The game is already won; nothing more may be played.

# Chat announcements for the command layer (read from the view: roll, passes,
# transfers, most_actions). $roll is printed as "1 2 6", $pieces as "A2 (alice), A14 (bob)".
helofag-rolled = { $player } rolled { $roll }.
helofag-passed = { $player } rolled { $roll } and cannot move.
helofag-transferred = The roll sends { $player }'s piece on { $field } to the waiting room B.
helofag-captured = { $player }'s piece on { $field } goes back to B.
helofag-one-action = With this roll only one action is possible.
helofag-pieces-leave = { $player }'s pieces leave the board.

# An option as invitations and the start name it (as typed after `new helofag`).
option-helofag-goal = goal={ $value }
