"""Everything read from or written to disk: settings, saved games, statistics (pydantic models),
their platformdirs locations, and atomic writes. Never pickle: files are JSON a person can read."""
