"""Helpers the test modules share: a fake workload whose behaviour each test chooses, and one run.

The fake snippet's measurement ``n`` behaves as ``behaviour[n]`` or the environment variable
``FAKE_N<n>`` says: ok, raise, unsupported, oom, sigint, slow (sleeps 30 s), hardhang (sleeps
with SIGALRM and SIGINT blocked, like a hung kernel) or wrong (fails its check).
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from accelbench.frameworks import detection
from accelbench.judge.judging import said
from accelbench.measure import runner
from accelbench.workloads.discovery import discover

FAKE = '''
import os, signal, time
import numpy as np
from accelbench.workloads.snippet import Case, Unsupported

WORKLOAD = "{name}"
TITLE = "Fake"
CLAIM = "none"
PROFILES = {{"quick": [{{"n": 1}}, {{"n": 2}}, {{"n": 3}}], "full": [{{"n": 1}}], "test": [{{"n": 1}}, {{"n": 2}}, {{"n": 3}}]}}
CHART = {{"x": "n", "y": "tflops", "title": "t", "x_label": "n", "y_label": "y"}}
def flops(p): return 1000
def bytes_moved(p): return 0
def skip_reason(framework, platform, p, count=1): return {skip!r}.get(p["n"])
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


def fake_snippets(tmp_path, name="fake", behaviour=None, energy=False, setup=None, skip=None):
    """A snippets folder holding one fake workload; returns the discovered snippets. ``skip``: n ->
    the reason (or (category, reason)) its skip_reason gives."""
    d = tmp_path / "snippets"
    d.mkdir(exist_ok=True)
    (d / f"{name}.py").write_text(FAKE.format(name=name, behaviour=behaviour or {}, energy=energy, setup=setup or {},
                                              skip=skip or {}))
    return discover(d)


def cpu_hw():
    return detection.detect(("torch",))


def run_once(snippets, data_dir, tmp_path, **kw):
    return runner.run(snippets, profile="test", frameworks=kw.pop("frameworks", ["torch"]), data_dir=data_dir,
                      root=tmp_path, hw=kw.pop("hw", cpu_hw()), **kw)


def mkdocs_build(site_dir, data_dir, config=None, strict=True, notebooks=False):
    """Build the site with MkDocs from ``data_dir`` (its plugin runs `accelbench render` first).
    Notebooks are executed only where a test looks at them (each execution starts a kernel).
    Runs in the config's folder, where the pages' fragment includes are resolved. Without a config,
    a copy of the project beside ``site_dir`` is built: the render step writes generated/ and the
    downloads under docs/, and a test leaves the checkout's own as it found them."""
    import os
    import subprocess
    import sys
    from pathlib import Path


    if config is None:
        project = rendered_project(site_dir)
        project.mkdir(parents=True, exist_ok=True)
        config = copy_project(project)
    config = Path(config)
    env = {**os.environ, "ACCELBENCH_DATA_DIR": str(data_dir), "NO_MKDOCS_2_WARNING": "1",
           "ACCELBENCH_EXECUTE_NOTEBOOKS": "true" if notebooks else "false"}
    cmd = [sys.executable, "-m", "mkdocs", "build", "-f", str(config), "-d", str(site_dir)]
    return subprocess.run(cmd + (["--strict"] if strict else []), capture_output=True, text=True,
                          cwd=config.parent, env=env, timeout=300)


def rendered_project(site_dir):
    """The copy of the project :func:`mkdocs_build` built ``site_dir`` from (without a config): its pages, with the
    fragments and downloads the build rendered."""
    from pathlib import Path

    return Path(site_dir).parent / f"{Path(site_dir).name}-project"


def copy_project(folder):
    """The pages, snippets, theme overrides and site config in ``folder``, to build a changed copy
    of the site; returns the copied mkdocs.yml."""
    import shutil

    from conftest import ROOT

    for name in ("docs", "snippets", "overrides"):
        shutil.copytree(ROOT / name, folder / name)
    shutil.copy(ROOT / "mkdocs.yml", folder / "mkdocs.yml")
    return folder / "mkdocs.yml"


def chart_svgs(html: str) -> list[str]:
    """The charts of a built page: the static SVG of each <figure class="ab-chart">, in order."""
    import re

    pattern = r'<figure class="ab-chart">\s*<div class="ab-chart__static[^"]*"[^>]*>(<svg .*?</svg>)'
    return [m.group(1) for m in re.finditer(pattern,
                                            html, re.S)]


