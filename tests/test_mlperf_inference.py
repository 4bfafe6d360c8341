"""MLPerf Inference results as published evidence: real LoadGen logs and system descriptions (values
read by hand from the files), per-chip division, the figure's file and line, bad input left out
with its reason, the same bytes every time, hostile names escaped, and the rule's outcomes."""

import json
import shutil
import subprocess
import sys

import pandas as pd
import pytest

from accelbench.core.reference import Reference
from accelbench.judge.judging import CONTRADICTED, NOT_MEASURED, SPLIT, SUPPORTED, TIE
from accelbench.registry import RULES
from accelbench.sources.git import DirSource
from accelbench.sources.mlperf_inference.format import KIND, SCHEMA, MLPerfInference, dataset_rows, write
from accelbench.sources.mlperf_inference.importer import Problem, agrees, import_round, read_detail
from accelbench.store.published import load_published, problems_in

from conftest import ROOT
from helpers import lines_of

FIXTURES = ROOT / "tests" / "fixtures" / "mlperf_inference" / "inference_results_v4.1"
REFERENCE = ROOT / "build_data" / "reference"
REPOSITORY = "mlcommons/inference_results_v4.1"
COMMIT = "198fc46799b3328b36ee4bcbdebfa2db5a8e6183"
TPU_DIR = "closed/Google/results/tpu_v6_x4_flax/stable-diffusion-xl"
GPU_DIR = "closed/NVIDIA/results/H200-SXM-141GBx8_TRT/stable-diffusion-xl"


def imported(root=FIXTURES):
    return import_round(DirSource(root, REPOSITORY, COMMIT), "v4.1", REFERENCE)


def result(published, submitter, scenario):
    return next(r for r in published["results"] if r["submitter"] == submitter and r["scenario"] == scenario)


def test_real_logs_give_the_checkers_figures_divided_per_chip():
    published = imported()
    assert published["left_out"] == [] and len(published["results"]) == 4
    tpu = result(published, "Google", "Offline")
    # mlperf_log_detail.txt line 76: "result_samples_per_second", "value": 5.43896; the system file
    # says accelerators_per_node "4" (line 13) and number_of_nodes "1" (line 31)
    assert (tpu["value"], tpu["chips"], tpu["per_chip"]) == (5.43896, 4, 5.43896 / 4)
    assert (tpu["accelerator"], tpu["chip"], tpu["platform"], tpu["availability"]) == \
        ("TPU v6", "TPU v6e (Trillium)", "tpu", "preview")
    assert tpu["at"]["value"] == {"path": f"{TPU_DIR}/offline/performance/run_1/mlperf_log_detail.txt", "line": 76}
    assert tpu["at"]["summary"] == {"path": f"{TPU_DIR}/offline/performance/run_1/mlperf_log_summary.txt", "line": 7,
                                    "text": "5.43896"}
    assert tpu["at"]["accelerators_per_node"] == {"path": "closed/Google/systems/tpu_v6_x4_flax.json", "line": 13}
    assert tpu["at"]["number_of_nodes"] == {"path": "closed/Google/systems/tpu_v6_x4_flax.json", "line": 31}
    server = result(published, "Google", "Server")
    # line 85: result_completed_samples_per_sec 4.48577 (the summary prints it rounded: 4.49, line 7)
    assert (server["value"], server["per_chip"], server["unit"]) == (4.48577, 4.48577 / 4, "queries/s")
    assert server["at"]["value"]["line"] == 85 and server["at"]["summary"]["text"] == "4.49"
    gpu = result(published, "NVIDIA", "Offline")
    # line 76: 17.4186 samples/s on accelerators_per_node 8 (line 10) x number_of_nodes 1 (line 37)
    assert (gpu["value"], gpu["chips"], gpu["per_chip"]) == (17.4186, 8, 17.4186 / 8)
    assert (gpu["chip"], gpu["platform"], gpu["availability"]) == ("H200 SXM", "gpu", "available")
    assert gpu["at"]["number_of_nodes"]["line"] == 37 and gpu["at"]["accelerators_per_node"]["line"] == 10
    assert result(published, "NVIDIA", "Server")["value"] == 16.782
    assert published["source"] == {"repository": REPOSITORY, "commit": COMMIT,
                                   "url": "https://github.com/mlcommons/inference_results_v4.1"}


