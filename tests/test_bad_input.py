"""Bad run files: `accelbench validate` and the strict site build each give a clear line naming
the file and the field, and nothing already stored changes. Every case is checked in process (the
command line's main, the render step the MkDocs plugin runs); one case of each goes through the
real command and the real build, as a user meets them."""

import json
import subprocess
import sys

import pytest

from conftest import ROOT, SNIPPETS, make_record, make_run, write_run
from helpers import copy_project, mkdocs_build


def text_of(run):
    return json.dumps(run, indent=1)


def cut(text):
    return text[: len(text) // 2]


CASES = {
    "not json": (lambda: "this is not JSON", "(file): not valid JSON"),
    "truncated": (lambda: cut(text_of(make_run())), "(file): not valid JSON"),
    "not an object": (lambda: "[]", "(top level): [] is not of type 'object'"),
    "missing field": (lambda: text_of({k: v for k, v in make_run().items() if k != "environment"}),
                      "(top level): 'environment' is a required property"),
    "wrong type": (lambda: text_of(make_run(profile=3)), "profile: 3 is not one of ['quick', 'full', 'test']"),
    "unknown schema version": (lambda: text_of(make_run(schema_version=7)),
                               "schema_version: 7 is not a supported version (supported: 1)"),
    "NaN": (lambda: text_of(make_run()).replace('"compile_s": 0.2', '"compile_s": NaN'),
            "(file): NaN is not allowed in a run file"),
    "infinity": (lambda: text_of(make_run()).replace('"compile_s": 0.2', '"compile_s": Infinity'),
                 "(file): Infinity is not allowed in a run file"),
    "overflowing number": (lambda: text_of(make_run()).replace('"compile_s": 0.2', '"compile_s": 1e999'),
                           "(file): the number 1e999 is out of range"),
    "a call that takes days": (lambda: text_of(make_run(records=[make_record(samples_s=[1e6, 1e6, 1e6])])),
                               "records[0].samples_s[0]: 1000000.0 is greater than the maximum of 86400"),
    "negative": (lambda: text_of(make_run(records=[make_record(metrics={"tflops": -1.0})])),
                 "records[0].metrics.tflops: -1.0 is less than the minimum of 0"),
    "absurd": (lambda: text_of(make_run(records=[make_record(device="NVIDIA H200", platform="gpu",
                                                             params={"n": 8192, "dtype": "bfloat16"},
                                                             metrics={"tflops": 50000.0})])),
               "records[0].metrics.tflops: 5e+04 TFLOP/s is above the vendor peak of H200 SXM for bfloat16 (989)"),
    "just above the peak": (lambda: text_of(make_run(records=[make_record(device="NVIDIA H200", platform="gpu",
                                                                          params={"n": 8192, "dtype": "bfloat16"},
                                                                          metrics={"tflops": 1200.0})])),
                            "records[0].metrics.tflops: 1200 TFLOP/s is above the vendor peak of H200 SXM for bfloat16 (989)"),
    "rate not from its samples": (lambda: text_of(make_run(records=[make_record(
        params={"n": 1024, "dtype": "float32"}, samples_s=[0.01] * 5, work={"flops": 2 * 1024**3},
        metrics={"tflops": 0.3, "compile_s": 0.1})])),
        "records[0].metrics.tflops: 0.3 does not follow from samples_s and work (0.2147)"),
    "median not of its samples": (lambda: text_of(make_run(records=[make_record(
        samples_s=[0.01] * 5, stats={"n": 5, "median_s": 0.005, "q1_s": 0.005, "q3_s": 0.005})])),
        "records[0].stats.median_s: 0.005 s is not the median of samples_s (0.01 s)"),
    "fraction of peak not of the peak": (lambda: text_of(make_run(records=[make_record(
        device="NVIDIA H200", platform="gpu", params={"n": 8192, "dtype": "bfloat16"},
        peak={"chip": "H200 SXM", "value": 989.0, "unit": "TFLOP/s", "column": "bf16_dense_tflops"},
        metrics={"tflops": 700.0, "fraction_of_peak": 0.9})])),
        "records[0].metrics.fraction_of_peak: 0.9 is not tflops over the peak it names (H200 SXM, 989): 0.7078"),
    "compile time of ages": (lambda: text_of(make_run(records=[make_record(metrics={"tflops": 0.01, "compile_s": 1e12})])),
                             "records[0].metrics.compile_s: 1e+12 is not a plausible value (bound 3600)"),
    "absurd without a peak": (lambda: text_of(make_run(records=[make_record(metrics={"gbps": 1e7})])),
                              "records[0].metrics.gbps: 1e+07 is not a plausible value (bound 100000)"),
    "tflops without a peak row": (lambda: text_of(make_run(records=[make_record(metrics={"tflops": 2e5})])),
                                  "records[0].metrics.tflops: 2e+05 TFLOP/s is above the bound for a device with no "
                                  "peak row (100000)"),
    "unknown workload": (lambda: text_of(make_run(records=[make_record(workload="quantum")])),
                         "records[0].workload: 'quantum' is not a known workload (known: data_parallel, "
                         "general_compute, matmul, memory_bandwidth, transformer_train)"),
    "empty samples": (lambda: text_of(make_run(records=[make_record(samples_s=[])])),
                      "records[0].samples_s: [] should be non-empty"),
    "impossible date": (lambda: text_of(make_run(created_at="2026-13-45T25:00:00Z")),
                        "created_at: '2026-13-45T25:00:00Z' is not a valid ISO 8601 date and time"),
    "not UTF-8": (lambda: b"\xff\xfe{}", "(file): not UTF-8 text"),
    "nested too deeply": (lambda: "[" * 100_000 + "]" * 100_000, "(file): nested too deeply to be a run file"),
    "enormous": (lambda: '{"pad": "' + "x" * (21 * 1024 * 1024) + '"}',
                 "(file): 22020107 bytes is larger than the 20971520 byte limit"),
}


def snapshot(runs_dir):
    return {p.name: p.read_bytes() for p in sorted(runs_dir.iterdir())}


def make_bad_case(data_dir, name):
    make_content, message = CASES[name]
    good = write_run(data_dir, make_run())
    bad = data_dir / "runs" / "contributed.json"
    content = make_content()
    bad.write_bytes(content if isinstance(content, bytes) else content.encode())
    return data_dir, good, bad, f"{bad}: {message}"


@pytest.fixture(params=sorted(CASES))
def bad_case(request, data_dir):
    return make_bad_case(data_dir, request.param)


@pytest.fixture
def one_bad_case(data_dir):
    """The case a user meets first: a run file cut short."""
    return make_bad_case(data_dir, sorted(CASES)[0])


def test_validate_names_file_and_field(bad_case, capsys):
    from accelbench.cli import main

    data_dir, good, bad, expected = bad_case
    before = snapshot(data_dir / "runs")
    assert main(["--data-dir", str(data_dir), "--snippets-dir", str(SNIPPETS), "validate"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith(expected) for line in lines), lines
    assert all(line.startswith(f"{bad}: ") for line in lines), "only the bad file is reported"
    assert snapshot(data_dir / "runs") == before


def test_the_validate_command_names_file_and_field(one_bad_case):
    data_dir, good, bad, expected = one_bad_case
    before = snapshot(data_dir / "runs")
    result = subprocess.run([sys.executable, "-m", "accelbench", "--data-dir", str(data_dir), "validate"],
                            capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert any(line.startswith(expected) for line in lines), lines
    assert all(line.startswith(f"{bad}: ") for line in lines), "only the bad file is reported"
    assert "Traceback" not in result.stderr
    assert snapshot(data_dir / "runs") == before


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A copy of the pages to render (never the checkout's own generated/)."""
    folder = tmp_path_factory.mktemp("project")
    copy_project(folder)
    return folder


def test_strict_render_fails_naming_the_file(bad_case, project):
    """What the MkDocs plugin runs before a strict build, and turns into the build's error."""
    from accelbench.core.runfile import RunFileError
    from accelbench.prebuild import render_site

    data_dir, good, bad, expected = bad_case
    before = snapshot(data_dir / "runs")
    with pytest.raises(RunFileError) as info:
        render_site(project, data_dir, SNIPPETS, strict=True, execute_notebooks=False)
    assert any(problem.startswith(expected) for problem in info.value.problems), info.value.problems
    assert snapshot(data_dir / "runs") == before


def test_strict_build_fails_naming_the_file(one_bad_case, tmp_path):
    data_dir, good, bad, expected = one_bad_case
    before = snapshot(data_dir / "runs")
    build = mkdocs_build(tmp_path / "site", data_dir)
    assert build.returncode != 0
    assert expected in build.stderr
    assert "Traceback" not in build.stderr
    assert snapshot(data_dir / "runs") == before


def test_duplicate_run_ids_across_files(data_dir, tmp_path):
    first = write_run(data_dir, make_run(), name="a")
    second = write_run(data_dir, make_run(), name="b")
    before = snapshot(data_dir / "runs")
    result = subprocess.run([sys.executable, "-m", "accelbench", "--data-dir", str(data_dir), "validate"],
                            capture_output=True, text=True, cwd=ROOT, timeout=120)
    expected = f"{second}: run_id: '20261130T000000Z-synthetic-00000001' is also the run_id of {first}"
    assert result.returncode == 1 and result.stdout.splitlines() == [expected]
    build = mkdocs_build(tmp_path / "site", data_dir)
    assert build.returncode != 0 and expected in build.stderr
    assert snapshot(data_dir / "runs") == before
