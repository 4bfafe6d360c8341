"""Check every imported MLPerf Training score against MLCommons' own result_summarizer.

The importer scores entries by the rules document (accelbench/sources/mlperf_training); this
script asks mlcommons/logging's result_summarizer (its compliance checker included) for the score
of each entry in build_data/published/mlperf-training-ROUND.json, from a checkout of the round's
result repository, and prints every disagreement. It needs the mlperf_logging package, which the
project does not depend on; install it from a checkout of mlcommons/logging into its own
environment:

    python3 -m venv /tmp/venv-ml && /tmp/venv-ml/bin/pip install path/to/mlcommons/logging
    /tmp/venv-ml/bin/python scripts/check_mlperf_summarizer.py --round v5.1 --tree path/to/training_results_v5.1

Exit status 1 when a score differs (relative 1e-9) or the summarizer scores an entry differently.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

TOLERANCE = 1e-9


def summarizer_score(tree: str, ruleset: str, entry: dict) -> float | None:
    from mlperf_logging.result_summarizer import result_summarizer

    folder = Path(tree) / entry["submitter"] / "results" / entry["system"] / entry["benchmark"]
    with contextlib.redirect_stdout(io.StringIO()):  # it prints a notice per file
        score, _power, _scaling = result_summarizer._compute_strong_score_standalone(
            entry["benchmark"], entry["system"], False, str(folder), "training", ruleset)
    return score


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--round", required=True, help="v5.1")
    parser.add_argument("--tree", required=True, help="a checkout of mlcommons/training_results_ROUND")
    parser.add_argument("--data", default="build_data", help="the project's data folder")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    ruleset = args.round.lstrip("v") + ".0"
    published = json.loads((Path(args.data) / "published" / f"mlperf-training-{args.round}.json").read_text())
    entries = published["results"]
    with ProcessPoolExecutor(args.jobs) as pool:
        scores = list(pool.map(summarizer_score, [args.tree] * len(entries), [ruleset] * len(entries), entries))
    differ = 0
    for entry, theirs in zip(entries, scores, strict=True):
        ours = entry["score_minutes"]
        if theirs is None or abs(theirs - ours) > TOLERANCE * ours:
            differ += 1
            print(f"DIFFERS {entry['submitter']}/{entry['system']}/{entry['benchmark']}: ours {ours!r}, "
                  f"result_summarizer {theirs!r}")
    print(f"{args.round}: {len(entries)} entries, {len(entries) - differ} equal to result_summarizer's score "
          f"(relative {TOLERANCE}), {differ} differ")
    entered = published.get("entered", [])
    if entered:  # a round read from a mirror without its logs: nothing of ours to check, and no logs to check with
        print(f"{args.round}: {len(entered)} entries entered without their run logs, not scored here, so not checked "
              f"(the summarizer needs the logs, which the source read does not hold)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