def test_the_importer_gives_the_same_bytes_twice_and_a_valid_file(tmp_path):
    first = write(tmp_path, imported()).read_bytes()
    second = write(tmp_path, imported()).read_bytes()
    assert first == second
    assert problems_in(json.loads(first), "x", SCHEMA) == []
    loaded = load_published(tmp_path)[KIND]
    assert [r["round"] for r in loaded.rounds] == ["v4.1"] and len(loaded.results) == 4
    rows = dataset_rows(loaded)
    assert [(r["scenario"], r["platform"]) for r in rows] == [("Offline", "gpu"), ("Offline", "tpu"), ("Server", "gpu"),
                                                          ("Server", "tpu")]
    assert rows[1]["value_file"].endswith("offline/performance/run_1/mlperf_log_detail.txt") and rows[1]["value_line"] == 76


def copy_fixtures(tmp_path):
    root = tmp_path / "repo"
    shutil.copytree(FIXTURES, root)
    return root


def test_bad_input_is_left_out_naming_file_and_line_and_never_stops_the_import(tmp_path):
    root = copy_fixtures(tmp_path)
    offline = root / TPU_DIR / "offline" / "performance" / "run_1"
    text = (offline / "mlperf_log_detail.txt").read_text()
    (offline / "mlperf_log_detail.txt").write_text(text.replace('"value": "VALID"', '"value": "INVALID"'))
    server = root / GPU_DIR / "Server" / "performance" / "run_1"
    lines = (server / "mlperf_log_detail.txt").read_text().splitlines()
    lines[40] = lines[40][:60]  # a line cut short
    (server / "mlperf_log_detail.txt").write_text("\n".join(lines) + "\n")
    (root / "closed" / "Acme" / "results" / "box" / "stable-diffusion-xl" / "Offline" / "performance" / "run_1").mkdir(
        parents=True)
    (root / "closed" / "Acme" / "results" / "box" / "stable-diffusion-xl" / "Offline" / "performance" / "run_1" /
     "mlperf_log_detail.txt").write_text("")  # no system file beside it
    published = imported(root)
    reasons = {item["path"]: item["reason"] for item in published["left_out"]}
    assert reasons[f"{TPU_DIR}/offline/performance/run_1/mlperf_log_detail.txt"] == \
        f"result_validity 'INVALID' at {TPU_DIR}/offline/performance/run_1/mlperf_log_detail.txt:70"
    assert reasons[f"{GPU_DIR}/Server/performance/run_1/mlperf_log_detail.txt"] == \
        f"malformed MLLOG line at {GPU_DIR}/Server/performance/run_1/mlperf_log_detail.txt:41"
    assert reasons["closed/Acme/systems/box.json"] == "missing system file closed/Acme/systems/box.json"
    assert sorted((r["submitter"], r["scenario"]) for r in published["results"]) == \
        [("Google", "Server"), ("NVIDIA", "Offline")]


def test_a_summary_that_disagrees_with_its_log_leaves_the_result_out(tmp_path):
    root = copy_fixtures(tmp_path)
    summary = root / GPU_DIR / "Offline" / "performance" / "run_1" / "mlperf_log_summary.txt"
    summary.write_text(summary.read_text().replace("Samples per second: 17.4186", "Samples per second: 27.4186"))
    reasons = {item["path"]: item["reason"] for item in imported(root)["left_out"]}
    assert reasons[f"{GPU_DIR}/Offline/performance/run_1/mlperf_log_detail.txt"] == (
        f"result_samples_per_second 17.4186 at {GPU_DIR}/Offline/performance/run_1/mlperf_log_detail.txt:76 "
        f"disagrees with 27.4186 at {GPU_DIR}/Offline/performance/run_1/mlperf_log_summary.txt:7")
    assert agrees(4.48577, "4.49") and not agrees(4.48577, "4.48") and agrees(5.43896, "5.43896")


@pytest.mark.parametrize("change, reason", [
    (lambda s: s.replace('"accelerators_per_node": "4"', '"accelerators_per_node": "4.5"'),
     "accelerators_per_node: '4.5' is not a count at closed/Google/systems/tpu_v6_x4_flax.json:13"),
    (lambda s: s.replace('"number_of_nodes": "1",', '"number_of_nodes": "1"'),
     "malformed JSON at closed/Google/systems/tpu_v6_x4_flax.json:32 (Expecting ',' delimiter)"),
    (lambda s: s.replace('"accelerator_model_name": "TPU v6"', '"accelerator_model_name": "Abacus 9000"'),
     "Abacus 9000: not a GPU or TPU chip of the hardware reference (mlperf_accelerators.csv)"),
])
def test_a_bad_system_file_is_left_out_naming_its_line(tmp_path, change, reason):
    root = copy_fixtures(tmp_path)
    system = root / "closed" / "Google" / "systems" / "tpu_v6_x4_flax.json"
    system.write_text(change(system.read_text()))
    published = imported(root)
    assert {"path": "closed/Google/systems/tpu_v6_x4_flax.json", "reason": reason} in published["left_out"]
    # without a TPU result nothing is compared, and the file says why
    assert published["results"] == []
    assert {"path": "closed", "reason": "no closed-division TPU result on stable-diffusion-xl: 2 result(s) of the "
                                        "other platform not kept"} in published["left_out"]


