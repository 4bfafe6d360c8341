"""The terms the site says answers in, declared once: the kinds of evidence as nouns ("MLPerf's
audited results"), what one comparison of each kind is called, the verbs and leads of each claim,
the chips as readers know them (the reference data's display names, a chip's age against its
rival), ratios, ranges and dates as the sentences write them. The other modules of this package
put them together into sentences (each kind of fact a rule finds as a clause: fact_clauses.py)."""

from __future__ import annotations

from accelbench.core.availability import month_of
from accelbench.core.prices import dollars_per
from accelbench.core.prices import price_words as price
from accelbench.core.text import capitalised
from accelbench.judge.answers import (
    ONE_KIND,
    TO_GPU,
    TO_TPU,
    WEAK,
    KindAnswer,
    KindInfo,
    measured_kind,
    prices_kind,
    specs_kind,
)
from accelbench.judge.claims import MEASURED, PRICES, SPECS, kind_named
from accelbench.judge.codes import Direction, Verdict
from accelbench.judge.intervals import LEVEL
from accelbench.judge.judging import (
    CHIP_HOURS,
    MARGIN,
    POWER,
    QUERIES_PER_S_PER_CHIP,
    SAMPLES_PER_S_PER_CHIP,
    SPEED,
    TFLOP_PER_JOULE,
    TFLOPS,
    TOKENS_PER_JOULE,
    TOKENS_PER_S,
    TOKENS_PER_S_PER_CHIP,
    USD_PER_BILLION_TOKENS,
    USD_PER_RUN,
    Comparison,
)
from accelbench.store.published import SOURCES

MARGIN_TEXT = f"{MARGIN:.0%}"  # the margin as the rules' texts and the sentences write it
LEVEL_TEXT = f"{LEVEL:.0%}"  # the intervals' level, likewise
# how a rule's text says its verdicts short of supported and contradicted, where they compare numbers
TIE_OR_SPLIT = "a tie where every comparison lies within the margin, split where they point both ways"
TIE_BAND = f"±{MARGIN_TEXT}"  # the margin within which the rules call a tie, as every sentence, caption and tooltip writes it
TIE_TOOLTIP = f"within {TIE_BAND}: a tie for the verdict rules"  # the charts' shaded band
NO_COMPARISON = "no evidence yet"  # a source's verdict where it holds nothing on a claim: it measures nothing
# Where a claim's answer card sends readers to work it out with figures of their own, by claim
TOOLS = {"cost": "Estimate a training run's cost and time at your own prices, chip counts and throughput: the cost "
                 "estimator"}
# The cost estimator's words (publish/render/pricing.py ships them in its page's data; assets/estimator.js
# fills in each {name}). Its verdict on the reader's figures is the verdicts' rule at their margin: a cost
# ratio within the tie band is the same cost, never "cheaper".
ESTIMATE = {
    "cheaper": "The {cheap} is cheaper: the {dear} costs {ratio}× as much.",
    "tie": f"The same cost within {TIE_BAND}, the margin within which the verdicts call a tie: the {{dear}} costs "
           "{ratio}× as much as the {cheap}.",
    "break_even": "Break-even {side} price: {price} per chip-hour, with the {other} at {known}: below it, the {side} "
                  "is the cheaper.",
    "no_price": "Give either side's price per chip-hour: the other's break-even price follows.",
    "tokens": "Tokens to train",
    "runs": "Training runs",
    "own_tokens": "Your own throughput, tokens/s per chip (optional)",
    "own_runs": "Your own chip-hours per training run (optional)",
    "figure_tokens": "The comparison's figure: {figure} tokens/s per chip; a figure of yours replaces it.",
    "figure_runs": "The comparison's figure: {figure} chip-hours per run; a figure of yours replaces it.",
    "no_figure": "The comparison has no figure on this side: give yours.",
    "ratio": "With or without quotes: the {tpu} does this work for less wherever its chip-hour costs less than "
             "{ratio}× the {gpu}'s (the break-even price ratio).",
    "run_unit": "A training run here is one MLPerf benchmark run, from a checkpoint to the target quality: not a whole "
                "training of the model.",
}

