"""Claim -> verdict from MLPerf Training (audited benchmark results), by written rules in the style
of the measured ones, each text beside its judge, declared for (claim,
"mlperf-training"). These verdicts are a column of their own, never merged with what this project
measured.

Comparisons are per chip: chip-hours to train (chips x minutes) on the same benchmark in the same
round, the TPU's best entry against the GPU entry at the same or the nearest chip count (scaling
costs chip-hours, so entries of very different sizes are not compared). MLPerf publishes scores,
not the spread a verdict interval needs, so a difference within the margin counts as a tie
(judging.beyond_margin).

No rule on energy: the importer reads each run's time to train and no power reading, so the round
files hold no power measurement, and a rule says only what the data it reads can change.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import NotRequired, TypedDict

import pandas as pd

from accelbench.core.reference import Reference
from accelbench.judge.fact_records import Breadth, Sides, TrainingEntry, TrainingPair
from accelbench.judge.facts import AuditedBreadth, Stacks, Submitters, TrainingPairs
from accelbench.judge.judging import (
    CHIP_HOURS,
    CONTRADICTED,
    MARGIN,
    NOT_MEASURED,
    SIDES,
    SPLIT,
    SUPPORTED,
    TIE,
    Comparison,
    Finding,
    Line,
    Link,
    Scaling,
    beyond_margin,
    combined,
    linked,
    rule,
    said,
)
from accelbench.judge.per_dollar import SIZE_FACTOR
from accelbench.sources import rounds
from accelbench.sources.mlperf_training.benchmarks import name_of
from accelbench.sources.mlperf_training.coverage import Coverage, coverage, model_area
from accelbench.sources.mlperf_training.format import KIND, MLPerfTraining, nearest_gpu
from accelbench.sources.rounds import round_key

NO_RESULT = said("mlperf_training.no_result")


def results_url(row: pd.Series) -> str:
    """The entry's result files on GitHub, at the commit they were imported from."""
    return rounds.results_url(row)


def comparison(benchmark: str, round_name: str, tpu: pd.Series, gpu: pd.Series, advantage: float, metric: str,
               figures: Line, reference: Reference, rows: pd.DataFrame | None = None) -> Comparison:
    """A benchmark's pair of entries as the answers' chart draws it, dated by its round's announcement;
    METRIC, what it compares as a code (judging.METRIC_CODES)."""
    published = reference.round_date("training", round_name)
    return Comparison(
        name=pair_name(benchmark, round_name, tpu, gpu, metric),
        advantage=advantage, metric=metric, tpu=str(tpu["chip"] if isinstance(tpu["chip"], str) else tpu["accelerator"]),
        gpu=str(gpu["chip"] if isinstance(gpu["chip"], str) else gpu["accelerator"]), figures=figures,
        url=results_url(tpu), chips=int(tpu["chips"]), gpu_chips=int(gpu["chips"]), model=name_of(benchmark),
        preview=tpu["availability"] != "available" or gpu["availability"] != "available",
        round=round_name, tpu_published=published, gpu_published=published,
        scaling=None if rows is None else scaling(rows, tpu, gpu))


def scaling(rows: pd.DataFrame, tpu: pd.Series, gpu: pd.Series) -> Scaling | None:
    """Where the two systems differ more than SIZE_FACTOR in chips: the larger side's chip-hours per run at its
    smallest submitted scale of the same chip and availability in ROWS (the benchmark's round), and at the
    scale compared; None where the sizes are close or the larger side has no smaller entry."""
    side, larger, other = ("tpu", tpu, gpu) if tpu["chips"] >= gpu["chips"] else ("gpu", gpu, tpu)
    if larger["chips"] <= SIZE_FACTOR * other["chips"]:
        return None
    same = rows[(rows["chip"] == larger["chip"]) & (rows["availability"] == larger["availability"])
                & (rows["chips"] < larger["chips"])]
    if same.empty:
        return None
    small = same.sort_values(["chips", "chip_hours"]).iloc[0]
    return Scaling(side, int(small["chips"]), float(small["chip_hours"]), int(larger["chips"]),
                   float(larger["chip_hours"]))


def pair_name(benchmark: str, round_name: str, tpu: pd.Series, gpu: pd.Series, metric: str = "") -> Line:
    """A TPU entry against a GPU entry as tables and tooltips name it, as data (the wording module's
    "mlperf_training.name" says 'MLPerf Training v4.1, GPT-3 175B: TPU v6e (Trillium) × 1024 vs
    H100 SXM × 1536', then the metric where one is given, as its code): the benchmark, the round, each
    side's chip (the reference data's name, else the submission's accelerator) and chips."""
    return said("mlperf_training.name", benchmark=name_of(benchmark), round=round_name, tpu=entry_of(tpu), gpu=entry_of(gpu),
                **({"metric": metric} if metric else {}))


