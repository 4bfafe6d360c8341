"""The article's conclusion rewritten from the judgement: who should choose which chip, on what
condition (the framework a team uses, the clouds it can use, its scale, the price it can get), and
the figure that decides each condition, with its date and the claim whose answer holds it. Data
only: publish/wording/ says it, so it changes when the evidence does."""

from __future__ import annotations

from dataclasses import dataclass, replace

from accelbench.core.framework_support import SUPPORTED as RUNS
from accelbench.core.records import doc
from accelbench.core.reference import Reference
from accelbench.judge.answers import TO_GPU, TO_TPU, Answer
from accelbench.judge.buyer import LEVERS, SINGLE, STRONG, Case, cases, favouring
from accelbench.judge.claims import MLPERF, PRICES, SPECS
from accelbench.judge.fact_records import Largest
from accelbench.judge.facts import Fact, Frameworks, LargestSystems, Offers
from accelbench.judge.generations import PER_CHIP
from accelbench.judge.judging import Finding, favoured
from accelbench.judge.per_dollar import PerDollar

SIDES = {TO_GPU: "gpu", TO_TPU: "tpu"}


@dataclass(frozen=True)
class CostCases:
    """A cost condition's figures (same_cloud, any_provider, commitment, quote)."""

    cases: tuple[Case, ...] = doc("Each pair of chips under the lever, its offers named by their index in offers.")


@dataclass(frozen=True)
class ChipsFigures:
    """Where the number of chips is the limit: the same-generation comparisons per chip."""

    pairs: int = doc("Same-generation comparisons of the kinds that decide the speed answer.")
    for_side: int = doc("Those in which the chosen side trained faster.")
    low: float | None = doc("Its smallest factor of speed there; null where none.")
    high: float | None = doc("Its largest.")
    kinds: tuple[str, ...] = doc("The kinds of evidence that decide.")


@dataclass(frozen=True)
class FrameworkFigures:
    """What the newest TPU's vendor states of the frameworks."""

    chip: str = doc("The newest TPU.")
    vendor: str = doc("Its vendor.")
    unsupported: tuple[str, ...] = doc("The frameworks not stated as supported on it.")
    supported: tuple[str, ...] = doc("Those stated as supported.")
    page: str = doc("The vendor's page read.")


@dataclass(frozen=True)
class CloudFigures:
    """The providers renting each platform."""

    tpu: tuple[str, ...] = doc("Providers renting TPUs.")
    gpu: tuple[str, ...] = doc("Providers renting GPUs.")


@dataclass(frozen=True)
class ScaleFigures:
    """The largest systems with a scored LLM-pretraining result."""

    tpu: Largest = doc("The largest TPU system.")
    gpu: Largest | None = doc("The largest GPU system, where any.")


# each condition's figures by topic: judgement.schema.json types them from these (judge/fact_schema.py)
FIGURES = {"cost": CostCases, "chips": ChipsFigures, "framework": FrameworkFigures, "cloud": CloudFigures,
           "scale": ScaleFigures}
Figures = CostCases | ChipsFigures | FrameworkFigures | CloudFigures | ScaleFigures


@dataclass(frozen=True)
class Condition:
    """One condition of the recommendation: the chip it points to, what decides it, and where."""

    topic: str  # framework, cloud, scale, speed or price
    side: str  # "gpu", "tpu" or "either"
    figures: Figures  # what the wording module says: numbers, names, addresses
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
                     FrameworkFigures(facts.chip, facts.vendor, tuple(dropped), tuple(runs), facts.page), "frameworks",
                     facts.read)


def _cloud(finding: Finding) -> Condition | None:
    facts = finding.facts
    if not isinstance(facts, Offers):
        return None
    return Condition("cloud", "gpu" if len(facts.gpu) > len(facts.tpu) else "either",
                     CloudFigures(facts.tpu, facts.gpu), "availability", finding.as_of)


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
                out.append(Condition(lever, side, CostCases(tuple(same)), "cost",
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
    return Condition("chips", side, ChipsFigures(len(same), len(for_side), float(min(factors)) if factors else None,
                                                 float(max(factors)) if factors else None,
                                                 tuple(k.kind for k in a.deciding)), "speed", a.as_of)


def _scale(reference: Reference, finding: Finding | None) -> Condition | None:
    if finding is None or not isinstance(finding.facts, LargestSystems):
        return None
    largest = {p: finding.facts.of(p) for p in ("tpu", "gpu")}
    if largest["tpu"] is None:
        return None
    named = {p: v and replace(v, chip=reference.display_name(v.chip)) for p, v in largest.items()}
    return Condition("scale", "either", ScaleFigures(named["tpu"], named["gpu"]), "tpu-scalable", finding.as_of)


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
