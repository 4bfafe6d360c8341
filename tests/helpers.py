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
