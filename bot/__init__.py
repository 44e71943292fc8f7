"""Tidewater's Discord shell and session manager. Rules live in ``games/``, never here."""

#: the release, as in ``pyproject.toml`` (``tests/test_release.py`` keeps the two equal): the
#: start-up log and bug reports name it, so a report can be matched to the code that ran
__version__ = "0.1.0"