def chart_specs(html: str) -> list[dict]:
    """The charts of a built page: the Vega-Lite specification each figure carries, in order."""
    import json
    import re

    return [json.loads(m.group(1))["spec"]
            for m in re.finditer(r'<script type="application/json" class="ab-chart__spec">(.*?)</script>', html, re.S)]


def chart_lines(svg: str) -> int:
    """How many lines a static chart draws (its legend's symbols not counted)."""
    import xml.etree.ElementTree as ET

    ns = "{http://www.w3.org/2000/svg}"
    return sum(len(g.findall(f"{ns}path")) for g in ET.fromstring(svg).iter(f"{ns}g")
               if "mark-line role-mark" in (g.get("class") or ""))


# Synthetic records for the verdict tests and fixtures: consistent with themselves (their metrics
# follow from their samples and work, as validation demands) and labelled synthetic in their runs.
GPU, TPU = ("NVIDIA H200", "gpu"), ("TPU v6 lite", "tpu")
GPT2_SMALL = {"config": "gpt2-small", "variant": "compiled", "dtype": "bfloat16"}


def synth(workload, device, framework, params, metric, value, spread=0.01, **extra_metrics):
    """An ok record whose ``metric`` is ``value``: five samples around the median time that gives
    it (``spread``: their relative half-width), with the work and the other rates that follow."""
    from accelbench.core.metrics import METRICS
    from accelbench.measure.timing import summarize
    from accelbench.workloads.discovery import snippet_hashes
    from accelbench.workloads.snippet import load_module

    from conftest import SNIPPETS, make_record

    module = load_module(SNIPPETS / f"{workload}.py")
    work = {kind: getattr(module, kind)(params) for kind in ("flops", "bytes_moved", "elements", "tokens")
            if hasattr(module, kind) and getattr(module, kind)(params)}
    rate = METRICS[metric]
    median = work[rate.work] / (value * rate.scale)
    samples = [median * (1 + spread * f) for f in (-1.0, -0.5, 0.0, 0.5, 1.0)]
    metrics = {m.name: work[m.work] / median / m.scale for m in METRICS.values() if m.work in work}
    metrics.update(compile_s=1.0, **extra_metrics)
    return make_record(workload=workload, device=device[0], platform=device[1], framework=framework, params=params,
                       snippet_hash=snippet_hashes(SNIPPETS)[(workload, framework)], samples_s=samples,
                       stats=summarize(samples), work=work, metrics=metrics)


def not_ok(record, status, category, reason):
    """The same measurement without a result."""
    out = {**record, "status": status, "category": category, "reason": reason, "samples_s": [], "stats": None,
           "metrics": {}}
    out.pop("work", None)
    return out


def matmul(device, tflops, framework="jax", n=8192, spread=0.01, **extra):
    return synth("matmul", device, framework, {"n": n, "dtype": "bfloat16"}, "tflops", tflops, spread, **extra)


def gpt2(device, tokens, framework="jax", spread=0.01, config="gpt2-small", **extra):
    return synth("transformer_train", device, framework, {**GPT2_SMALL, "config": config}, "tokens_per_s", tokens,
                 spread, **extra)


def general(device, op, eps, framework="jax", n=2**24):
    return synth("general_compute", device, framework, {"op": op, "n": n}, "elements_per_s", eps)


