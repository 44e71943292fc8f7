"""The house's floors: no import runs from a lower layer to a higher one, and no two packages
import each other, however far round.

Why a test: ``bot.sessions`` imported ``bot.stats`` while ``bot.stats.replay`` (and
``bot.render.lobby``) imported ``GameInfo`` from ``bot.sessions``; nothing failed, so nobody
saw it. The imports are read with ``ast`` (nothing is imported or run), every one of them:
at the top, inside functions and under ``TYPE_CHECKING``, since each is a dependency all the
same. A module of ``bot`` that no layer names fails too: a new package takes a floor on purpose.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: the floors, lowest first. A unit is a top-level package or module of ``bot`` (``bot.table``
#: holds every file under bot/table/), or ``games``. A unit may import units of its own floor
#: or any lower one (the circle check keeps peers from looping), never a higher one.
LAYERS: tuple[frozenset[str], ...] = (
    # the rules engines: know nothing of Discord; and ``bot/__init__.py``, which every import
    # of a ``bot`` module runs first, so it stays empty
    frozenset({"games", "bot"}),
    # the plain records every layer shares (GameInfo, Seat, Update, causes)
    frozenset({"bot.model"}),
    # leaves: settings, AI levels, names, permissions, the gateway's frame guard, all SQL,
    # the renderers (pure) and the stats (ratings, replays: use the renderers)
    frozenset(
        {
            "bot.ai",
            "bot.gateway",
            "bot.i18n",
            "bot.names",
            "bot.permissions",
            "bot.render",
            "bot.settings",
            "bot.stats",
            "bot.store",
        }
    ),
    # the one owner of every game
    frozenset({"bot.sessions"}),
    # custom ids, controls, views and error answers
    frozenset({"bot.controls"}),
    # live tables' messages; the command tree's error answers
    frozenset({"bot.table", "bot.tree"}),
    frozenset({"bot.occupied"}),
    frozenset({"bot.lobbies", "bot.practice"}),
    frozenset({"bot.publisher"}),
    frozenset({"bot.vanished"}),
    frozenset({"bot.client"}),
    frozenset({"bot.cogs", "bot.monitor"}),
    # the entry point builds everything
    frozenset({"bot.__main__"}),
)

#: imports that run up today, (importer, imported) -> why they are allowed for now. Empty: add
#: a row only with a reason and a plan to remove it.
ALLOWED_UPWARD: dict[tuple[str, str], str] = {}


def floor_of(unit: str) -> int:
    for i, layer in enumerate(LAYERS):
        if unit in layer:
            return i
    raise AssertionError(f"{unit} is on no floor: give it a place in LAYERS ({__file__})")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def unit_of(module: str) -> str:
    """The floor's unit a module belongs to: ``games``, ``bot``, or ``bot.<top name>``."""
    parts = module.split(".")
    if parts[0] == "games":
        return "games"
    return ".".join(parts[:2])


def is_module(dotted: str) -> bool:
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imported(path: Path) -> Iterator[str]:
    """Every module of this project that ``path`` imports, as a dotted name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            yield source
            # ``from bot import controls`` imports the module bot.controls
            for alias in node.names:
                if is_module(f"{source}.{alias.name}"):
                    yield f"{source}.{alias.name}"


@functools.cache  # the files do not change during a run: parsed once for the four tests
def edges() -> dict[str, dict[str, str]]:
    """unit -> {imported unit: the file that imports it (the first one found)}; read only."""
    out: dict[str, dict[str, str]] = {}
    for path in sorted(
        [*ROOT.joinpath("bot").rglob("*.py"), *ROOT.joinpath("games").rglob("*.py")]
    ):
        here = unit_of(module_name(path))
        out.setdefault(here, {})
        for target in imported(path):
            if target.split(".")[0] not in ("bot", "games"):
                continue
            there = unit_of(target)
            if there != here:
                out[here].setdefault(there, str(path.relative_to(ROOT)))
    return out


def circles(graph: dict[str, dict[str, str]]) -> list[list[str]]:
    """The strongly connected groups of more than one unit (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_between_packages() -> None:
    graph = edges()
    loops = circles(graph)
    detail = [
        f"{a} -> {b} ({graph[a][b]})" for loop in loops for a in loop for b in graph[a] if b in loop
    ]
    assert not loops, f"import circles between packages: {loops}\n" + "\n".join(detail)


def test_no_lower_layer_imports_a_higher_one() -> None:
    upward = [
        f"{here} (floor {floor_of(here)}) imports {there} (floor {floor_of(there)}) in {file}"
        for here, targets in edges().items()
        for there, file in targets.items()
        if floor_of(there) > floor_of(here) and (here, there) not in ALLOWED_UPWARD
    ]
    assert not upward, "imports that run back up:\n" + "\n".join(upward)


def test_every_allowed_exception_is_still_needed() -> None:
    """An exception that the code no longer needs is removed, so that it cannot come back."""
    graph = edges()
    stale = [pair for pair in ALLOWED_UPWARD if pair[1] not in graph.get(pair[0], {})]
    assert not stale, f"allowed upward imports the code no longer has: {stale}"


def test_the_checker_sees_a_circle_and_an_upward_import() -> None:
    """The checks can fail: a made-up loop is found, and the floors order render below
    sessions (the import that looped before bot.model)."""
    assert circles({"a": {"b": "x"}, "b": {"c": "y"}, "c": {"a": "z"}}) == [["a", "b", "c"]]
    assert floor_of("bot.render") < floor_of("bot.sessions")
    assert floor_of("bot.stats") < floor_of("bot.sessions")
    assert "bot.sessions" in edges()["bot.table"]
