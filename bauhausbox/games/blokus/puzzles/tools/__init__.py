"""The Blokus puzzles' tools: the benchmarks and the ``bauhausbox puzzle`` command."""
