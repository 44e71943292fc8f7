"""Numbered schema migrations for the game store.

Why a Python module rather than ``.sql`` files: the SQL then ships with the package whatever
way it is installed (no package-data configuration), and the list order is the version order.

Rules that keep upgrades safe:

* A migration is never edited once released; a change is a new migration appended here.
* ``schema_version`` holds one row, the number of migrations applied. Each migration and the
  version bump run in one transaction, so a crash mid-upgrade leaves the previous version.
* Re-opening an up-to-date file runs nothing; a file newer than this code is refused rather
  than guessed at.

Tables (see ``bot/store/sqlite.py`` for how they are written):

* ``games``: one row per lobby or game; seats/options/messages as JSON. ``version`` is the
  count of actions in the log; from version 4 a trigger on ``actions`` keeps it, so the two
  cannot disagree and the writer needs one statement less per move.
* ``actions``: the append-only action log keyed ``(game_id, seq)``, ``seq`` = the version the
  action produced (1, 2, ...). The log is the truth: any game can be replayed or exported.
* ``snapshots``: the latest ``engine.dump`` per game and the ``seq`` it was taken at; only
  makes loading fast (state = snapshot + later actions replayed).
* ``guild_settings``, ``deadlines`` (timers that must survive restarts), ``results``
  (per-player standings of finished games).
"""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1: lobbies/games, the action log, snapshots
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        guild_id    INTEGER NOT NULL,
        channel_id  INTEGER NOT NULL,
        game        TEXT    NOT NULL,
        host_id     INTEGER NOT NULL,
        status      TEXT    NOT NULL CHECK (status IN ('lobby', 'live', 'finished', 'abandoned')),
        seats       TEXT    NOT NULL,
        options     TEXT    NOT NULL,
        seed        INTEGER NOT NULL,
        version     INTEGER NOT NULL DEFAULT 0,
        messages    TEXT    NOT NULL DEFAULT '{}',
        created     REAL    NOT NULL,
        updated     REAL    NOT NULL
    );
    CREATE INDEX games_status ON games (status);
    CREATE TABLE actions (
        game_id INTEGER NOT NULL,
        seq     INTEGER NOT NULL,
        seat    INTEGER NOT NULL,
        code    TEXT    NOT NULL,
        cause   TEXT    NOT NULL,
        at      REAL    NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    CREATE TABLE snapshots (
        game_id INTEGER PRIMARY KEY,
        seq     INTEGER NOT NULL,
        state   TEXT    NOT NULL
    );
    """,
    # 2: per-server settings and durable deadlines
    """
    CREATE TABLE guild_settings (
        guild_id      INTEGER PRIMARY KEY,
        admin_role_id INTEGER,
        use_threads   INTEGER NOT NULL DEFAULT 0,
        turn_timeout  INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE deadlines (
        id      INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL,
        kind    TEXT    NOT NULL,
        due     REAL    NOT NULL,
        data    TEXT    NOT NULL DEFAULT '{}'
    );
    CREATE INDEX deadlines_game ON deadlines (game_id);
    """,
    # 3: results of finished games, why a game ended, one unfinished game per channel
    """
    CREATE TABLE results (
        game_id INTEGER NOT NULL,
        seat    INTEGER NOT NULL,
        user_id INTEGER,
        name    TEXT    NOT NULL,
        score   INTEGER NOT NULL,
        winner  INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX results_user ON results (user_id);
    ALTER TABLE games ADD COLUMN end_reason TEXT;
    CREATE UNIQUE INDEX games_open_channel ON games (channel_id)
        WHERE status IN ('lobby', 'live');
    """,
    # 4: the log moves the version column itself
    """
    CREATE TRIGGER actions_version AFTER INSERT ON actions BEGIN
        UPDATE games SET version = NEW.seq, updated = NEW.at
        WHERE id = NEW.game_id AND version < NEW.seq;
    END;
    UPDATE games SET version = (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = games.id);
    """,
    # 5: which process owns which shard (a lease renewed while the process lives, so two
    # processes never drive the same games and a crashed owner's shards can be taken over)
    """
    CREATE TABLE shard_leases (
        shard_id INTEGER PRIMARY KEY,
        owner    TEXT    NOT NULL,
        expires  REAL    NOT NULL
    );
    """,
    # 6: standings per server, game and player (issue 17): games and wins of every finished
    # game a person played, and the skill rating of the rated ones (openskill Plackett-Luce:
    # mu, sigma, and the conservative ``skill`` = mu - 3 sigma the leaderboard sorts by)
    """
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game     TEXT    NOT NULL,
        user_id  INTEGER NOT NULL,
        name     TEXT    NOT NULL,
        games    INTEGER NOT NULL,
        wins     INTEGER NOT NULL,
        rated    INTEGER NOT NULL,
        mu       REAL NOT NULL,
        sigma    REAL NOT NULL,
        skill    REAL NOT NULL,
        updated  REAL NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    );
    CREATE INDEX ratings_board ON ratings (guild_id, game, skill DESC);
    CREATE INDEX ratings_user ON ratings (guild_id, user_id);
    CREATE INDEX games_finished ON games (guild_id, status, updated);
    """,
    # 7: a server's own choice of card pictures (issue 16); NULL follows the bot's config
    """
    ALTER TABLE guild_settings ADD COLUMN pictures INTEGER;
    """,
    # 8: a table's own turn clock, chosen by its host (issue 17): seconds per move, 0 for no
    # clock, NULL follows the server's turn timeout
    """
    ALTER TABLE games ADD COLUMN pace INTEGER;
    """,
    # 9: the bot's own small records by name (issue 39): the hash of the slash-command tree
    # last synced, so a start syncs only when the commands changed
    """
    CREATE TABLE bot_records (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 10: leases know the shard count and carry an epoch (issue 38). ``shard_count``: a process
    # configured for another count is refused while a lease of this count is live (0: written
    # before this migration, unknown). ``epoch``: the fencing token, raised each time another
    # owner takes the shard, which every write transaction checks
    """
    ALTER TABLE shard_leases ADD COLUMN shard_count INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE shard_leases ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;
    """,
    # 11: a game's AI secret (issue 43): the key its AI move seeds are derived from, drawn at
    # random when the game is created, so that no seed can be traced back to the deal's seed.
    # NULL in games created before this migration: the bot gives them one when it loads them.
    # Written once: the upsert keeps the first value (see bot/store/sqlite.py)
    """
    ALTER TABLE games ADD COLUMN ai_secret TEXT;
    """,
    # 12: hints at a table (issue 37). ``hints``: the host allows the 💡 Hint button (1) or not
    # (0; NULL in older games, also off). ``hinted``: someone asked for a hint, so the game is
    # not rated; written before the hint is shown, so a restart cannot forget it
    """
    ALTER TABLE games ADD COLUMN hints INTEGER;
    ALTER TABLE games ADD COLUMN hinted INTEGER;
    """,
    # 13: a practice table (``/learn``, issue 37): the learner alone against AI seats. 1 keeps
    # the game out of ratings and standings; 0 for every game before it
    """
    ALTER TABLE games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
    """,
    # 14: turn alerts (issue 37): a person's choice of a DM when it becomes their turn at a slow
    # table. ``enabled``: they ran /notify to turn alerts on; ``dms_closed``: Discord refused a
    # DM to them (50007), so nothing is sent until they run /notify again. One row per person,
    # for every server (a DM is not a server's)
    """
    CREATE TABLE turn_alerts (
        user_id    INTEGER PRIMARY KEY,
        enabled    INTEGER NOT NULL,
        dms_closed INTEGER NOT NULL DEFAULT 0,
        updated    REAL    NOT NULL
    );
    """,
    # 15: a server's language for what the channel sees (issue 41): a catalog name (``de``,
    # ``pt_BR``; ``en`` for English chosen on purpose); NULL follows the server's Discord language
    """
    ALTER TABLE guild_settings ADD COLUMN language TEXT;
    """,
)

LATEST = len(MIGRATIONS)
