"""The Blokus solo puzzles (the game ``blokus-puzzles``): catalogue, rules, hints, sentences; screens in ``screen/``."""
