"""Loading games from the database: every unfinished game at start-up, a closed one on demand.

Why replay: the action log is the truth and a snapshot only shortens the way to it, so a game
is rebuilt as its last snapshot plus the actions after it, applied through the engine. A game
whose replay fails (an engine bug, a removed game) is kept out of play but keeps its channel
until an admin ends it, so one broken game never stops the bot from starting.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from bot.session_core import ManagerCore, log
from bot.session_record import GAME_COLUMNS, GameRecord, json_memo, seats_from_json, with_status
from bot.session_types import Deadline, GameNotFound, GuildSettings


class LoadingMixin(ManagerCore):
    """Start-up loading and the rebuilding of finished or abandoned games."""

    async def _load(self) -> None:
        store = self._store
        row = await store.fetchone("SELECT COALESCE(MAX(id), 0) FROM games")
        self._next_game = int(row[0]) + 1
        row = await store.fetchone("SELECT COALESCE(MAX(id), 0) FROM deadlines")
        self._next_deadline = int(row[0]) + 1
        for guild_id, role, threads, timeout in await store.fetchall(
            "SELECT guild_id, admin_role_id, use_threads, turn_timeout FROM guild_settings"
        ):
            self._settings[guild_id] = GuildSettings(guild_id, role, bool(threads), timeout)
        rows = await store.fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ('lobby', 'live') ORDER BY id"
        )
        snaps = {
            gid: (seq, text)
            for gid, seq, text in await store.fetchall(
                "SELECT s.game_id, s.seq, s.state FROM snapshots s JOIN games g"
                " ON g.id = s.game_id WHERE g.status = 'live'"
            )
        }
        tails: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
        for gid, seq, seat, code in await store.fetchall(
            "SELECT a.game_id, a.seq, a.seat, a.code FROM games g"
            " JOIN actions a ON a.game_id = g.id LEFT JOIN snapshots s ON s.game_id = g.id"
            " WHERE g.status = 'live' AND a.seq > COALESCE(s.seq, 0) ORDER BY a.game_id, a.seq"
        ):
            tails[gid].append((seq, seat, code))
        for r in rows:
            try:
                g = self._game_from_row(r, snaps.get(r[0]), tails.get(r[0], ()))
            except Exception:
                log.exception(
                    "game %s could not be loaded; it stays in the database untouched", r[0]
                )
                self._unloadable[r[0]] = r
                continue
            self._games[g.id] = g
            self._by_channel[g.channel_id] = g.id
        for did, gid, kind, due, data in await store.fetchall(
            "SELECT id, game_id, kind, due, data FROM deadlines ORDER BY id"
        ):
            deadline = Deadline(did, gid, kind, due, json.loads(data))
            g = self._games.get(gid)
            if kind == "turn" and g is not None:
                g.turn_deadlines[int(deadline.data["seat"])] = did
            self._deadlines.add(deadline)

    def _game_from_row(
        self,
        r: Any,
        snapshot: tuple[int, str] | None,
        tail: Any,
    ) -> GameRecord:
        (
            gid,
            guild,
            channel,
            game,
            host,
            status,
            seats,
            options,
            seed,
            version,
            msgs,
            created,
            why,
        ) = r
        engine = self._engines(game)
        g = GameRecord(
            gid,
            guild,
            channel,
            game,
            host,
            status,
            seats_from_json(seats),
            json_memo(options),
            seed,
            0,
            json_memo(msgs),
            created,
            engine,
            end_reason=why,
        )
        if status == "lobby":
            return g
        if snapshot is not None:
            g.snap_version, text = snapshot
            state = engine.load(text)
        else:
            state = engine.new_game(len(g.seats), dict(g.options), seed)
        at = g.snap_version
        for seq, seat, code in tail:
            if seq != at + 1:
                raise RuntimeError(f"game {gid}: action log jumps from {at} to {seq}")
            state, _ = engine.apply(state, seat, code)
            at = seq
        if at != version:  # the log is the truth; the column is only a convenience
            log.warning("game %s: version column %s disagrees with the log (%s)", gid, version, at)
        g.state, g.version = state, at
        return g

    async def _load_closed(self, game_id: int) -> GameRecord:
        """A finished or abandoned game, rebuilt from the database (not kept in memory): the
        last snapshot plus the later actions; an abandoned lobby has no state."""
        r = await self._store.fetchone(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if r is None:
            raise GameNotFound(f"There is no game #{game_id}.")
        snap = await self._store.fetchone(
            "SELECT seq, state FROM snapshots WHERE game_id = ?", (game_id,)
        )
        if snap is None:  # never started
            g = self._game_from_row(with_status(r, "lobby"), None, ())
            g.status = r[5]
            return g
        tail = await self._store.fetchall(
            "SELECT seq, seat, code FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, snap[0]),
        )
        g = self._game_from_row(with_status(r, "live"), snap, tail)
        g.status = r[5]
        return g