SIDE_OF = {TO_GPU: "gpu", TO_TPU: "tpu"}
CHIPS = {"gpu": "GPUs", "tpu": "TPUs"}
OTHER = {"gpu": "tpu", "tpu": "gpu"}

# What a comparison compares (judging's metric codes), as its chart's tooltip and label say it
COMPARED = {TFLOPS: "TFLOP/s", TOKENS_PER_S: "tokens/s", TOKENS_PER_JOULE: "tokens/J", TFLOP_PER_JOULE: "TFLOP/J",
            USD_PER_BILLION_TOKENS: "dollars per billion tokens", TOKENS_PER_S_PER_CHIP: "tokens/s per chip",
            CHIP_HOURS: "chip-hours", USD_PER_RUN: "dollars per run", SAMPLES_PER_S_PER_CHIP: "samples/s per chip",
            QUERIES_PER_S_PER_CHIP: "queries/s per chip", SPEED: "speed", POWER: "power"}
# What the chip that wins a per-chip comparison did, by claim
VERBS = {"speed": "trained faster", "energy": "used less energy"}
# ... or by the metric every deciding comparison shares, where it has a verb of its own (a paper that reports power)
METRIC_VERBS = {SPEED: VERBS["speed"], POWER: "drew less power"}


def compared(metric: str) -> str:
    """What a comparison compares (its metric's code), in words: 'tokens/s per chip', 'chip-hours'."""
    return COMPARED[metric]
# How an answer that points to one chip opens, for the claims judged from facts rather than ratios
LEADS = {("designed", "gpu"): "GPUs are the general-purpose chips", ("designed", "tpu"): "TPUs proved as general as GPUs",
         ("flexibility", "gpu"): "GPUs have been shown on the wider range of work",
         ("flexibility", "tpu"): "TPUs have been shown on as wide a range of work",
         ("availability", "gpu"): "GPUs are easier to get", ("availability", "tpu"): "TPUs are as easy to get",
         ("frameworks", "gpu"): "GPUs run more frameworks", ("frameworks", "tpu"): "TPUs run TensorFlow and JAX best"}
STRENGTHS = {ONE_KIND: "on one kind of evidence", WEAK: "weakly: only on evidence from a chip's vendor"}
# A kind's verdict (judge/codes.Verdict) as its cell, badge or clause says it
VERDICT_WORDS = {Verdict.SUPPORTED: "supported", Verdict.CONTRADICTED: "contradicted", Verdict.TIE: "a tie",
                 Verdict.SPLIT: "split", Verdict.NOT_MEASURED: "not measured yet", Verdict.PREDICTION: "a prediction",
                 Verdict.LINKED: "answered by the claims it repeats"}


def verdict_words(verdict: Verdict) -> str:
    return VERDICT_WORDS[verdict]


# An answer's direction (judge/codes.Direction) as its heading says it
DIRECTION_WORDS = {Direction.TPU: "points to the TPU", Direction.GPU: "points to the GPU",
                   Direction.DISAGREE: "the kinds of evidence disagree", Direction.EVEN: "neither chip is ahead",
                   Direction.NONE: "no evidence yet"}
# The claims as a sentence names them ("the evidence points to the GPU on speed")
TOPICS = {"designed": "what the chips are built for", "speed": "speed", "flexibility": "flexibility",
          "availability": "availability", "cost": "cost", "energy": "energy efficiency", "frameworks": "frameworks"}
NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}  # small counts, as a sentence spells them


def num(value: float) -> str:
    """A figure as a line of detail prints it: 3 significant digits, large ones with separators."""
    return f"{value:,.0f}" if abs(value) >= 1e4 else f"{value:.3g}"


