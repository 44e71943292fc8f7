"""``python -m bot [--config FILE]``: load settings, open the store, run the bot until a signal.

Exit codes, each with one line on stderr (README, "Running several processes"): 0 a clean stop;
1 a storage (or network) error; 2 anything the self-hoster must fix or a refusal (missing or
malformed token, bad config, a token Discord refuses, a shard another process holds, another
shard count in the database); 3 this process lost its shard lease to another process, so a
supervisor that restarts on failure restarts it. SIGTERM/SIGINT close the bot gracefully, which
lets the session manager finish its in-flight saves, then give its leases up at once.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import aiohttp
import discord
import discord.http

from bot import __version__
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
    parser.add_argument(
        "--wait-for-lease",
        action="store_true",
        help="wait for this process's shards while another process holds them, instead of "
        "exiting 2 (start the new process of a rolling restart this way, then stop the old)",
    )
    sub = parser.add_subparsers(dest="command")
    copy = sub.add_parser(
        "migrate-db",
        help="copy the SQLite database ([storage] path) into an empty PostgreSQL database",
    )
    copy.add_argument("--to", required=True, metavar="URL", help="postgresql://... target")
    copy.add_argument("--config", metavar="FILE", default=None, dest="sub_config")
    copy.add_argument(
        "--force",
        action="store_true",
        help="copy even while a running bot holds the SQLite database (its later moves are lost)",
    )
    backup = sub.add_parser(
        "backup",
        help="copy the SQLite database ([storage] path) to FILE, safely while the bot runs",
    )
    backup.add_argument("file", metavar="FILE", help="where the copy goes (replaced if present)")
    backup.add_argument("--config", metavar="FILE", default=None, dest="sub_config")
    sync = sub.add_parser(
        "sync-commands",
        help="send the slash commands to Discord now, changed or not, and exit",
    )
    sync.add_argument("--config", metavar="FILE", default=None, dest="sub_config")
    return parser.parse_args(argv)


def backup(settings: Settings, target: str) -> int:
    """``python -m bot backup FILE``: a consistent copy of the SQLite database (exit 0), or one
    line saying why not (exit 2; 1 when the database cannot be read). PostgreSQL has its own
    tool for this, which also copies what this process cannot see (roles, other schemas)."""
    import sqlite3

    from bot.store.backup import backup_sqlite

    if settings.storage.url:
        print(
            "tidewater: the database is PostgreSQL: back it up with pg_dump "
            "(see Backups in the README)",
            file=sys.stderr,
        )
        return 2
    source = existing_sqlite(settings)
    if source is None:
        return 2
    try:
        copy = backup_sqlite(source, target)
    except (OSError, sqlite3.Error) as exc:
        print(f"tidewater: cannot back up {source} to {target} ({exc})", file=sys.stderr)
        return 1
    print(f"backed up {source} to {copy}")
    return 0


def existing_sqlite(settings: Settings) -> Path | None:
    """The SQLite file of ``[storage] path`` that ``backup`` and ``migrate-db`` read, or None
    after saying on stderr that there is none (both then exit 2)."""
    source = Path(settings.storage.path)
    if not source.is_file():
        print(f"tidewater: no SQLite database at {source}", file=sys.stderr)
        return None
    return source


def migrate_db(settings: Settings, url: str, *, force: bool = False) -> int:
    """``python -m bot migrate-db --to URL``: copy, then say what moved (exit 0), or one line
    saying why not: exit 2 for what the operator must change first (not a PostgreSQL URL, no
    database, a target that holds games, a source a running bot still writes), exit 1 when
    PostgreSQL refuses or cannot be reached (wrong host or port, unknown database or role, a
    bad password, a malformed URL). The line never repeats the URL: it may hold a password."""
    import asyncpg

    from bot.store import is_postgres
    from bot.store.copy import SourceInUse, TargetNotEmpty, copy_sqlite_to_postgres

    if not is_postgres(url):
        print("tidewater: --to must be a postgresql:// URL", file=sys.stderr)
        return 2
    source = existing_sqlite(settings)
    if source is None:
        return 2
    try:
        copied = asyncio.run(copy_sqlite_to_postgres(source, url, force=force))
    except (TargetNotEmpty, SourceInUse) as exc:
        print(f"tidewater: {exc}", file=sys.stderr)
        return 2
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        print(f"tidewater: cannot copy into PostgreSQL ({_one_line(exc)})", file=sys.stderr)
        return 1
    except ValueError as exc:  # what asyncpg says of a URL it cannot parse
        print(f"tidewater: --to is not a usable PostgreSQL URL ({exc})", file=sys.stderr)
        return 1
    moved = ", ".join(f"{n} {table}" for table, n in copied.rows.items())
    print(f"copied {source} into PostgreSQL: {moved}")
    print("set [storage] url (or DATABASE_URL) to that URL to run on PostgreSQL")
    return 0


def _one_line(exc: BaseException) -> str:
    """An error's message on one line (PostgreSQL's may carry a DETAIL or HINT line)."""
    return " ".join(str(exc).split()) or type(exc).__name__


def setup_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        stream=sys.stderr,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    logging.getLogger("discord.http").setLevel(max(logging.WARNING, logging.root.level))


async def open_manager(
    settings: Settings,
    on_lease_lost: Callable[[Sequence[int]], None],
    *,
    wait_for_lease: bool = False,
) -> Any:
    """The session manager as the settings describe it: the store opened, its games loaded
    and resumed, this process's shards leased (waited for, with ``wait_for_lease``)."""
    from bot.sessions import SessionManager
    from bot.sessions.ai import AiConfig
    from bot.sessions.shards import ShardPlan

    t, d = settings.tables, settings.discord
    ai = AiConfig(
        default_level=t.ai_level,
        think_seconds=settings.ai.think_seconds,
        processes=settings.ai.processes,
        away_after=t.away_after,
        ai_seconds=t.ai_seconds,
    )
    plan = ShardPlan(d.shard_count, tuple(d.shard_ids)) if d.shard_ids and d.shard_count else None
    return await SessionManager.open(
        settings.storage.target,
        ai=ai,
        shards=plan,
        lease_seconds=settings.storage.lease_seconds,
        on_lease_lost=on_lease_lost,
        wait_for_lease=wait_for_lease,
        lobby_idle=t.lobby_idle_minutes * 60,
        game_idle=t.game_idle_days * 86400,
    )


