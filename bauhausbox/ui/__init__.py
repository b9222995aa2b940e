"""The pygame side: app window and scene stack, theme, widgets, drawing helpers, sound, animation.

Nothing in ``engine/`` or ``games/*/rules.py`` may import from here.
"""
