"""Blokus's tools: the benchmarks ``scripts/bench`` prints."""
