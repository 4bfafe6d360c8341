"""Every MLPerf Training benchmark scored by its own rule (benchmarks.py): real result files whose
expected scores are MLCommons' own (result_summarizer's, fixtures/mlperf/PROVENANCE.md), the runs
each benchmark needs and drops, failed and absent runs, and accelerators of other platforms left out."""

import json
import shutil

import pytest

from accelbench.sources.git import DirSource
from accelbench.sources.mlperf_training.benchmarks import BENCHMARKS
from accelbench.sources.mlperf_training.importer import Run, import_round, olympic_minutes, parse_log

from conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "mlperf"
REFERENCE = ROOT / "build_data" / "reference"
V31 = ("training_results_v3.1", "d06288b2bd675a9d88e0e6181f5bb5626b71ec19", "v3.1")
V50 = ("training_results_v5.0", "0fdc28f013256aea84fa36fdaf1e0fa46094b18c", "v5.0")


def imported(round_files, root=None):
    folder, commit, name = round_files
    return import_round(DirSource(root or FIXTURES / folder, f"mlcommons/{folder}", commit), name, REFERENCE)


def test_unet3d_drops_four_runs_from_each_end_and_tolerates_four_failures_as_mlcommons_scores_it():
    published = imported(V31)
    [entry] = published["results"]
    assert (entry["benchmark"], entry["chips"], entry["required_runs"]) == ("unet3d", 768, 40)
    assert len(entry["runs"]) == 40 and sum(r["minutes"] is None for r in entry["runs"]) == 4
    # result_summarizer (mlcommons/logging 7bbf7926) on the full logs: 0.7726755208333334 minutes
    assert entry["score_minutes"] == pytest.approx(0.7726755208333334, rel=1e-12)
    # the one-drop rule of the other benchmarks would call four failures invalid
    runs = [Run(r["file"], r["minutes"], r["status"]) for r in entry["runs"]]
    assert olympic_minutes(runs)[0] is None and olympic_minutes(runs, BENCHMARKS["unet3d"].dropped)[0] is not None


def test_a_run_initialised_for_longer_than_thirty_minutes_counts_as_not_converged_as_the_compliance_checker_fails_it():
    published = imported(V50)
    [entry] = published["results"]
    slow = next(r for r in entry["runs"] if r["minutes"] is None)
    assert slow["file"].endswith("result_2.txt") and slow["status"].startswith("initialization took 32.3 min")
    # result_summarizer on the full logs: 213.60428958333333 (the slow run dropped as the slowest)
    assert entry["score_minutes"] == pytest.approx(213.60428958333333, rel=1e-12)
    assert entry["family"] == "NVIDIA Ada Lovelace" and entry["platform"] == "gpu" and entry["chip"] is None


@pytest.mark.parametrize("dropped, runs, failed, valid", [
    (1, 3, 0, True), (1, 2, 0, False),  # an olympic mean needs a run left once both ends are dropped
    (1, 10, 1, True), (1, 10, 2, False),
    (4, 9, 0, True), (4, 8, 0, False),
    (4, 40, 4, True), (4, 40, 5, False),
])
def test_each_benchmark_is_valid_only_with_the_runs_its_rule_needs(dropped, runs, failed, valid):
    times = [Run(f"r{i}", 10.0 + i, "success") for i in range(runs - failed)]
    times += [Run(f"f{i}", None, "aborted") for i in range(failed)]
    score, why = olympic_minutes(times, dropped)
    assert (score is not None) == valid, why
    if valid:  # the mean of what is left once `dropped` runs go from each end (failures are the slowest)
        kept = sorted(r.minutes for r in times if r.minutes is not None)[dropped:runs - failed - (dropped - failed)]
        assert score == pytest.approx(sum(kept) / len(kept))


