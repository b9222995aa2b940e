"""Blokus (Bernard Tavitian): the four-colour territory game, and its solo puzzles."""
