"""The runner: one run file per run, the cache, failures recorded and survived, interruption."""

import shutil

import pytest

from accelbench import hardware, runner
from accelbench.runfile import load_run
from accelbench.snippet import discover

from conftest import SNIPPETS

FAKE = '''
import os, signal, time
import numpy as np
from accelbench.snippet import Case, Unsupported

WORKLOAD = "{name}"
TITLE = "Fake"
CLAIM = "none"
PROFILES = {{"quick": [{{"n": 1}}, {{"n": 2}}, {{"n": 3}}], "full": [{{"n": 1}}], "test": [{{"n": 1}}, {{"n": 2}}, {{"n": 3}}]}}
CHART = {{"x": "n", "y": "tflops", "title": "t", "x_label": "n", "y_label": "y"}}
def flops(p): return 1000
def bytes_moved(p): return 0
def skip_reason(framework, platform, p, count=1): return None
def torch_case(p, device):
    behaviour = {behaviour!r}.get(p["n"]) or os.environ.get(f"FAKE_N{{p['n']}}", "ok")
    if behaviour == "raise":
        raise ValueError("snippet bug")
    if behaviour == "unsupported":
        raise Unsupported("this device lacks the mode")
    if behaviour == "oom":
        raise RuntimeError("CUDA out of memory. Tried to allocate 2.00 GiB")
    if behaviour == "sigint":
        os.kill(os.getpid(), signal.SIGINT)
    if behaviour == "slow":
        time.sleep(30)
    if behaviour == "hardhang":  # stuck where no Python exception can reach, like a hung kernel
        signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM, signal.SIGINT])
        time.sleep(30)
    error = 0.5 if behaviour == "wrong" else 0.0
    return Case(run=lambda i: np.ones(4).sum(), check=lambda: error, tolerance=1e-3)
'''


def fake_snippets(tmp_path, name="fake", behaviour=None):
    d = tmp_path / "snippets"
    d.mkdir(exist_ok=True)
    (d / f"{name}.py").write_text(FAKE.format(name=name, behaviour=behaviour or {}))
    return discover(d)


def cpu_hw():
    return hardware.detect(("torch",))


def run_once(snippets, data_dir, tmp_path, **kw):
    return runner.run(snippets, profile="test", frameworks=kw.pop("frameworks", ["torch"]), data_dir=data_dir,
                      root=tmp_path, hw=kw.pop("hw", cpu_hw()), **kw)


def test_run_writes_one_valid_file_then_caches(tmp_path, data_dir, capsys):
    snippets = discover(SNIPPETS, ["matmul"])
    path = run_once(snippets, data_dir, tmp_path, frameworks=["torch", "jax"], hw=hardware.detect())
    run = load_run(path)
    assert run["complete"] is True and run["profile"] == "test"
    assert {(r["framework"], r["status"]) for r in run["records"]} == {("torch", "ok"), ("jax", "ok")}
    for rec in run["records"]:
        assert rec["params"] == {"n": 64, "dtype": "float32"}
        assert rec["metrics"]["tflops"] == pytest.approx(2 * 64**3 / rec["stats"]["median_s"] / 1e12)
        assert rec["device"] == hardware.cpu_model()
    # everything is stored now: no second file
    assert run_once(snippets, data_dir, tmp_path, frameworks=["torch", "jax"], hw=hardware.detect()) is None
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
    assert [p.name for p in files] == [info.value.args[0].split("/")[-1]]  # no temporary file left
    run = load_run(files[0])
    assert run["complete"] is False and run["interrupted_by"] == "SIGINT"
    assert [(r["params"]["n"], r["status"]) for r in run["records"]] == [(1, "ok")]


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


class FakeMeter:
    """An energy counter that reads 250 W of draw on a fake clock."""

    method = "fake counter"

    def __init__(self):
        import time

        self.start = time.perf_counter()

    def joules(self):
        import time

        return 250.0 * (time.perf_counter() - self.start)

    def watts(self):
        return 40.0


def matmul_item(n=64):
    snip = discover(SNIPPETS, ["matmul"])[0]
    device = next(d for d in cpu_hw().devices if d.platform == "cpu")
    return runner.Planned(snip, "torch", device, {"n": n, "dtype": "float32"}, None)


