"""MLPerf Training results as published evidence: real result files scored by MLCommons' rule (values
worked by hand from the files), bad input left out with its reason, the same output every time."""

import json
import shutil
import subprocess
import sys

import pandas as pd
import pytest

from accelbench.sources.git import DirSource
from accelbench.sources.mlperf_training.format import KIND, SCHEMA, write
from accelbench.sources.mlperf_training.importer import Run, import_round, olympic_minutes, parse_log
from accelbench.store.published import load_published, problems_in

from conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "mlperf" / "training_results_v4.0"
REFERENCE = ROOT / "build_data" / "reference"
REPOSITORY = "mlcommons/training_results_v4.0"


def imported(root=FIXTURES):
    return import_round(DirSource(root, REPOSITORY, "6fe954378efe4a1a1bd665550b18ff8f26018def"), "v4.0", REFERENCE)


def entry(published, submitter):
    return next(r for r in published["results"] if r["submitter"] == submitter)


def test_real_logs_are_scored_by_the_olympic_rule_as_worked_by_hand():
    published = imported()
    assert published["benchmarks"] == ["gpt3"] and published["left_out"] == []
    tpu = entry(published, "Google")
    # run_start -> run_stop in ms, from the three logs: 6887633, 6886073, 6923118
    assert [r["minutes"] for r in tpu["runs"]] == pytest.approx([114.79388, 114.76788, 115.38530], abs=1e-5)
    # the fastest (114.76788) and the slowest (115.38530) dropped: the middle one remains
    assert tpu["score_minutes"] == pytest.approx(6887633 / 60000)
    assert (tpu["chips"], tpu["platform"], tpu["chip"], tpu["availability"]) == (512, "tpu", "TPU v5p", "available")
    assert tpu["chip_hours"] == pytest.approx(6887633 / 60000 / 60 * 512)
    gpu = entry(published, "NVIDIA")
    # 3147895, 3043678, 3038246 ms: the middle one is 3043678
    assert gpu["score_minutes"] == pytest.approx(3043678 / 60000)
    assert (gpu["chips"], gpu["platform"], gpu["chip"]) == (512, "gpu", "H100 SXM")
    assert gpu["files"][0] == "NVIDIA/systems/eos_n64_ngc24.04_nemo.json" and len(gpu["files"]) == 4
    assert published["source"] == {"repository": REPOSITORY, "commit": "6fe954378efe4a1a1bd665550b18ff8f26018def",
                                   "url": "https://github.com/mlcommons/training_results_v4.0"}


def test_the_olympic_rule_drops_one_run_that_did_not_converge():
    runs = [Run("a", 10.0, "success"), Run("b", 12.0, "success"), Run("c", None, "aborted"), Run("d", 11.0, "success")]
    assert olympic_minutes(runs) == (pytest.approx(11.5), "ok")  # 10 dropped as fastest, the failure as slowest
    two_failed = [*runs, Run("e", None, "aborted")]
    assert olympic_minutes(two_failed) == (None, "2 runs did not converge (more than one makes the result invalid)")
    assert olympic_minutes(runs[:2])[0] is None


@pytest.mark.parametrize("text, outcome", [
    (':::MLLOG {"key": "run_start", "time_ms": 0}\n:::MLLOG {"key": "run_stop", "time_ms": 60000, '
     '"metadata": {"status": "success"}}', "success"),
    ('0: :::MLLOG {"key": "run_start", "time_ms": 0}\n1: :::MLLOG {"key": "run_stop", "time_ms": 60000, '
     '"metadata": {"status": "success"}}', "success"),  # multi-process logs prefix the rank
    (':::MLLOG {"key": "run_start", "time_ms": 0}\n:::MLLOG {"key": "run_stop", "time_ms": 6, '
     '"metadata": {"status": "aborted"}}', "run_stop status aborted in log.txt"),
    (':::MLLOG {"key": "run_start", "time_ms": 0}\n:::MLLOG {"key": "eval', "malformed MLLOG line at log.txt:2"),
    (':::MLLOG {"key": "run_start", "time_ms": 0}\n', "no run_stop in log.txt"),  # truncated
    ("", "no run_start in log.txt"),
])
def test_each_log_gives_a_time_or_the_reason_it_has_none(text, outcome):
    run = parse_log(text, "log.txt")
    assert run.outcome == outcome and (run.minutes == 1.0 if outcome == "success" else run.minutes is None)