AVAILABILITIES = ("available", "preview")  # MLPerf's statuses of a system: on sale now, or to be within 180 days
# a chip not yet on sale against one that is would compare a promise with a product (False: every entry with every other)
LIKE_WITH_LIKE = True  # a preview system is compared only with a preview one, an available with an available
WIDELY_ENTERED = 3  # "widely available": GPU systems entered by at least this many submitters


def comparable(published: MLPerfTraining) -> list[tuple[str, str, pd.DataFrame]]:
    """(benchmark, round, its GPU and TPU entries) for each benchmark, in the newest round with both."""
    df = published.results
    return rounds.comparable(df, "benchmark", sorted(df["benchmark"].unique()) if not df.empty else [])


def best_tpu(rows: pd.DataFrame) -> pd.Series:
    tpus = rows[rows["platform"] == "tpu"]
    return tpus.sort_values(["chip_hours", "chips", "submitter", "system"]).iloc[0]


def like_with_like(published: MLPerfTraining):
    """(benchmark, round, TPU entry, GPU entry, the entries they were chosen from) for each benchmark in the
    newest round with both. With LIKE_WITH_LIKE, once per availability both sides entered: a preview system is
    compared with a preview one, an available with an available, never across (a preview TPU against an
    available GPU is no pair); without it, once over every entry."""
    for benchmark, round_name, rows in comparable(published):
        groups = (rows[rows["availability"] == a] for a in AVAILABILITIES) if LIKE_WITH_LIKE else (rows,)
        for same in groups:
            if set(same["platform"]) >= {"tpu", "gpu"}:
                tpu = best_tpu(same)
                yield benchmark, round_name, tpu, nearest_gpu(same, int(tpu["chips"])), same


@rule("speed", KIND,
      text=said("mlperf_training.rule.speed", like_with_like=LIKE_WITH_LIKE, margin=MARGIN))
def speed(published: MLPerfTraining, reference: Reference) -> Finding:
    verdicts, lines, links, compared, pairs = [], [], [], [], []
    for benchmark, round_name, tpu, gpu, rows in like_with_like(published):
        advantage = gpu["chip_hours"] / tpu["chip_hours"]
        verdicts.append(beyond_margin(advantage))
        # the pair as the published summary shows it: the rule's own pair and side, never selected again there
        pairs.append(TrainingPair(benchmark, round_name, _shown(tpu), _shown(gpu), float(advantage), SIDES[verdicts[-1]]))
        lines.append(said("mlperf_training.speed.pair", benchmark=name_of(benchmark), round=round_name,
                          tpu=entry_of(tpu), tpu_chip_hours=tpu["chip_hours"], gpu=entry_of(gpu),
                          gpu_chip_hours=gpu["chip_hours"], advantage=advantage))
        links += result_links(benchmark, round_name, tpu, gpu)
        compared.append(comparison(benchmark, round_name, tpu, gpu, advantage, CHIP_HOURS,
                                   said("mlperf_training.speed.figures", tpu=entry_of(tpu), tpu_chip_hours=tpu["chip_hours"],
                                        gpu=entry_of(gpu), gpu_chip_hours=gpu["chip_hours"]), reference, rows))
    return Finding(combined(verdicts), lines or [NO_RESULT], links=links, comparisons=compared,
                   facts=TrainingPairs(tuple(pairs)) if pairs else None)


def _shown(row: pd.Series) -> TrainingEntry:
    """An entry as the published summary shows it: its chip, chips, the submission's name for its
    accelerator, its figures and its results folder."""
    return TrainingEntry(**entry_of(row), accelerator=str(row["accelerator"]), chip_hours=float(row["chip_hours"]),
                         minutes=float(row["score_minutes"]), url=results_url(row))


def result_links(benchmark: str, round_name: str, tpu: pd.Series, gpu: pd.Series) -> list[Link]:
    """Both entries' result files, each link named by its benchmark, round and side."""
    return [linked(results_url(row), "mlperf_training.link", benchmark=name_of(benchmark), round=round_name, side=side)
            for side, row in (("tpu", tpu), ("gpu", gpu))]


class MLPerfEntry(TypedDict):
    """An MLPerf Training entry as a line of detail names it: its chip, chips, submitter and availability."""

    name: str
    chips: int
    submitter: str
    availability: str


