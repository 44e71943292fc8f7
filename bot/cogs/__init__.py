"""Slash commands, one cog a file (CONTRACT §2 names)."""

from __future__ import annotations

from discord import app_commands

from games import registry


def game_choices() -> list[app_commands.Choice[str]]:
    """The built games, in the product's order (read from the registry, never hard-coded)."""
    return [app_commands.Choice(name=registry.get(n).title, value=n) for n in registry.names()]
