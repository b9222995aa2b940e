"""Bits's own files on disk: the solo bests, kept through ``bauhausbox.persistence``."""
