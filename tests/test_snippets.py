"""The snippet contract: every snippet imports, declares its metadata, and runs correctly at its
tiny test size on the CPU (the test suite is where snippet code may run)."""

import json

import pytest

from accelbench.core.profiles import PROFILES
from accelbench.core.reference import Reference
from accelbench.frameworks import detection
from accelbench.measure.measurement import measure
from accelbench.measure.plan import Planned
from accelbench.workloads.discovery import FRAMEWORKS, discover, load_snippet
from accelbench.workloads.snippet import SnippetError

from conftest import ROOT, SNIPPETS

SNIPPET_LIST = discover(SNIPPETS)


def test_snippets_are_discovered_by_convention():
    assert "matmul" in [s.workload for s in SNIPPET_LIST]


@pytest.mark.parametrize("snip", SNIPPET_LIST, ids=lambda s: s.workload)
def test_snippet_declares_its_metadata(snip):
    m = snip.module
    assert isinstance(m.TITLE, str) and m.TITLE and isinstance(m.CLAIM, str) and m.CLAIM
    assert set(m.PROFILES) >= {"quick", "full", "test"}
    for profile, grid in m.PROFILES.items():
        assert grid, f"{profile} grid is empty"
        for params in grid:
            json.dumps(params)  # params go into run files
    assert {"x", "y", "title", "x_label", "y_label"} <= set(m.CHART)
    assert all(p[m.CHART["x"]] is not None for p in m.PROFILES["quick"])
    assert snip.frameworks(), "at least one of torch_case / jax_case"


@pytest.mark.parametrize("framework", FRAMEWORKS)
@pytest.mark.parametrize("snip", SNIPPET_LIST, ids=lambda s: s.workload)
def test_snippet_runs_correctly_at_its_test_size_on_cpu(snip, framework):
    if framework not in snip.frameworks():
        pytest.skip(f"{snip.workload} has no {framework} implementation")
    if framework == "tensorflow":  # its own environment: tests/test_tensorflow.py runs it from .venv-tf
        pytest.skip("TensorFlow runs from .venv-tf (tests/test_tensorflow.py)")
    hw = detection.detect((framework,))
    device = next(d for d in hw.devices if d.platform == "cpu")
    reference = Reference(ROOT / "build_data" / "reference")
    grid = snip.params("test", framework)
    runnable = [p for p in grid if not snip.skip_reason(framework, "cpu", p, count=device.count)]
    if not runnable:  # e.g. data_parallel on one device: tests/test_data_parallel.py runs it on four
        pytest.skip(str(snip.skip_reason(framework, "cpu", grid[0], count=device.count)[-1]))
    for params in runnable:
        item = Planned(snip, framework, device, params, None)
        record = measure(item, PROFILES["test"], reference)
        assert record["status"] == "ok", record["reason"]
        assert record["check"]["relative_error"] <= record["check"]["tolerance"]
        assert all(s > 0 for s in record["samples_s"])
        assert record["metrics"]["compile_s"] > 0


def test_matmul_flop_count():
    m = next(s for s in SNIPPET_LIST if s.workload == "matmul").module
    assert m.flops({"n": 1000, "dtype": "float32"}) == 2 * 10**9
    assert m.bytes_moved({"n": 1000, "dtype": "bfloat16"}) == 3 * 10**6 * 2


def test_matmul_full_profile_spans_1024_to_16384_in_four_dtypes():
    grid = next(s for s in SNIPPET_LIST if s.workload == "matmul").params("full")
    assert {p["n"] for p in grid} == {1024, 2048, 4096, 8192, 16384}
    assert {p["dtype"] for p in grid} == {"float32", "tfloat32", "bfloat16", "float16"}
    # plain float32 leaves out the launch-bound and the slowest sizes
    assert sorted(p["n"] for p in grid if p["dtype"] == "float32") == [2048, 4096, 8192]


