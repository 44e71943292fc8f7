"""The bot's configuration: ``config.toml`` read with tomllib, validated by pydantic.

Why pydantic and one readable line: a self-hoster's typo (``[discrod]``, ``novice = "yes please"``)
must stop the bot at start-up with a sentence naming the key, not a traceback mid-game. The token
comes from ``DISCORD_TOKEN`` when set (CONTRACT §2: the environment wins over the file), so the
file can be committed without secrets.

Every other setting can come from the environment too, as containers expect: ``TIDEWATER_<SECTION>
__<KEY>`` (``TIDEWATER_TABLES__EDIT_INTERVAL=2``; lists and tables as JSON,
``TIDEWATER_DISCORD__DEV_GUILD_IDS=[42]``; a game's option as ``TIDEWATER_GAMES__ROWBOAT__NOVICE``),
and any of these names, ``DISCORD_TOKEN`` and ``DATABASE_URL`` with ``_FILE`` appended names a file
that holds the value (Docker and systemd secrets). Precedence: environment > file > defaults.
Why a small layer of our own rather than pydantic-settings: the file's models, its one-line
errors and ``parse_settings(raw, env)`` (which the tests call with an explicit environment) stay
as they are, and an error can name the variable the self-hoster set rather than a model path.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
import types
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from games import registry
from games.core import BadOptions, validate_options

DEFAULT_CONFIG = Path("config.toml")
TOKEN_ENV = "DISCORD_TOKEN"
DATABASE_URL_ENV = "DATABASE_URL"
#: the prefix of a setting in the environment: ``TIDEWATER_<SECTION>__<KEY>``
ENV_PREFIX = "TIDEWATER_"
#: appended to a variable's name, names a file holding its value (``DISCORD_TOKEN_FILE``)
FILE_SUFFIX = "_FILE"

# Three dot-separated base64url parts; checked before connecting so a pasted client secret or
# an empty value fails at once with a clear line instead of a login round-trip.
_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")


class ConfigError(Exception):
    """A configuration problem, said in one line for stderr (exit code 2)."""


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DiscordSettings(_Section):
    token: str = ""
    #: guilds that get the slash commands synced to them directly (instant, for development);
    #: empty means one global sync (Discord can take a while to show global commands)
    dev_guild_ids: list[int] = Field(default_factory=list)
    #: sync application commands at start-up
    sync_commands: bool = True
    #: a sharded bot: the total number of shards, and the shards this process serves. Leave both
    #: unset for one process (discord.py then asks Discord how many shards to run). With
    #: ``shard_ids`` set, this process drives only the games of those shards' guilds and holds a
    #: lease on each shard in the database (a second process for the same shard is refused)
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: list[int] | None = None
    #: the base URL of Discord's REST API, e.g. a shared HTTP proxy that keeps every process
    #: of a sharded bot within one set of rate limits (``http://proxy:8080/api/v10``)
    rest_base_url: str = ""
    #: where ``/about`` sends a person who wants to report a problem (a support server's
    #: invite, an issue tracker); empty: ``/about`` asks them to tell the server's admins
    report_url: str = ""

    @model_validator(mode="after")
    def _shards_fit(self) -> DiscordSettings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("shard_ids needs shard_count")
            bad = [s for s in self.shard_ids if not 0 <= s < self.shard_count]
            if bad or not self.shard_ids or len(set(self.shard_ids)) != len(self.shard_ids):
                raise ValueError(
                    f"shard_ids must be distinct shards 0..{self.shard_count - 1}, "
                    f"not {self.shard_ids}"
                )
        return self


class StorageSettings(_Section):
    #: the SQLite database file (the default backend: nothing to install or run)
    path: str = "data/tidewater.sqlite3"
    #: a PostgreSQL URL (``postgresql://user:password@host/db``); when set it replaces ``path``.
    #: ``DATABASE_URL`` in the environment, as hosted platforms set it, wins over this value
    url: str = ""
    #: seconds a process's shard lease lasts without renewal (renewed every third of it); a
    #: crashed process's shards can be taken over this long after it stopped
    lease_seconds: float = Field(default=60.0, ge=5.0, le=3600.0)

    @field_validator("url")
    @classmethod
    def _postgres_only(cls, value: str) -> str:
        if value and not value.startswith(("postgresql://", "postgres://")):
            raise ValueError("must be a postgresql:// URL (leave it empty for SQLite)")
        return value

    @property
    def target(self) -> str:
        """What the store opens: the PostgreSQL URL when one is set, else the SQLite path."""
        return self.url or self.path


class LoggingSettings(_Section):
    level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = "INFO"

    @field_validator("level", mode="before")
    @classmethod
    def _upper(cls, value: Any) -> Any:
        return value.upper() if isinstance(value, str) else value


class TableSettings(_Section):
    #: seconds between two edits of table messages in one channel: Discord allows about five
    #: message edits per five seconds per channel, so bursts of AI moves are coalesced
    edit_interval: float = Field(default=1.0, ge=0.0, le=60.0)
    #: the AI level used by the lobby's Add AI button: ``normal`` plays a sensible game at once
    #: (``random`` is for tests: a host who adds an AI expects it to try)
    ai_level: str = "normal"
    #: CPU seconds a searching AI level (strong) may think per move: its search stops there
    #: and plays its best move so far, so a move comes within about a second on any machine
    ai_seconds: float = Field(default=0.8, gt=0.0, le=30.0)
    #: draw pictures of the table and hands (attached to the messages; the text stays)
    pictures: bool = True
    #: turns in a row a person's clock may run out before the AI keeps their seat until they
    #: press I'm back (each missed turn is played for them either way)
    away_after: int = Field(default=3, ge=1, le=100)
    #: seconds since a person last used their hand in a game during which they count as at the
    #: table: their turn then shows on their open hand and in the table's text, without a
    #: notification or a repost of the table (0: every turn notifies, as for someone away)
    active_seconds: float = Field(default=60.0, ge=0.0, le=3600.0)
    #: a person's turn posts the table anew at the bottom of the channel when the table message
    #: is older than this many seconds (it may have scrolled away), even with no notification
    repost_after: float = Field(default=120.0, ge=0.0, le=86400.0)
    #: an open hand whose controls did not change (another seat moved; the seat still waits) is
    #: redrawn at most this often: its context (the trick, the scores) catches up then, and at
    #: once whenever the seat's own moves change (0: every change redraws it at once)
    hand_context_seconds: float = Field(default=10.0, ge=0.0, le=600.0)
    #: minutes a lobby may go without a change (a join, a leave, an option) before it closes
    #: by itself, freeing its channel for /play (0: lobbies stay open until cancelled)
    lobby_idle_minutes: float = Field(default=60.0, ge=0.0, le=10080.0)
    #: days a live game may go without a move (everyone stepped away, or nobody plays on at a
    #: table without a turn clock) before it ends by itself, unscored, freeing its channel
    #: (0: live games stay until they finish or an admin ends them)
    game_idle_days: float = Field(default=7.0, ge=0.0, le=365.0)

    @field_validator("game_idle_days")
    @classmethod
    def _whole_days(cls, value: float) -> float:
        # a turn-based game may rest overnight; the table's words say "days"
        if 0 < value < 1:
            raise ValueError("game_idle_days is 0 (never) or at least 1 day")
        return value

    @field_validator("ai_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        from bot.ai import LEVELS

        if value not in LEVELS:
            raise ValueError(f"unknown AI level {value!r} (levels: {', '.join(LEVELS)})")
        return value


class AiSettings(_Section):
    #: worker processes for the searching (``strong``) level, so a search never runs on the
    #: event loop; cheaper levels run in threads
    processes: int = Field(default=1, ge=1, le=64)
    #: seconds an AI move is held back before it is shown (counted from when its decision
    #: started), so people can follow the table; 0 shows it at once
    think_seconds: float = Field(default=1.0, ge=0.0, le=30.0)


class MetricsSettings(_Section):
    #: ``host:port`` of the ``/healthz`` and ``/metrics`` server (``bot.monitor``), e.g.
    #: ``127.0.0.1:9100``; empty: none is served
    listen: str = ""

    @field_validator("listen")
    @classmethod
    def _host_port(cls, value: str) -> str:
        if value:
            _host, sep, port = value.rpartition(":")
            if not sep or not port.isdigit() or not 0 <= int(port) <= 65535:
                raise ValueError(f"listen must be host:port, e.g. 127.0.0.1:9100, not {value!r}")
        return value


class Settings(_Section):
    discord: DiscordSettings = Field(default_factory=DiscordSettings)
    storage: StorageSettings = Field(default_factory=StorageSettings)
    logging: LoggingSettings = Field(default_factory=LoggingSettings)
    tables: TableSettings = Field(default_factory=TableSettings)
    ai: AiSettings = Field(default_factory=AiSettings)
    metrics: MetricsSettings = Field(default_factory=MetricsSettings)
    #: per-game default table options, e.g. ``games = {"<game>": {"<option>": value}}``
    games: dict[str, dict[str, Any]] = Field(default_factory=dict)

    @field_validator("games")
    @classmethod
    def _known_games(cls, value: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        for name, options in value.items():
            try:
                engine = registry.get(name)
            except KeyError as exc:
                raise ValueError(str(exc.args[0])) from None
            try:
                validate_options(engine.Options, options, engine.title)
            except BadOptions as exc:
                raise ValueError(str(exc)) from None
        return value

    def game_options(self, game: str) -> dict[str, Any]:
        """The configured default table options of ``game`` (empty when none)."""
        return dict(self.games.get(game, {}))


def _one_line(exc: ValidationError, names: Mapping[tuple[str, ...], str] | None = None) -> str:
    """Pydantic's errors as one line; a value that came from the environment is named by its
    variable (``names``: the setting's path to the variable), which is what the self-hoster set."""
    parts = []
    for err in exc.errors():
        loc = tuple(str(p) for p in err.get("loc", ()))
        where = ".".join(loc) or "config"
        # the variable that set this value (or the one under a table the error names)
        near = [v for p, v in (names or {}).items() if loc[: len(p)] == p or p[: len(loc)] == loc]
        if len(near) == 1:
            where = near[0]
        msg = err.get("msg", "invalid value").removeprefix("Value error, ")
        if err.get("type") == "extra_forbidden":
            msg = "unknown key"
        parts.append(f"{where}: {msg}")
    return "; ".join(parts)


def _variable(env: Mapping[str, str], name: str) -> str | None:
    """The value of ``name`` in ``env``, or of the file ``name_FILE`` names (stripped: a secret
    file usually ends with a newline); None when neither is set. Both set is an error: which
    one was meant cannot be guessed."""
    direct, path = env.get(name), env.get(name + FILE_SUFFIX)
    if path is None or not path.strip():
        return direct
    if direct is not None and direct.strip():
        raise ConfigError(f"config error: set {name} or {name}{FILE_SUFFIX}, not both")
    try:
        return Path(path).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        raise ConfigError(
            f"config error: {name}{FILE_SUFFIX}: cannot read {path} ({why})"
        ) from None


def _structured(annotation: Any) -> bool:
    """Whether a field holds a list or a table, which the environment spells as JSON; scalars
    stay strings that pydantic converts (``"2"`` to 2.0, ``"true"`` to True) as it does the
    file's values."""
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        return any(_structured(arg) for arg in get_args(annotation) if arg is not type(None))
    return origin in (list, dict, tuple, set) or annotation in (list, dict)


def _from_environment(env: Mapping[str, str]) -> tuple[dict[str, Any], dict[tuple[str, ...], str]]:
    """The settings ``TIDEWATER_<SECTION>__<KEY>`` (or ``..._FILE``) variables give, as a table
    shaped like the file's, and each setting's variable (for error lines)."""
    found: dict[str, Any] = {}
    names: dict[tuple[str, ...], str] = {}
    for variable in sorted(env):
        if not variable.startswith(ENV_PREFIX):
            continue
        name = variable.removesuffix(FILE_SUFFIX)
        if name != variable and name in env:
            continue  # read with its plain name, which refuses both being set
        path = tuple(part.lower() for part in name[len(ENV_PREFIX) :].split("__"))
        value = _variable(env, name)
        if value is None:
            continue
        section = Settings.model_fields.get(path[0])
        if section is None or len(path) < 2 or not all(path):
            raise ConfigError(
                f"config error: {variable}: not a setting (TIDEWATER_<SECTION>__<KEY>, "
                f"sections: {', '.join(Settings.model_fields)})"
            )
        model = section.annotation
        if isinstance(model, type) and issubclass(model, BaseModel):
            field = model.model_fields.get(path[1])
            if field is None or len(path) != 2:
                raise ConfigError(
                    f"config error: {variable}: [{path[0]}] has no key {'__'.join(path[1:])}"
                )
            structured = _structured(field.annotation)
        else:  # [games]: TIDEWATER_GAMES__<GAME> is a JSON table, __<GAME>__<OPTION> one value
            if len(path) > 3:
                raise ConfigError(f"config error: {variable}: not a setting")
            structured = len(path) == 2
        parsed: Any = value
        if path[0] == "games" and len(path) == 3:
            # an option's type is the engine's: JSON where it reads as JSON (true, 500),
            # else the text itself
            try:
                parsed = json.loads(value)
            except ValueError:
                parsed = value
        elif structured:
            try:
                parsed = json.loads(value)
            except ValueError:
                raise ConfigError(
                    f"config error: {variable}: give this setting as JSON, e.g. [1, 2]"
                ) from None
        node = found
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = parsed
        names[path] = variable
    return found, names


def _merged(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``over`` laid on ``base`` table by table: one variable replaces one key, not a section."""
    merged = dict(base)
    for key, value in over.items():
        below = merged.get(key)
        if isinstance(value, dict) and isinstance(below, dict):
            merged[key] = _merged(below, value)
        else:
            merged[key] = value
    return merged


def parse_settings(raw: Mapping[str, Any], env: Mapping[str, str] | None = None) -> Settings:
    """Validate a parsed TOML table with the environment ``env`` laid over it: every
    ``TIDEWATER_<SECTION>__<KEY>`` replaces that key, ``DISCORD_TOKEN`` the token and
    ``DATABASE_URL`` the ``[storage] url`` (each also as ``..._FILE``)."""
    env = os.environ if env is None else env
    overrides, names = _from_environment(env)
    try:
        settings = Settings.model_validate(_merged(raw, overrides))
    except ValidationError as exc:
        raise ConfigError(f"config error: {_one_line(exc, names)}") from None
    url = (_variable(env, DATABASE_URL_ENV) or "").strip()
    if url:
        try:
            storage = StorageSettings.model_validate({**settings.storage.model_dump(), "url": url})
        except ValidationError as exc:
            raise ConfigError(f"config error: {DATABASE_URL_ENV}: {_one_line(exc)}") from None
        settings = settings.model_copy(update={"storage": storage})
    token = (_variable(env, TOKEN_ENV) or "").strip()
    if token:
        settings = settings.model_copy(
            update={"discord": settings.discord.model_copy(update={"token": token})}
        )
    return settings


def load_settings(path: str | Path | None = None, env: Mapping[str, str] | None = None) -> Settings:
    """Read ``path`` (default ``config.toml``; a missing default file means all defaults).

    A relative ``[storage] path`` (from the file, the environment or the default) is anchored
    to the config file's folder, not the working directory: started from another directory,
    the bot opened a new, empty database without a word. With no config file it stays the
    working directory's."""
    explicit = path is not None
    file = DEFAULT_CONFIG if path is None else Path(path)
    raw: dict[str, Any] = {}
    if file.exists():
        try:
            raw = tomllib.loads(file.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"config error: {file} is not valid TOML ({exc})") from None
        except OSError as exc:
            raise ConfigError(f"config error: cannot read {file} ({exc.strerror})") from None
    elif explicit:
        raise ConfigError(f"config error: {file} does not exist")
    settings = parse_settings(raw, env)
    if not raw and not file.exists():
        return settings
    database = file.resolve().parent / Path(settings.storage.path).expanduser()
    storage = settings.storage.model_copy(update={"path": str(database)})
    return settings.model_copy(update={"storage": storage})


def check_token(settings: Settings) -> str:
    """The token, or :class:`ConfigError` saying how to provide one."""
    token = settings.discord.token.strip()
    if not token:
        raise ConfigError(
            f"no Discord token: set {TOKEN_ENV} or [discord] token in the config file"
        )
    if not _TOKEN_SHAPE.match(token):
        raise ConfigError(
            "the Discord token is malformed: copy the bot token (three parts separated by dots) "
            "from the developer portal's Bot page"
        )
    return token