def test_bad_input_is_left_out_with_its_reason_and_never_stops_the_import(tmp_path):
    root = tmp_path / "repo"
    shutil.copytree(FIXTURES, root)
    logs = root / "Google" / "results" / "cloud-tpu-v5p-1024-maxtext" / "gpt3"
    lines = (logs / "result_1.txt").read_text().splitlines()
    (logs / "result_1.txt").write_text("\n".join(lines[:40]) + "\n")  # truncated: no run_stop
    (logs / "result_2.txt").write_text((logs / "result_2.txt").read_text().replace('"success"', '"aborted"'))
    orphan = root / "Acme" / "results" / "box" / "gpt3"
    orphan.mkdir(parents=True)
    (orphan / "result_0.txt").write_text("")  # no system file beside it
    odd = root / "Odd" / "results" / "chip" / "gpt3"
    odd.mkdir(parents=True)
    for i in range(3):
        shutil.copy(logs.parent.parent.parent / "results" / "cloud-tpu-v5p-1024-maxtext" / "gpt3" / "result_0.txt",
                    odd / f"result_{i}.txt")
    (root / "Odd" / "systems").mkdir()
    system = json.loads((root / "Google" / "systems" / "cloud-tpu-v5p-1024-maxtext.json").read_text())
    (root / "Odd" / "systems" / "chip.json").write_text(json.dumps({**system, "accelerator_model_name": "Abacus 9000"}))
    published = imported(root)
    reasons = {item["path"]: item["reason"] for item in published["left_out"]}
    assert reasons["Google/results/cloud-tpu-v5p-1024-maxtext/gpt3/result_1.txt"] == \
        "no run_stop in Google/results/cloud-tpu-v5p-1024-maxtext/gpt3/result_1.txt"
    assert reasons["Google/results/cloud-tpu-v5p-1024-maxtext/gpt3/result_2.txt"].startswith("run_stop status aborted")
    assert reasons["Google/results/cloud-tpu-v5p-1024-maxtext/gpt3"] == \
        "2 runs did not converge (more than one makes the result invalid)"
    assert reasons["Acme/systems/box.json"] == "missing system file"
    assert reasons["Odd/results/chip/gpt3"] == "gpt3: Abacus 9000 is not in mlperf_accelerators.csv"
    # the GPU entry stays: every benchmark is imported, whoever else took part
    assert [r["submitter"] for r in published["results"]] == ["NVIDIA"]


def test_the_importer_gives_the_same_bytes_twice_and_a_valid_file(tmp_path):
    first = write(tmp_path, imported()).read_bytes()
    second = write(tmp_path, imported()).read_bytes()
    assert first == second
    assert problems_in(json.loads(first), "x", SCHEMA) == []
    loaded = load_published(tmp_path)[KIND]
    assert [r["round"] for r in loaded.rounds] == ["v4.0"] and len(loaded.results) == 2


def test_the_command_line_writes_the_round_file_and_prints_its_path(tmp_path):
    data_dir = tmp_path / "data"
    shutil.copytree(REFERENCE, data_dir / "reference")
    command = [sys.executable, "-m", "accelbench", "--data-dir", str(data_dir), "import", "mlperf-training", str(FIXTURES),
               "--round", "v4.0"]
    refused = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert refused.returncode == 2 and "give --commit" in refused.stderr  # a plain folder does not know its commit
    out = subprocess.run(command + ["--commit", "6fe954378efe4a1a1bd665550b18ff8f26018def"], capture_output=True,
                         text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(data_dir / "published" / "mlperf-training-v4.0.json")
    assert "2 result(s) (1 TPU, 1 GPU) on gpt3" in out.stderr


def test_a_hand_edited_published_file_fails_validation_naming_the_field(tmp_path):
    published = imported()
    published["results"][0]["chips"] = -3
    with pytest.raises(Exception) as info:
        write(tmp_path, published)
    assert "results[0].chips: -3 is less than the minimum of 1" in str(info.value)


def test_the_committed_published_files_are_valid():
    loaded = load_published(ROOT / "build_data")[KIND]
    assert [r["round"] for r in loaded.rounds] == ["v3.1", "v4.0", "v4.1", "v5.0", "v5.1", "v6.0"]
    assert set(loaded.results["platform"]) == {"gpu", "tpu"}
    # v6.0, read from a public mirror without its logs: every entry entered, none scored, no TPU
    assert "v6.0" not in set(loaded.results["round"]) and set(loaded.unscored["round"]) == {"v6.0"}
    assert set(loaded.unscored["platform"]) == {"gpu"} and loaded.mirrored()["v6.0"]["mirror_of"] == \
        "mlcommons/training_results_v6.0"
    assert loaded.round_of("v6.0")["submitters"]["lacking"] == 0


def test_git_directories_are_read_at_a_commit(tmp_path):
    from accelbench.sources.git import open_source

    repo = tmp_path / "repo"
    shutil.copytree(FIXTURES, repo)
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "fixtures"], check=True)
    source = open_source(repo, REPOSITORY)
    published = import_round(source, "v4.0", REFERENCE)
    assert len(source.commit) == 40 and published["source"]["commit"] == source.commit
    assert [r["score_minutes"] for r in published["results"]] == [r["score_minutes"] for r in imported()["results"]]


