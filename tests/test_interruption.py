"""Runs that hang, are interrupted, or run twice at once: nothing completed is lost, no
half-written file is left, and two runs never clobber each other."""

import os
import signal
import subprocess
import sys
import time

import pytest

from accelbench.runfile import load_run

from conftest import ROOT
from helpers import fake_snippets, run_once


def start_run(tmp_path, data_dir, *extra, env=None):
    cmd = [sys.executable, "-m", "accelbench", "--snippets-dir", str(tmp_path / "snippets"),
           "--data-dir", str(data_dir), "run", "--profile", "test", "--frameworks", "torch", *extra]
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, **(env or {})})


def wait_for_line(stream, prefix, timeout=120):
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        line = stream.readline()
        seen.append(line)
        if line.startswith(prefix):
            return seen
    pytest.fail(f"no line starting {prefix!r} in {seen}")


def only_file(data_dir):
    files = sorted((data_dir / "runs").iterdir())
    assert len(files) == 1, f"expected one run file and no temporary files, found {files}"
    return files[0]


def test_a_hanging_measurement_times_out_and_the_run_goes_on(tmp_path, data_dir, monkeypatch):
    monkeypatch.setenv("FAKE_N2", "slow")
    path = run_once(fake_snippets(tmp_path), data_dir, tmp_path, time_limit_s=0.5)
    records = load_run(path)["records"]
    assert [(r["params"]["n"], r["status"]) for r in records] == [(1, "ok"), (2, "failed"), (3, "ok")]
    assert records[1]["reason"] == "timeout after 0.5 s"


@pytest.mark.parametrize("sig, name", [(signal.SIGINT, "SIGINT"), (signal.SIGTERM, "SIGTERM")])
def test_signal_mid_run_writes_completed_records_marked_incomplete(tmp_path, data_dir, sig, name):
    fake_snippets(tmp_path)
    proc = start_run(tmp_path, data_dir, env={"FAKE_N2": "slow"})
    wait_for_line(proc.stderr, "[1/3]")  # the first measurement is done, the second is sleeping
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    path = only_file(data_dir)
    assert out.strip().splitlines()[-1] == str(path)
    run = load_run(path)
    assert run["complete"] is False and run["interrupted_by"] == name
    assert [(r["params"]["n"], r["status"]) for r in run["records"]] == [(1, "ok")]
    assert "marked incomplete" in err


def test_a_measurement_hung_in_native_code_is_written_by_the_watchdog(tmp_path, data_dir):
    fake_snippets(tmp_path)
    proc = start_run(tmp_path, data_dir, "--time-limit", "1", env={"FAKE_N2": "hardhang"})
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 124, err
    run = load_run(only_file(data_dir))
    assert run["complete"] is False and run["interrupted_by"] == "hung measurement"
    assert [(r["params"]["n"], r["status"], r["reason"]) for r in run["records"]] == \
        [(1, "ok", None), (2, "failed", "timeout after 1 s (hung)")]


def test_two_runs_at_once_write_separate_files(tmp_path, data_dir):
    fake_snippets(tmp_path)
    procs = [start_run(tmp_path, data_dir, "--force") for _ in range(2)]
    paths = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        paths.append(out.strip().splitlines()[-1])
    assert len(set(paths)) == 2
    files = sorted((data_dir / "runs").iterdir())
    assert [str(f) for f in files] == sorted(paths)
    ids = {load_run(f)["run_id"] for f in files}
    assert len(ids) == 2 and all(load_run(f)["complete"] for f in files)


def test_sigkill_mid_run_leaves_a_valid_partial_file_with_the_completed_records(tmp_path, data_dir):
    fake_snippets(tmp_path)
    proc = start_run(tmp_path, data_dir, env={"FAKE_N2": "slow"})
    wait_for_line(proc.stderr, "[1/3]")  # the first record is written, the second is sleeping
    proc.kill()  # SIGKILL: no handler runs, nothing is flushed at exit
    proc.communicate(timeout=60)
    run = load_run(only_file(data_dir))  # schema-valid as it stands
    assert run["complete"] is False and run["interrupted_by"] is None and run["finished_at"] is None
    assert [(r["params"]["n"], r["status"]) for r in run["records"]] == [(1, "ok")]
    validate = subprocess.run([sys.executable, "-m", "accelbench", "--snippets-dir", str(tmp_path / "snippets"),
                               "--data-dir", str(data_dir), "validate"], cwd=ROOT, capture_output=True, text=True)
    assert validate.returncode == 0, validate.stdout


def test_the_run_file_is_on_disk_from_the_start_and_grows_record_by_record(tmp_path, data_dir):
    fake_snippets(tmp_path)
    proc = start_run(tmp_path, data_dir, env={"FAKE_N3": "slow"})
    wait_for_line(proc.stderr, "[2/3]")
    partial = load_run(only_file(data_dir))
    assert [r["params"]["n"] for r in partial["records"]] == [1, 2] and partial["complete"] is False
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=60)
    final = load_run(only_file(data_dir))  # the same file, finished in place
    assert final["run_id"] == partial["run_id"] and final["interrupted_by"] == "SIGTERM"
