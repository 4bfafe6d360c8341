"""Claim -> verdict from MLPerf Inference (audited benchmark results, inference), registered in
declared for (claim, "mlperf-inference"). A column of its own: never merged with what this
project measured, nor with MLPerf Training, and never counted as training (every finding says so).

Comparisons are per chip: a system's samples/s (Offline) or queries/s (Server) divided by its chips,
in the newest round with both a TPU and a GPU result. MLPerf publishes one figure per result, not
the spread a verdict interval needs, so a difference within the margin counts as a tie
(judging.beyond_margin).
"""

from __future__ import annotations

import pandas as pd

from accelbench.core.reference import Reference
from accelbench.judge.judging import MARGIN_TEXT, Comparison, Finding, beyond_margin, combined, rule
from accelbench.sources import rounds
from accelbench.sources.mlperf_inference.format import KIND, SCENARIOS, MLPerfInference
from accelbench.sources.rounds import entry_label

NO_RESULT = "No MLPerf Inference result yet."
INFERENCE = "Inference, not training (never counted towards an answer on training)"


def results_url(row: pd.Series) -> str:
    """The result's folder on GitHub (under closed/), at the commit it was imported from."""
    return rounds.results_url(row, ("closed",))


def label(row: pd.Series) -> str:
    """The chip as the hardware reference names it ('TPU v6e (Trillium)' for MLPerf's 'TPU v6'), chips,
    submitter and availability."""
    return entry_label(row, "chip")


def comparable(published: MLPerfInference) -> list[tuple[str, str, pd.DataFrame]]:
    """(scenario, round, its GPU and TPU results) per scenario, in the newest round with both platforms."""
    return rounds.comparable(published.results, "scenario", SCENARIOS)


def best(rows: pd.DataFrame, platform: str, availability: str | None = None) -> pd.Series | None:
    """The result of a platform with the most per chip (of one availability, where one is named); the
    fewer chips, then submitter and system, on a tie."""
    chosen = rows[rows["platform"] == platform]
    if availability:
        chosen = chosen[chosen["availability"] == availability]
    if chosen.empty:
        return None
    return chosen.assign(_neg=-chosen["per_chip"]).sort_values(["_neg", "chips", "submitter", "system"]).iloc[0]


def per_chip(row: pd.Series) -> str:
    return f"{row['per_chip']:.3g} {row['unit']} per chip"


@rule("speed", KIND,
      text="Inference only, never counted as training. Per scenario (Offline samples/s, Server queries/s) of Stable "
           "Diffusion XL, in the newest round with both: the TPU result with the most per chip against the GPU result "
           "with the most per chip, preview systems included and said so (with the best TPU available now beside a "
           "preview). Supported if the TPU does more than "
           f"{MARGIN_TEXT} more per chip in every scenario; contradicted if more than {MARGIN_TEXT} less in every "
           "one; mixed otherwise.")
def speed(published: MLPerfInference, reference: Reference) -> Finding:
    verdicts, evidence, links, compared = [], [], [], []
    for scenario, round_name, rows in comparable(published):
        tpu, gpu = best(rows, "tpu"), best(rows, "gpu")
        ratio = tpu["per_chip"] / gpu["per_chip"]
        verdicts.append(beyond_margin(ratio))  # more per chip is better: TPU/GPU above 1 favours the TPU
        sentence = (f"{INFERENCE}: MLPerf Inference {round_name}, Stable Diffusion XL, {scenario}: best TPU "
                    f"{label(tpu)} {per_chip(tpu)}; best GPU {label(gpu)} {per_chip(gpu)}; TPU/GPU {ratio:.2f}")
        available = best(rows, "tpu", "available")
        if tpu["availability"] != "available":
            sentence += (f"; the best TPU is a {tpu['availability']} system" +
                         (f", the best available now is {label(available)} {per_chip(available)}, TPU/GPU "
                          f"{available['per_chip'] / gpu['per_chip']:.2f}" if available is not None else
                          ", and no TPU system available now was submitted"))
        mirror = published.mirrored().get(round_name)
        if mirror:
            sentence += (f" ({round_name} read from a public mirror of MLCommons' results: {mirror['repository']} at "
                         f"{mirror['commit'][:12]}, summaries only where the mirror holds no detail log)")
        evidence.append(sentence)
        links += [(f"SDXL {scenario} {round_name} TPU", results_url(tpu)),
                  (f"SDXL {scenario} {round_name} GPU", results_url(gpu))]
        compared.append(Comparison(
            label=f"MLPerf Inference {round_name} SDXL {scenario}: {tpu['chip']} vs {gpu['chip']}, {tpu['unit']} per chip",
            advantage=ratio, metric=f"{tpu['unit']} per chip", tpu=str(tpu["chip"]), gpu=str(gpu["chip"]),
            figures=f"TPU {label(tpu)} {per_chip(tpu)}; GPU {label(gpu)} {per_chip(gpu)}", url=results_url(tpu),
            chips=int(tpu["chips"]), gpu_chips=int(gpu["chips"]), model=f"Stable Diffusion XL, {scenario}",
            where=f"MLPerf Inference {round_name}",
            preview=tpu["availability"] != "available" or gpu["availability"] != "available"))
    return Finding(combined(verdicts), evidence or [f"{INFERENCE}: {NO_RESULT}"], links=links, comparisons=compared)
