"""The interaction fuzzer (``tests/bot/test_fuzz.py``) at a larger budget than CI's.

Usage (bench/README.md):
    python bench/fuzz.py                  # 10,000 cases, seed 1
    python bench/fuzz.py --cases 2000 --seed 7

Prints pytest's verdict, the time taken, and the kinds of input reached (interaction kind /
how its id or data was mutated / +guild or +channel when the envelope named another place),
with the count of distinct kinds. A failure prints Hypothesis's smallest failing case and the
seed to reproduce it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1, help="0: the derandomized CI sequence")
    args = parser.parse_args()
    report = Path(tempfile.mkdtemp(prefix="tidewater-fuzz-")) / "kinds.json"
    env = {
        **os.environ,
        "TIDEWATER_FUZZ_CASES": str(args.cases),
        "TIDEWATER_FUZZ_SEED": str(args.seed),
        "TIDEWATER_FUZZ_REPORT": str(report),
    }
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:warnings", "tests/bot/test_fuzz.py"],
        cwd=ROOT,
        env=env,
    )
    took = time.perf_counter() - started
    verdict = "passed" if done.returncode == 0 else "FAILED"
    print(f"{args.cases} cases, seed {args.seed}: {verdict} in {took:.0f} s")
    if report.exists():
        kinds = json.loads(report.read_text())
        print(f"{len(kinds)} distinct kinds of input:")
        for kind, count in kinds.items():
            print(f"  {count:6d}  {kind}")
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
