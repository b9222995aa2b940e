"""Computer players: the bot interface, a random bot, generic search and the threaded runner."""

from bauhausbox.engine.bots.base import Bot, Budget, RandomBot

__all__ = ["Bot", "Budget", "RandomBot"]
