"""The buyer's conditions: when a TPU or a GPU does the same work for less, decided on cost from the
per-dollar comparisons (judge/per_dollar.py), for the chips one can rent today.

A buyer picks a pair of chips and a way to pay. For each pair of chips on offer today, the levers are:

- SAME_CLOUD: both on one cloud (GCP, where the article makes its claim), tier against the same tier;
- ANY_PROVIDER: each side's cheapest offer in a tier, at whichever provider lists it;
- COMMITMENT: the TPU's committed-use price against the GPU's cheapest on-demand price (no provider
  publishes a GPU commitment price the lists hold; spot, which can be taken back, is no match for a
  commitment): a mix, and said so;
- QUOTE: a chip with no list price, priced by the break-even ratio alone (the TPU pays below it).

A case favours a side when every comparison of that pair of chips does, by the verdicts' tie rule;
its strength is how many comparisons it rests on. Data only: publish/wording/ says it."""

from __future__ import annotations

from dataclasses import dataclass

from accelbench.core.prices import COMMITTED, TIERS
from accelbench.judge.per_dollar import Offer, OfferPair, PerDollar

SAME_CLOUD, ANY_PROVIDER, COMMITMENT, QUOTE = "same_cloud", "any_provider", "commitment", "quote"
LEVERS = (SAME_CLOUD, ANY_PROVIDER, COMMITMENT, QUOTE)
CLOUD = "GCP"  # the cloud the article's cost claim names
# How much a case rests on, as codes: every comparison of the pair agrees and there are several; it rests on
# one comparison; the comparisons of the pair point to different sides
STRONG, SINGLE, SPLIT = "strong", "single", "split"


@dataclass(frozen=True)
class Case:
    """One pair of chips under one lever: the side it favours, the cost ratio (the GPU's cost per
    unit of work over the TPU's; above 1 favours the TPU) across its comparisons, and what it rests on."""

    lever: str  # one of LEVERS
    tpu: str  # accelerators.csv's chip
    gpu: str
    tpu_name: str  # each as readers know it
    gpu_name: str
    tpu_short: str  # and once introduced
    gpu_short: str
    tier: str  # the tier compared ("" for QUOTE; the TPU's committed tier for COMMITMENT)
    side: str  # "tpu", "gpu" or "either"
    strength: str  # STRONG, SINGLE or SPLIT
    comparisons: int
    low: float  # the cost ratio's span across the comparisons (QUOTE: the break-even price ratio's)
    high: float
    tpu_offer: Offer | None  # the offers compared (None for the unpriced side)
    gpu_offer: Offer | None
    preview: bool  # a figure it rests on was taken on a preview system
    same_generation: bool  # the two chips are of one generation (judge/generations.py)
    evidence_as_of: str  # the oldest performance figure it rests on
    prices_as_of: str  # the oldest price it rests on ("" for QUOTE)
    models: tuple[str, ...]  # the work compared, as readers know it


def _pairs(items: tuple[PerDollar, ...]) -> dict[tuple[str, str], list[PerDollar]]:
    out: dict[tuple[str, str], list[PerDollar]] = {}
    for d in items:
        if d.current:
            out.setdefault((d.tpu, d.gpu), []).append(d)
    return out


def _side_of(sides: list[str]) -> tuple[str, str]:
    agreed = set(sides)
    if len(agreed) > 1:
        return "either", SPLIT
    return sides[0], STRONG if len(sides) > 1 else SINGLE


def _case(lever: str, tier: str, found: list[tuple[PerDollar, OfferPair]]) -> Case:
    """Several comparisons of one pair of chips, each at the offers chosen for it."""
    side, strength = _side_of([pair.favours for _, pair in found])
    ratios = [pair.cost_ratio for _, pair in found]
    first, compared = found[0][1], found[0][0]
    return Case(lever, first.tpu.chip, first.gpu.chip, compared.tpu_name, compared.gpu_name,
                compared.tpu_short, compared.gpu_short, tier, side, strength,
                len(found), min(ratios), max(ratios),
                first.tpu, first.gpu, any(d.preview for d, _ in found), found[0][0].same_generation,
                min(d.oldest for d, _ in found), min(p.dated for _, pair in found for p in (pair.tpu, pair.gpu)),
                tuple(dict.fromkeys(_model(d) for d, _ in found)))


