"""The accelbench command line: validate's exit codes and lines, status, run's last line."""

import os
import subprocess
import sys

from accelbench.cli import main

from conftest import ROOT, make_run, write_run


def accelbench(*args, cwd=ROOT):
    env = {**os.environ, "ACCELBENCH_HOST_LABEL": "pytest"}
    return subprocess.run([sys.executable, "-m", "accelbench", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=300)


def test_validate_accepts_valid_files(data_dir, capsys):
    write_run(data_dir, make_run())
    assert main(["--data-dir", str(data_dir), "validate"]) == 0
    assert "1 of 1 run file(s) valid" in capsys.readouterr().err


def test_validate_names_file_and_field_and_fails(data_dir, capsys):
    write_run(data_dir, make_run())
    bad = write_run(data_dir, make_run(run_id="20261130T000000Z-bad-00000002", complete="yes"))
    truncated = data_dir / "runs" / "truncated.json"
    truncated.write_text(write_run(data_dir, make_run(), name="tmp").read_text()[:200])
    (data_dir / "runs" / "tmp.json").unlink()
    assert main(["--data-dir", str(data_dir), "validate"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert f"{bad}: complete: 'yes' is not of type 'boolean'" in out
    assert any(line.startswith(f"{truncated}: (file): not valid JSON") for line in out)
    assert len(out) == 2


def test_validate_given_files(data_dir, capsys):
    good = write_run(data_dir, make_run())
    assert main(["validate", str(good)]) == 0


def test_validate_reports_duplicate_run_ids(data_dir, capsys):
    write_run(data_dir, make_run(), name="a")
    second = write_run(data_dir, make_run(), name="b")
    assert main(["--data-dir", str(data_dir), "validate"]) == 1
    assert f"{second}: run_id: " in capsys.readouterr().out


def test_run_prints_the_file_path_last_and_status_then_reports_current(data_dir):
    result = accelbench("--data-dir", str(data_dir), "run", "--profile", "test", "--only", "matmul",
                        "--frameworks", "torch")
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert last.endswith(".json") and os.path.exists(last)
    status = accelbench("--data-dir", str(data_dir), "status", "--profile", "test", "--frameworks", "torch")
    line = next(x for x in status.stdout.splitlines() if x.startswith("matmul"))
    assert "current" in line and "1 current" in line
    again = accelbench("--data-dir", str(data_dir), "run", "--profile", "test", "--only", "matmul", "--frameworks", "torch")
    assert again.stdout.strip().splitlines()[-1] == "no new run file: every planned measurement is already stored"
    missing = accelbench("--data-dir", str(data_dir), "status", "--profile", "quick", "--frameworks", "torch")
    line = next(x for x in missing.stdout.splitlines() if x.startswith("matmul"))
    assert "missing" in line and "6 missing" in line


def test_unknown_workload_and_framework_are_refused(data_dir, capsys):
    assert main(["--data-dir", str(data_dir), "run", "--only", "nope"]) == 2
    assert "unknown workload(s) nope" in capsys.readouterr().err
    assert main(["--data-dir", str(data_dir), "run", "--frameworks", "mxnet"]) == 2
    assert "unknown framework(s): mxnet" in capsys.readouterr().err


def test_a_missing_snippets_folder_is_named(data_dir, tmp_path, capsys):
    assert main(["--data-dir", str(data_dir), "--snippets-dir", str(tmp_path / "nowhere"), "validate"]) == 2
    assert "snippets folder" in capsys.readouterr().err


def test_budgets_prints_wall_time_over_budget_per_group_and_in_total(data_dir, capsys):
    from conftest import make_record

    records = [make_record(params={"n": n, "dtype": "float32"}, wall_s=wall, budget_s=budget)
               for n, wall, budget in ((256, 3.0, 2.0), (512, 1.0, 2.0))]
    first = write_run(data_dir, make_run(records=records))
    second = write_run(data_dir, make_run(run_id="20261130T000001Z-synthetic-00000002",
                                          records=[make_record(framework="jax", wall_s=1.0, budget_s=4.0),
                                                   make_record(framework="jax")]))  # no budget recorded: left out
    assert main(["budgets", str(first), str(second)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[-3:] == ["wall_s", "budget_s", "wall/budget"]
    rows = [line.split() for line in lines[1:]]
    # device, workload, framework, variant, n, wall_s, budget_s, ratio: the matrix size is summed over
    assert rows == [["Synthetic", "CPU", "matmul", "torch", "dtype=float32", "2", "4.0", "4.0", "1.00"],
                    ["Synthetic", "CPU", "matmul", "jax", "dtype=float32", "1", "1.0", "4.0", "0.25"],
                    ["Synthetic", "CPU", "total", "3", "5.0", "8.0", "0.62"]]
    (data_dir / "runs" / "broken.json").write_text("{", encoding="utf-8")
    assert main(["budgets", str(data_dir / "runs" / "broken.json")]) == 1
    assert "not valid JSON" in capsys.readouterr().err
