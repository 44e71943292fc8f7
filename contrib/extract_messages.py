"""Write the catalogs' template, bot/i18n/locales/tidewater.pot: the code's marked strings
(``CATALOGS.text(locale, "…")`` and ``CATALOGS.plural(locale, "…", "…", n)``, found by Babel as
``pybabel extract`` would) and every string of the slash commands, each under its msgctxt.

Why not ``pybabel extract`` alone: the commands' names and descriptions are plain arguments of
discord.py's decorators, so the commands are built (every cog loaded on a throwaway database,
nothing sent to Discord) and discord.py's own walk over them records each string.

    python contrib/extract_messages.py
    pybabel update -i bot/i18n/locales/tidewater.pot -d bot/i18n/locales -D tidewater -w 100
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.client import COGS, TidewaterBot  # noqa: E402
from bot.i18n import DOMAIN, LOCALES  # noqa: E402
from bot.i18n.commands import tree_strings  # noqa: E402
from bot.sessions import SessionManager  # noqa: E402
from bot.settings import parse_settings  # noqa: E402

#: the API's functions as Babel keywords: ``text(locale, msgid)``, ``plural(locale, s, p, n)``,
#: and ``_(msgid)`` for a function's local shorthand bound to one locale
KEYWORDS = {"text": (2,), "plural": (2, 3), "_": (1,)}


async def command_strings() -> list[tuple[str, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "extract.sqlite3"
        settings = parse_settings({"storage": {"path": str(db)}}, env={})
        manager = await SessionManager.open(db)
        bot = TidewaterBot(settings, manager=manager)
        try:
            for name in COGS:
                await bot.load_extension(name)
            return await tree_strings(bot.tree)
        finally:
            await manager.close()


def template() -> Catalog:
    catalog = Catalog(project="Tidewater", domain=DOMAIN, fuzzy=False)
    for path, line, message, _comments, context in extract_from_dir(
        str(ROOT / "bot"), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        catalog.add(message, locations=[(f"bot/{path}", line)], context=context)
    for context, message in asyncio.run(command_strings()):
        catalog.add(message, context=context)
    return catalog


def main() -> None:
    out = LOCALES / f"{DOMAIN}.pot"
    with out.open("wb") as f:
        write_po(f, template(), omit_header=False, sort_output=True, width=100)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
