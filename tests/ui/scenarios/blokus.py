"""The key states of blokus's screen for the layout test and the screenshots."""

from __future__ import annotations
