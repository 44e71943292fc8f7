"""Load a ``bench/`` script as a module: the benchmarks are scripts, not a package, and a test
that calls their functions directly catches a drift in them before the next long run does."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load(script: str) -> ModuleType:
    """``bench/<script>.py``, freshly executed, registered as ``bench_<script>``."""
    spec = importlib.util.spec_from_file_location(f"bench_{script}", BENCH / f"{script}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
