"""Per dollar, today: every comparison of the same work on a TPU and a GPU, with the price ratio
that decides it and every offer one can rent it at.

A per-chip speed ratio is also a price ratio. Where a TPU does ``r`` times a GPU's work per
chip-hour (its tokens per second per chip, or the GPU's chip-hours per run over its own), the work
costs the same on both when the TPU's chip-hour costs ``r`` times the GPU's: that is the comparison's
break-even price ratio, ``ratio`` below, and it needs no list price. Against prices, a TPU offer at
``p`` times a GPU offer's price costs ``p / r`` times as much per unit of work.

Judged here, once (break_even_ratio, cost_ratio, the tie rule of judging.beyond_margin), and read by
the recommendation and the pages; publish/ never prices a comparison again."""

from __future__ import annotations

from dataclasses import dataclass

from accelbench.core.availability import month_of
from accelbench.core.prices import COMMITTED, TIERS, Price
from accelbench.core.reference import Reference
from accelbench.judge.generations import dated
from accelbench.judge.judging import (
    CHIP_HOURS,
    SIDES,
    TOKENS_PER_S_PER_CHIP,
    Comparison,
    Line,
    Scaling,
    beyond_margin,
)

# the metrics whose TPU advantage is work per chip-hour on the same work, so a price ratio
RATIO_METRICS = (CHIP_HOURS, TOKENS_PER_S_PER_CHIP)
SIZE_FACTOR = 4  # systems whose chip counts differ by more than this are said to differ in scale
APART_MONTHS = 6  # two sides' figures published more than this many months apart are said to be
# How one offer's tier meets the other's, as codes (publish/wording words them)
SAME_TIER = "same_tier"  # on-demand with on-demand, spot with spot, a commitment with the same commitment
COMMITMENT_MIX = "commitment_mix"  # one side committed, the other not: labelled a mix, never decisive
TIER_MIX = "tier_mix"  # on-demand against spot, or a 1-year against a 3-year commitment


def break_even_ratio(c: Comparison) -> tuple[float, float | None, float | None]:
    """The TPU's chip-hour price as a fraction of the GPU's at which the comparison's work costs the
    same on both (its interval where the comparison has one): the TPU's advantage in work per
    chip-hour, which is what RATIO_METRICS measure."""
    if c.metric not in RATIO_METRICS:
        raise ValueError(f"a {c.metric!r} comparison is no work per chip-hour: it has no break-even price ratio")
    return c.advantage, c.low, c.high


def cost_side(ratio: float, low: float | None, high: float | None, price_ratio: float) -> tuple[float, str]:
    """A TPU offer at PRICE_RATIO times a GPU offer's price: the GPU's cost per unit of work over the
    TPU's (above 1 favours the TPU), and the side it favours by the verdicts' tie rule ("either"
    within the margin; a whole interval must clear it)."""
    verdict = beyond_margin((ratio if low is None else low) / price_ratio, (ratio if high is None else high) / price_ratio)
    return ratio / price_ratio, SIDES[verdict]


@dataclass(frozen=True)
class Offer:
    """One chip's cheapest price at one provider in one tier, with where it comes from."""

    chip: str
    provider: str
    region: str
    tier: str
    usd_per_chip_hour: float
    host_included: bool | None  # False: the GPUs alone, the VM that carries them not priced
    origin: str  # "catalog", "provider" (the provider's own page) or "report" (a news report of it)
    url: str  # the catalog file at its commit and line, or the page (the price list holds its whole citation)
    date: str  # the price's own date ("" where not known)
    retrieved: str  # the day it was read

    @classmethod
    def of(cls, p: Price) -> Offer:
        return cls(p.chip, p.provider, p.region, p.tier, float(p.usd_per_chip_hour), p.host_included, p.origin, p.url,
                   p.date, p.retrieved)

    @property
    def dated(self) -> str:
        return self.date or self.retrieved