def _model(d: PerDollar) -> str:
    values = d.name.values
    return str(values.get("model") or values.get("benchmark") or "")


def _best(pairs: list[OfferPair], keep) -> OfferPair | None:
    """The cheapest TPU offer against the cheapest GPU offer among the pairs KEEP accepts (host-included
    offers only: a GPU priced without its VM is not what a TPU slice's price is compared with)."""
    kept = [p for p in pairs if keep(p) and not p.host_missing]
    if not kept:
        return None
    return min(kept, key=lambda p: (p.tpu.usd_per_chip_hour, p.gpu.usd_per_chip_hour, p.tpu.provider, p.gpu.provider))


def _cheapest_each(pairs: list[OfferPair], tier: str) -> OfferPair | None:
    """Each side's cheapest offer in TIER at any provider, met."""
    kept = [p for p in pairs if p.tpu.tier == tier and p.gpu.tier == tier and not p.host_missing]
    if not kept:
        return None
    tpu = min(kept, key=lambda p: (p.tpu.usd_per_chip_hour, p.tpu.provider)).tpu
    gpu = min(kept, key=lambda p: (p.gpu.usd_per_chip_hour, p.gpu.provider)).gpu
    return next(p for p in kept if p.tpu == tpu and p.gpu == gpu)


def _lever_cases(comparisons: list[PerDollar]) -> list[Case]:
    tiers = sorted({p.tpu.tier for d in comparisons for p in d.offers} | {p.gpu.tier for d in comparisons for p in d.offers},
                   key=TIERS.index)
    cases = []
    for tier in tiers:
        for lever, choose in ((SAME_CLOUD, lambda d, t=tier: _best(list(d.offers), lambda p: p.tpu.provider == p.gpu.provider
                                                                    == CLOUD and p.tpu.tier == p.gpu.tier == t)),
                              (ANY_PROVIDER, lambda d, t=tier: _cheapest_each(list(d.offers), t))):
            found = [(d, pair) for d in comparisons if (pair := choose(d)) is not None]
            if found:
                cases.append(_case(lever, tier, found))
        if tier in COMMITTED:
            found = [(d, pair) for d in comparisons if (pair := _best(
                list(d.offers), lambda p, t=tier: p.tpu.tier == t and p.gpu.tier == "on-demand")) is not None]
            if found:
                cases.append(_case(COMMITMENT, tier, found))
    return cases


def _quote(comparisons: list[PerDollar]) -> Case | None:
    """A pair of chips at least one of which has no price anywhere: the break-even ratio's span (the TPU
    costs less per unit of work wherever its chip-hour costs less than that share of the GPU's)."""
    if not any(d.unpriced for d in comparisons):
        return None
    low = min(d.low if d.low is not None else d.ratio for d in comparisons)
    high = max(d.high if d.high is not None else d.ratio for d in comparisons)
    first = comparisons[0]
    # the side whose quote decides: the TPU where it has no price (it pays below the ratio), else the GPU
    side = "tpu" if first.tpu in first.unpriced else "gpu"
    return Case(QUOTE, first.tpu, first.gpu, first.tpu_name, first.gpu_name, first.tpu_short, first.gpu_short, "", side,
                STRONG if len(comparisons) > 1 else SINGLE, len(comparisons),
                low, high, None, None, any(d.preview for d in comparisons), first.same_generation,
                min(d.oldest for d in comparisons), "",
                tuple(dict.fromkeys(_model(d) for d in comparisons)))


def cases(items: tuple[PerDollar, ...]) -> tuple[Case, ...]:
    """Every case of every pair of chips on offer today, the priced levers then the quote."""
    out: list[Case] = []
    for comparisons in _pairs(items).values():
        out += _lever_cases(comparisons)
        quote = _quote(comparisons)
        if quote is not None:
            out.append(quote)
    return tuple(out)


def favouring(all_cases: tuple[Case, ...], lever: str, side: str) -> tuple[Case, ...]:
    """The cases of LEVER that favour SIDE, the largest margin first."""
    chosen = [c for c in all_cases if c.lever == lever and c.side == side]
    if lever == QUOTE:  # today's contemporaries first, then the largest break-even ratio
        return tuple(sorted(chosen, key=lambda c: (not c.same_generation, -c.high)))
    return tuple(sorted(chosen, key=lambda c: -(c.low if side == "tpu" else 1 / c.high)))
