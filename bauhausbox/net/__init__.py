"""Play across computers: the protocol, the server that hosts tables, its storage and the client.

Nothing here imports pygame. The server owns every :class:`~bauhausbox.table.Table` it hosts and
checks every move with the rules; clients send intents (a move in the game's notation, undo, redo,
a hint, agreeing to an undo) and receive what their seat may see. docs/network.md describes it.
"""
