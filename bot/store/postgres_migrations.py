"""The numbered schema migrations in PostgreSQL's dialect.

Why a second list: the schema is the same, numbered the same (``schema_version`` means the same
thing on both backends, and ``python -m bot migrate-db`` copies one into the other), but the
dialects differ: Discord ids need ``BIGINT`` (PostgreSQL's ``INTEGER`` is 32-bit), ``REAL`` is
``DOUBLE PRECISION``, and the trigger that keeps ``games.version`` is a PL/pgSQL function.
``tests/bot/store/test_postgres.py`` checks that both lists build the same tables and columns.
The rules of :mod:`bot.store.migrations` apply: never edit a released migration, append.
"""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1: lobbies/games, the action log, snapshots
    """
    CREATE TABLE games (
        id          BIGINT PRIMARY KEY,
        guild_id    BIGINT NOT NULL,
        channel_id  BIGINT NOT NULL,
        game        TEXT   NOT NULL,
        host_id     BIGINT NOT NULL,
        status      TEXT   NOT NULL CHECK (status IN ('lobby', 'live', 'finished', 'abandoned')),
        seats       TEXT   NOT NULL,
        options     TEXT   NOT NULL,
        seed        BIGINT NOT NULL,
        version     BIGINT NOT NULL DEFAULT 0,
        messages    TEXT   NOT NULL DEFAULT '{}',
        created     DOUBLE PRECISION NOT NULL,
        updated     DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX games_status ON games (status);
    CREATE TABLE actions (
        game_id BIGINT NOT NULL,
        seq     BIGINT NOT NULL,
        seat    INTEGER NOT NULL,
        code    TEXT   NOT NULL,
        cause   TEXT   NOT NULL,
        at      DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE snapshots (
        game_id BIGINT PRIMARY KEY,
        seq     BIGINT NOT NULL,
        state   TEXT   NOT NULL
    );
    """,
    # 2: per-server settings and durable deadlines
    """
    CREATE TABLE guild_settings (
        guild_id      BIGINT PRIMARY KEY,
        admin_role_id BIGINT,
        use_threads   INTEGER NOT NULL DEFAULT 0,
        turn_timeout  INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE deadlines (
        id      BIGINT PRIMARY KEY,
        game_id BIGINT NOT NULL,
        kind    TEXT   NOT NULL,
        due     DOUBLE PRECISION NOT NULL,
        data    TEXT   NOT NULL DEFAULT '{}'
    );
    CREATE INDEX deadlines_game ON deadlines (game_id);
    """,
    # 3: results of finished games, why a game ended, one unfinished game per channel
    """
    CREATE TABLE results (
        game_id BIGINT  NOT NULL,
        seat    INTEGER NOT NULL,
        user_id BIGINT,
        name    TEXT    NOT NULL,
        score   BIGINT  NOT NULL,
        winner  INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX results_user ON results (user_id);
    ALTER TABLE games ADD COLUMN end_reason TEXT;
    CREATE UNIQUE INDEX games_open_channel ON games (channel_id)
        WHERE status IN ('lobby', 'live');
    """,
    # 4: ``games.version`` follows the log. SQLite keeps it with a trigger; here the writer
    # moves it in the same transaction as the actions, with one UPDATE per transaction
    # (a PL/pgSQL trigger cost ~60 ms per 500 actions, ten times the inserts themselves)
    """
    UPDATE games SET version = (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = games.id);
    """,
    # 5: which process owns which shard (see bot/store/migrations.py)
    """
    CREATE TABLE shard_leases (
        shard_id INTEGER PRIMARY KEY,
        owner    TEXT    NOT NULL,
        expires  DOUBLE PRECISION NOT NULL
    );
    """,
    # 6: standings per server, game and player (issue 17): games and wins of every finished
    # game a person played, and the skill rating of the rated ones (openskill Plackett-Luce:
    # mu, sigma, and the conservative ``skill`` = mu - 3 sigma the leaderboard sorts by)
    """
    CREATE TABLE ratings (
        guild_id BIGINT NOT NULL,
        game     TEXT    NOT NULL,
        user_id  BIGINT NOT NULL,
        name     TEXT    NOT NULL,
        games    INTEGER NOT NULL,
        wins     INTEGER NOT NULL,
        rated    INTEGER NOT NULL,
        mu       DOUBLE PRECISION NOT NULL,
        sigma    DOUBLE PRECISION NOT NULL,
        skill    DOUBLE PRECISION NOT NULL,
        updated  DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    );
    CREATE INDEX ratings_board ON ratings (guild_id, game, skill DESC);
    CREATE INDEX ratings_user ON ratings (guild_id, user_id);
    CREATE INDEX games_finished ON games (guild_id, status, updated);
    """,
    # 7: a server's own choice of card pictures (issue 16); NULL follows the bot's config
    """
    ALTER TABLE guild_settings ADD COLUMN pictures INT4;
    """,
    # 8: a table's own turn clock (see bot/store/migrations.py)
    """
    ALTER TABLE games ADD COLUMN pace INT4;
    """,
    # 9: the bot's own small records by name (see bot/store/migrations.py)
    """
    CREATE TABLE bot_records (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 10: leases know the shard count and carry an epoch (see bot/store/migrations.py)
    """
    ALTER TABLE shard_leases ADD COLUMN shard_count INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE shard_leases ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
    """,
    # 11: a game's AI secret (see bot/store/migrations.py)
    """
    ALTER TABLE games ADD COLUMN ai_secret TEXT;
    """,
    # 12: hints at a table, and whether one was used (see bot/store/migrations.py)
    """
    ALTER TABLE games ADD COLUMN hints INT4;
    ALTER TABLE games ADD COLUMN hinted INT4;
    """,
    # 13: a practice table (see bot/store/migrations.py)
    """
    ALTER TABLE games ADD COLUMN practice INT4 NOT NULL DEFAULT 0;
    """,
    # 14: turn alerts by DM (see bot/store/migrations.py)
    """
    CREATE TABLE turn_alerts (
        user_id    BIGINT  PRIMARY KEY,
        enabled    INTEGER NOT NULL,
        dms_closed INTEGER NOT NULL DEFAULT 0,
        updated    DOUBLE PRECISION NOT NULL
    );
    """,
    # 15: a server's language (see bot/store/migrations.py)
    """
    ALTER TABLE guild_settings ADD COLUMN language TEXT;
    """,
)

LATEST = len(MIGRATIONS)
