"""The synthetic GPU and TPU fixtures: what tests/fixtures/make_fixtures.py writes, valid, judged
as expected, and judged and rendered the same whatever the order of their files and records. They
are read as the golden snapshot reads them (make_fixtures.runs: today's snippet versions), with the
frozen reference tables and published extracts of tests/fixtures/."""

import json
import random

import pytest
from fixtures import make_fixtures
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accelbench.core.reference import Reference
from accelbench.prebuild import context
from accelbench.publish.fragments import Links, render
from accelbench.store.store import load_store
from accelbench.store.validation import Validator, validate_files
from accelbench.workloads.discovery import workload_settings

from conftest import ON_CI, ROOT, SNIPPETS
from helpers import measured_verdicts_of

FIXTURES = make_fixtures.RUNS
REFERENCE = Reference(make_fixtures.REFERENCE)


def test_the_committed_fixtures_are_what_the_script_writes():
    current = make_fixtures.current
    assert sorted(p.name for p in FIXTURES.glob("*.json")) == sorted(make_fixtures.FIXTURES), \
        "run python tests/fixtures/make_fixtures.py"
    for name, make in make_fixtures.FIXTURES.items():
        committed = current(json.loads((FIXTURES / name).read_text()))
        assert committed == current(make()), f"run python tests/fixtures/make_fixtures.py to rewrite {name}"
        assert "synthetic" in committed["run_id"] and "synthetic" in committed["environment"]["host"]


def test_the_fixtures_are_valid_run_files():
    assert validate_files(sorted(FIXTURES.glob("*.json")), Validator(SNIPPETS, make_fixtures.REFERENCE)) == []


def store_of(tmp_path, runs, names=None):
    return load_store(make_fixtures.data_dir(tmp_path, runs, names), SNIPPETS)


def test_the_fixtures_are_judged_as_expected(tmp_path):
    verdicts = {v.feature: v.verdict for v in measured_verdicts_of(store_of(tmp_path, make_fixtures.runs()), REFERENCE)}
    assert verdicts == {
        "Designed For": "supported",  # median TPU/GPU over the operations: 0.29
        "Speed (for AI)": "supported",  # matmul 830/760 TFLOP/s, GPT-2 470k/420k tokens/s, tight samples
        "Flexibility": "supported",
        "Availability": "supported",  # price list: TPUs on GCP only, GPUs from six providers
        "Cost": "supported",  # GPT-2 small per billion tokens on GCP: the H200 2.6x the TPU v6e
        "Energy Efficiency": "supported",  # 1,880 against 700 tokens/J (the TPU's counter is synthetic)
        # the three frameworks trained it on both, PyTorch/XLA at 300k tokens/s against JAX's 470k on the TPU
        "Supported Frameworks": "split",
    }


def published(seed=None):
    """The frozen published extracts, each source's rows shuffled when a seed is given."""
    loaded = make_fixtures.published()
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
             ("answers-glance", []), ("answer-summary", []))]


@pytest.fixture(scope="module")
def in_order(tmp_path_factory) -> list[str]:
    """The pages from the fixtures as committed, made once for every example below."""
    return pages(store_of(tmp_path_factory.mktemp("in-order"), make_fixtures.runs()))


@settings(max_examples=8 if ON_CI else 3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), swap_names=st.booleans())
def test_the_order_of_files_and_records_changes_nothing(tmp_path_factory, in_order, seed, swap_names):
    runs = make_fixtures.runs()
    rng = random.Random(seed)
    for run in runs:
        rng.shuffle(run["records"])
    names = [f"{i:02}" for i in range(len(runs))][::-1 if swap_names else 1]  # the files read in the other order
    assert pages(store_of(tmp_path_factory.mktemp("shuffled"), runs, names), published(seed)) == in_order


def test_fixtures_never_reach_the_published_data():
    assert not any("synthetic" in p.name for p in (ROOT / "build_data" / "runs").glob("*.json"))