@dataclass(frozen=True)
class OfferPair:
    """A TPU offer against a GPU offer for one comparison's work."""

    tpu: Offer
    gpu: Offer
    price_ratio: float  # the TPU's price per chip-hour over the GPU's
    cost_ratio: float  # the GPU's cost per unit of work over the TPU's: above 1 favours the TPU
    favours: str  # "tpu", "gpu" or "either"
    match: str  # SAME_TIER, COMMITMENT_MIX or TIER_MIX
    host_missing: bool  # a side is priced without its host VM: not like for like

    @property
    def like_for_like(self) -> bool:
        return self.match == SAME_TIER and not self.host_missing


@dataclass(frozen=True)
class BreakEvenPrice:
    """A side with no price anywhere: the price per chip-hour at which it costs the same as the
    other side's offer; the unpriced side is the cheaper one below it."""

    unpriced: str  # "tpu" or "gpu"
    chip: str  # the unpriced chip (or system, as its source names it)
    against: Offer
    usd_per_chip_hour: float


@dataclass(frozen=True)
class PerDollar:
    """One comparison of the same work, per dollar: its break-even price ratio, whether both chips
    are on offer today, and every offer of each side against every offer of the other."""

    kind: str  # the kind of evidence
    claim: str  # the claim whose rule made the comparison ("speed" or "cost")
    name: Line
    url: str
    tpu: str  # the chip as accelerators.csv names it, else as the source does
    gpu: str
    tpu_name: str  # each chip as readers know it
    gpu_name: str
    tpu_short: str  # and as a clause or a chart's row names it once introduced
    gpu_short: str
    ratio: float  # the break-even price ratio: the TPU's chip-hour price over the GPU's at equal cost
    low: float | None
    high: float | None
    current: bool  # both chips on offer today
    not_on_offer: tuple[str, ...]  # the chips that are not
    preview: bool  # a side's figure was taken on a preview system
    same_generation: bool
    published: tuple[str, str]  # when each side's figure was published (TPU, GPU)
    months_apart: int | None  # between the two sides' figures (software months apart), where dated
    chips: tuple[int | None, int | None]  # chips per side
    # systems of different sizes: the larger side's own scaling (judging.Scaling), and whether it explains the
    # gap (at its smaller scale the comparison would point elsewhere); None where not known
    scaling: Scaling | None
    scale_explains: bool | None
    offers: tuple[OfferPair, ...]
    break_evens: tuple[BreakEvenPrice, ...]
    unpriced: tuple[str, ...]  # the chips with no price anywhere

    @property
    def size_factor(self) -> float | None:
        """The larger system's chips over the smaller's, where both are known."""
        t, g = self.chips
        return max(t, g) / min(t, g) if t and g else None

    @property
    def oldest(self) -> str:
        """The oldest figure it rests on (YYYY-MM or YYYY-MM-DD)."""
        return min((d for d in self.published if d), default="")


def scale_explains(ratio: float, scaling: Scaling | None) -> bool | None:
    """Whether the larger system's size explains the gap: its chip-hours at its smallest scale in place of
    those compared would move the comparison to another verdict (a tie, or the other side)."""
    if scaling is None:
        return None
    rise = scaling.to_chip_hours / scaling.from_chip_hours  # the larger side's chip-hours grow this much with size
    at_small = ratio * rise if scaling.side == "tpu" else ratio / rise
    return beyond_margin(at_small) != beyond_margin(ratio)


def _months_apart(a: str, b: str) -> int | None:
    return abs(month_of(a) - month_of(b)) if a and b else None


def _chip(reference: Reference, name: str) -> str:
    row = reference.chip_for(name)
    return row["chip"] if row else name


def offers_of(reference: Reference, chip: str) -> list[Offer]:
    """A chip's cheapest offer at each provider in each tier (host-included offers first)."""
    prices = reference.prices
    return [Offer.of(p) for provider in prices.providers(chip) for tier in TIERS
            if (p := prices.cheapest(chip, provider, tier)) is not None]


