"""``python -m bot``: placeholder until the Discord shell lands."""

from __future__ import annotations

import sys


def main() -> int:
    print(
        "Tidewater's Discord bot is not built yet; the rules engines are in games/.",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
