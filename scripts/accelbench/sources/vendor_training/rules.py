"""Claim -> verdict from vendor-published training throughput, by written rules, each text beside
its judge, declared for (claim, "vendor-training"). Vendor-reported: a column
of its own, never merged with what this project measured nor counted as audited (the source is
declared ``vendor=True``, which the answers read).

Only the matched pairs of pairs.py are compared, and only their tokens per second per chip.
judging.beyond_margin takes the TPU's advantage (above 1 favours the TPU): for a throughput, the
TPU's tokens/s over the GPU's; for a cost, the GPU's dollars over the TPU's.
"""

from __future__ import annotations

from typing import TypedDict

from accelbench.core.formats import format_name
from accelbench.core.prices import (
    PricedComparison,
    PricedPair,
    PriceFacts,
    Unpriced,
    UnpricedFacts,
    price_comparison,
    usd,
)
from accelbench.core.reference import Reference
from accelbench.judge.facts import UnpricedPairs
from accelbench.judge.judging import (
    MARGIN,
    NOT_MEASURED,
    TOKENS_PER_S_PER_CHIP,
    USD_PER_BILLION_TOKENS,
    Comparison,
    CostItem,
    Finding,
    Line,
    Link,
    beyond_margin,
    combined,
    favoured,
    linked,
    rule,
    said,
)
from accelbench.sources.vendor_training.format import KIND, VendorTraining
from accelbench.sources.vendor_training.names import precision_family, shown_name
from accelbench.sources.vendor_training.pairs import Pair, counted

NO_PAIR = said("vendor_training.no_pair")


def _pair(pair: Pair) -> dict:
    """A pair as its lines name it, as data (the wording module words it): the configuration as the
    TPU row spells it, each side's system, framework, release, precision and tokens per second per
    chip, and the flags the matching raised."""
    rows = {name: {**{k: row[k] for k in ("system", "framework", "release", "precision", "tokens_per_s_per_chip")},
                   "published": row["line_date"] or ""} for name, row in (("tpu", pair.tpu), ("gpu", pair.gpu))}
    t = pair.tpu
    return {"model": t["model"], "chips": t["chips"], "gbs": t["gbs"], "seq_len": t["seq_len"], **rows,
            "flags": list(pair.flags)}


def comparison(pair: Pair, advantage: float, metric: str, figures: Line | None) -> Comparison:
    """A pair as the answers' chart draws it: one row, labelled by its systems and configuration, with
    each side's software release, its recipe where the two differ, and the day each figure was committed;
    METRIC, what it compares as a code (judging.METRIC_CODES)."""
    t, g = pair.tpu, pair.gpu
    recipes = _recipes(pair)
    return Comparison(
        name=pair_name(pair), advantage=advantage, metric=metric, tpu=t["chip"] or t["system"],
        gpu=g["chip"] or g["system"], figures=figures, url=g["url"], chips=int(t["chips"]), precision=_family(t),
        model=shown_name(t["model"]), tpu_release=t["release"] or "",
        gpu_release=g["release"] or "", tpu_recipe=recipes[0], gpu_recipe=recipes[1],
        tpu_published=t["line_date"] or "", gpu_published=g["line_date"] or "")


def _family(row: dict) -> str:
    """A row's number format as readers know its family ("FP8"), '' where the recipe states none."""
    return format_name(precision_family(row["precision_key"]) or row["precision"] or "")


def pair_name(pair: Pair) -> Line:
    """A pair as tables, tooltips and the estimator's menu name it, as data: both systems, the
    model, the chips and the precision family, and the GPU's recipe where the two sides' differ (two
    pairs of one configuration differ by it: "vendor_training.name")."""
    t, g = pair.tpu, pair.gpu
    return said("vendor_training.name", tpu=t["system"], gpu=g["system"], model=shown_name(t["model"]),
                chips=int(t["chips"]), precision=_family(t), gpu_recipe=_recipes(pair)[1])


def _recipes(pair: Pair) -> tuple[str, str]:
    """Each side's number-format recipe where the two differ ("fp8_full" against "MXFP8"), else ''."""
    t, g = pair.tpu, pair.gpu
    return (t["precision"] or "", g["precision"] or "") if t["precision_key"] != g["precision_key"] else ("", "")


def _links(pairs: list[Pair]) -> list[Link]:
    """Each recipe or performance page the pairs read, once, named by its row."""
    links = {}
    for p in pairs:
        for row in (p.tpu, p.gpu):
            links.setdefault(row["url"], linked(row["url"], "vendor_training.link", vendor=row["vendor"], model=row["model"],
                                                system=row["system"], precision=row["precision"] or "",
                                                release=row["release"] or ""))
    return list(links.values())


