"""The run-file schema, strict parsing, and the atomic, never-overwriting write."""

import json

import pytest

from accelbench.core.runfile import RunFileError, dumps, load_run, problems_in, write_atomic

from conftest import make_record, make_run


def test_a_valid_run_has_no_problems(tmp_path):
    assert problems_in(make_run(), "x.json") == []


def test_written_runs_load_back_unchanged(tmp_path):
    run = make_run()
    path = write_atomic(tmp_path / "runs" / "a.json", run)
    assert load_run(path) == run


@pytest.mark.parametrize("mutate, field, words", [
    (lambda r: r.pop("run_id"), "(top level)", "'run_id' is a required property"),
    (lambda r: r["environment"].update(cpu_cores="two"), "environment.cpu_cores", "is not of type 'integer'"),
    (lambda r: r["records"][0].update(status="great"), "records[0].status", "is not one of"),
    (lambda r: r["records"][0].update(samples_s=[0.1, -1.0]), "records[0].samples_s[1]", "less than or equal to the minimum"),
    (lambda r: r["records"][0]["metrics"].update(tflops=-3), "records[0].metrics.tflops", "less than the minimum"),
    (lambda r: r["records"][0].update(samples_s=[]), "records[0].samples_s", "should be non-empty"),
    (lambda r: r["records"][0].update(status="failed", reason=None), "records[0].reason", "is not of type 'string'"),
])
def test_problems_name_the_file_and_field(mutate, field, words):
    run = make_run()
    mutate(run)
    problems = problems_in(run, "runs/bad.json")
    assert problems, "the mutation must be caught"
    assert any(p.startswith(f"runs/bad.json: {field}: ") and words in p for p in problems), problems


def test_unknown_schema_version_is_one_clear_line():
    problems = problems_in(make_run(schema_version=99), "f.json")
    assert problems == ["f.json: schema_version: 99 is not a supported version (supported: 1)"]


def test_not_json_names_the_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"schema_version": 1, "run_id": ')
    with pytest.raises(RunFileError) as info:
        load_run(path)
    assert info.value.problems[0].startswith(f"{path}: (file): not valid JSON")


def test_nan_is_rejected_when_reading_and_writing(tmp_path):
    path = tmp_path / "nan.json"
    path.write_text(dumps(make_run()).replace('"compile_s": 0.2', '"compile_s": NaN'))
    with pytest.raises(RunFileError, match="NaN is not allowed"):
        load_run(path)
    run = make_run(records=[make_record(metrics={"tflops": float("nan")})])
    with pytest.raises(ValueError):
        write_atomic(tmp_path / "out.json", run)
    assert not (tmp_path / "out.json").exists()


def test_write_never_overwrites_and_leaves_no_temporary_file(tmp_path):
    path = write_atomic(tmp_path / "r.json", make_run())
    before = path.read_bytes()
    with pytest.raises(FileExistsError):
        write_atomic(path, make_run(profile="full"))
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


def test_committed_run_files_are_valid():
    """What CI checks of every contributed file: schema and project checks, no duplicates."""
    from accelbench.store.validation import Validator, validate_files

    from conftest import ROOT, SNIPPETS

    files = sorted((ROOT / "build_data" / "runs").glob("*.json"))
    assert files, "the repository ships at least one measured run"
    assert validate_files(files, Validator(SNIPPETS, ROOT / "build_data" / "reference")) == []
    for path in files:
        assert json.loads(path.read_text())["environment"]["host"] != "synthetic-test-host"


def test_a_written_run_file_is_readable_by_others_as_the_umask_allows(tmp_path):
    import os

    from accelbench.core.runfile import write_atomic

    from conftest import make_run

    old = os.umask(0o022)
    try:
        path = write_atomic(tmp_path / "run.json", make_run())
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o644