def test_a_snippet_missing_metadata_is_named(tmp_path):
    bad = tmp_path / "broken.py"
    bad.write_text("WORKLOAD = 'broken'\n")
    with pytest.raises(SnippetError, match=r"broken.py: missing TITLE, CLAIM"):
        load_snippet(bad)


def test_a_snippet_that_fails_to_import_is_named(tmp_path):
    bad = tmp_path / "oops.py"
    bad.write_text("raise RuntimeError('boom')\n")
    with pytest.raises(SnippetError, match=r"oops.py: cannot import: RuntimeError: boom"):
        load_snippet(bad)


@pytest.mark.parametrize("charts", ['CHART = {"kind": "bar", "x": "n", "y": "tflops"}',
                                    'CHART = {"x": "n", "y": "tflops"}\nEXTRA_CHARTS = [{"kind": "bar", "y": "mfu"}]'])
def test_a_chart_that_still_says_kind_is_refused_naming_the_file_and_field(tmp_path, charts):
    from accelbench.workloads.discovery import workload_settings

    (tmp_path / "old.py").write_text(f"TITLE = 'old'\n{charts}\n")
    field = "CHART" if "EXTRA" not in charts else r"EXTRA_CHARTS\[0\]"
    with pytest.raises(SnippetError, match=rf"old\.py: {field}: chart 'kind' is now 'mark' \(write \"mark\": \"bar\"\)"):
        workload_settings(tmp_path)


def test_unknown_workload_is_refused():
    with pytest.raises(SnippetError, match="unknown workload"):
        discover(SNIPPETS, ["no_such_workload"])


def test_tf32_is_set_through_one_api_and_restored():
    import torch

    from accelbench.workloads.snippet import torch_tf32

    matmul = torch.backends.cuda.matmul
    before = matmul.fp32_precision
    restore = torch_tf32(True)
    assert matmul.fp32_precision == "tf32"
    restore()
    assert matmul.fp32_precision == before
    restore = torch_tf32(False)
    assert matmul.fp32_precision == "ieee"
    restore()
    # nothing set through the legacy flag: reading it would raise on a mix of the two APIs
    assert matmul.fp32_precision == before


def test_the_bandwidth_check_sums_in_chunks_what_it_would_sum_at_once(monkeypatch):
    import numpy as np

    m = next(s for s in SNIPPET_LIST if s.workload == "memory_bandwidth").module
    monkeypatch.setattr(m, "_CHECK_CHUNK", 7)  # chunks that do not divide the array
    rng = np.random.default_rng(0)
    x = rng.standard_normal(100).astype(np.float32)
    y = x * np.float32(m.SCALE)
    assert m.chunked_error(y, x, m.SCALE) == 0.0
    y[55] += 1.0
    expected = np.linalg.norm(y - x * m.SCALE) / np.linalg.norm(x * m.SCALE)
    assert m.chunked_error(y, x, m.SCALE) == pytest.approx(expected, rel=1e-6)
    y[13] = np.nan  # an element never written fails the check
    assert not m.chunked_error(y, x, m.SCALE) <= m.TOLERANCE


def test_a_tpu_fft_has_its_own_stated_tolerance():
    m = next(s for s in SNIPPET_LIST if s.workload == "general_compute").module
    assert m.tolerance({"op": "fft", "n": 1024}, "tpu") == 2e-2
    assert m.tolerance({"op": "fft", "n": 1024}, "gpu") == m.TOLERANCE["fft"]
    assert m.tolerance({"op": "sort", "n": 1024}, "tpu") == 0.0


def test_every_snippet_declares_its_run_order_and_memory_need():
    orders = {s.workload: s.run_order for s in SNIPPET_LIST}
    assert sorted(orders, key=orders.get) == ["transformer_train", "matmul", "memory_bandwidth", "general_compute",
                                              "data_parallel"]
    for snip in SNIPPET_LIST:
        for params in snip.params("full"):
            need = snip.memory_bytes(params)
            assert need is None or need > 0
            # what runs where may need more (attention scores), never less than the least over all
            for framework, platform in (("jax", "tpu"), ("torch", "gpu"), ("jax", "cpu")):
                assert need is None or snip.memory_bytes(params, framework, platform) >= need


