"""How long `make test` takes from a fresh clone, and where the time goes: a benchmark that prints figures,
never a timed test (a shared machine's load would make one flake).

    python scripts/bench_make_test.py              # a fresh clone of this checkout's HEAD, in a temporary folder
    python scripts/bench_make_test.py --in DIR     # an existing checkout, as it is (set-up already done is quick)
    CI=true python scripts/bench_make_test.py      # what CI's `CI=true make test` runs

It runs the steps `make test` runs, one at a time and in its order (the environments, built side by side: .venv
with the dev tools, Chromium and TensorFlow's, and CI's side environments under CI=true; lint; the tests in
parallel; the tests that run alone), and prints each step's wall time, the total and the goal (seven minutes,
set-up included)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_S = 7 * 60  # `make test` from a fresh clone on a 2-core machine, set-up included
# (what it is, the command) in the order `make test` runs them (the Makefile's test target): the environments side
# by side (TEST_ENVS, with CI's side environments under CI=true), lint, the tests in parallel, the tests alone
STEPS = [
    ("set-up: the environments, side by side", ["make", "-j3", "--output-sync=target", ".venv/.installed-dev", "browser",
                                               "tf-env"]),
    ("lint", ["make", "lint"]),
    ("tests in parallel", [".venv/bin/python", "-m", "pytest", "-q", "-n", "auto", "--dist", "loadfile", "-m", "not alone",
                           "-p", "no:cacheprovider"]),
    ("tests that run alone", [".venv/bin/python", "-m", "pytest", "-q", "-m", "alone", "-p", "no:cacheprovider"]),
]
CI_ENVS = ["cloud-env", "xla-env"]  # what CI's `CI=true make test` builds beside them (SkyPilot, torch_xla)


def clone(into: Path) -> Path:
    checkout = into / "checkout"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(checkout)], check=True)
    return checkout


def run(steps, checkout: Path) -> list[tuple[str, float, int]]:
    out = []
    for name, command in steps:
        start = time.perf_counter()
        done = subprocess.run(command, cwd=checkout, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        out.append((name, time.perf_counter() - start, done.returncode))
        print(f"  {name:<46} {out[-1][1]:7.0f} s" + ("" if done.returncode == 0 else f"  (exit {done.returncode})"),
              flush=True)
        if done.returncode:
            print(done.stderr[-2000:], file=sys.stderr)
            break
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--in", dest="checkout", type=Path, help="an existing checkout (default: a fresh clone)")
    args = parser.parse_args(argv)
    steps = [(name, command + CI_ENVS if name.startswith("set-up") and os.environ.get("CI") == "true" else command)
             for name, command in STEPS]
    with tempfile.TemporaryDirectory(prefix="bench-make-test-") as scratch:
        checkout = args.checkout or clone(Path(scratch))
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=checkout, capture_output=True, text=True).stdout
        print(f"make test, step by step, in {'a fresh clone' if not args.checkout else checkout} of {head.strip()} "
              f"on {os.cpu_count()} cores:")
        timed = run(steps, checkout)
        total = sum(seconds for _, seconds, _ in timed)
        setup = sum(seconds for name, seconds, _ in timed if not name.startswith("tests"))
        print(f"  {'total':<46} {total:7.0f} s  (set-up {setup:.0f} s, tests {total - setup:.0f} s; goal {GOAL_S} s)")
        return max(code for _, _, code in timed)


if __name__ == "__main__":
    sys.exit(main())
