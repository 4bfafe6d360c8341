"""The synthetic GPU and TPU fixtures: what tests/fixtures/make_fixtures.py writes, valid, judged
as expected, and judged and rendered the same whatever the order of their files and records."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accelbench.core.reference import Reference
from accelbench.prebuild import context
from accelbench.publish.fragments import Links, render
from accelbench.store.published import load_published
from accelbench.store.store import load_store
from accelbench.store.validation import Validator, validate_files
from accelbench.workloads.discovery import snippet_hashes, workload_settings

from conftest import ON_CI, ROOT, SNIPPETS, new_data_dir
from helpers import measured_verdicts_of

FIXTURES = ROOT / "tests" / "fixtures" / "runs"
REFERENCE = Reference(ROOT / "build_data" / "reference")


def current(run: dict) -> dict:
    """The fixture as if measured with today's snippets (the fixtures stand for current results)."""
    hashes = snippet_hashes(SNIPPETS)
    for rec in run["records"]:
        rec["snippet_hash"] = hashes[(rec["workload"], rec["framework"])]
    return run


def fixture_runs() -> list[dict]:
    return [current(json.loads(p.read_text())) for p in sorted(FIXTURES.glob("*.json"))]


def test_the_committed_fixtures_are_what_the_script_writes():
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_fixtures", ROOT / "tests" / "fixtures" / "make_fixtures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, make in module.FIXTURES.items():
        committed = current(json.loads((FIXTURES / name).read_text()))
        assert committed == current(make()), f"run python tests/fixtures/make_fixtures.py to rewrite {name}"
        assert "synthetic" in committed["run_id"] and "synthetic" in committed["environment"]["host"]


def test_the_fixtures_are_valid_run_files():
    assert validate_files(sorted(FIXTURES.glob("*.json")), Validator(SNIPPETS, ROOT / "build_data" / "reference")) == []


def store_of(tmp_path, runs, names=None):
    data_dir = new_data_dir(tmp_path)
    for run, name in zip(runs, names or [r["run_id"] for r in runs], strict=True):
        (data_dir / "runs" / f"{name}.json").write_text(json.dumps(run))
    return load_store(data_dir, SNIPPETS)


def test_the_fixtures_are_judged_as_expected(tmp_path):
    verdicts = {v.feature: v.verdict for v in measured_verdicts_of(store_of(tmp_path, fixture_runs()), REFERENCE)}
    assert verdicts == {
        "Designed For": "supported",  # median TPU/GPU over the operations: 0.29
        "Speed (for AI)": "supported",  # matmul 830/760, GPT-2 470k/420k tokens/s, tight samples
        "Flexibility": "supported",
        "Availability": "supported",  # price list: TPUs on GCP only, GPUs from six providers
        "Cost": "supported",  # $1.60 against $2.98 per billion tokens
        "Energy Efficiency": "not measured yet",  # no TPU energy counter
        # JAX on the TPU; PyTorch not run there, but only because this runner cannot: not evidence
        "Supported Frameworks": "not measured yet",
    }


def published(seed=None):
    """The committed published files, each source's rows shuffled when a seed is given."""
    loaded = load_published(ROOT / "build_data")
    if seed is not None:
        for data in loaded.values():
            if hasattr(data, "results"):
                data.results = data.results.sample(frac=1, random_state=seed % 2**32).reset_index(drop=True)
    return loaded


def pages(store, published_data=None) -> list[str]:
    ctx = context(store, REFERENCE, workload_settings(SNIPPETS), Links("article"),
                  published=published_data if published_data is not None else published())
    return [render(ctx, kind, args).text for kind, args in
            (("verdicts", []), ("table", ["matmul"]), ("best", ["transformer_train"]), ("cost", []),
             ("table", ["general_compute"]), ("chart", ["matmul"]), ("verdict", ["speed"]), ("answers", []),
             ("answers-glance", []), ("answer-summary", []), ("answer", ["cost"]))]


@settings(max_examples=8 if ON_CI else 3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), swap_names=st.booleans())
def test_the_order_of_files_and_records_changes_nothing(tmp_path_factory, seed, swap_names):
    reference_pages = pages(store_of(tmp_path_factory.mktemp("in-order"), fixture_runs()))
    runs = fixture_runs()
    rng = random.Random(seed)
    for run in runs:
        rng.shuffle(run["records"])
    names = ["b", "a"] if swap_names else ["a", "b"]  # the files read in the other order
    assert pages(store_of(tmp_path_factory.mktemp("shuffled"), runs, names), published(seed)) == reference_pages


def test_fixtures_never_reach_the_published_data():
    assert not any("synthetic" in p.name for p in (ROOT / "build_data" / "runs").glob("*.json"))