def entry_of(row: pd.Series) -> MLPerfEntry:
    """An entry as a line of detail names it, as data: its chip (the reference data's name, else the
    submission's accelerator), chips, submitter and availability (a pair of a preview system with an
    available one says so: the wording module reads both sides' availability)."""
    name = row["chip"] if isinstance(row["chip"], str) and row["chip"] else row["accelerator"]
    return MLPerfEntry(name=str(name), chips=int(row["chips"]), submitter=row["submitter"],
                       availability=row["availability"])


def _stack(row: pd.Series) -> str:
    words = set(re.findall(r"[a-z0-9]+", " ".join([row["framework"], *[f"{k} {v}" for k, v in
                                                                    (row["software"] or {}).items()]]).lower()))
    if words & {"jax", "maxtext", "maxdiffusion", "pax", "paxml"}:
        return "JAX"
    # Megatron (NVIDIA's Megatron-LM and Megatron-Bridge) and AMD's Primus, built on Megatron-LM, are
    # PyTorch libraries; HugeCTR, DGL, tinygrad and an unnamed framework stay "other"
    return "PyTorch" if words & {"pytorch", "nemo", "torch", "megatron", "primus"} else "other"


@rule("frameworks", KIND,
      text=said("mlperf_training.rule.frameworks"))
def frameworks(published: MLPerfTraining, reference: Reference) -> Finding:
    df = published.entered
    if df.empty:
        return Finding(NOT_MEASURED, [NO_RESULT])
    stacks = {p: sorted({_stack(r) for _, r in df[df["platform"] == p].iterrows()}) for p in ("tpu", "gpu")}
    lines = with_mirrors(published, [said("mlperf_training.frameworks.stacks", **stacks)])
    facts = Stacks(tuple(stacks["tpu"]), tuple(stacks["gpu"]), mirrored(published))
    if "PyTorch" in stacks["tpu"]:
        verdict = CONTRADICTED
    elif stacks["tpu"] == ["JAX"] and "PyTorch" in stacks["gpu"]:
        verdict = SUPPORTED
    else:
        verdict = SPLIT if stacks["tpu"] and stacks["gpu"] else NOT_MEASURED
    return Finding(verdict, lines, facts=facts, as_of=newest_round(published, reference))


@rule("availability", KIND,
      text=said("mlperf_training.rule.availability", submitters=WIDELY_ENTERED))
def availability(published: MLPerfTraining, reference: Reference) -> Finding:
    df = published.entered
    if df.empty:
        return Finding(NOT_MEASURED, [NO_RESULT])
    tpu, gpu = df[df["platform"] == "tpu"], df[df["platform"] == "gpu"]
    # one organisation counts once, however a round's folder spells it (reference data)
    tpu_submitters, gpu_submitters = (sorted({reference.submitter(s) for s in rows["submitter"]}) for rows in (tpu, gpu))
    # a preview is not yet offered anywhere: only the entries available now say where TPUs are
    available = tpu[tpu["availability"] == "available"]
    cloud_only = not available.empty and all("cloud" in str(s).lower() for s in available["status"])
    lines = with_mirrors(published, [said("mlperf_training.availability.submitters", tpu=tpu_submitters,
                                          gpu=gpu_submitters, cloud_only=cloud_only)])
    # the entries a buyer could put in their own building (a status other than the cloud, of an available system)
    on_premises = {p: int(sum(1 for s in rows.loc[rows["availability"] == "available", "status"]
                              if "cloud" not in str(s).lower())) for p, rows in (("tpu", tpu), ("gpu", gpu))}
    facts = Submitters(tuple(tpu_submitters), tuple(gpu_submitters), cloud_only, Sides(**on_premises), mirrored(published))
    if tpu.empty or gpu.empty or available.empty:  # previews say nothing yet of where TPUs are offered
        return Finding(NOT_MEASURED, lines, facts=facts)
    if tpu_submitters != ["Google"] or not cloud_only:
        verdict = CONTRADICTED
    elif len(gpu_submitters) >= WIDELY_ENTERED:
        verdict = SUPPORTED
    else:
        verdict = SPLIT
    return Finding(verdict, lines, facts=facts, as_of=newest_round(published, reference))


NOT_ENTERED = said("mlperf_training.flexibility.not_entered")  # demonstrated breadth only


