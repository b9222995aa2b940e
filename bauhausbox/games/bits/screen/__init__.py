"""Bits's screen (pygame): the game scene and what it draws; the registry imports it on demand."""
