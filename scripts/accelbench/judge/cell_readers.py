"""The readers of the article's table, cell by cell ("speed.tpu": the TPU side of the Speed row), and of
the other sentences that repeat a cell (judge/sentences.py says what a reading is)."""

from __future__ import annotations

from typing import TypedDict

from accelbench.judge.claims import MLPERF, PRICES, SPECS
from accelbench.judge.codes import Holds
from accelbench.judge.fact_records import Breadth, Sides
from accelbench.judge.facts import AuditedBreadth, Fp64, Frameworks, Offers, Submitters
from accelbench.judge.judging import said
from accelbench.judge.sentences import (
    COUNTS,
    FROM_VERDICT,
    TENSORFLOW,
    Evidence,
    Reading,
    fields_of,
    gpu_price_range,
    reader_table,
    reading,
    same_generation,
    side_holds,
    tensorflow,
)

READERS, reads = reader_table()



@reads("designed.gpu")
def _designed_gpu(e: Evidence) -> Reading:
    f = e.fact("designed", SPECS, Fp64)
    if f is None or not f.gpus:
        return reading(Holds.UNDECIDED, "no_evidence")
    holds = Holds.PARTLY if f.gpus_with == f.gpus else Holds.DOES_NOT_HOLD
    return reading(holds, "fp64_gpus", said("sentence.not_in_data", what="graphics"), rests_on=("designed",),
                   **fields_of(f))


@reads("designed.tpu", "tpu-for-ai", "tpu-tensor-ops")
def _designed_tpu(e: Evidence) -> Reading:
    f = e.fact("designed", SPECS, Fp64)
    if f is None or not f.tpus:
        return reading(Holds.UNDECIDED, "no_evidence")
    return reading(FROM_VERDICT[e.verdict("designed", SPECS)], "fp64_tpus", rests_on=("designed",), **fields_of(f))


@reads("speed.gpu")
def _speed_gpu(e: Evidence) -> Reading:
    a = e.answers["speed"]
    counts = same_generation(a)
    holds = (Holds.UNDECIDED if not counts["compared"] else Holds.HOLDS if counts["gpu_ahead"] + counts["ties"]
             else Holds.PARTLY)
    return reading(holds, "speed_counts", rests_on=("speed",), **counts)


@reads("speed.tpu", "tpu-ultra-fast")
def _speed_tpu(e: Evidence) -> Reading:
    a = e.answers["speed"]
    return reading(side_holds(a, "tpu"), "speed_counts", rests_on=("speed",), **same_generation(a))


@reads("flexibility.gpu", "gpu-flexible")
def _flexibility_gpu(e: Evidence) -> Reading:
    f = e.fact("flexibility", MLPERF, AuditedBreadth)
    if f is None:
        return reading(Holds.UNDECIDED, "no_evidence")
    holds = FROM_VERDICT[e.verdict("flexibility", MLPERF)]
    return reading(holds, "coverage", rests_on=("flexibility",), tpu=f.tpu, gpu=f.gpu)


@reads("flexibility.tpu")
def _flexibility_tpu(e: Evidence) -> Reading:
    f, specs = e.fact("flexibility", MLPERF, AuditedBreadth), e.fact("designed", SPECS, Fp64)
    if f is None or specs is None or not specs.tpus:
        return reading(Holds.UNDECIDED, "no_evidence")
    return reading(FROM_VERDICT[e.verdict("designed", SPECS)], "ai_only", rests_on=("flexibility", "designed"),
                    tpu=f.tpu, gpu=f.gpu, tpus=specs.tpus, tpus_with=specs.tpus_with)


@reads("availability.gpu", "gpu-available")
def _availability_gpu(e: Evidence) -> Reading:
    offers, entries = e.fact("availability", PRICES, Offers), e.fact("availability", MLPERF, Submitters)
    if offers is None or not offers.gpu:
        return reading(Holds.UNDECIDED, "no_evidence")
    part = said("sentence.not_in_data", what="laptops and desktops")
    return reading(Holds.PARTLY if len(offers.gpu) >= 3 else Holds.DOES_NOT_HOLD, "offers_gpu", part,
                    rests_on=("availability",), gpu=offers.gpu, tpu=offers.tpu,
                    submitters=len(entries.gpu) if entries else 0)


@reads("use-gpu-clouds")
def _clouds(e: Evidence) -> Reading:
    offers = e.fact("availability", PRICES, Offers)
    if offers is None or not offers.gpu or not offers.tpu:
        return reading(Holds.UNDECIDED, "no_evidence")
    many = len(offers.gpu) >= 3 and len(offers.tpu) == 1
    return reading(Holds.HOLDS if many else Holds.PARTLY, "clouds", choice="gpu" if many else "either",
                    rests_on=("availability",), gpu=offers.gpu, tpu=offers.tpu)


@reads("availability.tpu", "tpu-gcp")
def _availability_tpu(e: Evidence) -> Reading:
    offers, entries = e.fact("availability", PRICES, Offers), e.fact("availability", MLPERF, Submitters)
    if offers is None or not offers.tpu:
        return reading(Holds.UNDECIDED, "no_evidence")
    holds = Holds.HOLDS if offers.tpu == ("GCP",) else Holds.DOES_NOT_HOLD
    return reading(holds, "offers_tpu", rests_on=("availability",), tpu=offers.tpu,
                    submitters=entries.tpu if entries else (), cloud_only=bool(entries and entries.cloud_only))


