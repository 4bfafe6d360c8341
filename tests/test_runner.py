"""The runner: one run file per run, the cache, failures recorded and survived, interruption."""

import shutil

import pytest

from accelbench.core.runfile import load_run
from accelbench.frameworks import detection, hardware, host
from accelbench.measure import runner
from accelbench.workloads.discovery import discover

from conftest import SNIPPETS
from helpers import cpu_hw, fake_snippets, run_once


def test_run_writes_one_valid_file_then_caches(tmp_path, data_dir, capsys):
    snippets = discover(SNIPPETS, ["matmul"])
    path = run_once(snippets, data_dir, tmp_path, frameworks=["torch", "jax"], hw=detection.detect())
    run = load_run(path)
    assert run["complete"] is True and run["profile"] == "test"
    assert {(r["framework"], r["status"]) for r in run["records"]} == {("torch", "ok"), ("jax", "ok")}
    for rec in run["records"]:
        assert rec["params"] == {"n": 64, "dtype": "float32"}
        assert rec["metrics"]["tflops"] == pytest.approx(2 * 64**3 / rec["stats"]["median_s"] / 1e12)
        assert rec["device"] == host.cpu_model()
    # everything is stored now: no second file
    assert run_once(snippets, data_dir, tmp_path, frameworks=["torch", "jax"], hw=detection.detect()) is None
    assert "nothing to measure" in capsys.readouterr().err
    assert len(list((data_dir / "runs").glob("*.json"))) == 1
    # --force measures again into a new file, leaving the first untouched
    before = path.read_bytes()
    again = run_once(snippets, data_dir, tmp_path, frameworks=["torch"], force=True)
    assert again != path and path.read_bytes() == before


def test_changed_snippet_is_measured_again(tmp_path, data_dir):
    d = tmp_path / "snippets"
    d.mkdir()
    shutil.copy(SNIPPETS / "matmul.py", d / "matmul.py")
    run_once(discover(d), data_dir, tmp_path)
    assert run_once(discover(d), data_dir, tmp_path) is None
    (d / "matmul.py").write_text((d / "matmul.py").read_text() + "\n# changed\n")
    assert run_once(discover(d), data_dir, tmp_path) is None  # a comment is not code it measures
    measured = (d / "matmul.py").read_text().replace("def check_indices(n):\n", "def check_indices(n):\n    n = int(n)\n")
    (d / "matmul.py").write_text(measured)
    path = run_once(discover(d), data_dir, tmp_path)
    assert path is not None and load_run(path)["records"][0]["status"] == "ok"


@pytest.mark.parametrize("behaviour, reason", [
    ("raise", "ValueError: snippet bug"),
    ("oom", "out of memory"),
    ("wrong", "wrong result: relative error 0.5 exceeds tolerance 0.001"),
])
def test_a_failing_measurement_is_recorded_and_the_run_goes_on(tmp_path, data_dir, behaviour, reason):
    from conftest import make_run, write_run

    stored = write_run(data_dir, make_run())
    before = stored.read_bytes()
    path = run_once(fake_snippets(tmp_path, behaviour={2: behaviour}), data_dir, tmp_path)
    assert stored.read_bytes() == before  # what was stored is untouched
    records = load_run(path)["records"]
    assert [(r["params"]["n"], r["status"]) for r in records] == [(1, "ok"), (2, "failed"), (3, "ok")]
    assert records[1]["reason"] == reason
    assert records[1]["samples_s"] == []


def test_failed_measurements_are_retried_next_run(tmp_path, data_dir, monkeypatch):
    snippets = fake_snippets(tmp_path)
    monkeypatch.setenv("FAKE_N2", "raise")  # same snippet source, so only the failure differs
    run_once(snippets, data_dir, tmp_path)
    monkeypatch.delenv("FAKE_N2")
    path = run_once(snippets, data_dir, tmp_path)
    assert [r["params"]["n"] for r in load_run(path)["records"]] == [2]


def test_missing_framework_gives_skipped_records_with_the_reason(tmp_path, data_dir):
    hw = hardware.Hardware(devices=[hardware.Device("torch", "cpu", "Some CPU", 1, None, handle="cpu")],
                           unavailable=[hardware.Unavailable("jax", None, "jax is not installed")])
    snippets = discover(SNIPPETS, ["matmul"])
    path = runner.run(snippets, profile="test", frameworks=["torch", "jax"], data_dir=data_dir, root=tmp_path, hw=hw)
    jax_records = [r for r in load_run(path)["records"] if r["framework"] == "jax"]
    assert jax_records and all(r["status"] == "skipped" and r["reason"] == "jax is not installed" for r in jax_records)


def test_sigint_writes_the_completed_records_marked_incomplete(tmp_path, data_dir):
    with pytest.raises(runner.Interrupted) as info:
        run_once(fake_snippets(tmp_path, behaviour={2: "sigint"}), data_dir, tmp_path)
    files = list((data_dir / "runs").iterdir())
    assert files == [info.value.path]  # no temporary file left
    run = load_run(files[0])
    assert run["complete"] is False and run["interrupted_by"] == "SIGINT"
    # the measurement in flight stopped at its next safe point: recorded as interrupted, never a result
    assert [(r["params"]["n"], r["status"], r["category"]) for r in run["records"]] == \
        [(1, "ok", None), (2, "skipped", "interrupted")]
    assert run["records"][1]["reason"] == "interrupted by SIGINT before it finished"
    assert run["records"][1]["samples_s"] == [] and run["records"][1]["metrics"] == {}


def test_unreadable_stored_file_does_not_stop_a_run(tmp_path, data_dir, capsys):
    (data_dir / "runs" / "garbage.json").write_text("{not json")
    path = run_once(fake_snippets(tmp_path), data_dir, tmp_path)
    assert path is not None
    assert "ignoring" in capsys.readouterr().err
    assert (data_dir / "runs" / "garbage.json").read_text() == "{not json"


def test_progress_lines_name_workload_framework_and_params(tmp_path, data_dir, capsys):
    run_once(fake_snippets(tmp_path), data_dir, tmp_path)
    err = capsys.readouterr().err
    assert "[1/3] fake torch" in err and "n=3" in err and "left)" in err


def test_a_case_that_finds_its_device_unsuitable_is_skipped(tmp_path, data_dir):
    records = load_run(run_once(fake_snippets(tmp_path, behaviour={2: "unsupported"}), data_dir, tmp_path))["records"]
    assert (records[1]["status"], records[1]["reason"]) == ("skipped", "this device lacks the mode")


def test_a_measurement_planned_to_be_long_gets_twice_its_budget_as_its_time_limit(tmp_path):
    from accelbench.core.profiles import profile
    from accelbench.measure.plan import plan

    prof = profile("test")
    items = plan(fake_snippets(tmp_path, setup={2: 500.0}), cpu_hw(), ["torch"], prof)
    limits = {i.params["n"]: runner.default_time_limit(i, prof) for i in items}
    assert limits[1] == prof.time_limit_s  # a short measurement: the profile's limit
    assert limits[2] == 2 * items[1].budget_s > 1000  # e.g. torch_xla's two compiles of GPT-2
