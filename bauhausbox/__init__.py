"""bauhausbox: four abstract board games and the Blokus solo puzzles for one computer."""

__version__ = "0.1.0"