def test_a_log_of_another_scenario_or_without_its_figure_gives_no_figure():
    log = ':::MLLOG {"key": "effective_scenario", "value": "Server"}\n:::MLLOG {"key": "result_validity", "value": "VALID"}\n'
    with pytest.raises(Problem, match="effective_scenario 'Server' at x.txt:1, in a Offline folder"):
        read_detail(log, "x.txt", "Offline")
    with pytest.raises(Problem, match="no result_completed_samples_per_sec in x.txt"):
        read_detail(log, "x.txt", "Server")
    assert read_detail(log + ':::MLLOG {"key": "result_completed_samples_per_sec", "value": 2.5}\n', "x.txt",
                       "Server") == (2.5, 3)


def test_the_command_line_writes_the_round_file_and_refuses_rounds_before_v4_1(tmp_path):
    data_dir = tmp_path / "data"
    shutil.copytree(REFERENCE, data_dir / "reference")
    command = [sys.executable, "-m", "accelbench", "--data-dir", str(data_dir), "import", "mlperf-inference",
               str(FIXTURES), "--commit", COMMIT]
    out = subprocess.run(command + ["--round", "v4.1"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(data_dir / "published" / "mlperf-inference-v4.1.json")
    assert "4 result(s) on stable-diffusion-xl (2 TPU, 2 GPU; Offline and Server), 0 left out" in out.stderr
    early = subprocess.run(command + ["--round", "v4.0"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert early.returncode == 2 and "only v4.1 and later are read" in early.stderr


def test_a_hand_edited_published_file_fails_validation_naming_the_field(tmp_path):
    published = imported()
    published["results"][0]["unit"] = "queries/s"  # an Offline result
    with pytest.raises(Exception) as info:
        write(tmp_path, published)
    assert "results[0].unit: 'samples/s' was expected" in str(info.value)


def test_the_committed_round_file_is_the_real_import():
    loaded = load_published(ROOT / "build_data")[KIND]
    assert [r["round"] for r in loaded.rounds] == ["v4.1", "v5.0"]
    df = loaded.results
    v41, v50 = df[df["round"] == "v4.1"], df[df["round"] == "v5.0"]
    assert set(v41["chip"]) == {"TPU v5e", "TPU v6e (Trillium)", "H100 SXM", "H200 SXM"}
    assert set(v50["chip"]) == {"TPU v6e (Trillium)", "B200 (HGX 1000 W)", "H100 SXM", "H200 SXM", "MI325X"}
    assert (df["per_chip"] == df["value"] / df["chips"]).all()
    assert loaded.rounds[0]["source"]["commit"] == COMMIT
    # v5.0 was read from a public mirror, from the summaries alone, and says so
    mirror = loaded.rounds[1]["source"]
    assert (mirror["repository"], mirror["mirror_of"]) == ("ntuhpc/mlperf_inference_results_v5.0",
                                                           "mlcommons/inference_results_v5.0")
    assert set(v50["read_from"]) == {"summary"} and set(v41["read_from"].dropna()) <= {"detail"}


# The rule

def frame(rows: list[dict]) -> MLPerfInference:
    base = {"round": "v4.1", "benchmark": "stable-diffusion-xl", "repository": REPOSITORY, "commit": COMMIT,
            "availability": "available", "chips": 4, "submitter": "S", "system": "sys"}
    out = []
    for i, row in enumerate(rows):
        full = {**base, "system": f"sys{i}", **row}
        full.setdefault("unit", "samples/s" if full["scenario"] == "Offline" else "queries/s")
        full.setdefault("accelerator", full["chip"])
        out.append(full)
    return MLPerfInference([{"round": "v4.1"}], pd.DataFrame(out))


def judge(data):
    return RULES[("speed", KIND)].judge(data, Reference(REFERENCE))


def test_the_rule_compares_the_best_per_chip_in_the_newest_round_with_both_and_says_it_is_inference():
    found = judge(load_published(ROOT / "build_data")[KIND])
    assert found.verdict == CONTRADICTED
    lines = lines_of(found)
    assert len(lines) == 2
    for sentence in lines:
        assert sentence.startswith("Inference, not training (never counted towards an answer on training)")
        assert "MLPerf Inference v5.0" in sentence and "best TPU TPU v6e (Trillium) × 4 (Google, available)" in sentence
        assert sentence.endswith("(v5.0 read from a public mirror of MLCommons' results: "
                                 "ntuhpc/mlperf_inference_results_v5.0 at cf354115915e, summaries only where the mirror "
                                 "holds no detail log)")
    # the summaries print 6.07925 samples/s on 4 chips and 30.3449 on 8 (Supermicro's B200)
    assert "Offline: best TPU TPU v6e (Trillium) × 4 (Google, available) 1.52 samples/s per chip; best GPU B200 " \
           "(HGX 1000 W) × 8 (Supermicro, available) 3.79 samples/s per chip; TPU/GPU 0.40" in lines[0]
    assert "Server:" in lines[1] and "queries/s per chip" in lines[1]


def test_an_older_rounds_preview_tpu_names_the_best_tpu_available_then():
    data = load_published(ROOT / "build_data")[KIND]
    v41 = MLPerfInference([r for r in data.rounds if r["round"] == "v4.1"], data.results[data.results["round"] == "v4.1"])
    lines = lines_of(judge(v41))
    for sentence in lines:
        assert "best TPU TPU v6e (Trillium) × 4 (Google, preview)" in sentence
        assert "the best available now is TPU v5e × 4 (Google, available)" in sentence
    assert "Offline: best TPU TPU v6e (Trillium) × 4 (Google, preview) 1.36 samples/s per chip; best GPU H200 SXM × 8 " \
           "(Dell, available) 2.21 samples/s per chip; TPU/GPU 0.62" in lines[0]


@pytest.mark.parametrize("tpu, gpu, verdict", [
    ((3.0, 2.0), (2.0, 1.0), SUPPORTED),  # the TPU ahead per chip in both scenarios
    ((1.0, 1.0), (2.0, 2.0), CONTRADICTED),
    ((3.0, 1.0), (2.0, 2.0), SPLIT),  # ahead in one scenario, behind in the other
    ((2.02, 2.0), (2.0, 2.0), TIE),  # within 5%: a tie
])
def test_the_rules_outcomes(tpu, gpu, verdict):
    rows = [{"scenario": s, "platform": "tpu", "chip": "TPU v6e (Trillium)", "per_chip": t, "value": t * 4}
            for s, t in zip(("Offline", "Server"), tpu, strict=True)]
    rows += [{"scenario": s, "platform": "gpu", "chip": "H200 SXM", "per_chip": g, "value": g * 4}
             for s, g in zip(("Offline", "Server"), gpu, strict=True)]
    assert judge(frame(rows)).verdict == verdict


def test_a_preview_is_said_and_the_best_available_tpu_named_or_its_absence():
    rows = [{"scenario": "Offline", "platform": "tpu", "chip": "TPU v6e (Trillium)", "per_chip": 3.0, "value": 12.0,
             "availability": "preview"},
            {"scenario": "Offline", "platform": "gpu", "chip": "H200 SXM", "per_chip": 2.0, "value": 8.0}]
    found = judge(frame(rows))
    assert found.verdict == SUPPORTED
    assert lines_of(found)[0].endswith("the best TPU is a preview system, and no TPU system available now was submitted")
    assert judge(frame(rows[1:])).verdict == NOT_MEASURED  # no TPU: nothing to compare


def test_hostile_names_in_published_files_stay_text_on_the_pages(tmp_path):
    from accelbench.core.reference import Reference
    from accelbench.prebuild import context
    from accelbench.publish.fragments import Links, render
    from accelbench.store.store import load_store
    from accelbench.workloads.discovery import workload_settings

    from conftest import SNIPPETS, new_data_dir

    evil = '<script>alert(1)</script>"><img src=x onerror=alert(2)>'
    published = imported()
    for r in published["results"]:
        r.update(submitter=evil, system=evil + "/x y", accelerator=evil, chip=evil, status=evil)
        r["at"]["value"]["path"] = evil
    data_dir = new_data_dir(tmp_path)
    write(data_dir, published)
    ctx = context(load_store(data_dir, SNIPPETS), Reference(data_dir / "reference"), workload_settings(SNIPPETS),
                  Links("published"), published=load_published(data_dir))
    for kind in ("inference-table", "inference-summary", "inference-rules"):
        html = render(ctx, kind, []).text
        assert "<script>" not in html and "<img src=x" not in html, kind
    table = render(ctx, "inference-table", [])
    assert "%3Cscript%3E" in table.text  # links percent-encode the names
    assert "&lt;script&gt;" in table.text
