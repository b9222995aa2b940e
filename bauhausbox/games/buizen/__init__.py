"""Buizen Wir-War: the pipe-laying tile game with secret materials (``docs/rules/buizen.md``)."""
