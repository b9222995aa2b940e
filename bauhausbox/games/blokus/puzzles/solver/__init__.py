"""The Blokus puzzle solver: exact search over the frames and the full board, hints, thinking ahead."""
