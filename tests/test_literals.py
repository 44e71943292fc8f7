"""No words for players outside the catalogs (issue 41): a scan of ``bot/`` and ``games/`` for
string literals that read as English to a person, outside the translation markers.

What counts as words for players: a literal (or an f-string's literal parts) with two words of
letters, or one capitalised word ("Pass", "Trump:"). What is not: docstrings; the markers'
own arguments (``_``, ``_n``, ``msg``, ``msg_n`` and the catalog API); log lines (for the host,
in English); errors for programmers (``ValueError`` and kin, ``assert``); the store's SQL. Any
other exception is written on its line as ``# untranslated: <why>``, and this test lists them
all, so the exceptions are in one place to read (``-rA`` prints them).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: where words for players are written
SCANNED = ("bot", "games")
#: whole folders without words for players (SQL, the catalogs' own plumbing)
SKIPPED = (
    "bot/store",
    "bot/i18n",
    "games/__pycache__",
    # for the host, in English by design: the console and its subcommands (backup, migrate,
    # checks), the config file's errors, and the metrics and health endpoints, which are read
    # by the person or the tools that run the bot, never by a player
    "bot/__main__.py",
    "bot/settings.py",
    "bot/monitor.py",
)
MARKERS = {"_", "_n", "msg", "msg_n", "text", "plural", "in_context", "Msg"}
#: discord.py's command decorators: their names, descriptions and choices are translated by
#: ``bot.i18n.commands.CommandTranslator`` (msgctxt per kind) and extracted from the built tree,
#: and ``test_i18n`` checks every one is translated
COMMAND_STRINGS = {"command", "describe", "Group", "choices", "Choice", "rename"}
#: a ``GroupCog``'s class keywords, the same strings for a command group
COMMAND_CLASS_KEYWORDS = {"group_name", "group_description"}
LOGGING = {"debug", "info", "warning", "error", "exception", "critical", "log"}
#: exceptions whose message is for a programmer or the host's console, never a player
PROGRAMMER_ERRORS = {
    "ValueError",
    "TypeError",
    "RuntimeError",
    "KeyError",
    "AssertionError",
    "NotImplementedError",
    "SystemExit",
    "LookupError",
    "AttributeError",
    "IndexError",
    "ImportError",
    "OSError",
    "ConfigError",
}
PRAGMA = "# untranslated:"
TWO_WORDS = re.compile(r"[A-Za-z]{2,}[',]?\s+[A-Za-z]{2,}")
ONE_WORD = re.compile(r"^[A-Z][a-z]{2,}[.!?:…]*$")


def words_for_players(text: str) -> bool:
    bare = re.sub(r"\{[^{}]*\}", " ", text)  # placeholders
    bare = re.sub(r"<[^<>]*>", " ", bare)  # Discord mentions and timestamps
    return bool(TWO_WORDS.search(bare) or ONE_WORD.match(bare.strip()))


def _call_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name):
            return node.func.id
        if isinstance(node.func, ast.Attribute):
            return node.func.attr
    return None


class Scan(ast.NodeVisitor):
    """The literals of one module that read as words, outside the places that may hold them."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.found: list[tuple[int, str]] = []
        self.excused: list[tuple[int, str]] = []

    def _docstrings(self, tree: ast.AST) -> set[int]:
        ids: set[int] = set()
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if (
                isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                and body
            ):
                first = body[0]
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                    ids.add(id(first.value))
            # an attribute's or constant's docstring (a bare string after an assignment)
            if isinstance(body, list):
                for stmt in body:
                    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                        ids.add(id(stmt.value))
        return ids

    def run(self, tree: ast.AST) -> None:
        self.skip = self._docstrings(tree)
        self.visit(tree)

    def _skip_subtree(self, node: ast.AST) -> None:
        for sub in ast.walk(node):
            self.skip.add(id(sub))

    def visit_Call(self, node: ast.Call) -> None:
        name = _call_name(node)
        if name in MARKERS or name in PROGRAMMER_ERRORS or name in COMMAND_STRINGS:
            self._skip_subtree(node)
        elif name in LOGGING and isinstance(node.func, ast.Attribute):
            receiver = node.func.value
            owner = receiver.id if isinstance(receiver, ast.Name) else getattr(receiver, "attr", "")
            if "log" in owner.lower():
                self._skip_subtree(node)
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        # ``__all__``: the names a module exports, identifiers rather than words
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            self._skip_subtree(node.value)
        self.generic_visit(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for keyword in node.keywords:
            if keyword.arg in COMMAND_CLASS_KEYWORDS:
                self._skip_subtree(keyword.value)
        self.generic_visit(node)

    def visit_Assert(self, node: ast.Assert) -> None:
        if node.msg is not None:
            self._skip_subtree(node.msg)
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        # Literal["…"] and other annotations
        if isinstance(node.value, ast.Name) and node.value.id == "Literal":
            self._skip_subtree(node)
        self.generic_visit(node)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        if id(node) in self.skip:
            return
        parts = "".join(
            v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else "{x}"
            for v in node.values
        )
        self._check(node, parts)
        self._skip_subtree(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if id(node) in self.skip or not isinstance(node.value, str):
            return
        self._check(node, node.value)

    def _check(self, node: ast.expr, text: str) -> None:
        if not words_for_players(text):
            return
        lines = self.lines[node.lineno - 1 : (node.end_lineno or node.lineno)]
        where = (node.lineno, text[:60])
        if any(PRAGMA in line for line in lines):
            self.excused.append(where)
        else:
            self.found.append(where)


def modules() -> Iterator[Path]:
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if not rel.startswith(SKIPPED):
                yield path


def scan(path: Path) -> Scan:
    source = path.read_text()
    found = Scan(source.splitlines())
    found.run(ast.parse(source))
    return found


@pytest.mark.parametrize("path", list(modules()), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_words_for_players_come_from_the_catalogs(path: Path) -> None:
    rel = path.relative_to(ROOT).as_posix()
    found = scan(path)
    shown = "\n".join(f"  {rel}:{line}: {text!r}" for line, text in found.found[:15])
    assert not found.found, f"words for players outside the catalogs:\n{shown}"


def test_the_scan_sees_words_and_leaves_the_rest() -> None:
    source = '''
"""A docstring is for programmers."""
import logging
log = logging.getLogger(__name__)
def f(x):
    log.info("a line for the host %s", x)
    raise ValueError("for a programmer")
A = _("Marked words {x}")
B = "play:{card}"
C = f"You hold {x} cards"
D = "Pass"
E = "words the author excused"  # untranslated: a test fixture
'''
    found = Scan(source.splitlines())
    found.run(ast.parse(source))
    assert [text for _, text in found.found] == ["You hold {x} cards", "Pass"]
    assert [text for _, text in found.excused] == ["words the author excused"]
