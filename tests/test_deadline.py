"""A run under a deadline: no measurement starts once it has passed, one whose budget does not fit is
skipped before it starts, one still running at the deadline is stopped there; the file is written."""

import re
import time

import pytest

from accelbench.core.runfile import load_run

from helpers import fake_snippets, run_once

pytestmark = pytest.mark.alone  # signals and time limits: a busy neighbour would shift their moments


def statuses(path):
    return [(r["params"]["n"], r["status"], r["reason"]) for r in load_run(path)["records"]]


def test_the_deadline_stops_the_run_on_time_with_the_rest_skipped(tmp_path, data_dir, monkeypatch):
    monkeypatch.setenv("FAKE_N2", "slow")  # would sleep 30 s
    start = time.monotonic()
    path = run_once(fake_snippets(tmp_path), data_dir, tmp_path, deadline_s=2.0)
    took = time.monotonic() - start
    assert took < 8, f"the run went {took:.1f} s past a 2 s deadline"
    (n1, s1, _), (n2, s2, r2), (n3, s3, r3) = statuses(path)
    assert (n1, s1) == (1, "ok")
    assert (n2, s2, r2) == (2, "skipped", "out of time: stopped at the 2 s deadline")
    assert (n3, s3, r3) == (3, "skipped", "out of time: the 2 s deadline had passed")
    run = load_run(path)
    assert run["complete"] is True and run["deadline_s"] == 2.0
    assert run["records"][0]["wall_s"] > 0 and "budget_s" in run["records"][0]


def test_a_measurement_whose_budget_does_not_fit_is_skipped_before_it_starts(tmp_path, data_dir, monkeypatch):
    monkeypatch.setenv("FAKE_N2", "raise")  # would fail if it were started
    snippets = fake_snippets(tmp_path, setup={2: 500.0})  # n=2 expects 500 s of compiling
    path = run_once(snippets, data_dir, tmp_path, deadline_s=60.0)
    (_, s1, _), (_, s2, r2), (_, s3, _) = statuses(path)
    assert (s1, s3) == ("ok", "ok")  # smaller ones after it still run
    assert s2 == "skipped" and re.fullmatch(r"out of time: its budget is 50\d s and \d+ s were left before the deadline", r2)


def test_out_of_time_records_are_measured_by_the_next_run(tmp_path, data_dir, monkeypatch):
    snippets = fake_snippets(tmp_path, setup={3: 500.0})
    run_once(snippets, data_dir, tmp_path, deadline_s=60.0)
    path = run_once(snippets, data_dir, tmp_path)  # no deadline this time
    assert [(n, s) for n, s, _ in statuses(path)] == [(3, "ok")]


def test_a_planned_skip_after_the_deadline_is_recorded_as_planned(tmp_path, data_dir, monkeypatch):
    """A skip planned for this device (PyTorch on a TPU, one device for data parallelism) may come
    after the deadline; it is written as the skip it is, never as a hang that ends the run."""
    monkeypatch.setenv("FAKE_N2", "slow")  # runs into the deadline
    snippets = fake_snippets(tmp_path, skip={3: ("not_applicable", "one device")})
    path = run_once(snippets, data_dir, tmp_path, deadline_s=2.0)
    run = load_run(path)
    assert run["complete"] is True and run["interrupted_by"] is None
    assert [(r["params"]["n"], r["status"], r["category"]) for r in run["records"]] == \
        [(1, "ok", None), (2, "skipped", "out_of_time"), (3, "skipped", "not_applicable")]