@reads("use-gpu-local")
def _local(e: Evidence) -> Reading:
    offers, entries = e.fact("availability", PRICES, Offers), e.fact("availability", MLPERF, Submitters)
    if offers is None or not offers.tpu or entries is None:
        return reading(Holds.UNDECIDED, "no_evidence")
    cloud_only = offers.tpu == ("GCP",) and entries.cloud_only
    return reading(Holds.HOLDS if cloud_only else Holds.PARTLY, "local", choice="gpu" if cloud_only else "either",
                    rests_on=("availability",), tpu=offers.tpu, on_premises=entries.on_premises)


@reads("cost.gpu")
def _cost_gpu(e: Evidence) -> Reading:
    span = gpu_price_range(e)
    if not span:
        return reading(Holds.UNDECIDED, "no_evidence")
    return reading(Holds.HOLDS if span["high"] > 2 * span["low"] else Holds.PARTLY, "price_range", rests_on=("cost",),
                    **span)


@reads("cost.tpu", "use-tpu-cost")
def _cost_tpu(e: Evidence) -> Reading:
    on_gcp = [o for d in e.per_dollar if d.current for o in d.offers
              if o.tpu.provider == o.gpu.provider == "GCP" and o.like_for_like]
    if not on_gcp:
        return reading(Holds.UNDECIDED, "no_evidence")
    by_tier: dict[str, list[str]] = {}
    for o in on_gcp:
        by_tier.setdefault(o.tpu.tier, []).append(o.favours)
    tpu_tiers = sorted(t for t, sides in by_tier.items() if "tpu" in sides)
    other = sorted(t for t, sides in by_tier.items() if "tpu" not in sides)
    holds = Holds.HOLDS if tpu_tiers and not other else Holds.PARTLY if tpu_tiers else Holds.DOES_NOT_HOLD
    part = said("sentence.cost_not", tiers=other) if tpu_tiers and other else None
    return reading(holds, "cost_tiers", part, "either" if holds == Holds.PARTLY else "tpu" if tpu_tiers else "gpu",
                    ("cost",), tpu_tiers=tpu_tiers, other=other,
                    pairs=sum(len(s) for s in by_tier.values()), tpu_pairs=sum(s.count("tpu") for s in by_tier.values()))


@reads("energy.gpu")
def _energy_gpu(e: Evidence) -> Reading:
    return reading(Holds.UNDECIDED, "no_measure", rests_on=("energy",), word="good")


@reads("energy.tpu", "tpu-energy")
def _energy_tpu(e: Evidence) -> Reading:
    a = e.answers["energy"]
    vendor = bool(a.deciding) and all(k.info.vendor for k in a.deciding)
    papers = sorted({(c.citation, tuple(c.by)) for k in a.deciding for c in k.finding.comparisons if c.citation})
    return reading(side_holds(a, "tpu"), "energy", rests_on=("energy",), kinds=[k.kind for k in a.deciding],
                    papers=[{"citation": c, "by": list(by)} for c, by in papers], vendor=vendor)


@reads("frameworks.gpu", "gpu-ecosystem")
def _frameworks_gpu(e: Evidence) -> Reading:
    f = e.fact("frameworks", SPECS, Frameworks)
    if f is None or not f.gpus:
        return reading(Holds.UNDECIDED, "no_evidence")
    holds = Holds.HOLDS if f.gpus_with_all == f.gpus else Holds.PARTLY
    return reading(holds, "frameworks_gpus", rests_on=("frameworks",), with_all=f.gpus_with_all, gpus=f.gpus)


@reads("frameworks.tpu")
def _frameworks_tpu(e: Evidence) -> Reading:
    holds, part, figures = tensorflow(e)
    return reading(holds, "frameworks_tpu" if figures else "no_evidence", part, rests_on=("frameworks",), **figures)


# the values of each line this module records, by key: field -> type hint (judgement.schema.json types each line's
# values from these: accelbench/schema.py writes it; tests/test_line_values.py checks them against the calls)
class PaperCited(TypedDict):
    """A peer-reviewed paper and the chips' vendors its authors work for."""

    citation: str
    by: tuple[str, ...]


FP64 = {"tpus": int, "tpus_with": int, "gpus": int, "gpus_with": int}
LINE_VALUES = {
    "sentence.no_evidence": {},
    "sentence.not_in_data": {"what": str},
    "sentence.fp64_gpus": FP64,
    "sentence.fp64_tpus": FP64,
    "sentence.speed_counts": COUNTS,
    "sentence.coverage": {"tpu": Breadth, "gpu": Breadth},
    "sentence.ai_only": {"tpu": Breadth, "gpu": Breadth, "tpus": int, "tpus_with": int},
    "sentence.offers_gpu": {"gpu": tuple[str, ...], "tpu": tuple[str, ...], "submitters": int},
    "sentence.clouds": {"gpu": tuple[str, ...], "tpu": tuple[str, ...]},
    "sentence.offers_tpu": {"tpu": tuple[str, ...], "submitters": tuple[str, ...], "cloud_only": bool},
    "sentence.local": {"tpu": tuple[str, ...], "on_premises": Sides},
    "sentence.price_range": {"low": float, "low_chip": str, "low_at": str, "high": float, "high_chip": str, "high_at": str,
                             "offers": int, "as_of": str},
    "sentence.cost_not": {"tiers": tuple[str, ...]},
    "sentence.cost_tiers": {"tpu_tiers": tuple[str, ...], "other": tuple[str, ...], "pairs": int, "tpu_pairs": int},
    "sentence.no_measure": {"word": str},
    "sentence.energy": {"kinds": tuple[str, ...], "papers": tuple[PaperCited, ...], "vendor": bool},
    "sentence.frameworks_gpus": {"with_all": int, "gpus": int},
    "sentence.frameworks_tpu": TENSORFLOW,
}