def _breadth(cover: Coverage) -> tuple[str, list[Line], AuditedBreadth]:
    """The verdict on 'GPUs are the broader chips' from what each platform trained under audit, the
    lines of detail and its facts (benchmarks and fields per platform): supported where GPU families cover
    every field the TPU families cover and more."""
    tpu, gpu = cover.areas_of("tpu"), cover.areas_of("gpu")
    if not tpu or not gpu:
        verdict = NOT_MEASURED
    elif tpu < gpu:
        verdict = SUPPORTED
    elif gpu < tpu:
        verdict = CONTRADICTED
    else:  # the same fields (a tie), or each covering one the other does not (split)
        verdict = TIE if tpu == gpu else SPLIT
    lines = [said("mlperf_training.flexibility.under_audit", rounds=cover.rounds,
                  trained=[_trained(cover, "tpu"), _trained(cover, "gpu")]), NOT_ENTERED]
    without = [r for r in cover.rounds if not any(r in rounds_of for (f, _), rounds_of in cover.entries.items()
                                                  if cover.platforms[f] == "tpu")]
    if without:
        lines.append(said("mlperf_training.flexibility.no_tpu_entry", rounds=without))
    facts = AuditedBreadth(*(Breadth(len(cover.models_of(p)), len(cover.areas_of(p))) for p in ("tpu", "gpu")))
    return verdict, lines, facts


def newest_round(published: MLPerfTraining, reference: Reference) -> str:
    """When the newest round entered was published (reference data), "" where no round is dated."""
    rounds = published.entered["round"].unique() if not published.entered.empty else []
    return max((reference.round_date("training", r) for r in rounds), default="")


def mirrored(published: MLPerfTraining) -> tuple[str, ...]:
    """The facts' note of the rounds read from a public mirror of MLCommons' results."""
    return tuple(sorted(published.mirrored(), key=round_key))


def with_mirrors(published: MLPerfTraining, lines: list[Line]) -> list[Line]:
    """LINES, and a line for each round read from a public mirror: which mirror, at which commit,
    and that its entries are counted as entered, not scored, where its logs were not read."""
    for round_name, origin in sorted(published.mirrored().items(), key=lambda kv: round_key(kv[0])):
        lines.append(said("mlperf_training.mirror", round=round_name, repository=origin["repository"],
                          commit=origin["commit"], mirror_of=origin["mirror_of"]))
    return lines


def _trained(cover: Coverage, platform: str) -> dict:
    """What PLATFORM's families trained under audit: the families, and the benchmarks by field."""
    models = [m for m in cover.models() if m in cover.models_of(platform)]
    areas = list(dict.fromkeys(model_area(m) for m in models))  # models come in AREAS' order
    return {"platform": platform, "families": list(cover.families(platform)),
            "fields": [{"field": a, "benchmarks": [m for m in models if model_area(m) == a]} for a in areas]}


@rule("flexibility", KIND,
      text=said("mlperf_training.rule.flexibility"))
def flexibility(published: MLPerfTraining, reference: Reference) -> Finding:
    verdict, lines, facts = _breadth(coverage(published))
    if published.entered.empty:
        return Finding(NOT_MEASURED, [NO_RESULT])
    return Finding(verdict, with_mirrors(published, lines), facts=replace(facts, mirrored=mirrored(published)),
                   as_of=newest_round(published, reference))


# the values of each line this module records, by key: field -> type hint (judgement.schema.json types each line's
# values from these: accelbench/schema.py writes it; tests/test_line_values.py checks them against the calls)
class FieldTrained(TypedDict):
    """A field of machine learning and the benchmarks trained in it."""

    field: str
    benchmarks: tuple[str, ...]


class TrainedUnderAudit(TypedDict):
    """What one platform trained under MLPerf's audit: its chip families and, by field, the benchmarks."""

    platform: str
    families: tuple[str, ...]
    fields: tuple[FieldTrained, ...]


PAIR = {"benchmark": str, "round": str}  # which pair a line speaks of
ENTRIES_TIMED = {"tpu": MLPerfEntry, "tpu_chip_hours": float, "gpu": MLPerfEntry, "gpu_chip_hours": float}
LINE_VALUES = {
    "mlperf_training.no_result": {},
    "mlperf_training.name": {**PAIR, "tpu": MLPerfEntry, "gpu": MLPerfEntry, "metric": NotRequired[str]},
    "mlperf_training.speed.pair": {**PAIR, **ENTRIES_TIMED, "advantage": float},
    "mlperf_training.speed.figures": ENTRIES_TIMED,
    "mlperf_training.link": {**PAIR, "side": str},
    "mlperf_training.frameworks.stacks": {"tpu": tuple[str, ...], "gpu": tuple[str, ...]},
    "mlperf_training.availability.submitters": {"tpu": tuple[str, ...], "gpu": tuple[str, ...], "cloud_only": bool},
    "mlperf_training.flexibility.not_entered": {},
    "mlperf_training.flexibility.under_audit": {"rounds": tuple[str, ...], "trained": tuple[TrainedUnderAudit, ...]},
    "mlperf_training.flexibility.no_tpu_entry": {"rounds": tuple[str, ...]},
    "mlperf_training.mirror": {"round": str, "repository": str, "commit": str, "mirror_of": str},
}
