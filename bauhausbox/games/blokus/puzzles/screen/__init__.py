"""The Blokus puzzles' screens (pygame): the puzzle menu with its records and the puzzle scene."""
