"""Shared fixtures: the project root, and synthetic run files for a temporary data directory.

Synthetic runs are clearly labelled (host 'synthetic-test-host') and only ever written under
pytest's tmp_path, never into build_data/.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]
# CI (.ci/run, GitHub Actions: CI=true) runs every example and every trial; a contributor's run of
# `make test` a smaller share of them, so that it is quick enough to run often
ON_CI = os.environ.get("CI", "").lower() == "true"
settings.register_profile("ci", max_examples=150)
settings.register_profile("dev", max_examples=40)
settings.load_profile("ci" if ON_CI else "dev")
SNIPPETS = ROOT / "snippets"
# TensorFlow's own environment (`make tf-env`): its tests skip without it, except under CI=true
TF_PYTHON = ROOT / ".venv-tf" / "bin" / "python"
needs_tf_env = pytest.mark.skipif(
    not TF_PYTHON.exists() and not ON_CI,
    reason="no .venv-tf: `make tf-env` installs TensorFlow to test its snippets")


@pytest.fixture(autouse=True)
def no_tpu_here(monkeypatch):
    """Detection in tests sees what each test fakes, never this machine's PCI bus or a torch_xla
    switch left in the environment (a TPU VM runs `make test` too). Tests that want a TPU pass
    ``tpu_chips``; test_torch_xla.py drives the real torch_xla in its own processes."""
    from accelbench.frameworks import xla

    monkeypatch.setattr(xla, "tpu_chips", lambda sysfs=None: 0)
    monkeypatch.delenv(xla.USE, raising=False)


def session_folder(tmp_path_factory) -> Path:
    """The test session's own temporary folder, which every pytest-xdist worker shares (each has one below it)."""
    shared = tmp_path_factory.getbasetemp()
    return shared.parent if os.environ.get("PYTEST_XDIST_WORKER") else shared


@pytest.fixture(scope="session", autouse=True)
def kept_charts(tmp_path_factory):
    """The charts' SVGs kept for the whole session (chart_theme.SVG_CACHE), in every worker and every build or
    render it starts: many tests render the same committed charts, and vl-convert takes most of a render's time.
    Kept by the specification and vl-convert's version, so a kept SVG is the one it would draw again."""
    from accelbench.publish.render.chart_theme import SVG_CACHE

    os.environ[SVG_CACHE] = str(session_folder(tmp_path_factory) / "svg-cache")
    yield
    os.environ.pop(SVG_CACHE, None)


@pytest.fixture(scope="session")
def committed_site(tmp_path_factory) -> Path:
    """The site built once per test session from the committed run files (notebooks executed), in
    a copy of the project: the browser, page-weight and other tests of the published pages share it.
    Once per session, not per worker: under pytest-xdist the workers share one build (the first to
    need it builds it while the others wait on a lock), which saves a build of half a minute."""
    import fcntl

    from helpers import mkdocs_build

    shared = session_folder(tmp_path_factory)
    site = shared / "committed" / "site"
    with open(shared / "committed.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (site.parent / "built").exists():  # written last: a failed or interrupted build is made again
            shutil.rmtree(site.parent, ignore_errors=True)
            build = mkdocs_build(site, ROOT / "build_data", notebooks=True)
            assert build.returncode == 0, build.stderr
            (site.parent / "built").touch()
    return site


def current_version(workload: str, framework: str) -> str:
    """Today's version of a workload's results in a framework (a valid stand-in for an unknown one)."""
    from accelbench.workloads.discovery import snippet_hashes

    return snippet_hashes(SNIPPETS).get((workload, framework), "0" * 64)


def make_record(**overrides) -> dict:
    samples = overrides.pop("samples_s", [0.010, 0.011, 0.012, 0.010, 0.013])
    from accelbench.measure.timing import summarize

    stats = summarize(samples) if samples else None
    record = {
        "workload": "matmul", "snippet_hash": None, "framework": "torch",
        "device": "Synthetic CPU", "platform": "cpu", "params": {"n": 256, "dtype": "float32"},
        "status": "ok", "reason": None, "samples_s": samples, "calls_per_sample": 1,
        "stats": stats, "metrics": {},
        "check": {"relative_error": 1e-7, "tolerance": 1e-4}, "notes": {}, "peak": None,
    }
    record.update(overrides)
    # each framework's results have a version of their own: a record is current unless told otherwise
    if record["snippet_hash"] is None:
        record["snippet_hash"] = current_version(record["workload"], record["framework"])
    if stats and "metrics" not in overrides:  # derived the way the runner derives it
        record["work"] = {"flops": 2 * record["params"]["n"] ** 3}
        record["metrics"] = {"tflops": record["work"]["flops"] / stats["median_s"] / 1e12, "compile_s": 0.2}
    return record


def make_run(run_id="20261130T000000Z-synthetic-00000001", created_at="2026-11-30T00:00:00Z",
             records=None, host="synthetic-test-host", **overrides) -> dict:
    run = {
        "schema_version": 1, "run_id": run_id, "created_at": created_at, "finished_at": created_at,
        "profile": "test", "complete": True, "interrupted_by": None,
        "environment": {"host": host, "os": "Linux test", "machine": "x86_64", "cpu_model": "Synthetic CPU",
                        "cpu_cores": 2, "memory_bytes": 1 << 30, "python": "3.11.0",
                        "versions": {"torch": "2.13.0+cpu", "jax": "0.10.2", "jaxlib": "0.10.2", "cuda": None,
                                     "driver": None}},
        "devices": [{"framework": "torch", "platform": "cpu", "name": "Synthetic CPU", "count": 1,
                     "memory_bytes": 1 << 30, "vendor": None}],
        "unavailable": [],
        "code": {"git_commit": "0123456789abcdef0123456789abcdef01234567", "dirty": False},
        "records": records if records is not None else [make_record()],
    }
    run.update(overrides)
    return run


def new_data_dir(parent: Path) -> Path:
    """An empty data directory with the real reference tables, under ``parent``."""
    d = parent / "build_data"
    (d / "runs").mkdir(parents=True)
    shutil.copytree(ROOT / "build_data" / "reference", d / "reference")
    return d


@pytest.fixture
def data_dir(tmp_path) -> Path:
    return new_data_dir(tmp_path)


def write_run(data_dir: Path, run: dict, name: str | None = None) -> Path:
    path = data_dir / "runs" / f"{name or run['run_id']}.json"
    path.write_text(json.dumps(run, indent=1), encoding="utf-8")
    return path


@pytest.fixture
def run_factory():
    return lambda **kw: copy.deepcopy(make_run(**kw))
