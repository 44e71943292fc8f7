"""``python -m bot [--config FILE]``: load settings, open the store, run the bot until a signal.

Exit code 2 with one line on stderr for anything the self-hoster must fix (missing or malformed
token, bad config, a token Discord refuses); SIGTERM/SIGINT close the bot gracefully, which lets
the session manager finish its in-flight saves before the process ends.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

import aiohttp
import discord
import discord.http

from bot.settings import ConfigError, Settings, check_token, load_settings

log = logging.getLogger("bot")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Tidewater bot.")
    parser.add_argument(
        "--config",
        metavar="FILE",
        default=None,
        help="TOML config file (default: config.toml in the working directory, if present)",
    )
    sub = parser.add_subparsers(dest="command")
    copy = sub.add_parser(
        "migrate-db",
        help="copy the SQLite database ([storage] path) into an empty PostgreSQL database",
    )
    copy.add_argument("--to", required=True, metavar="URL", help="postgresql://... target")
    copy.add_argument("--config", metavar="FILE", default=None, dest="sub_config")
    return parser.parse_args(argv)


def migrate_db(settings: Settings, url: str) -> int:
    """``python -m bot migrate-db --to URL``: copy, then say what moved (exit 0), or one line
    saying why not (exit 2)."""
    from bot.store import is_postgres
    from bot.store.copy import TargetNotEmpty, copy_sqlite_to_postgres

    if not is_postgres(url):
        print("tidewater: --to must be a postgresql:// URL", file=sys.stderr)
        return 2
    source = Path(settings.storage.path)
    if not source.exists():
        print(f"tidewater: no SQLite database at {source}", file=sys.stderr)
        return 2
    try:
        copied = asyncio.run(copy_sqlite_to_postgres(source, url))
    except TargetNotEmpty as exc:
        print(f"tidewater: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"tidewater: cannot reach PostgreSQL ({exc})", file=sys.stderr)
        return 1
    moved = ", ".join(f"{n} {table}" for table, n in copied.rows.items())
    print(f"copied {source} into PostgreSQL: {moved}")
    print("set [storage] url (or DATABASE_URL) to that URL to run on PostgreSQL")
    return 0


def setup_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        stream=sys.stderr,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    logging.getLogger("discord.http").setLevel(max(logging.WARNING, logging.root.level))


async def run(settings: Settings, token: str) -> None:
    """Run until the gateway closes or a signal arrives; always close the bot."""
    from bot.client import TidewaterBot

    bot = TidewaterBot(settings)
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []

    def stop() -> None:
        if not closing:
            log.info("signal received: closing")
            closing.append(loop.create_task(bot.close()))

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # non-POSIX loops
            loop.add_signal_handler(sig, stop)
    try:
        await bot.start(token)
    finally:
        if closing:
            await asyncio.gather(*closing, return_exceptions=True)
        if not bot.is_closed():
            await bot.close()


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        settings = load_settings(getattr(args, "sub_config", None) or args.config)
        if args.command == "migrate-db":
            return migrate_db(settings, args.to)
        token = check_token(settings)
    except ConfigError as exc:
        print(f"tidewater: {exc}", file=sys.stderr)
        return 2
    setup_logging(settings.logging.level)
    if settings.discord.rest_base_url:
        discord.http.Route.BASE = settings.discord.rest_base_url.rstrip("/")
    from bot.sessions.shards import ShardOwned
    from bot.store import SchemaTooNew, StoreUnavailable

    try:
        asyncio.run(run(settings, token))
    except (ShardOwned, SchemaTooNew) as exc:
        print(f"tidewater: {exc}", file=sys.stderr)
        return 2
    except StoreUnavailable as exc:
        print(f"tidewater: {exc}", file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print("tidewater: Discord refused the token: check DISCORD_TOKEN", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("tidewater: the bot asked for an intent it is not allowed", file=sys.stderr)
        return 2
    except (OSError, aiohttp.ClientError) as exc:
        print(f"tidewater: cannot reach Discord ({exc})", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # pragma: no cover - signal handler normally wins
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