def ratio(r: dict) -> str:
    """A ratio (a Ratio's fields) with its 95% interval, or said to have none (one metered window each)."""
    if r["low"] == r["high"] == r["value"]:
        return f"{r['value']:.3g} (one metered window each: no sampling interval)"
    return f"{r['value']:.3g} ({LEVEL_TEXT} interval {r['low']:.3g} to {r['high']:.3g})"


def elsewhere(v: dict, work: str) -> str:
    """The clause on the GPU's cheapest on-demand offer outside GCP (``v``'s elsewhere: a price's
    fields or None, and elsewhere_usd per unit of WORK): context beside a verdict judged at GCP,
    never part of it."""
    if v["elsewhere"] is None:
        return "; no GPU offer outside GCP in the price lists"
    return (f"; context, not in the verdict: the GPU's cheapest offer elsewhere, {price(v['elsewhere'])}, is "
            f"{dollars_per(work, v['elsewhere_usd'])}")


APART_MONTHS = 3  # two sides' figures published this many months apart or more: the sentences say so


def months_apart(tpu_published: str, gpu_published: str) -> int | None:
    """How many months the GPU side's figure was published after the TPU side's (negative: before);
    None where either is undated."""
    return month_of(gpu_published) - month_of(tpu_published) if tpu_published and gpu_published else None


def published_apart(tpu_published: str, gpu_published: str) -> str:
    """'the GPU's figure was published 8 months after the TPU's' (its software, recipe or release that
    much newer), where the two were published APART_MONTHS or more apart; '' otherwise."""
    months = months_apart(tpu_published, gpu_published)
    if months is None or abs(months) < APART_MONTHS:
        return ""
    newer, older_side = ("GPU", "TPU") if months > 0 else ("TPU", "GPU")
    return f"the {newer}'s figure was published {abs(months)} months after the {older_side}'s"


def unmeasured(sides: tuple[str, ...]) -> str:
    """Why a comparison of our own runs has no price: the sides with no run to price."""
    return f"{' and '.join(sides)}: no full-size GPT-2 small run on a chip with a GCP price yet"


def unpriced(u: dict) -> str:
    """Why a side of a comparison has no price (an Unpriced's fields), as tables and lines say it."""
    chip, provider, tier = u["chip"], u["provider"], u["tier"]
    return {"no_price": f"{chip} has no {tier} price at {provider} in the catalog or the hand-entered list",
            "no_host": f"{provider} prices {chip} {tier} without the VM that carries it (the catalog has no host price "
                       "for it): it would look cheaper than it rents for",
            "two_lists": f"{provider} {tier} prices of {chip} and {u['other']} come from different lists (a catalog "
                         "commit and a hand-entered row): not priced at one date",
            "no_chip": f"{chip} is no chip of the reference data, so it has no price"}[u["why"]]


MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")


def when(date: str) -> str:
    """A date at the precision its source gives, as a reader says it: '11 August 2026', 'November 2024',
    '2023'."""
    parts = [int(p) for p in date.split("-")]
    said = [str(parts[2])] if len(parts) > 2 else []
    return " ".join([*said, *([MONTHS[parts[1] - 1]] if len(parts) > 1 else []), str(parts[0])])


def _ratio_digits(x: float) -> str:
    """A ratio's number as the sentences write it: '2.5'; two decimals near parity ('0.95')."""
    return f"{x:.2f}" if abs(x - 1) < 0.1 else f"{x:.1f}"


def times(x: float) -> str:
    """A ratio as the sentences write it: '2.5×'; two decimals near parity ('0.95×')."""
    return f"{_ratio_digits(x)}×"


def span(ranges: list[tuple[float, float]]) -> str:
    """The range of several ratios (each its own low and high): '1.2–2.1×', or one figure."""
    low, high = (_ratio_digits(min(lo for lo, _ in ranges)), _ratio_digits(max(hi for _, hi in ranges)))
    return f"{low}×" if low == high else f"{low}–{high}×"


def factor(c: Comparison, side: str) -> tuple[float, float]:
    """How many times better SIDE did in this comparison, as a range (its low and high)."""
    lo = c.low if c.low is not None else c.advantage
    hi = c.high if c.high is not None else c.advantage
    return (lo, hi) if side == "tpu" else (1 / hi, 1 / lo)


