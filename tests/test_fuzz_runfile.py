"""Property: any mutation of a valid run file either validates (and then renders) or fails with
clean one-line errors naming the file, never with a crash."""

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accelbench.core.reference import Reference
from accelbench.publish.render import charts, costs, coverage, results, runs
from accelbench.store import queries
from accelbench.store.store import load_store
from accelbench.store.validation import Validator, validate_files

from conftest import ROOT, SNIPPETS, make_record, make_run
from helpers import measured_verdicts_of

BASE = make_run(records=[make_record(), make_record(framework="jax", params={"n": 512, "dtype": "bfloat16"}),
                         make_record(status="failed", reason="out of memory", samples_s=[], metrics={})])
CHART = {"x": "n", "y": "tflops", "series": ["dtype"], "x_label": "n", "y_label": "TFLOP/s", "title": "t", "log_x": True}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8)


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


ALL_PATHS = list(paths(BASE))[1:]


@st.composite
def mutated_runs(draw):
    run = copy.deepcopy(BASE)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(ALL_PATHS))
        parent = run
        try:
            for key in path[:-1]:
                parent = parent[key]
            last = path[-1]
            action = draw(st.sampled_from(["replace", "delete", "add"]))
            if action == "replace":
                parent[last] = draw(json_values)
            elif action == "delete":
                del parent[last]
            elif isinstance(parent, dict):
                parent[draw(st.text(max_size=8))] = draw(json_values)
        except (KeyError, IndexError, TypeError):
            pass  # an earlier mutation removed or replaced this path
    return run


VALIDATOR = Validator(SNIPPETS, ROOT / "build_data" / "reference")
REFERENCE = Reference(ROOT / "build_data" / "reference")
# examples: the conftest profile's (300 under CI=true, fewer on a contributor's machine)
SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def check_file(data_dir, path):
    problems = validate_files([path], VALIDATOR)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        data = None
    if data is not None and isinstance(data, dict) and data.get("schema_version") == 1:
        # the fast path may only pass what the authoritative validator passes
        from accelbench.core.runfile import _validator, fast_valid

        assert fast_valid(data) == _validator().is_valid(data)
    assert all(line.startswith(f"{path}: ") and "\n" not in line for line in problems), problems
    if not problems:  # valid: everything the site builds from it must work
        store = load_store(data_dir, SNIPPETS)
        latest = store.latest("matmul")
        if not latest.empty:
            results.results_table(latest, "runs/")
            results.best_table(queries.best_per_series(latest, "tflops", ["dtype"]), "tflops", ["dtype"], "n", "runs/")
            results.scaling_table(queries.scaling_pairs(latest), "runs/")
            charts.line_chart(latest, CHART, "alt", peaks=[("peak", 100.0)])
            charts.bar_chart(latest, {**CHART, "mark": "bar"}, "alt")
        runs.runs_table(store.runs)
        costs.energy_table(store.records, "runs/")
        coverage.coverage_note(store.records, "contribute.md")
        measured_verdicts_of(store, REFERENCE)
        costs.cost_table(queries.cost_rows(store, REFERENCE), "runs/")
        charts.roofline_chart(*queries.roofline_inputs(store, REFERENCE), "alt")


@SETTINGS
@given(run=mutated_runs())
def test_structural_mutations_validate_or_fail_cleanly(data_dir, run):
    path = data_dir / "runs" / "mutant.json"
    path.write_text(json.dumps(run))
    check_file(data_dir, path)


@SETTINGS
@given(cut=st.integers(0, 4000), insert=st.binary(max_size=8))
def test_byte_mutations_validate_or_fail_cleanly(data_dir, cut, insert):
    text = json.dumps(BASE).encode()
    cut = min(cut, len(text))
    path = data_dir / "runs" / "mutant.json"
    path.write_bytes(text[:cut] + insert + text[cut:])
    check_file(data_dir, path)
