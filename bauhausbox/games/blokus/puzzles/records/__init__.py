"""The Blokus puzzles' own files on disk: best times and completions, through ``bauhausbox.persistence``."""