def test_energy_is_metered_around_a_sustained_run(monkeypatch):
    from accelbench.reference import Reference
    from conftest import ROOT

    monkeypatch.setitem(runner.ENERGY_SECONDS, "test", 0.3)
    item = matmul_item()
    record = runner.measure(item, "test", Reference(ROOT / "build_data" / "reference"), meter=(FakeMeter(), None))
    info = record["energy"]
    assert info["measured"] and info["seconds"] >= 0.3 and info["calls"] > 1 and info["idle_watts"] == 40.0
    m = record["metrics"]
    assert m["watts"] == pytest.approx(250.0, rel=0.05)
    assert m["joules"] == pytest.approx(info["joules"] / info["calls"])
    assert m["tflops_per_watt"] == pytest.approx(m["tflops"] / m["watts"])


def test_no_energy_counter_records_the_reason_and_no_numbers(monkeypatch):
    from accelbench.reference import Reference
    from conftest import ROOT

    item = matmul_item()
    record = runner.measure(item, "test", Reference(ROOT / "build_data" / "reference"),
                            meter=(None, "RAPL not readable: /sys/class/powercap is absent"))
    assert record["energy"] == {"measured": False, "reason": "RAPL not readable: /sys/class/powercap is absent"}
    assert "watts" not in record["metrics"] and "joules" not in record["metrics"]


def test_rapl_meter_sums_packages_and_survives_wraparound(tmp_path):
    from accelbench.energy import RaplMeter

    for pkg, value in (("intel-rapl:0", 999_000_000), ("intel-rapl:1", 5_000_000)):
        (tmp_path / pkg).mkdir()
        (tmp_path / pkg / "max_energy_range_uj").write_text("1000000000")
        (tmp_path / pkg / "energy_uj").write_text(str(value))
    (tmp_path / "intel-rapl:0:0").mkdir()  # a sub-domain (core), already inside its package
    meter = RaplMeter(tmp_path)
    (tmp_path / "intel-rapl:0" / "energy_uj").write_text("1000000")  # wrapped: +2,000,001 uJ
    (tmp_path / "intel-rapl:1" / "energy_uj").write_text("8000000")  # +3,000,000 uJ
    assert meter.joules() == pytest.approx(5.000001)


def test_meter_reasons_where_there_is_no_counter(tmp_path, monkeypatch):
    from accelbench import energy

    assert energy.meter_for("tpu", "google") == (None, "TPUs expose no energy counter to programs")
    assert energy.meter_for("gpu", "amd") == (None, "no energy counter is read for amd GPUs yet")
    monkeypatch.setattr(energy, "RAPL_ROOT", tmp_path / "absent")
    counter, reason = energy.meter_for("cpu", None)
    assert counter is None and reason.startswith("RAPL not readable:") and "absent" in reason
    (tmp_path / "rapl" / "intel-rapl:0").mkdir(parents=True)
    (tmp_path / "rapl" / "intel-rapl:0" / "energy_uj").write_text("5")
    (tmp_path / "rapl" / "intel-rapl:0" / "max_energy_range_uj").write_text("100")
    monkeypatch.setattr(energy, "RAPL_ROOT", tmp_path / "rapl")
    counter, reason = energy.meter_for("cpu", None)
    assert isinstance(counter, energy.RaplMeter) and reason is None


def test_a_failing_energy_counter_keeps_the_timing(monkeypatch):
    from accelbench.reference import Reference
    from conftest import ROOT

    class BrokenMeter(FakeMeter):
        def joules(self):
            raise RuntimeError("NVML: not supported")

    item = matmul_item()
    record = runner.measure(item, "test", Reference(ROOT / "build_data" / "reference"), meter=(BrokenMeter(), None))
    assert record["status"] == "ok" and record["metrics"]["tflops"] > 0
    assert record["energy"] == {"measured": False, "reason": "energy counter failed: RuntimeError: NVML: not supported"}


def test_a_case_that_finds_its_device_unsuitable_is_skipped(tmp_path, data_dir):
    records = load_run(run_once(fake_snippets(tmp_path, behaviour={2: "unsupported"}), data_dir, tmp_path))["records"]
    assert (records[1]["status"], records[1]["reason"]) == ("skipped", "this device lacks the mode")