def chip(c: Comparison, side: str) -> str:
    """A chip as a clause names it: its short name ('Ironwood', 'H100'; reference data)."""
    return (c.tpu_short or c.tpu) if side == "tpu" else (c.gpu_short or c.gpu)


def generation(c: Comparison) -> str:
    """'same generation' (judge/generations.py decided it), else which side is older and by how much,
    in years; '' where a chip is not dated."""
    if c.gap_months is None:
        return ""
    if c.same_generation:
        return "same generation"
    years = round(abs(c.gap_months) / 12)
    return f"the {'GPU' if c.gap_months > 0 else 'TPU'} is {'a year' if years <= 1 else f'{years} years'} older"


def older(c: Comparison, side: str) -> str:
    """The chip of SIDE with its age against the other ('the three-year-older H100'), where dated."""
    name = chip(c, side)
    if c.gap_months is None:
        return f"the {name}"
    gap = c.gap_months  # above 0: the GPU is older
    years = round(abs(gap) / 12) if (gap > 0) == (side == "gpu") else 0
    if years >= 2:
        return f"the {NUMBER_WORDS.get(years, str(years))}-year-older {name}"
    return f"the {name} of a year before" if years == 1 else f"the {name} of its year"


def paper_noun(c: Comparison) -> str:
    """A paper as a sentence names it: 'the TPU v4 paper by Google's engineers (Jouppi et al., ISCA 2023)'."""
    by = (f" by {c.by[0]}'s engineers" if len(c.by) == 1 else f" by authors at {', '.join(c.by)}" if c.by else "")
    return f"the {chip(c, 'tpu')} paper{by} ({c.citation})"


def of_mlperf(c: Comparison) -> bool:
    """Whether a comparison is of two MLPerf results (Training or Inference): it names their round."""
    return bool(c.round)


def quoted(c: Comparison) -> bool:
    """Whether a comparison is a figure quoted from a paper: it names the paper's citation."""
    return bool(c.citation)


def trained(c: Comparison) -> str:
    """What a comparison trained, as a clause names it: "MLPerf's GPT-3 175B", else the model."""
    return f"MLPerf's {c.model}" if of_mlperf(c) and c.model else c.model


def _short(info: KindInfo) -> str:
    """A kind's noun ('MLPerf's audited results'), else its label and title."""
    return info.noun or info.named


def kind_name(info: KindInfo) -> str:
    """A kind of evidence as a chart's legend names it, short enough for a phone: its noun,
    capitalised ('MLPerf's audited results'); its label and title for a kind without one."""
    return capitalised(_short(info))


# this project's own kinds, as judge/answers.py declares them (whether any is held does not change its name)
_OURS = {MEASURED: measured_kind(), SPECS: specs_kind(True), PRICES: prices_kind(True)}


def noun_of(kind: str) -> str:
    """A kind of evidence as a sentence names it, by its id: the noun its declaration gives (a
    published source's, or one of this project's own kinds), else its label and title; the id of a
    kind declared nowhere."""
    if kind in _OURS:
        return _short(_OURS[kind])
    source = SOURCES.get(kind)
    return (source.noun or kind_named(source.label, source.title)) if source else kind


def noun(k: KindAnswer) -> str:
    """A kind of evidence as a sentence names it; one paper by its subject, authors and venue."""
    papers = {c.citation for c in k.finding.comparisons}
    if len(papers) == 1 and quoted(k.finding.comparisons[0]):  # every comparison quoted from one paper
        return paper_noun(k.finding.comparisons[0])
    return _short(k.info)


def vendor_page(vendor: str) -> str:
    """A vendor's page a sentence quotes, as the sentence and its link say it: "Google's page"."""
    return f"{vendor}'s page"


def as_of(date: str) -> str:
    """'as of 11 August 2026': how recent the evidence is ('' where nothing is dated)."""
    return f"as of {when(date)}" if date else ""