async def run(
    settings: Settings, token: str, *, sync_only: bool = False, wait_for_lease: bool = False
) -> None:
    """Open the manager, build the bot around it, run until the gateway closes, a signal
    arrives or another process takes our shards; always close the bot (which closes the
    manager after its last write).

    Why the manager first (as discord.py's ``advanced_startup`` example opens its database
    pool before the bot): every part of the bot is then handed the open manager when it is
    built, and none has to wait for ``setup_hook`` to complete it.

    ``sync_only`` (``python -m bot sync-commands``): log in, which runs ``setup_hook`` and so
    syncs the commands (forced, changed or not), and close without joining the gateway.

    Raises :class:`LeaseLost` after the bot has closed when it stopped because another
    process took its shards (exit code 3, not a clean stop)."""
    from prometheus_client import CollectorRegistry

    from bot.client import TidewaterBot
    from bot.monitor import Monitor, RequestMetrics
    from bot.store import LATEST, LeaseLost, describe

    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []
    bots: list[TidewaterBot] = []
    lost: list[int] = []

    def stop() -> None:
        if not closing and bots:
            closing.append(loop.create_task(bots[0].close()))

    def lease_lost(shards: Sequence[int]) -> None:
        """Another process took our shards (we stalled past the lease): stop at once rather
        than drive games someone else now drives; the process manager restarts us."""
        log.critical("shutting down: shard(s) %s are now served by another process", list(shards))
        lost.extend(shards)
        stop()

    manager = await open_manager(settings, lease_lost, wait_for_lease=wait_for_lease)
    log.info(
        "Tidewater %s (database schema %d): opened the %s",
        __version__,
        LATEST,
        describe(settings.storage.target),
    )
    # health and metrics only when asked for: without them nothing is traced or counted
    registry = CollectorRegistry()
    requests = RequestMetrics(registry, time.monotonic) if settings.metrics.listen else None
    try:
        bot = TidewaterBot(
            settings,
            manager=manager,
            force_sync=sync_only,
        )
    except BaseException:
        await manager.close()
        raise
    bots.append(bot)
    monitor = (
        None
        if requests is None
        else Monitor(bot, manager, bot.publisher, bot.tables.pictures, requests, registry)
    )

    def on_signal() -> None:
        log.info("signal received: closing")
        stop()

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # non-POSIX loops
            loop.add_signal_handler(sig, on_signal)
    try:
        if sync_only:
            await bot.login(token)
        else:
            # ``bot.start`` is these two steps: the HTTP session exists once logged in, and is
            # watched before the gateway can deliver the first interaction
            await bot.login(token)
            if monitor is not None and requests is not None:
                requests.watch(bot.http._HTTPClient__session)  # type: ignore[attr-defined]
                await monitor.start(settings.metrics.listen)
            await bot.connect()
    finally:
        if monitor is not None:
            await monitor.close()
        if closing:
            await asyncio.gather(*closing, return_exceptions=True)
        if not bot.is_closed():
            await bot.close()
    if lost:
        raise LeaseLost(
            f"shard(s) {', '.join(map(str, sorted(set(lost))))} are now served by another "
            "process: stopped"
        )


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        settings = load_settings(getattr(args, "sub_config", None) or args.config)
        if args.command == "migrate-db":
            return migrate_db(settings, args.to, force=args.force)
        if args.command == "backup":
            return backup(settings, args.file)
        token = check_token(settings)
    except ConfigError as exc:
        print(f"tidewater: {exc}", file=sys.stderr)
        return 2
    setup_logging(settings.logging.level)
    if settings.discord.rest_base_url:
        discord.http.Route.BASE = settings.discord.rest_base_url.rstrip("/")
    from bot.sessions.shards import ShardOwned
    from bot.store import LeaseLost, SchemaTooNew, StoreUnavailable

    try:
        if args.command == "sync-commands":
            asyncio.run(run(settings, token, sync_only=True))
        else:
            asyncio.run(run(settings, token, wait_for_lease=args.wait_for_lease))
    except (ShardOwned, SchemaTooNew) as exc:
        print(f"tidewater: {exc}", file=sys.stderr)
        return 2
    except LeaseLost as exc:
        print(f"tidewater: {exc}", file=sys.stderr)
        return 3
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
