"""The store: every run file -> one table; latest result per measurement; staleness."""

import pytest

from accelbench.runfile import RunFileError
from accelbench.store import load_store

from conftest import SNIPPETS, make_record, make_run, write_run


def test_latest_keeps_the_newest_ok_result_per_key(data_dir):
    old = make_run(run_id="20261101T000000Z-a-00000001", created_at="2026-11-01T00:00:00Z",
                   records=[make_record(samples_s=[1.0] * 3)])
    new = make_run(run_id="20261102T000000Z-a-00000002", created_at="2026-11-02T00:00:00Z",
                   records=[make_record(samples_s=[2.0] * 3),
                            make_record(framework="jax", samples_s=[3.0] * 3)])
    failed_later = make_run(run_id="20261103T000000Z-a-00000003", created_at="2026-11-03T00:00:00Z",
                            records=[make_record(status="failed", reason="out of memory", samples_s=[], stats=None, metrics={})])
    for run in (old, new, failed_later):
        write_run(data_dir, run)
    store = load_store(data_dir, SNIPPETS)
    assert len(store.records) == 4
    latest = store.latest("matmul").set_index("framework")
    # a later failure does not hide the newest successful result
    assert latest.loc["torch", "median_s"] == 2.0 and latest.loc["torch", "status"] == "ok"
    assert latest.loc["jax", "median_s"] == 3.0


def test_a_measurement_that_only_failed_stays_visible(data_dir):
    write_run(data_dir, make_run(records=[make_record(status="failed", reason="boom", samples_s=[], metrics={})]))
    latest = load_store(data_dir, SNIPPETS).latest("matmul")
    assert list(latest["status"]) == ["failed"] and list(latest["reason"]) == ["boom"]


def test_results_from_an_older_snippet_source_are_stale(data_dir):
    write_run(data_dir, make_run(records=[make_record(), make_record(framework="jax", snippet_hash="0" * 64)]))
    latest = load_store(data_dir, SNIPPETS).latest("matmul").set_index("framework")
    assert bool(latest.loc["torch", "stale"]) is False
    assert bool(latest.loc["jax", "stale"]) is True


def test_strict_loading_raises_naming_the_file(data_dir):
    write_run(data_dir, make_run())
    bad = write_run(data_dir, make_run(run_id="20261130T000000Z-bad-00000009", profile="fast"))
    with pytest.raises(RunFileError) as info:
        load_store(data_dir, SNIPPETS, strict=True)
    assert info.value.problems[0].startswith(f"{bad}: profile:")


def test_lenient_loading_leaves_the_bad_file_out_and_warns(data_dir):
    good = write_run(data_dir, make_run())
    bad = write_run(data_dir, make_run(run_id="20261130T000000Z-bad-00000009", profile="fast"))
    warnings = []
    store = load_store(data_dir, SNIPPETS, strict=False, warn=warnings.append)
    assert list(store.files.values()) == [good]
    assert len(warnings) == 1 and str(bad) in warnings[0]


def test_duplicate_run_ids_are_refused(data_dir):
    write_run(data_dir, make_run(), name="first")
    write_run(data_dir, make_run(), name="second")
    with pytest.raises(RunFileError, match="is also the run_id of"):
        load_store(data_dir, SNIPPETS)


def test_empty_store(data_dir):
    store = load_store(data_dir, SNIPPETS)
    assert store.runs == [] and store.latest("matmul").empty
