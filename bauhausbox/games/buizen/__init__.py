"""Buizen Wir-War: the pipe-laying tile game with secret materials (rules page: shared/rules/buizen.md)."""