@rule("speed", KIND,
      text=said("vendor_training.rule.speed", margin=MARGIN))
def speed(published: VendorTraining, reference: Reference) -> Finding:
    pairs = counted(published.rows)
    if not pairs:
        return Finding(NOT_MEASURED, [NO_PAIR])
    ratios = [p.tpu_over_gpu for p in pairs]
    verdicts = [beyond_margin(r) for r in ratios]
    sides = [favoured(r) for r in ratios]
    faster, slower = sides.count("tpu"), sides.count("gpu")
    lines = [said("vendor_training.speed.head", pairs=len(pairs), faster=faster, slower=slower,
                  within=len(pairs) - faster - slower, low=min(ratios), high=max(ratios),
                  published=[[p.tpu["line_date"] or "", p.gpu["line_date"] or ""] for p in pairs])]
    lines += [said("vendor_training.speed.pair", **_pair(p), tpu_over_gpu=p.tpu_over_gpu) for p in pairs]
    compared = [comparison(p, p.tpu_over_gpu, TOKENS_PER_S_PER_CHIP, said("vendor_training.speed.figures", **_pair(p)))
                for p in pairs]
    return Finding(combined(verdicts), lines, links=_links(pairs), comparisons=compared)


def pair_basis(reference: Reference, pair: Pair) -> PricedPair | Unpriced:
    """Both chips of a pair priced the way the cost claim is judged (PriceList.gcp_basis)."""
    chipless = _chipless(pair)
    if chipless:
        return Unpriced(chipless[0], "no_chip", chipless[1]["system"])
    return reference.prices.gcp_basis(pair.tpu["chip"], pair.gpu["chip"])


def _chipless(pair: Pair) -> tuple[str, dict] | None:
    """The first side ("TPU" or "GPU") whose system is no chip of the reference data, with its row."""
    return next(((name, row) for name, row in (("TPU", pair.tpu), ("GPU", pair.gpu)) if not row["chip"]), None)


def pair_cost(reference: Reference, pair: Pair) -> PricedComparison | Unpriced:
    """A pair's dollars per billion tokens on each side, at the basis the cost claim is judged on:
    the one pricing step of a pair, which the rule and the tables share."""
    return price_comparison(pair_basis(reference, pair), "tokens", pair.tpu["tokens_per_s_per_chip"],
                            pair.gpu["tokens_per_s_per_chip"])


@rule("cost", KIND,
      text=said("vendor_training.rule.cost", margin=MARGIN))
def cost(published: VendorTraining, reference: Reference) -> Finding:
    pairs = counted(published.rows)
    if not pairs:
        return Finding(NOT_MEASURED, [NO_PAIR])
    verdicts, lines, unpriced, priced, compared, left = [], [], [], [], [], []
    for p in pairs:
        priced_pair = pair_cost(reference, p)
        if isinstance(priced_pair, Unpriced):
            left.append((p, priced_pair))
            unpriced.append(_unpriced(p, priced_pair))
            continue
        basis, tpu, gpu = priced_pair.basis, priced_pair.tpu_usd, priced_pair.gpu_usd
        verdicts.append(beyond_margin(priced_pair.advantage))
        priced.append(p)
        figures = said("vendor_training.cost.figures", **_pair(p), tpu_usd=tpu, tpu_price=basis.tpu.facts, gpu_usd=gpu,
                       gpu_price=basis.gpu.facts)
        compared.append(comparison(p, priced_pair.advantage, USD_PER_BILLION_TOKENS, figures))
        lines.append(said("vendor_training.cost.pair", **_pair(p), tpu_usd=tpu, tpu_price=basis.tpu.facts, gpu_usd=gpu,
                          gpu_price=basis.gpu.facts, **_elsewhere(reference, p)))
    head = said("vendor_training.cost.head", priced=len(priced), pairs=len(pairs))
    costed = [CostItem(pair_name(p), KIND, "tokens", p.tpu["chip"], p.gpu["chip"],
                       p.tpu["tokens_per_s_per_chip"], p.gpu["tokens_per_s_per_chip"], int(p.tpu["chips"]),
                       int(p.gpu["chips"]), p.gpu["url"]) for p in pairs]
    facts = UnpricedPairs(len(priced), len(pairs), "GCP", *_why_unpriced(left, reference)) if left else None
    return Finding(combined(verdicts), [head, *lines, *unpriced], links=_links(priced), comparisons=compared,
                   costed=costed, facts=facts)