def match(tpu_tier: str, gpu_tier: str) -> str:
    if tpu_tier == gpu_tier:
        return SAME_TIER
    return COMMITMENT_MIX if (tpu_tier in COMMITTED) != (gpu_tier in COMMITTED) else TIER_MIX


def priced(ratio: float, low, high, tpu: list[Offer], gpu: list[Offer]) -> tuple[OfferPair, ...]:
    out = []
    for t in tpu:
        for g in gpu:
            price_ratio = t.usd_per_chip_hour / g.usd_per_chip_hour
            cost, side = cost_side(ratio, low, high, price_ratio)
            out.append(OfferPair(t, g, price_ratio, cost, side, match(t.tier, g.tier),
                                 t.host_included is False or g.host_included is False))
    return tuple(out)


def break_evens(ratio: float, tpu: tuple[str, list[Offer]], gpu: tuple[str, list[Offer]]) -> tuple[BreakEvenPrice, ...]:
    """Where one side has no price anywhere: its break-even price against every offer of the other
    (the TPU's at the ratio times a GPU offer's price; the GPU's at a TPU offer's over the ratio)."""
    (tpu_chip, tpu_offers), (gpu_chip, gpu_offers) = tpu, gpu
    if not tpu_offers and gpu_offers:
        return tuple(BreakEvenPrice("tpu", tpu_chip, g, ratio * g.usd_per_chip_hour) for g in gpu_offers)
    if not gpu_offers and tpu_offers:
        return tuple(BreakEvenPrice("gpu", gpu_chip, t, t.usd_per_chip_hour / ratio) for t in tpu_offers)
    return ()


def per_dollar(kind: str, claim: str, c: Comparison, reference: Reference) -> PerDollar:
    """One comparison, per dollar (C's metric is one of RATIO_METRICS)."""
    ratio, low, high = break_even_ratio(c)
    tpu, gpu = _chip(reference, c.tpu), _chip(reference, c.gpu)
    tpu_offers, gpu_offers = offers_of(reference, tpu), offers_of(reference, gpu)
    absent = tuple(chip for chip in (tpu, gpu) if not reference.on_offer(chip))
    return PerDollar(kind, claim, c.name, c.url, tpu, gpu, c.tpu_name or c.tpu, c.gpu_name or c.gpu,
                     c.tpu_short or c.tpu, c.gpu_short or c.gpu, ratio, low, high,
                     not absent, absent, c.preview, c.same_generation, (c.tpu_published, c.gpu_published),
                     _months_apart(c.tpu_published, c.gpu_published),
                     (c.chips, c.gpu_chips or c.chips), c.scaling, scale_explains(ratio, c.scaling),
                     priced(ratio, low, high, tpu_offers, gpu_offers),
                     break_evens(ratio, (tpu, tpu_offers), (gpu, gpu_offers)),
                     tuple(chip for chip, offers in ((tpu, tpu_offers), (gpu, gpu_offers)) if not offers))


def all_per_dollar(findings, reference: Reference) -> tuple[PerDollar, ...]:
    """Every comparison of the same work on both chips: the speed rules' (MLPerf Training's pairs, the
    vendors' pairs) and the cost rules' priced pairs not already among them, each once."""
    seen, out = set(), []
    for (claim, kind), finding in findings.items():
        if claim == "speed":
            chosen = [c for c in finding.comparisons if c.metric in RATIO_METRICS]
        elif claim == "cost":  # a priced pair's work ratio, dated as the speed rules' comparisons are
            chosen = [dated(item.compared, reference) for item in finding.costed if item.compared is not None]
        else:
            continue
        for c in chosen:
            key = (kind, c.tpu, c.gpu, c.model, c.round, c.chips, c.gpu_chips, c.precision, c.gpu_recipe,
                   c.tpu_published, c.gpu_published)
            if key not in seen:
                seen.add(key)
                out.append(per_dollar(kind, claim, c, reference))
    return tuple(out)