def run_in_env(python: Path, args: list[str], cwd, env: dict[str, str], timeout: int = 900) -> subprocess.CompletedProcess:
    """Run ``args`` with another environment's Python (.venv-xla, .venv-tf) on this checkout's engine."""
    from conftest import ROOT

    env = {**os.environ, "PYTHONPATH": str(ROOT / "scripts"), "PYTHONUNBUFFERED": "1", **env}
    run = subprocess.run([str(python), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert run.returncode == 0, run.stderr[-4000:]
    return run


def env_run(python: Path, folder: Path, run_args: list[str], env: dict[str, str]) -> tuple[Path, dict]:
    """One `accelbench run` by another environment into a scratch data folder (the project's
    reference data linked in): the run file's path and contents."""
    from accelbench.core.runfile import read_json

    from conftest import ROOT, SNIPPETS

    data_dir = folder / "build_data"
    (data_dir / "runs").mkdir(parents=True)
    (data_dir / "reference").symlink_to(ROOT / "build_data" / "reference")
    run = run_in_env(python, ["-m", "accelbench", "--data-dir", str(data_dir), "--snippets-dir", str(SNIPPETS), "run",
                              *run_args], cwd=ROOT, env=env)
    path = data_dir / "runs" / run.stdout.strip().splitlines()[-1].rsplit("/", 1)[-1]
    return path, read_json(path)


def reference_with_prices(tmp_path: Path, rows) -> Path:
    """A copy of build_data/reference whose only prices are ROWS, hand-entered: (chip, provider,
    usd per chip-hour) or (chip, provider, usd, region, tier); the catalog's prices removed."""
    import csv
    import shutil

    from accelbench.core.prices import CATALOG_FILE, HAND_COLUMNS, HAND_FILE

    root = Path(__file__).resolve().parent.parent
    ref = tmp_path / "reference"
    shutil.copytree(root / "build_data" / "reference", ref)
    (ref / CATALOG_FILE).unlink()
    with open(ref / HAND_FILE, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, HAND_COLUMNS)
        writer.writeheader()
        for chip, provider, usd, *rest in rows:
            region, tier = (rest + ["test-region", "on-demand"][len(rest):])[:2]
            writer.writerow({"chip": chip, "provider": provider, "region": region, "tier": tier,
                             "usd_per_chip_hour": usd, "offer": "x", "host_included": "yes", "from_catalog": "no",
                             "source": "test", "source_kind": "provider", "source_url": "https://example.org/test",
                             "source_date": "2026-11-01",
                             "retrieved": "2026-12-01", "notes": ""})
    return ref


def findings_of(store, published, reference):
    """(claim, kind of evidence) -> finding, as the build's judgement holds them."""
    from accelbench.judge.judgement import judge
    from accelbench.registry import RULES
    from accelbench.store.published import Published

    return judge(store, Published(published), reference, RULES).findings


def measured_verdicts_of(store, reference):
    """The measured verdict per row of the article's table (the price list's for availability)."""
    from accelbench.judge.measured_rules import measured_verdicts

    return measured_verdicts(findings_of(store, {}, reference))


# A real browser on the built site (Debian's Chromium through Playwright), for every module that drives one
CHROMIUM = os.environ.get("ACCELBENCH_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update"]


def require_chromium(what: str) -> None:
    """Called at a module's top: without Chromium its tests fail under CI=true (.ci/run, GitHub
    Actions) and elsewhere skip with one line saying how to enable them."""
    if Path(CHROMIUM).exists():
        return
    message = (f"no Chromium at {CHROMIUM}: {what} are skipped; to run them, `sudo apt-get install chromium` "
               "(Debian/Ubuntu) or set ACCELBENCH_CHROMIUM to a Chromium binary")
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message.replace("are skipped", "are required under CI=true"), pytrace=False)
    pytest.skip(message, allow_module_level=True)


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """FOLDER served over HTTP on a free local port: its URL, with a trailing slash."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


@contextmanager
def chromium():
    """A headless Chromium, closed on the way out."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()


# How long a browser test waits for a page: its load event (its scripts, styles and images in), where
# the test then waits on what it checks (a chart drawn, a tooltip shown). "networkidle" (half a
# second without a request) only where a test checks the network or what arrives late (console
# errors, bytes fetched, the search index): on every page at two widths it cost over a minute.
LOADED = "load"


def lines_of(finding) -> list[str]:
    """A finding's lines of detail as a reader sees them (the wording module's words)."""
    from accelbench.publish.wording.lines import texts
    return texts(finding.lines)


# A comparison's figures where a test needs some and reads none (any template would do)
FIGURES = said("papers.figures", tpu="TPU", phrase="1.2x faster", citation="A et al., 2023")


def named(name: str):
    """A comparison's name as data, where a test gives the words it should read as."""
    return said("named", name=name)


def every_chart_of(card: str) -> str:
    """The part of an answer card that holds its chart of every comparison on training: the fold under a per-chip
    card's chart of the comparisons its sentence counts, or the whole card where it draws one chart."""
    folded = re.search(r'<details class="ab-chart__all">(.*?)</details>', card, re.S)
    return folded.group(1) if folded else card


def on_training(a) -> list:
    """An answer's comparisons on training: inference results are never drawn in its charts."""
    return [c for k in a.kinds if k.info.for_training for c in k.finding.comparisons]


def card_of(ctx, slug: str) -> str:
    """One claim's answer card as the comparison page shows it (every answer lives there, once), without
    the buyer's per-dollar block that follows the cost card."""
    from accelbench.publish.fragments import render

    page = render(ctx, "answers", []).text
    start = page.index(f'<div class="ab-answer" id="answer-{slug}"')
    ends = [e for e in (page.find("\n### ", start), page.find('\n<div class="ab-per-dollar"', start)) if e != -1]
    return page[start:min(ends, default=len(page))]