def module(workload):
    return next(s for s in SNIPPET_LIST if s.workload == workload).module


@pytest.mark.parametrize(("workload", "params", "builder"), [
    ("transformer_train", {"config": "micro", "variant": "eager", "dtype": "bfloat16"}, "torch_model_and_optimizer"),
    ("matmul", {"n": 64, "dtype": "tfloat32"}, "torch_normal"),
], ids=["transformer_train", "matmul"])
def test_tf32_set_for_a_case_is_undone_when_building_the_case_fails(monkeypatch, workload, params, builder):
    """The runner closes only a case that exists: a case that fails while it is built (out of memory
    drawing its inputs, say) must not leave TF32 on for every later case in the process."""
    import types

    import torch

    cuda_matmul = types.SimpleNamespace(fp32_precision="ieee")  # torch.backends.cuda.matmul of a GPU
    monkeypatch.setattr(torch.backends.cuda, "matmul", cuda_matmul)
    m = module(workload)
    seen = []

    def fail(*args, **kwargs):
        seen.append(cuda_matmul.fp32_precision)
        raise RuntimeError("CUDA out of memory")

    monkeypatch.setattr(m, builder, fail)
    with pytest.raises(RuntimeError, match="out of memory"):
        m.torch_case(params, "cuda")
    assert seen == ["tf32"]  # it failed after TF32 was set
    assert cuda_matmul.fp32_precision == "ieee"


def test_small_matmul_on_cuda_runs_true_float32_whatever_an_earlier_case_left(monkeypatch):
    import types

    import torch

    cuda_matmul = types.SimpleNamespace(fp32_precision="tf32")  # left on by an earlier case
    monkeypatch.setattr(torch.backends.cuda, "matmul", cuda_matmul)
    monkeypatch.setattr(torch.Tensor, "to", lambda self, *args, **kwargs: self)  # "cuda" inputs stay here
    case = module("general_compute").torch_case({"op": "small_matmul", "n": 16 * 16}, "cuda")
    assert cuda_matmul.fp32_precision == "ieee"  # for the check and every timed call
    assert case.check() <= case.tolerance == 1e-5
    case.close()
    assert cuda_matmul.fp32_precision == "tf32"  # as found


def test_general_compute_rotates_256_mib_of_inputs_on_an_accelerator_and_64_on_a_cpu():
    m = module("general_compute")
    for params in m.PROFILES["full"]:
        arrays = m.inputs(params, 0)
        size = sum(a.nbytes for a in arrays)
        for platform in ("gpu", "tpu"):  # beyond the cache of any of them (an H200's L2 holds 50 MB)
            assert m.set_count(arrays, platform) * size >= 256 * 2**20, (params, platform)
    for params in m.PROFILES["quick"]:  # light on a 2-core CPU
        arrays = m.inputs(params, 0)
        size = sum(a.nbytes for a in arrays)
        assert m.set_count(arrays, "cpu") * size < 64 * 2**20 + size, params


def test_companions_use_only_the_public_names_of_their_workloads():
    """A companion (snippets/<framework>/<workload>.py) reads its workload through load_module and
    calls what the workload offers by name, never a private one: a workload may rename its own
    helpers without breaking another framework's code."""
    import ast

    used, companions = [], 0
    for path in sorted(SNIPPETS.glob("*/*.py")):
        tree = ast.parse(path.read_text(), str(path))
        loaded = {t.id for node in ast.walk(tree) if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                  and getattr(node.value.func, "id", "") == "load_module" for t in node.targets if isinstance(t, ast.Name)}
        used += [f"{path.relative_to(SNIPPETS)}:{node.lineno}: {node.value.id}.{node.attr}" for node in ast.walk(tree)
                 if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in loaded
                 and node.attr.startswith("_")]
        companions += bool(loaded)
    assert companions >= 5 and not used, used
