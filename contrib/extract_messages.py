"""Write the catalogs' templates and bring every language's catalog up to date with them.

Two kinds of catalog (README "Languages"):

* the shell's, ``bot/i18n/locales/tidewater.pot``: the marked strings of ``bot/`` except the
  games' own renderers, of the engines' shared modules (``games/*.py``, whose markers use the
  ``tidewater`` domain), and every string of the slash commands, each under its msgctxt;
* each game's, ``games/<game>/locales/<game>.pot``: the marked strings of ``games/<game>/``,
  ``bot/render/<game>.py`` and ``bot/render/images/<game>.py`` (a game brings its own words).

Marked strings are the arguments of the Babel keywords below, found as ``pybabel extract``
would. Why not ``pybabel extract`` alone: the commands' names and descriptions are plain
arguments of discord.py's decorators, so the commands are built (every cog loaded on a
throwaway database, nothing sent to Discord) and discord.py's own walk over them records each
string.

    python contrib/extract_messages.py                 # templates only
    python contrib/extract_messages.py --update        # and each language's .po (pybabel update)
    python contrib/extract_messages.py --update --domain rowboat   # one catalog only
"""

from __future__ import annotations

import asyncio
import io
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.client import COGS, TidewaterBot  # noqa: E402
from bot.i18n import DOMAIN, LANGUAGES, LOCALES  # noqa: E402
from bot.i18n.commands import tree_strings  # noqa: E402
from bot.sessions import SessionManager  # noqa: E402
from bot.settings import parse_settings  # noqa: E402

#: the API's functions as Babel keywords: ``text(locale, msgid)``, ``plural(locale, s, p, n)``,
#: ``_(msgid)`` and ``_n(s, p, n)`` (``bot.i18n.texts``), and the engines' markers ``msg(msgid)``
#: and ``msg_n(s, p, n)`` (``games.text.messages``)
KEYWORDS = {
    "text": (2,),
    "plural": (2, 3),
    "_": (1,),
    "_n": (1, 2),
    "msg": (1,),
    "msg_n": (1, 2),
}
#: the games whose words are shipped (the test-only games of tests/fixtures are not)
GAMES_DIR = ROOT / "games"


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


def shipped_games() -> list[str]:
    """The game packages under ``games/`` (each a domain of its own)."""
    return sorted(
        p.name
        for p in GAMES_DIR.iterdir()
        if (p / "__init__.py").exists() and p.name != "__pycache__"
    )


def game_files(game: str) -> list[Path]:
    """The source files whose marked strings are ``game``'s."""
    files = sorted((GAMES_DIR / game).rglob("*.py"))
    for extra in (
        ROOT / "bot" / "render" / f"{game}.py",
        ROOT / "bot" / "render" / "images" / f"{game}.py",
    ):
        if extra.exists():
            files.append(extra)
    return files


def _add_file(catalog: Catalog, path: Path) -> None:
    with path.open("rb") as f:
        for line, message, _comments, context in extract("python", f, keywords=KEYWORDS):
            catalog.add(message, locations=[(str(path.relative_to(ROOT)), line)], context=context)


def template() -> Catalog:
    """The shell's template: ``bot/`` minus the games' renderers, and the commands."""
    games = set(shipped_games())
    catalog = Catalog(project="Tidewater", domain=DOMAIN, fuzzy=False)
    for path in [*sorted((ROOT / "bot").rglob("*.py")), *sorted(GAMES_DIR.glob("*.py"))]:
        if path.parent.name in {"render", "images"} and path.stem in games:
            continue
        _add_file(catalog, path)
    for context, message in asyncio.run(command_strings()):
        catalog.add(message, context=context)
    return catalog


def game_template(game: str) -> Catalog:
    catalog = Catalog(project="Tidewater", domain=game, fuzzy=False)
    for path in game_files(game):
        _add_file(catalog, path)
    return catalog


def locales_dir(domain: str) -> Path:
    return LOCALES if domain == DOMAIN else GAMES_DIR / domain / "locales"


def _save(path: Path, catalog: Catalog, **options: Any) -> bool:
    """Write ``catalog`` unless only its creation date would change (so that two branches that
    each update one game's words do not both touch every file); True when written."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, omit_header=False, sort_output=True, width=100, **options)
    new = buffer.getvalue()
    if path.exists() and _undated(path.read_bytes()) == _undated(new):
        return False
    path.write_bytes(new)
    return True


def _undated(content: bytes) -> bytes:
    return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*"', b"", content)


def write(domain: str, catalog: Catalog, update: bool) -> None:
    directory = locales_dir(domain)
    directory.mkdir(parents=True, exist_ok=True)
    out = directory / f"{domain}.pot"
    changed = _save(out, catalog)
    print(f"{'wrote' if changed else 'kept'} {out.relative_to(ROOT)} ({len(catalog)} messages)")
    if not update:
        return
    for language in LANGUAGES:
        po_path = directory / language / "LC_MESSAGES" / f"{domain}.po"
        if po_path.exists():
            with po_path.open("rb") as f:
                po = read_po(f, locale=language, domain=domain)
        else:
            po_path.parent.mkdir(parents=True, exist_ok=True)
            po = Catalog(locale=language, domain=domain, project="Tidewater", fuzzy=False)
        po.update(catalog, no_fuzzy_matching=True)
        po.obsolete.clear()
        _save(po_path, po, include_previous=False)
        todo = sum(
            1
            for m in po
            if m.id and (not m.string or (isinstance(m.string, tuple) and not all(m.string)))
        )
        print(f"  {po_path.relative_to(ROOT)}: {todo} to translate")


def main() -> None:
    """``--update``: the languages' catalogs too; ``--domain NAME``: that catalog only."""
    args = sys.argv[1:]
    update = "--update" in args
    only = args[args.index("--domain") + 1] if "--domain" in args else None
    if only in (None, DOMAIN):
        write(DOMAIN, template(), update)
    for game in shipped_games():
        if only in (None, game):
            write(game, game_template(game), update)


if __name__ == "__main__":
    main()
