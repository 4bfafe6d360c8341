"""Claim -> verdict from MLPerf Inference (audited benchmark results, inference), registered in
declared for (claim, "mlperf-inference"). A column of its own: never merged with what this
project measured, nor with MLPerf Training, and never counted as training (every finding says so).

Comparisons are per chip: a system's samples/s (Offline) or queries/s (Server) divided by its chips,
in the newest round with both a TPU and a GPU result. MLPerf publishes one figure per result, not
the spread a verdict interval needs, so a difference within the margin counts as a tie
(judging.beyond_margin).
"""

from __future__ import annotations

from typing import TypedDict

import pandas as pd

from accelbench.core.reference import Reference
from accelbench.judge.fact_records import InferencePair, InferenceResult
from accelbench.judge.facts import InferencePairs
from accelbench.judge.judging import (
    MARGIN,
    QUERIES_PER_S_PER_CHIP,
    SAMPLES_PER_S_PER_CHIP,
    Comparison,
    Finding,
    beyond_margin,
    combined,
    linked,
    rule,
    said,
)
from accelbench.sources import rounds
from accelbench.sources.mlperf_inference.format import KIND, SCENARIOS, MLPerfInference

NO_RESULT = said("mlperf_inference.no_result")  # its words say it is inference, as every line's do
# the unit a result is in (format.UNITS, by scenario) -> what its comparison compares, per chip (judging.METRIC_CODES)
PER_CHIP = {"samples/s": SAMPLES_PER_S_PER_CHIP, "queries/s": QUERIES_PER_S_PER_CHIP}


def results_url(row: pd.Series) -> str:
    """The result's folder on GitHub (under closed/), at the commit it was imported from."""
    return rounds.results_url(row, ("closed",))


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


class InferenceEntry(TypedDict):
    """An MLPerf Inference result as a line of detail names it: its chip, chips, submitter, availability and what
    it did per chip."""

    name: str
    chips: int
    submitter: str
    availability: str
    per_chip: float
    unit: str


def _entry(row: pd.Series | None) -> InferenceEntry | None:
    """A result as a line of detail names it, as data: its chip, chips, submitter, availability and
    what it did per chip (None where there is no result)."""
    if row is None:
        return None
    return InferenceEntry(name=row["chip"], chips=int(row["chips"]), submitter=row["submitter"],
                          availability=row["availability"], per_chip=float(row["per_chip"]), unit=row["unit"])


@rule("speed", KIND,
      text=said("mlperf_inference.rule.speed", margin=MARGIN))
def speed(published: MLPerfInference, reference: Reference) -> Finding:
    verdicts, lines, links, compared, pairs = [], [], [], [], []
    for scenario, round_name, rows in comparable(published):
        tpu, gpu = best(rows, "tpu"), best(rows, "gpu")
        ratio = tpu["per_chip"] / gpu["per_chip"]
        verdicts.append(beyond_margin(ratio))  # more per chip is better: TPU/GPU above 1 favours the TPU
        # beside a preview TPU, the best TPU available now (the wording module says it only there)
        available = best(rows, "tpu", "available")
        # the pair as the published summary shows it: the rule's own choice and verdict, never made again there
        pairs.append(InferencePair(scenario, round_name, _shown(tpu), _shown(gpu), _shown(available), float(ratio),
                                   verdicts[-1].value))
        mirror = published.mirrored().get(round_name)
        lines.append(said("mlperf_inference.speed.pair", round=round_name, scenario=scenario, tpu=_entry(tpu),
                          gpu=_entry(gpu), ratio=ratio, available=_entry(available),
                          available_ratio=None if available is None else available["per_chip"] / gpu["per_chip"],
                          mirror={"repository": mirror["repository"], "commit": mirror["commit"]} if mirror else None))
        links += [linked(results_url(row), "mlperf_inference.link", scenario=scenario, round=round_name, side=side)
                  for side, row in (("tpu", tpu), ("gpu", gpu))]
        compared.append(Comparison(
            name=said("mlperf_inference.name", round=round_name, scenario=scenario, tpu=str(tpu["chip"]),
                      gpu=str(gpu["chip"]), unit=tpu["unit"]),
            advantage=ratio, metric=PER_CHIP[tpu["unit"]], tpu=str(tpu["chip"]), gpu=str(gpu["chip"]),
            figures=said("mlperf_inference.speed.figures", tpu=_entry(tpu), gpu=_entry(gpu)), url=results_url(tpu),
            chips=int(tpu["chips"]), gpu_chips=int(gpu["chips"]), model="Stable Diffusion XL", scenario=scenario,
            round=round_name,
            tpu_published=reference.round_date("inference", round_name),
            gpu_published=reference.round_date("inference", round_name),
            preview=tpu["availability"] != "available" or gpu["availability"] != "available"))
    return Finding(combined(verdicts), lines or [NO_RESULT], links=links, comparisons=compared,
                   facts=InferencePairs(tuple(pairs)) if pairs else None)


def _shown(row: pd.Series | None) -> InferenceResult | None:
    """A result as the published summary shows it: its entry and its results folder."""
    return None if row is None else InferenceResult(**_entry(row), url=results_url(row))


# the values of each line this module records, by key: field -> type hint (judgement.schema.json types each line's
# values from these: accelbench/schema.py writes it; tests/test_line_values.py checks them against the calls)
class MirrorRead(TypedDict):
    """The public mirror a round of MLPerf Inference was read from, and its commit."""

    repository: str
    commit: str


LINE_VALUES = {
    "mlperf_inference.no_result": {},
    "mlperf_inference.speed.pair": {"round": str, "scenario": str, "tpu": InferenceEntry, "gpu": InferenceEntry, "ratio": float,
                                    "available": InferenceEntry | None, "available_ratio": float | None,
                                    "mirror": MirrorRead | None},
    "mlperf_inference.link": {"scenario": str, "round": str, "side": str},
    "mlperf_inference.name": {"round": str, "scenario": str, "tpu": str, "gpu": str, "unit": str},
    "mlperf_inference.speed.figures": {"tpu": InferenceEntry, "gpu": InferenceEntry},
}
