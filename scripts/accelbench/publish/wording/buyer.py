"""The buyer's conditions in words (judge/buyer.py decides them): when a TPU or a GPU does the same
work for less, and what a quote must beat. Each condition reads as (when, what to choose, the figure
that decides it), the figure naming both offers, the work, and what the evidence is."""

from __future__ import annotations

from accelbench.core.prices import dollars
from accelbench.core.text import plural
from accelbench.judge.buyer import Case
from accelbench.judge.per_dollar import Offer
from accelbench.judge.recommendation import CostCases, Figures

LEVER_WHEN = {
    "same_cloud": "If you rent both on Google Cloud at {tier} prices",
    "any_provider": "If you take the cheapest {tier} offer at any provider",
    "commitment": "If you commit for {tier} to a TPU, against GPUs rented on demand",
    "quote": "If you can get a quote for {chip}",
}
STRENGTH_WORDS = {"strong": "every comparison of the pair agrees ({n})", "single": "one comparison",
                  "split": "the comparisons disagree"}
MIX = "a mix of tiers: no price list we hold publishes a GPU commitment price"
UNIT_OF_WORK = ("an MLPerf run is one benchmark run from a checkpoint to the target quality, not a whole training of "
                "the model")
SPANS = " (below the first figure of a span in every comparison, below the second in the most favourable)"
SHOWN = 2  # the cases a condition names; the rest are counted
MODELS = 2  # the models a case names; the rest are counted


def _offer(o: Offer) -> str:
    host = ", the GPUs alone" if o.host_included is False else ""
    where = f"{o.provider} {o.region}".strip() if o.region else o.provider
    return f"{dollars(o.usd_per_chip_hour)} ({where}, {o.tier}{host})"


def less(ratio: float) -> str:
    """A cost ratio (the dearer side's cost over the cheaper's, above 1) as 'x% less'."""
    return f"{1 - 1 / ratio:.0%} less"


def _span(low: float, high: float) -> str:
    return f"{low:.2f}×" if abs(high - low) < 0.005 else f"{low:.2f}–{high:.2f}×"


def _priced_case(c: Case) -> str:
    cheaper, dearer = ("tpu", "gpu") if c.side == "tpu" else ("gpu", "tpu")
    worst = c.low if c.side == "tpu" else 1 / c.high  # the smallest saving across the comparisons
    models = _models(c.models)
    said = (f"the work ({models}) costs {less(worst)}" + ("" if c.comparisons == 1 else " or more")
            + f" on {getattr(c, cheaper + '_name')} at {_offer(getattr(c, cheaper + '_offer'))} than on "
            f"{getattr(c, dearer + '_name')} at {_offer(getattr(c, dearer + '_offer'))}")
    if not c.same_generation:
        said += "; chips of different generations, whose prices reflect it"
    if c.preview:
        said += f"; {c.tpu_name}'s figure was taken in preview"
    return said


def a(chip: str) -> str:
    """'a' or 'an' before a chip's name as it is read aloud ('an H100', 'an MI300X', 'a GB300', 'a Trillium')."""
    initialism = len(chip) > 1 and (chip[1].isupper() or chip[1].isdigit())
    sounds_vowel = chip[0] in "AEIOU" or (initialism and chip[0] in "AEFHILMNORSX")
    return f"an {chip}" if sounds_vowel else f"a {chip}"


def _quote_case(c: Case) -> str:
    """Against one chip: the share of its chip-hour below which the quoted side costs less, with what it rests on."""
    low, high, other = (c.low, c.high, "gpu") if c.side == "tpu" else (1 / c.high, 1 / c.low, "tpu")
    generation = "one generation" if c.same_generation else "different generations"
    return (f"{_span(low, high)} {a(getattr(c, other + '_name'))}'s ({plural(c.comparisons, 'comparison')} of "
            f"{_models(c.models)}; {generation})")


def _models(models: tuple[str, ...]) -> str:
    more = f" and {len(models) - MODELS} more" if len(models) > MODELS else ""
    return ", ".join(models[:MODELS]) + more


def _rest(cases: tuple[Case, ...]) -> str:
    return f"; and {plural(len(cases) - SHOWN, 'other pair')} alike" if len(cases) > SHOWN else ""


def cost_condition(topic: str, side: str, figures: CostCases) -> tuple[str, str]:
    """A cost condition as (when, the figure that decides it)."""
    cases = figures.cases
    first = cases[0]
    if topic == "quote":
        chip = first.tpu_name if side == "tpu" else first.gpu_name
        said = (f"{chip} does the same work for less wherever its chip-hour costs less than "
                + "; ".join(_quote_case(c) for c in cases[:SHOWN]) + _rest(cases)
                + (SPANS if any(c.comparisons > 1 for c in cases) else ""))
        return LEVER_WHEN[topic].format(chip=chip), said
    when = LEVER_WHEN[topic].format(tier=COMMITMENTS.get(first.tier, first.tier))
    said = "; ".join(_priced_case(c) for c in cases[:SHOWN]) + _rest(cases)
    if topic == "commitment":
        said += f" ({MIX})"
    return when, said


