"""The article's conclusion rewritten from the judgement: who should choose which chip, on what
condition (the framework a team uses, the clouds it can use, its scale, the price it can get), and
the figure that decides each condition, with its date and the claim whose answer holds it. Data
only: publish/wording/ says it, so it changes when the evidence does."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from accelbench.core.framework_support import SUPPORTED as RUNS
from accelbench.core.reference import Reference
from accelbench.judge.answers import TO_GPU, TO_TPU, Answer
from accelbench.judge.buyer import LEVERS, SINGLE, STRONG, cases, favouring
from accelbench.judge.claims import MLPERF, PRICES, SPECS
from accelbench.judge.facts import Fact, Frameworks, LargestSystems, Offers
from accelbench.judge.generations import PER_CHIP
from accelbench.judge.judging import Finding, favoured
from accelbench.judge.per_dollar import PerDollar

SIDES = {TO_GPU: "gpu", TO_TPU: "tpu"}


@dataclass(frozen=True)
class Condition:
    """One condition of the recommendation: the chip it points to, what decides it, and where."""

    topic: str  # framework, cloud, scale, speed or price
    side: str  # "gpu", "tpu" or "either"
    figures: dict  # what the wording module says: numbers, names, addresses
    claim: str  # the claim (or statement) whose answer holds the evidence
    as_of: str = ""  # the newest date of the source it rests on (YYYY-MM-DD, YYYY-MM or YYYY), where it is dated
    # a cost condition: how much it rests on (buyer.STRONG, SINGLE), and its oldest performance figure and price
    strength: str = ""
    evidence_as_of: str = ""
    prices_as_of: str = ""


def _framework(facts: Fact | None) -> Condition | None:
    if not isinstance(facts, Frameworks):
        return None
    dropped = sorted(fw for fw, support in facts.support.items() if support != RUNS)
    runs = sorted(fw for fw, support in facts.support.items() if support == RUNS)
    return Condition("framework", "gpu" if dropped else "either",
                     {"chip": facts.chip, "vendor": facts.vendor, "unsupported": dropped, "supported": runs,
                      "page": facts.page}, "frameworks", facts.read)


def _cloud(finding: Finding) -> Condition | None:
    facts = finding.facts
    if not isinstance(facts, Offers):
        return None
    return Condition("cloud", "gpu" if len(facts.gpu) > len(facts.tpu) else "either",
                     {"tpu": list(facts.tpu), "gpu": list(facts.gpu)}, "availability", finding.as_of)


def _costs(priced: tuple[PerDollar, ...]) -> list[Condition]:
    """The buyer's conditions, decided on cost: for each side, each lever and tier whose cases favour it
    (the largest margin first), then the quotes; each dated by the oldest figure and the oldest price it
    rests on."""
    every = cases(priced)
    out = []
    for side in ("tpu", "gpu"):
        for lever in LEVERS:
            found = favouring(every, lever, side)
            for tier in dict.fromkeys(c.tier for c in found):
                same = [c for c in found if c.tier == tier]
                out.append(Condition(lever, side, {"cases": [asdict(c) for c in same]}, "cost",
                                     min(c.evidence_as_of for c in same),
                                     STRONG if sum(c.comparisons for c in same) > 1 else SINGLE,
                                     min(c.evidence_as_of for c in same),
                                     min((c.prices_as_of for c in same if c.prices_as_of), default="")))
    return out


def _speed(a: Answer) -> Condition | None:
    side = SIDES.get(a.direction)
    if side is None or a.claim.slug not in PER_CHIP:
        return None
    same = [c for k in a.deciding for c in k.finding.comparisons if c.same_generation]
    if not same:
        return None
    for_side = [c for c in same if favoured(c.advantage) == side]
    factors = [c.advantage if side == "tpu" else 1 / c.advantage for c in for_side]
    return Condition("chips", side, {"pairs": len(same), "for_side": len(for_side),
                                     "low": float(min(factors)) if factors else None,
                                     "high": float(max(factors)) if factors else None,
                                     "kinds": [k.kind for k in a.deciding]}, "speed", a.as_of)


def _scale(reference: Reference, finding: Finding | None) -> Condition | None:
    if finding is None or not isinstance(finding.facts, LargestSystems):
        return None
    largest = {p: finding.facts.of(p) for p in ("tpu", "gpu")}
    if largest["tpu"] is None:
        return None
    named = {p: v and {**asdict(v), "chip": reference.display_name(v.chip)} for p, v in largest.items()}
    return Condition("scale", "either", named, "tpu-scalable", finding.as_of)


def recommend(answers: dict[str, Answer], findings, reference: Reference,
              priced: tuple[PerDollar, ...] = ()) -> tuple[Condition, ...]:
    """Every condition the evidence decides, in the order a buyer asks: what it costs (when a TPU does
    the work for less, when a GPU does, and the quotes that would decide), then when the number of chips
    is the limit, the framework, the cloud and the scale."""
    found = [*_costs(priced),
             _speed(answers["speed"]) if "speed" in answers else None,
             _framework(findings.get(("frameworks", SPECS), Finding("", [])).facts),
             _cloud(findings.get(("availability", PRICES), Finding("", []))),
             _scale(reference, findings.get(("tpu-scalable", MLPERF)))]
    return tuple(c for c in found if c is not None)