def test_hostile_names_in_published_files_stay_text_on_the_pages(tmp_path):
    from accelbench.core.reference import Reference
    from accelbench.prebuild import context
    from accelbench.publish.fragments import Links, render
    from accelbench.store.store import load_store
    from accelbench.workloads.discovery import workload_settings

    from conftest import SNIPPETS, new_data_dir

    evil = '<script>alert(1)</script>"><img src=x onerror=alert(2)>'
    published = imported()
    for result in published["results"]:
        result.update(submitter=evil, system=evil + "/x y", accelerator=evil)
    data_dir = new_data_dir(tmp_path)
    write(data_dir, published)
    ctx = context(load_store(data_dir, SNIPPETS), Reference(data_dir / "reference"), workload_settings(SNIPPETS),
                  Links("published"), published=load_published(data_dir))
    for kind, args in (("published", ["gpt3"]), ("published-chart", ["gpt3"]), ("published-summary", []),
                       ("verdicts", [])):
        html = render(ctx, kind, args).text
        assert "<script>" not in html and "<img src=x" not in html, kind
    assert "%3Cscript%3E" in render(ctx, "published", ["gpt3"]).text  # links percent-encode the names


def test_entries_that_repeat_an_earlier_rounds_runs_are_flagged_and_counted_once():
    """A submission re-listed in a later round repeats its runs to the millisecond: flagged with the
    round it was run in, shown so, and left out of the later round's comparisons."""
    from accelbench.sources.mlperf_training.format import relisted_from
    from accelbench.sources.mlperf_training.rules import comparable

    loaded = load_published(ROOT / "build_data")[KIND]
    relisted = loaded.results.dropna(subset=["relisted_from"])
    llm_and_image = relisted[relisted["benchmark"].isin(["gpt3", "stable_diffusion"])]
    assert sorted(zip(llm_and_image["round"], llm_and_image["system"], llm_and_image["relisted_from"], strict=True)) == [
        ("v4.1", "eos-dfw_n1452_ngc24.04_nemo", "v4.0"), ("v4.1", "eos_n128_ngc24.04_nemo", "v4.0"),
        ("v5.0", "ESC_N8_E11", "v4.1")]
    for _, row in relisted.iterrows():  # each repeats, to the millisecond, an entry of the round it names
        times = sorted(r["minutes"] for r in row["runs"] if r["minutes"] is not None)
        earlier = loaded.results[(loaded.results["round"] == row["relisted_from"]) &
                                 (loaded.results["benchmark"] == row["benchmark"])]
        assert any(sorted(r["minutes"] for r in e if r["minutes"] is not None) == times for e in earlier["runs"])
    for _, _, rows in comparable(loaded):
        assert rows["relisted_from"].isna().all()

    def entry(round_name, minutes):
        return {"round": round_name, "benchmark": "gpt3", "runs": [{"minutes": m} for m in minutes]}
    frame = pd.DataFrame([entry("v4.1", [3.1, 3.2]), entry("v4.0", [3.2, 3.1]), entry("v5.0", [3.1, 3.3]),
                          entry("v5.0", [None])])
    assert relisted_from(frame) == ["v4.0", None, None, None]
