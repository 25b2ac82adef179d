# Hathor (spec hathor.md): rules summary and the rules' refusals.

rules-hathor =
    Hathor is a solo game: place the 72 stones of a shuffled pile on the 14 × 8 board (A–N, 1–8).
    Each stone has one of 6 colours and one of 6 symbols; 8 Hathor stones lie on the corners and in the middle at the start.
    Place the current stone (`C5`) on an empty field: every neighbour (diagonals too) must match it in colour or symbol, and none may be identical to it. With 4 or more neighbours, one of them may match in neither.
    A placement scores 100 × 2^(neighbours): 100 alone, up to 25,600 with 8 neighbours. All 72 placed: 20,000 extra.
    `hint` shows the legal fields and costs 500 points. The game ends when the current stone fits nowhere.
    Variants: 1 standard; 2 hard (with 4+ neighbours they all become blue-hathor); 3 easy (they copy the placed stone); 4 medium (they get random symbols); 5 extra (no mismatch allowed). In 2–4 every stone showing the hathor symbol at the end earns 500.
    In a channel: `new hathor challenge [variant]` lets everyone play the same stones on their own board (boards privately, `leaderboard` for the points, all boards shown when it closes); `daily hathor` is today's challenge, the same stones for everyone on this bot.

rule-hathor-not-a-move = "{ $text }" is not a Hathor move: write a field A1–N8 (e.g. C5) or "hint".
rule-hathor-occupied = { $field } is taken by { $occupant }.
rule-hathor-identical = { $neighbour } is { $neighbour_stone } too: a stone may not lie next to an identical stone.
rule-hathor-mismatch = { $neighbour } is { $neighbour_stone }: neither colour nor symbol matches { $stone } ({ $field } has { $count ->
        [one] { $count } neighbour
       *[other] { $count } neighbours
    }; one mismatch is allowed only with at least 4).
rule-hathor-mismatch-extra = { $neighbour } is { $neighbour_stone }: neither colour nor symbol matches { $stone } (variant { $variant } allows no mismatch).
rule-hathor-second-mismatch = { $neighbour } is { $neighbour_stone } and { $second } is { $second_stone }: neither matches { $stone } in colour or symbol, and only one neighbour may mismatch.
rule-hathor-over = The game is over.
rule-hathor-no-symbols = Placing on { $field } changes { $count } neighbours to random symbols, but the record's random symbols are used up and it has no seed.
rule-hathor-internal = The placement is legal.

# An option as the start names it.
option-hathor-variant = variant { $value ->
    [1] standard
    [2] hard
    [3] easy
    [4] medium
   *[5] extra
  }
