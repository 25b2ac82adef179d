# Texts of the Discord adapter (English). Every message has a German twin in de/discord.ftl.

# The private answer to a command whose result went to the channel.
discord-done = Done.
# A player does not accept direct messages, so their private information could not be sent.
discord-dm-closed = { $user }, I cannot send you direct messages. Use `/hand` or the “Show my hand” button here to see your hand privately, or allow direct messages from server members.
# The answer to `/new … thread:true`.
discord-thread-opened = Your game is in its own thread: { $thread }
# A tournament round's games each in a thread of their own (threads=on): the round's post links them.
discord-round-threads = Each game is played in its own thread: { $threads }
# Discord refused to open a thread for a tournament game (no permission): said once per round.
discord-round-no-threads = { $count ->
    [one] Game { $games } is played here: I could not open a thread for it (I need the permission “Create Public Threads”).
   *[other] Games { $games } are played here: I could not open threads for them (I need the permission “Create Public Threads”).
}
# A click on a component that is not one of ours (or is damaged).
discord-unknown-button = I do not know this button. Use `/board` to get a fresh board.
discord-button-join = Join
discord-button-start = Start
discord-button-hand = Show my hand
discord-button-board = Board
discord-menu-move = Choose your move
