"""Which tests the inner loop (``pytest -m "not slow"``) leaves out: ``tests/slow_tests.txt``,
from the times of a full run.

Why a measured list: the inner loop must stay under a minute as tests are added, and a test's
cost is known only by running it. A test marked ``slow`` in its file (``@pytest.mark.slow``)
stays so; this list adds every other test whose setup and call took at least ``--threshold``
seconds (not its teardown: the last test's carries the session's, the PostgreSQL server's
stop). Run the full suite with its times, then this script:

    .venv/bin/python -m pytest -n auto --durations=0 > /tmp/times.txt
    .venv/bin/python bench/slow_tests.py /tmp/times.txt

A test missing from the list (new, renamed) runs in the inner loop until the next such run.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIST = ROOT / "tests" / "slow_tests.txt"
LINE = re.compile(r"^([0-9.]+)s (?:setup|call)\s+(\S+::.+?)\s*$")
HEADER = """\
# Tests the inner loop (pytest -m "not slow") leaves out, one a line: the node id and the
# seconds its setup and call took in a full run on the 2-core machine (each at least
# {threshold} s). Written by bench/slow_tests.py from a `pytest --durations=0` log;
# tests/conftest.py marks them slow, and runs them first, longest first, under `-n`.
"""


def times(log: str) -> dict[str, float]:
    """Seconds per test node id, setup and call added up, from pytest's ``--durations`` lines."""
    spent: dict[str, float] = defaultdict(float)
    for line in log.splitlines():
        if (m := LINE.match(line)) is not None:
            spent[m[2]] += float(m[1])
    return dict(spent)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("log", type=Path, help="output of pytest --durations=0")
    parser.add_argument("--threshold", type=float, default=0.3, help="seconds (default 0.3)")
    parser.add_argument("--out", type=Path, default=LIST)
    args = parser.parse_args(argv)
    spent = times(args.log.read_text())
    if not spent:
        sys.exit(f"{args.log}: no --durations lines (run pytest with --durations=0)")
    slow = sorted(test for test, seconds in spent.items() if seconds >= args.threshold)
    lines = "".join(f"{test} {spent[test]:.2f}\n" for test in slow)
    args.out.write_text(HEADER.format(threshold=args.threshold) + lines)
    kept = sum(seconds for seconds in spent.values() if seconds < args.threshold)
    print(f"{len(slow)} of {len(spent)} timed tests listed; the others took {kept:.0f} s")


if __name__ == "__main__":
    main()
