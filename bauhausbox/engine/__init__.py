"""The game-independent core: the rules contract, history, RNG, grids, shapes and bots.

Never imports pygame (an architecture test checks it).
"""
