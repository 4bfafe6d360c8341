"""PyTorch through torch_xla, on torch_xla's PJRT CPU device (no TPU here), from .venv-xla (`make
xla-env`: torch 2.9 and torch-xla 2.9, apart from the project's torch): detection, each call
materialised and waited for, compilations counted while timed, operations torch_xla runs on the
host refused, and the four workloads at their test sizes, through the real command line. The
persistent compilation cache is checked with a fake torch_xla, in any environment."""

import json
import os
import subprocess
from types import SimpleNamespace

import pytest

from accelbench.frameworks import detection, xla
from accelbench.store.validation import Validator, validate_files

from conftest import ROOT, SNIPPETS
from helpers import env_run, run_in_env

XLA_PYTHON = ROOT / ".venv-xla" / "bin" / "python"
WORKLOADS = ("transformer_train", "matmul", "memory_bandwidth", "general_compute")

XLA_UNAVAILABLE = ROOT / ".venv-xla.unavailable"  # why `make xla-env` built nothing, in its words


def xla_env_missing():
    """Why the torch_xla tests cannot run here, or None. Under CI=true they are required, except
    where `make xla-env` wrote why it could not build the environment without CUDA wheels."""
    if XLA_PYTHON.exists():
        return None
    if XLA_UNAVAILABLE.exists():
        return XLA_UNAVAILABLE.read_text().strip()
    if os.environ.get("CI", "").lower() == "true":
        return None  # required: each test fails on the missing environment
    return "no .venv-xla: `make xla-env` installs torch_xla to test PyTorch's TPU path on its CPU device"


needs_xla_env = pytest.mark.skipif(xla_env_missing() is not None, reason=str(xla_env_missing()))


XLA_ENV = {"PJRT_DEVICE": "CPU", "ACCELBENCH_TORCH_XLA": "1"}  # torch_xla on its CPU device


@pytest.fixture(scope="module")
def xla_run(tmp_path_factory):
    """One test-profile run of the four workloads by .venv-xla's accelbench, as a maintainer's
    TPU run would go (there with PJRT_DEVICE=TPU, found by itself)."""
    return env_run(XLA_PYTHON, tmp_path_factory.mktemp("xla"),
                   ["--profile", "test", "--frameworks", "torch", "--only", ",".join(WORKLOADS)], XLA_ENV)


@pytest.fixture(scope="module")
def probe(tmp_path_factory):
    """What tests/xla_probe.py saw of torch_xla's counters through the runner's driver."""
    run = run_in_env(XLA_PYTHON, [str(ROOT / "tests" / "xla_probe.py")], tmp_path_factory.mktemp("probe"), XLA_ENV)
    return json.loads(run.stdout.strip().splitlines()[-1])


def records(run, workload):
    return [r for r in run["records"] if r["workload"] == workload]


@needs_xla_env
def test_pytorchs_device_is_the_xla_device_under_its_own_name(xla_run):
    _, run = xla_run
    (device,) = run["devices"]
    assert device["framework"] == "torch" and device["name"].endswith("(PyTorch/XLA)")
    assert run["environment"]["versions"]["torch_xla"].startswith("2.9")
    assert run["environment"]["versions"]["torch"].startswith("2.9")
    assert {r["device"] for r in run["records"]} == {device["name"]}


@needs_xla_env
def test_every_workload_runs_under_torch_xla_and_passes_its_check(xla_run):
    _, run = xla_run
    for workload in WORKLOADS:
        ok = [r for r in records(run, workload) if r["status"] == "ok"]
        assert ok, workload
        for r in ok:
            assert r["check"]["relative_error"] <= r["check"]["tolerance"], (workload, r["params"])
            # counted while timed: none, once the graphs of the first calls are cached
            assert r["stats"]["compilations"] == 0, (workload, r["params"])
    steps = {r["params"]["variant"]: r for r in records(run, "transformer_train")}
    assert set(steps) == {"eager", "compiled"}  # lazy tracing, and TorchDynamo with the openxla backend
    assert all(s["status"] == "ok" and s["metrics"]["tokens_per_s"] > 0 for s in steps.values())
    assert {r["params"]["op"] for r in records(run, "memory_bandwidth") if r["status"] == "ok"} == {"copy", "scale"}


@needs_xla_env
def test_an_operation_torch_xla_runs_on_the_host_is_recorded_as_unsupported(xla_run):
    _, run = xla_run
    by_op = {r["params"]["op"]: r for r in records(run, "general_compute")}
    fft = by_op["fft"]  # torch_xla 2.9 has no XLA lowering of the FFT
    assert (fft["status"], fft["category"]) == ("skipped", "unsupported")
    assert "aten::_fft_c2c" in fft["reason"] and "host CPU" in fft["reason"]
    assert {op for op, r in by_op.items() if r["status"] == "ok"} == {"sort", "scatter_add", "gather", "small_matmul"}


@needs_xla_env
def test_the_run_file_passes_the_checks_a_pull_request_gets(xla_run):
    path, _ = xla_run
    assert validate_files([path], Validator(SNIPPETS, ROOT / "build_data" / "reference")) == []


@needs_xla_env
def test_each_timed_call_runs_its_graph_and_recompiling_is_flagged(probe):
    out = probe
    # lazy calls left alone run nothing, so a timer around them would time tracing only
    assert out["undriven_executions"] == 0
    steady = out["steady"]
    assert steady["executions"] == steady["calls"] > 5  # every call materialised, none merged or dropped
    assert steady["compilations"] == 0  # (its spread is the machine's noise: not asserted)
    assert out["copy"]["executions"] == out["copy"]["calls"]  # clone() moves data: it is no alias
    recompiling = out["recompiling"]
    assert recompiling["compilations"] > 0 and recompiling["wide_spread"] is True


