"""Helpers the test modules share: a fake workload whose behaviour each test chooses, and one run.

The fake snippet's measurement ``n`` behaves as ``behaviour[n]`` or the environment variable
``FAKE_N<n>`` says: ok, raise, unsupported, oom, sigint, slow (sleeps 30 s), hardhang (sleeps
with SIGALRM and SIGINT blocked, like a hung kernel) or wrong (fails its check).
"""

from __future__ import annotations

from accelbench import hardware, runner
from accelbench.snippet import discover

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
def energy_params(p): return {energy!r}
def setup_s(framework, platform, p): return {setup!r}.get(p["n"])
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


def fake_snippets(tmp_path, name="fake", behaviour=None, energy=False, setup=None):
    """A snippets folder holding one fake workload; returns the discovered snippets."""
    d = tmp_path / "snippets"
    d.mkdir(exist_ok=True)
    (d / f"{name}.py").write_text(FAKE.format(name=name, behaviour=behaviour or {}, energy=energy, setup=setup or {}))
    return discover(d)


def cpu_hw():
    return hardware.detect(("torch",))


def run_once(snippets, data_dir, tmp_path, **kw):
    return runner.run(snippets, profile="test", frameworks=kw.pop("frameworks", ["torch"]), data_dir=data_dir,
                      root=tmp_path, hw=kw.pop("hw", cpu_hw()), **kw)


def mkdocs_build(site_dir, data_dir, config=None, strict=True, notebooks=False):
    """Build the site with MkDocs from ``data_dir`` (its plugin runs `accelbench render` first).
    Notebooks are executed only where a test looks at them (each execution starts a kernel).
    Runs in the config's folder, where the pages' fragment includes are resolved."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from conftest import ROOT

    config = Path(config or ROOT / "mkdocs.yml")
    env = {**os.environ, "ACCELBENCH_DATA_DIR": str(data_dir), "NO_MKDOCS_2_WARNING": "1",
           "ACCELBENCH_EXECUTE_NOTEBOOKS": "true" if notebooks else "false"}
    cmd = [sys.executable, "-m", "mkdocs", "build", "-f", str(config), "-d", str(site_dir)]
    return subprocess.run(cmd + (["--strict"] if strict else []), capture_output=True, text=True,
                          cwd=config.parent, env=env, timeout=300)


def copy_project(folder):
    """The pages, snippets and site config in ``folder``, to build a changed copy of the site;
    returns the copied mkdocs.yml."""
    import shutil

    from conftest import ROOT

    for name in ("docs", "snippets"):
        shutil.copytree(ROOT / name, folder / name)
    shutil.copy(ROOT / "mkdocs.yml", folder / "mkdocs.yml")
    return folder / "mkdocs.yml"


def chart_svgs(html: str) -> list[str]:
    """The charts of a built page: the inline SVG of each <figure class="ab-chart">, in order."""
    import re

    return [m.group(1) for m in re.finditer(r'<figure class="ab-chart">\s*(<svg .*?</svg>)', html, re.S)]
