"""Buizen Wir-War's tools: the benchmarks ``scripts/bench`` prints."""
