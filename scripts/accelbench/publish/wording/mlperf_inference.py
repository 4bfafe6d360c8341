"""The words of MLPerf Inference (sources/mlperf_inference/): its lines of detail (per-chip throughput of
Stable Diffusion XL, always said to be inference), its written rule, its pages' notes and headings and its
tables' cells. An entry is named as every MLPerf line names it (mlperf.py)."""

from __future__ import annotations

from collections.abc import Mapping

from accelbench.publish.wording.mlperf import MIRROR, entry_words
from accelbench.publish.wording.terms import TIE_OR_SPLIT

INFERENCE = "Inference, not training (never counted towards an answer on training)"  # opens every inference line


def _per_chip(e: Mapping) -> str:
    return f"{e['per_chip']:.3g} {e['unit']} per chip"


def _best_tpu_note(v: Mapping) -> str:
    # the best TPU a preview: the best one available now beside it, or that none was submitted
    tpu, available = v["tpu"], v["available"]
    if tpu["availability"] == "available":
        return ""
    beside = (f", the best available now is {entry_words(available)} {_per_chip(available)}, TPU/GPU "
              f"{v['available_ratio']:.2f}" if available is not None else ", and no TPU system available now was submitted")
    return f"; the best TPU is a {tpu['availability']} system{beside}"


def _inference_mirror(v: Mapping) -> str:
    mirror = v["mirror"]
    if mirror is None:
        return ""
    return (f" ({v['round']} {MIRROR}: {mirror['repository']} at {mirror['commit'][:12]}, summaries only where the "
            f"mirror holds no detail log)")


def _inference_pair(v: Mapping) -> str:
    return (f"{INFERENCE}: MLPerf Inference {v['round']}, Stable Diffusion XL, {v['scenario']}: best TPU "
            f"{entry_words(v['tpu'])} {_per_chip(v['tpu'])}; best GPU {entry_words(v['gpu'])} {_per_chip(v['gpu'])}; "
            f"TPU/GPU {v['ratio']:.2f}{_best_tpu_note(v)}{_inference_mirror(v)}")


LINES = {
    "mlperf_inference.speed.figures": lambda v: (f"TPU {entry_words(v['tpu'])} {_per_chip(v['tpu'])}; "
                                                 f"GPU {entry_words(v['gpu'])} {_per_chip(v['gpu'])}"),
    "mlperf_inference.name": "MLPerf Inference {round} SDXL {scenario}: {tpu} vs {gpu}, {unit} per chip",
    "mlperf_inference.link": "SDXL {scenario} {round} {side:upper}",
    "mlperf_inference.no_result": f"{INFERENCE}: No MLPerf Inference result yet.",
    "mlperf_inference.speed.pair": _inference_pair,
    "mlperf_inference.rule.speed":
        "Inference only, never counted as training. Per scenario (Offline samples/s, Server queries/s) of Stable "
        "Diffusion XL, in the newest round with both: the TPU result with the most per chip against the GPU result "
        "with the most per chip, preview systems included and said so (with the best TPU available now beside a "
        "preview). Supported if the TPU does more than {margin:pct} more per chip in every scenario; contradicted if "
        "more than {margin:pct} less in every one; " + TIE_OR_SPLIT + ".",
}


# MLPerf Inference's pages (sources/mlperf_inference/fragments.py): what is missing where nothing is
# imported, the note above its tables, a round's heading and where it was read from (WHERE and
# COMMIT as HTML), and the rounds of the summary read from a mirror
INFERENCE_MISSING = "published MLPerf Inference results"
INFERENCE_NOTE = ("Inference results, published by others and not measured here: they never count towards an answer "
                  "on training.")
SUMMARY_ONLY = (" (where the mirror holds no detail log, the line of mlperf_log_summary.txt that prints the figure, "
                "kept where that summary says its scenario and VALID)")
INFERENCE_ORIGIN = ("Published by others in {where} at commit {commit}, closed division; each figure links to the line "
                    "of the log it was read from{summary_only}. {note}")
INFERENCE_MIRROR = " Round {round} was read from {where} at commit {commit}."


def inference_heading(round_name: str) -> str:
    return f"Stable Diffusion XL, MLPerf Inference {round_name}"


# The cells of MLPerf Inference's tables (sources/mlperf_inference/tables.py): a figure's tooltip (the
# log line it was read from), a scenario with no TPU or GPU, the best TPU when it is available now,
# and a system's figure per chip (formatted there)
FROM_SUMMARY = " (the summary: the source read holds no detail log)"
NONE_SUBMITTED = "none submitted"
SAME_TPU = "the same"
PER_CHIP_FIGURE = "{value} {unit} per chip"


def log_line(path: str, line) -> str:
    return f"{path}, line {line}"

# The column headings of its tables (mlperf_inference/tables.py), each named by the function that makes it
PER_CHIP_TABLE_COLUMNS = ("Accelerator", "Chips", "Submitter / system", "Status")
SUMMARY_TABLE_COLUMNS = ("Scenario (round)", "TPU: most per chip", "TPU available now", "GPU: most per chip",
                         "TPU/GPU per chip", "Published verdict (inference)")
SCENARIO_COLUMN = "{scenario} ({unit})"  # a scenario's figure, then its figure per chip
SCENARIO_PER_CHIP_COLUMN = "{scenario} per chip"
