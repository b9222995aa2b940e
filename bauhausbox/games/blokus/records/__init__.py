"""Blokus's own files on disk: games as Pentobi files (.blksgf), exported and opened."""