def _unpriced(pair: Pair, basis: Unpriced) -> Line:
    """The side left unpriced: its system is no chip of the reference data, or GCP's price list
    cannot price the pair (why, as data: the vocabulary words it, as the pairs' tables do)."""
    chipless = _chipless(pair)
    if chipless:
        return said("vendor_training.cost.no_chip", **_pair(pair), side=chipless[0], system=chipless[1]["system"])
    return said("vendor_training.cost.unpriced", **_pair(pair), side=basis.side, unpriced=basis.facts)


def _elsewhere(reference: Reference, pair: Pair) -> dict:
    """The GPU's cheapest on-demand offer outside GCP (its price's facts, and its dollars per billion
    tokens), or None: context beside a verdict judged at GCP, never part of it."""
    best = reference.prices.cheapest_elsewhere(pair.gpu["chip"])
    if best is None:
        return {"elsewhere": None, "elsewhere_usd": None}
    return {"elsewhere": best.facts,
            "elsewhere_usd": usd("tokens", best.usd_per_chip_hour, pair.gpu["tokens_per_s_per_chip"])}


def _why_unpriced(left: list[tuple[Pair, Unpriced]], reference: Reference) -> tuple[tuple, tuple, tuple]:
    """What keeps these pairs unpriced, each named once, for the answer's sentence: the chips GCP
    has no price for (either side, not only the first the pricing stopped at; "no_price"), the
    systems with no chip in the reference data ("no_chip"), and any other reason as the pricing gave
    it ("other")."""
    no_price, no_chip, other = {}, {}, {}
    for p, basis in left:
        missing = False
        for row in (p.tpu, p.gpu):
            if not row["chip"]:
                no_chip[row["system"]] = missing = True
            elif not reference.prices.of(row["chip"], "GCP"):
                no_price[row["chip"]] = missing = True
        if not missing:  # both chips have GCP prices: priced without a host, or from two lists
            other[(basis.side, basis.why)] = basis
    return (tuple(reference.short_name(c) for c in no_price), tuple(reference.display_name(s) for s in no_chip),
            tuple(other.values()))


# the values of each line this module records, by key: field -> type hint (judgement.schema.json types each line's
# values from these: accelbench/schema.py writes it; tests/test_line_values.py checks them against the calls)
class VendorSide(TypedDict):
    """One side of a vendor-reported pair: its system, framework, release, precision, tokens per second per chip
    and the day it was published."""

    system: str
    framework: str
    release: str | None
    precision: str
    tokens_per_s_per_chip: float
    published: str


class RecipesFlag(TypedDict):
    """A pair of two different FP8 recipes of one precision family, flagged."""

    flag: str
    family: str
    tpu: str
    gpu: str


class VariantFlag(TypedDict):
    """The model variant the TPU recipe's own setting runs, and where the setting is read."""

    flag: str
    model: str
    platform: str
    setting: str
    value: str | float | None
    path: str
    line: int | None
    lines: tuple[int, ...]
    default: str | None
    default_read: str | None


PAIR = {"model": str, "chips": int, "gbs": int, "seq_len": int, "tpu": VendorSide, "gpu": VendorSide,
        "flags": tuple[RecipesFlag | VariantFlag, ...]}  # _pair's
PRICED = {**PAIR, "tpu_usd": float, "tpu_price": PriceFacts, "gpu_usd": float, "gpu_price": PriceFacts}
LINE_VALUES = {
    "vendor_training.no_pair": {},
    "vendor_training.name": {"tpu": str, "gpu": str, "model": str, "chips": int, "precision": str, "gpu_recipe": str},
    "vendor_training.link": {"vendor": str, "model": str, "system": str, "precision": str, "release": str},
    "vendor_training.speed.head": {"pairs": int, "faster": int, "slower": int, "within": int, "low": float, "high": float,
                                   "published": tuple[tuple[str, ...], ...]},
    "vendor_training.speed.pair": {**PAIR, "tpu_over_gpu": float},
    "vendor_training.speed.figures": PAIR,
    "vendor_training.cost.figures": PRICED,
    "vendor_training.cost.pair": {**PRICED, "elsewhere": PriceFacts | None, "elsewhere_usd": float | None},
    "vendor_training.cost.head": {"priced": int, "pairs": int},
    "vendor_training.cost.no_chip": {**PAIR, "side": str, "system": str},
    "vendor_training.cost.unpriced": {**PAIR, "side": str, "unpriced": UnpricedFacts},
}
