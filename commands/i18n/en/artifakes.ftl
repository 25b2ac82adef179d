# Artifakes (spec artifakes.md): the rules in short and the rules' refusals.

rules-artifakes = Artifakes, for 2 players, at most 3 rounds. The ring has 30 fields (1–30 clockwise) in six colours; each player has 10 blocks (2 points) and 10 discs (1 point).
    Bury: take turns placing one piece from your supply on a field: `bury block 17`, `bury disc 3`. A field holds at most 5 points, both players' pieces counted.
    Excavate: each player gets 5 cards (numbers 1–30; a card has the colour of its field). The last to bury starts. Play one card per turn and move the chief inspector exactly that many fields clockwise or counter-clockwise: `play 17 number cw`, `play 17 colour ccw`.
    By colour a card gives as many points as you have fields of its colour with your pieces; by number, the value of your pieces on its field (at most 5). `moves` shows every card's points and where the inspector would land.
    Where he stops, your pieces become finds and your opponent's are destroyed. Only when no card gives points do you waste one: `play 17 waste`. After four plays in a row without moving him, he goes home and the game ends.
    Sell: move your archaeologist along the dolerite row by your finds' value (block 2, disc 1), one stone back per wasted card. Reaching stone 19 ends the game; the one further ahead wins (also after round 3).

rule-artifakes-not-a-move = “{ $text }” is not an Artifakes move: write e.g. “bury block 17”, “play 17 number cw” or “play 17 waste”.
rule-artifakes-bad-field = There is no field “{ $field }”: fields are numbered 1–30.
rule-artifakes-bad-card = There is no card “{ $card }”: cards are numbered 1–30.
rule-artifakes-which-way = Say how card { $card } moves the inspector: by “number” or “colour”, then “cw” or “ccw”.
rule-artifakes-which-direction = Say which way the inspector goes: “play { $card } { $way } cw” or “play { $card } { $way } ccw”.
rule-artifakes-supply-empty = You have no { $piece ->
        [block] blocks
       *[disc] discs
    } left in your supply.
rule-artifakes-field-full = Field { $field } already holds { $points } points: a { $piece } would make { $total }, and a field holds at most 5.
rule-artifakes-not-in-hand = Card { $card } is not in your hand.
rule-artifakes-no-number-points = Card { $card } gives no movement points by number: you have nothing buried on field { $card }.
rule-artifakes-no-colour-points = Card { $card } gives no movement points by colour: you have nothing buried on a { $colour } field.
rule-artifakes-waste-refused = You may not waste a card while one gives movement points (card { $card } does).
rule-artifakes-burying-now = It is the burying phase: bury a piece from your supply, e.g. “bury block 17”.
rule-artifakes-excavating-now = It is the excavating phase: play a card, e.g. “play 17 number cw”.
rule-artifakes-over = The game is over.

# `moves` for the player holding cards: what each card can do (commands/src/games.rs).
moves-artifakes-intro = Your cards (the inspector stands on field { $field }). Each way gives movement points → the field he would reach clockwise (cw) and counter-clockwise (ccw); “find” = points of yours dug up there, “destroy” = points of your opponent's destroyed there:
moves-artifakes-card = Card { $card } ({ $colour ->
        [white] white
        [grey] grey
        [blue] blue
        [green] green
        [yellow] yellow
       *[red] red
    }{ $copies ->
        [1] {""}
       *[other] , you hold { $copies }
    }): { $by-colour }; { $by-number }
moves-artifakes-way = by { $way ->
        [colour] colour
       *[number] number
    } { $points } → cw { $cw }, ccw { $ccw }
moves-artifakes-way-none = by { $way ->
        [colour] colour
       *[number] number
    }: no points
moves-artifakes-field = { $field }
moves-artifakes-field-find = { $field } (find { $find })
moves-artifakes-field-destroy = { $field } (destroy { $destroy })
moves-artifakes-field-both = { $field } (find { $find }, destroy { $destroy })
moves-artifakes-must-waste = No card gives movement points: you must waste one, e.g. `play { $card } waste`.
# The selling at the end of a round ($value: 2 per block, 1 per disc; $stone: the archaeologist's stone after it).
artifakes-sold-header = Round { $round } is over: the finds are sold.
artifakes-sold = { $found ->
    [none] { $player } sells nothing{ $wasted ->
        [0] {""}
        [one] {" "}and pays 1 for a wasted card
       *[other] {" "}and pays { $wasted } for wasted cards
      }
   *[other] { $player } sells { $found ->
        [blocks] { $blocks ->
            [one] 1 block
           *[other] { $blocks } blocks
          }
        [discs] { $discs ->
            [one] 1 disc
           *[other] { $discs } discs
          }
       *[both] { $blocks ->
            [one] 1 block
           *[other] { $blocks } blocks
          } and { $discs ->
            [one] 1 disc
           *[other] { $discs } discs
          }
      } for { $value }{ $wasted ->
        [0] , with no wasted card
        [one] , less 1 for a wasted card
       *[other] , less { $wasted } for wasted cards
      }
  }: now on stone { $stone }.
artifakes-next-round = Round { $round } begins: { $player } buries first.
artifakes-went-home = The inspector went home: the game ends.
# After a card play that moved the inspector: $found/$lost are "both", "blocks", "discs" or "none".
artifakes-dug = The inspector goes from field { $from } to field { $to }: { $found ->
    [both] { $player } finds { $blocks ->
        [one] 1 block
       *[other] { $blocks } blocks
      } and { $discs ->
        [one] 1 disc
       *[other] { $discs } discs
      }
    [blocks] { $player } finds { $blocks ->
        [one] 1 block
       *[other] { $blocks } blocks
      }
    [discs] { $player } finds { $discs ->
        [one] 1 disc
       *[other] { $discs } discs
      }
   *[none] { $player } finds nothing
  }{ $lost ->
    [both] ; { $opponent } loses { $lost-blocks ->
        [one] 1 block
       *[other] { $lost-blocks } blocks
      } and { $lost-discs ->
        [one] 1 disc
       *[other] { $lost-discs } discs
      }.
    [blocks] ; { $opponent } loses { $lost-blocks ->
        [one] 1 block
       *[other] { $lost-blocks } blocks
      }.
    [discs] ; { $opponent } loses { $lost-discs ->
        [one] 1 disc
       *[other] { $lost-discs } discs
      }.
   *[none] .
  }
artifakes-next-round-dig = Round { $round } begins: nobody has pieces left to bury, so { $player } plays the first card.
# When the last piece is buried: the excavation begins (spec artifakes.md, "Excavating").
artifakes-dig-begins = Everything is buried: each player gets 5 cards, and { $player }, who buried last, plays the first card.
