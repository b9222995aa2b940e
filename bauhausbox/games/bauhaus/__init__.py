"""Bauhaus: walls on edges close zones; fill a closed zone with your colour alone to own it."""