def test_every_declared_benchmark_has_the_minimum_runs_of_the_rules_document():
    # training_rules.adoc (mlcommons/training_policies d73e20f1): 'Benchmark Results' and
    # 'Deprecated benchmarks results'
    expected = {"bert": 10, "deepseekv3_671b": 3, "dlrm_dcnv2": 10, "gpt_oss_20b": 10, "flux1": 10, "gnn": 10,
                "gpt3": 3, "llama2_70b_lora": 10,
                "llama31_405b": 3, "llama31_8b": 10, "maskrcnn": 5, "resnet": 5, "retinanet": 5, "rgat": 10,
                "rnnt": 10, "ssd": 5, "stable_diffusion": 10, "unet3d": 40}
    assert {slug: b.min_runs for slug, b in BENCHMARKS.items()} == expected
    assert {slug for slug, b in BENCHMARKS.items() if b.dropped != 1} == {"unet3d"}


def test_an_entry_with_fewer_runs_than_the_minimum_is_scored_and_says_so(tmp_path):
    root = tmp_path / "repo"
    shutil.copytree(FIXTURES / V50[0], root)
    logs = root / "tinycorp" / "results" / "tinybox_green" / "bert"
    for n in range(5, 10):
        (logs / f"result_{n}.txt").unlink()
    [entry] = imported(V50, root)["results"]
    assert len(entry["runs"]) == 5 and entry["required_runs"] == 10 and entry["score_minutes"] > 0


class Snapshot(DirSource):
    """A snapshot that lists files it does not hold, as a fetch without its largest files does."""

    def __init__(self, root, absent):
        super().__init__(root, "mlcommons/training_results_v5.0", V50[1])
        self.absent = absent

    def paths(self):
        return sorted({*super().paths(), *self.absent})

    def read(self, path):
        return None if path in self.absent else super().read(path)


def test_a_log_the_source_does_not_hold_leaves_its_entry_unscored_never_counted_as_a_failed_run():
    absent = {"tinycorp/results/tinybox_green/bert/result_10.txt"}
    published = import_round(Snapshot(FIXTURES / V50[0], absent), "v5.0", REFERENCE)
    assert published["results"] == []
    assert {"path": "tinycorp/results/tinybox_green/bert", "reason": "1 of 11 logs not in the source read: not scored"} \
        in published["left_out"]
    assert parse_log(None, "x.txt").minutes is None


def test_accelerators_that_are_neither_gpus_nor_tpus_and_unknown_benchmarks_stay_out_and_are_named(tmp_path):
    root = tmp_path / "repo"
    shutil.copytree(FIXTURES / V50[0], root)
    system = json.loads((root / "tinycorp" / "systems" / "tinybox_green.json").read_text())
    for name, accelerator in (("gaudi", "Intel Gaudi2"), ("cpu", "N/A")):
        (root / "tinycorp" / "systems" / f"{name}.json").write_text(
            json.dumps({**system, "accelerator_model_name": accelerator, "accelerators_per_node": "0"}))
        shutil.copytree(root / "tinycorp" / "results" / "tinybox_green", root / "tinycorp" / "results" / name)
    shutil.copytree(root / "tinycorp" / "results" / "tinybox_green" / "bert",
                    root / "tinycorp" / "results" / "tinybox_green" / "minigo")
    published = imported(V50, root)
    assert [(r["system"], r["benchmark"]) for r in published["results"]] == [("tinybox_green", "bert")]
    left = {item["path"]: item for item in published["left_out"]}
    assert left["tinycorp/results/gaudi/bert"]["reason"] == \
        "bert: Intel Gaudi2 is neither a GPU nor a TPU (mlperf_accelerators.csv: other)"
    assert (left["tinycorp/results/gaudi/bert"]["accelerator"], left["tinycorp/results/cpu/bert"]["platform"]) == \
        ("Intel Gaudi2", "cpu")
    assert left["tinycorp/results/tinybox_green/minigo"]["reason"] == \
        "minigo: a benchmark benchmarks.py does not declare (no rule to score it by)"