@needs_xla_env
def test_host_fallbacks_inside_a_compiled_graph_and_float32_precision(probe):
    out = probe
    assert out["compiled_fallbacks"] == ["aten::_fft_c2c"]
    # float32 products are true float32 while a float32 case lives (a TPU's default is one bf16 pass)
    assert out["float32_precision"] == ["default", "highest", "default"]


def test_make_site_on_a_tpu_vm_measures_jax_then_pytorch_each_from_its_own_environment():
    # HAS_TPU is what the Makefile reads off the PCI bus; set here, as a TPU VM would find it
    dry = subprocess.run(["make", "-n", "benchmarks", "HAS_TPU=yes", "PROFILE=full", "VENV=.venv-absent",
                          "XLA_VENV=.venv-xla-absent"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert dry.returncode == 0, dry.stderr
    lines = dry.stdout.splitlines()
    jax = lines.index(".venv-absent/bin/accelbench run --profile full --frameworks jax")
    torch = lines.index(".venv-xla-absent/bin/accelbench run --profile full --frameworks torch")
    assert jax < torch < lines.index(".venv-absent/bin/accelbench validate")
    assert any('"torch-xla[tpu]==2.9.0"' in line for line in lines)  # the TPU's libtpu comes with it
    assert any('-e ".[tpu,site]"' in line for line in lines)  # and JAX's own, from the project's tpu extra


def test_off_a_tpu_xla_env_never_installs_pypis_cuda_torch_and_says_why_it_built_nothing(tmp_path):
    """PyPI's torch 2.9 is a 7.1 GB CUDA build: off a TPU, with PyTorch's CPU index out of reach
    (a path that does not exist stands for it), `make xla-env` leaves no environment and writes why,
    which the torch_xla tests then skip with, under CI=true too."""
    venv = tmp_path / "xla"
    made = subprocess.run(["make", "xla-env", f"XLA_VENV={venv}", f"XLA_TORCH_INDEX=file://{tmp_path}/absent",
                           "HAS_TPU="], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stderr
    assert not venv.exists()
    reason = (tmp_path / "xla.unavailable").read_text()
    assert "CPU build is out of reach" in reason and "torch_xla tests skip" in reason
    # on a TPU VM the fallback is PyPI's torch, as torch_xla's own instructions install it there
    tpu = subprocess.run(["make", "-n", "xla-env", f"XLA_VENV={venv}", "HAS_TPU=yes"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    fallback = f'{venv}/bin/python -m pip install --quiet "torch==2.9.0"'
    assert "|| " + fallback in tpu.stdout and "out of reach" not in tpu.stdout


class FakeTorchXla:
    """The parts of torch_xla that opening a TPU touches, logging what happens in order. Like the
    real one, it refuses a persistent cache once its computation cache exists (after a computation)."""

    def __init__(self):
        self.events, self.computed = [], False
        self._XLAC = SimpleNamespace(_xla_computation_cache_is_initialized=lambda: self.computed)
        self.runtime = SimpleNamespace(initialize_cache=self.initialize_cache, addressable_device_count=lambda: 1)
        self.core = SimpleNamespace(xla_model=SimpleNamespace(
            xla_device_hw=lambda d: "TPU", xla_device_kind=lambda d: "TPU v6 lite",
            get_memory_info=lambda d: {"bytes_limit": 32 * 2**30}))

    def initialize_cache(self, path, readonly=False):
        assert not self.computed, "Computation cache has already been initialized"
        self.events.append(("initialize_cache", path, readonly))

    def device(self):
        self.events.append("device")
        self.computed = True
        return "xla:0"


def test_torch_xla_keeps_compiled_graphs_under_the_runs_cache_from_before_its_first_computation(tmp_path, monkeypatch):
    monkeypatch.setenv(xla.CACHE_DIR, str(tmp_path / "cache"))
    torch_xla = FakeTorchXla()
    hw = detection.detect(("torch",), modules={"torch": SimpleNamespace(), "torch_xla": torch_xla}, tpu_chips=1)
    assert [d.platform for d in hw.devices] == ["cpu", "tpu"] and hw.unavailable == []
    cache = tmp_path / "cache" / "torch_xla"
    assert torch_xla.events == [("initialize_cache", str(cache), False), "device"]  # writable, before any computation
    assert cache.is_dir()
    # once: detection again in the same process leaves the cache as it is (torch_xla would refuse)
    detection.detect(("torch",), modules={"torch": SimpleNamespace(), "torch_xla": torch_xla}, tpu_chips=1)
    assert torch_xla.events == [("initialize_cache", str(cache), False), "device", "device"]
    # torch_xla's CPU device (the tests' stand-in for a TPU) compiles in no time: no cache there
    monkeypatch.setenv(xla.USE, "1")
    cpu = FakeTorchXla()
    cpu.core.xla_model.xla_device_hw = lambda d: "CPU"
    detection.detect(("torch",), modules={"torch": SimpleNamespace(), "torch_xla": cpu}, tpu_chips=0)
    assert cpu.events == ["device"]


def test_the_cache_folder_is_the_users_cache_unless_the_run_names_one(tmp_path, monkeypatch):
    monkeypatch.delenv(xla.CACHE_DIR, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert xla.cache_dir() == tmp_path / "xdg" / "accelbench"
    monkeypatch.setenv(xla.CACHE_DIR, str(tmp_path / "run-cache"))
    assert xla.cache_dir() == tmp_path / "run-cache"
