"""The store: every run file -> one table; latest result per measurement; staleness."""

import pytest

from accelbench.core.runfile import RunFileError
from accelbench.store.store import load_store

from conftest import SNIPPETS, make_record, make_run, write_run


def test_latest_is_the_newest_measured_record_per_key(data_dir):
    old = make_run(run_id="20261101T000000Z-a-00000001", created_at="2026-11-01T00:00:00Z",
                   records=[make_record(samples_s=[1.0] * 3)])
    new = make_run(run_id="20261102T000000Z-a-00000002", created_at="2026-11-02T00:00:00Z",
                   records=[make_record(samples_s=[2.0] * 3),
                            make_record(framework="jax", samples_s=[3.0] * 3)])
    failed_later = make_run(run_id="20261103T000000Z-a-00000003", created_at="2026-11-03T00:00:00Z",
                            records=[make_record(status="failed", reason="out of memory", samples_s=[], stats=None,
                                                 metrics={})])
    skipped_last = make_run(run_id="20261104T000000Z-a-00000004", created_at="2026-11-04T00:00:00Z",
                            records=[make_record(framework="jax", status="skipped", reason="out of time: deadline",
                                                 samples_s=[], stats=None, metrics={})])
    for run in (old, new, failed_later, skipped_last):
        write_run(data_dir, run)
    store = load_store(data_dir, SNIPPETS)
    assert len(store.records) == 5
    latest = store.latest("matmul").set_index("framework")
    # the newest measurement counts, even a failure: an older success no longer stands for it
    assert latest.loc["torch", "status"] == "failed" and latest.loc["torch", "category"] == "out_of_memory"
    # a later skip (a run that ran out of time) does not hide what was measured
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


def test_verdicts_read_only_current_results(data_dir):
    write_run(data_dir, make_run(records=[make_record(), make_record(framework="jax", snippet_hash="0" * 64)]))
    store = load_store(data_dir, SNIPPETS)
    assert sorted(store.latest("matmul")["framework"]) == ["jax", "torch"]
    assert list(store.current("matmul")["framework"]) == ["torch"]


def test_the_latest_does_not_depend_on_the_order_of_files(tmp_path):
    from conftest import new_data_dir

    runs = [make_run(run_id=f"20261101T000000Z-same-0000000{i}", created_at="2026-11-01T00:00:00Z",
                     records=[make_record(samples_s=[float(i)] * 3)]) for i in (1, 2)]
    answers = []
    for names in (("a", "b"), ("b", "a")):  # the same runs, read in the other order
        data_dir = new_data_dir(tmp_path / "".join(names))
        for run, name in zip(runs, names, strict=True):
            write_run(data_dir, run, name=name)
        answers.append(load_store(data_dir, SNIPPETS).latest("matmul")["run_id"].tolist())
    assert answers[0] == answers[1] == ["20261101T000000Z-same-00000002"]
