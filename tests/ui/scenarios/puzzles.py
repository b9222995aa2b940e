"""The key states of puzzles's screen for the layout test and the screenshots."""

from __future__ import annotations
