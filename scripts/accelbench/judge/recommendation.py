"""The article's conclusion rewritten from the judgement: who should choose which chip, on what
condition (the framework a team uses, the clouds it can use, its scale, the price it can get), and
the figure that decides each condition, with its date and the claim whose answer holds it. Data
only: publish/wording/ says it, so it changes when the evidence does."""

from __future__ import annotations

from dataclasses import dataclass

from accelbench.core.framework_support import SUPPORTED as RUNS
from accelbench.core.prices import break_even
from accelbench.core.reference import Reference
from accelbench.judge.answers import TO_GPU, TO_TPU, Answer
from accelbench.judge.claims import MLPERF, PRICES, SPECS
from accelbench.judge.generations import PER_CHIP
from accelbench.judge.judging import Finding, favoured

SIDES = {TO_GPU: "gpu", TO_TPU: "tpu"}


@dataclass(frozen=True)
class Condition:
    """One condition of the recommendation: the chip it points to, what decides it, and where."""

    topic: str  # framework, cloud, scale, speed or price
    side: str  # "gpu", "tpu" or "either"
    figures: dict  # what the wording module says: numbers, names, addresses
    claim: str  # the claim (or statement) whose answer holds the evidence
    as_of: str = ""  # the newest date of the source it rests on (YYYY-MM-DD, YYYY-MM or YYYY), where it is dated


def _framework(facts: dict) -> Condition | None:
    if facts.get("topic") != "frameworks":
        return None
    dropped = sorted(fw for fw, support in facts["support"].items() if support != RUNS)
    runs = sorted(fw for fw, support in facts["support"].items() if support == RUNS)
    return Condition("framework", "gpu" if dropped else "either",
                     {"chip": facts["chip"], "vendor": facts["vendor"], "unsupported": dropped, "supported": runs,
                      "page": facts["page"]}, "frameworks", facts["read"])


def _cloud(finding: Finding) -> Condition | None:
    facts = finding.facts
    if facts.get("topic") != "offers":
        return None
    return Condition("cloud", "gpu" if len(facts["gpu"]) > len(facts["tpu"]) else "either",
                     {"tpu": facts["tpu"], "gpu": facts["gpu"]}, "availability", finding.as_of)


def _speed(a: Answer) -> Condition | None:
    side = SIDES.get(a.direction)
    if side is None or a.claim.slug not in PER_CHIP:
        return None
    same = [c for k in a.deciding for c in k.finding.comparisons if c.same_generation]
    if not same:
        return None
    for_side = [c for c in same if favoured(c.advantage) == side]
    factors = [c.advantage if side == "tpu" else 1 / c.advantage for c in for_side]
    return Condition("speed", side, {"pairs": len(same), "for_side": len(for_side),
                                     "low": float(min(factors)) if factors else None,
                                     "high": float(max(factors)) if factors else None,
                                     "kinds": [k.kind for k in a.deciding]}, "speed", a.as_of)


def _price(reference: Reference, finding: Finding | None) -> Condition | None:
    """The TPU list price at which a priced comparison costs the same on both chips (the break-even),
    against the TPU's own list price at the same provider: the price a buyer must get."""
    if finding is None:
        return None
    for item in finding.costed:
        if not (item.tpu_chip and item.gpu_chip) or item.unmeasured:
            continue
        gpu = reference.prices.cheapest(item.gpu_chip, "GCP")
        tpu = reference.prices.cheapest(item.tpu_chip, "GCP")
        if gpu is None or tpu is None:
            continue
        even = break_even(item.work, gpu.usd_per_chip_hour, item.gpu_quantity, item.tpu_quantity)
        side = favoured(even / tpu.usd_per_chip_hour) or "either"  # the verdicts' tie rule: within the margin, either
        return Condition("price", side,
                         {"tpu": reference.display_name(item.tpu_chip), "gpu": reference.display_name(item.gpu_chip),
                          "provider": "GCP", "break_even": even,
                          "tpu_price": tpu.usd_per_chip_hour, "gpu_price": gpu.usd_per_chip_hour, "work": item.work},
                         "cost", max(tpu.retrieved, gpu.retrieved))
    return None


def _scale(reference: Reference, finding: Finding | None) -> Condition | None:
    if finding is None or finding.facts.get("topic") != "largest_systems":
        return None
    largest = {p: max((v for v in finding.facts["largest"] if v["platform"] == p), key=lambda v: v["chips"], default=None)
               for p in ("tpu", "gpu")}
    if largest["tpu"] is None:
        return None
    named = {p: v and {**v, "chip": reference.display_name(v["chip"])} for p, v in largest.items()}
    return Condition("scale", "either", named, "tpu-scalable", finding.as_of)


def recommend(answers: dict[str, Answer], findings, reference: Reference) -> tuple[Condition, ...]:
    """Every condition the evidence decides, in the order a buyer asks: framework, cloud, speed,
    scale, price."""
    found = [_framework(findings.get(("frameworks", SPECS), Finding("", [])).facts),
             _cloud(findings.get(("availability", PRICES), Finding("", []))),
             _speed(answers["speed"]) if "speed" in answers else None,
             _scale(reference, findings.get(("tpu-scalable", MLPERF))),
             _price(reference, findings.get(("cost", MLPERF)))]
    return tuple(c for c in found if c is not None)
