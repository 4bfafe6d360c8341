"""The one-screen summary printed after a run: plain Python (it runs on a lent accelerator
machine without pandas), yet the same best figures the site's queries pick."""

import json
from pathlib import Path

import pytest

from accelbench.core.metrics import HEADLINE_ORDER
from accelbench.store.queries import best_per_series
from accelbench.store.store import Store
from accelbench.store.summary import scaling_pairs, summary_lines, swept_params

from conftest import ROOT, SNIPPETS

FIXTURES = sorted((ROOT / "tests" / "fixtures" / "runs").glob("*.json"))
# summary.py's framework column is 6 characters wide: "tensorflow" (and the header's "framework")
# push the rest of the row to the right, so its columns no longer line up


@pytest.mark.parametrize("path", FIXTURES,
                         ids=lambda p: p.stem)
def test_the_summary_shows_the_best_record_the_sites_query_picks(path):
    run = json.loads(path.read_text())
    lines = summary_lines(run, path, SNIPPETS)
    assert lines[0].startswith(f"run {run['run_id']} ({run['profile']} profile, ")
    store = Store.of_runs([run], {run["run_id"]: path})
    swept = swept_params(SNIPPETS)
    expected = []
    for workload in sorted({r["workload"] for r in run["records"]}):
        latest = store.latest(workload)
        metric = next(m for m in HEADLINE_ORDER if f"m_{m}" in latest and latest[f"m_{m}"].notna().any())
        series = sorted({k for params in latest["params"] for k in params if k != swept.get(workload)})
        expected += [(workload, row["framework"], f"{row[f'm_{metric}']:>10.4g}")
                     for _, row in best_per_series(latest, metric, series).iterrows()]
    shown = [(line[:18].strip(), line[19:29].strip(), line[69:79]) for line in lines[2:]
             if not line.startswith(("scaling", "FAILED"))]
    assert sorted(shown) == sorted(expected) and expected


def _gpt2(devices: str, count: int, tokens_per_s: float) -> dict:
    return {"workload": "data_parallel", "framework": "jax", "device": "Chip", "status": "ok",
            "params": {"config": "tiny", "devices": devices}, "notes": {"devices": count},
            "metrics": {"tokens_per_s": tokens_per_s, "compile_s": 1.0}}


def test_scaling_is_all_devices_over_k_times_one():
    pairs = scaling_pairs([_gpt2("one", 1, 100.0), _gpt2("all", 4, 300.0)])
    assert [(one["notes"]["devices"], many["notes"]["devices"], efficiency) for one, many, efficiency in pairs] == \
        [(1, 4, 0.75)]
    assert scaling_pairs([_gpt2("all", 4, 300.0)]) == []  # no one-device record: no ratio


def test_the_summary_lists_failures_after_the_figures(tmp_path):
    run = json.loads(FIXTURES[0].read_text())
    run["records"].append({**run["records"][0], "status": "failed", "reason": "out of memory", "metrics": {},
                           "samples_s": []})
    lines = summary_lines(run, Path("x.json"), SNIPPETS)
    assert lines[-1].startswith(f"FAILED {run['records'][0]['workload']}") and lines[-1].endswith("out of memory")