BRIEF_WHEN = {"same_cloud": "Google Cloud, {tier}", "any_provider": "Cheapest {tier}, any cloud",
              "commitment": "{tier} TPU vs on-demand GPU", "quote": "A quote for {chip}",
              "chips": "Chips, not dollars, are the limit", "framework": "Code in {unsupported}",
              "cloud": "Not only Google's cloud", "scale": "The largest scale"}
COMMITMENTS = {"1-year": "one year", "3-year": "three years"}


def brief_when(topic: str, side: str, figures: Figures) -> str:
    """A condition's 'when' in a few words, for the home page's brief box."""
    first = figures.cases[0] if isinstance(figures, CostCases) else None
    return BRIEF_WHEN[topic].format(tier=first.tier if first else "",
                                    chip=(first.tpu_short if side == "tpu" else first.gpu_short) if first else "",
                                    unsupported=", ".join(getattr(figures, "unsupported", ())) or "any framework")


def brief(topic: str, side: str, figures: CostCases) -> str:
    """A cost condition's deciding number in a few words: 'Trillium vs H100: 31% less', 'below 0.47–0.85× a GB300'."""
    first = figures.cases[0]
    if topic == "quote":
        other = first.gpu_short if side == "tpu" else first.tpu_short
        low, high = (first.low, first.high) if side == "tpu" else (1 / first.high, 1 / first.low)
        return f"below {_span(low, high)} {a(other)}'s chip-hour"
    worst = first.low if side == "tpu" else 1 / first.high
    return f"{first.tpu_short} vs {first.gpu_short}, {less(worst)}"


def strength(code: str, comparisons: int) -> str:
    return STRENGTH_WORDS[code].format(n=comparisons) if code else ""


def dated(evidence: str, prices: str, when) -> str:
    """'performance as of November 2024, prices as of 1 December 2026': both dates a cost condition rests on."""
    parts = [f"performance figures as of {when(evidence)}" if evidence else "",
             f"prices as of {when(prices)}" if prices else ""]
    return ", ".join(p for p in parts if p)


# The buyer's chart (publish/render/per_dollar_chart.py) and its table
PER_DOLLAR_TITLE = "What a TPU chip-hour may cost against a GPU's"
PRICE_AXIS = "TPU chip-hour price ÷ GPU chip-hour price"
PAIR, BREAK_EVEN, OFFERS, PRICE_RATIO = "chips", "break-even price ratio", "offers", "TPU price ÷ GPU price"
CHEAPER_TITLE, TIERS = "does the work for less", "tiers"
CHEAPER = {"tpu": "the TPU costs less", "gpu": "the GPU costs less", "either": "the same within the margin"}
LIKE, MIX_OFFERS = "like for like", "a mix of tiers or hosts"  # a chart dot's tiers
PER_DOLLAR_CAPTION = ("Each row is a pair of chips on offer today. The bar is where the work costs the same on both (the "
                      "TPU's chip-hour price as a share of the GPU's; a span where the comparisons differ), the grey band "
                      "the margin the verdicts call a tie. Each dot is one TPU offer against one GPU offer; hollow where "
                      "the tiers do not match. A pair with no dots has no list price on one side: a quote left of the "
                      "bar makes the TPU the cheaper.")
SHORT_CAPTION = ("Left of the bar the TPU costs less; dots: offers one can rent today. Audited (MLPerf) and "
                 "vendor-reported figures at list prices.")


def pair_label(tpu: str, gpu: str) -> str:
    return f"{tpu} vs {gpu}"


def offer_pair(tpu_provider: str, tpu_tier: str, tpu_usd: float, gpu_provider: str, gpu_tier: str, gpu_usd: float) -> str:
    return f"TPU {dollars(tpu_usd)} ({tpu_provider}, {tpu_tier}) against GPU {dollars(gpu_usd)} ({gpu_provider}, {gpu_tier})"


def break_even_said(low: float, high: float, comparisons: int) -> str:
    return f"{_span(low, high)} the GPU's chip-hour price ({plural(comparisons, 'comparison')})"


def chart_alt(rows: list[tuple[str, float, float, int]]) -> str:
    """The chart's alt text: each pair's break-even span and how many offers it has."""
    said = "; ".join(f"{pair}: break-even at {_span(low, high)} the GPU's price, {plural(n, 'offer pair')}"
                     for pair, low, high, n in rows)
    return f"{PER_DOLLAR_TITLE}. {said}."
