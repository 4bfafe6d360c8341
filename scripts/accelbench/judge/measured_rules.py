"""Claim -> verdict, by written rules over the stored runs (the measured kind of evidence; the
reference data's own rules, on prices and specifications, are in reference_rules.py).

Like with like, whatever the order of files and records: each comparison names its workload,
model, dtype and size rule, and takes on each kind of chip the best current result (today's
snippet source) of any framework. Each TPU/GPU ratio carries a 95% interval from the timing
samples; a claim is supported or contradicted only when the whole interval lies beyond the
margin (judging.beyond_margin). A failure counts as evidence only when it is a limit of the chip or its framework
(unsupported, precision); any other failure leaves that comparison not measured.

Each rule is declared for its claim (claims.py) and the kind "measured" by the decorator on its
judge (accelbench/registry.py lists this module), with the rule's text right above the code that applies it. The texts are
rendered on the methodology page, so what the site says it does and what it does cannot drift
apart. Each rule compares GPUs with TPUs per chip; one that lacks the measurements it needs says
"not measured yet" and never falls back on a vendor figure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import NotRequired, TypedDict

import pandas as pd

from accelbench.core.formats import format_name
from accelbench.core.prices import PriceFacts
from accelbench.core.reference import Reference
from accelbench.core.runfile import LIMIT_CATEGORIES
from accelbench.judge.claims import CLAIMS, MEASURED, PRICES, Claim
from accelbench.judge.intervals import LEVEL, Ratio, median_ratio, ratio
from accelbench.judge.judging import (
    CONTRADICTED,
    MARGIN,
    NOT_MEASURED,
    SPLIT,
    SUPPORTED,
    TFLOP_PER_JOULE,
    TFLOPS,
    TIE,
    TOKENS_PER_JOULE,
    TOKENS_PER_S,
    USD_PER_BILLION_TOKENS,
    Comparison,
    CostItem,
    Finding,
    Line,
    at_least_parity,
    beyond_margin,
    combined,
    rule,
    said,
)
from accelbench.store.queries import best, cheapest_per_token, general_ops, is_bf16, is_gpt2_small, training_records
from accelbench.store.store import Store

PLATFORMS = ("gpu", "tpu")
# a chip designed "for deep learning only" falls behind on general-purpose operations where its median
# elements/s is below this share of the other's (the whole interval)
FALLS_BEHIND = 0.5  # half


@dataclass
class Verdict:
    """A measured rule's finding with the claim it judges, as the measured tables show it."""

    claim: Claim
    finding: Finding
    reference_only: bool = False  # the row's claim is judged from the price list (reference data), not measured

    feature = property(lambda self: self.claim.feature)
    gpu_claim = property(lambda self: self.claim.gpu)
    tpu_claim = property(lambda self: self.claim.tpu)
    page = property(lambda self: self.claim.page)
    verdict = property(lambda self: self.finding.verdict)
    lines = property(lambda self: self.finding.lines)
    runs = property(lambda self: list(dict.fromkeys(self.finding.runs)))


def measured_verdicts(findings: dict[tuple[str, str], Finding]) -> list[Verdict]:
    """One verdict per row of the article's comparison table, in its order: the measured finding,
    or, for a claim no measurement judges (availability), the price list's, marked as reference data."""
    out = []
    for claim in CLAIMS.values():
        if (claim.slug, MEASURED) in findings:
            out.append(Verdict(claim, findings[(claim.slug, MEASURED)]))
        elif (claim.slug, PRICES) in findings:
            out.append(Verdict(claim, findings[(claim.slug, PRICES)], reference_only=True))
    return out


def judge(r: Ratio | None) -> str:
    """An advantage ratio ('the TPU is better' when above 1) -> verdict, by its whole interval."""
    return NOT_MEASURED if r is None else beyond_margin(r.low, r.high)


@dataclass(frozen=True)
class LikeForLike:
    """Like with like, as a measured rule compares: one workload and metric, a rule on the params, the best current ok result
    of any framework on each kind of chip."""

    name: str  # the comparison's id: the wording module's words for what it compares (wording/measured.py)
    workload: str
    metric: str  # the stored metric compared (core/metrics.py)
    unit: str  # its unit, as the line of detail says it
    compares: str  # what the Comparison compares, as a code (judging.METRIC_CODES)
    where: Callable[[dict], bool]
    sizes: Mapping[str, int] = field(default_factory=dict)  # the sizes WHERE keeps, as its line says them

    def rows(self, store: Store) -> dict[str, pd.Series | None]:
        return {pl: best(store.current(self.workload), self.metric, where=self.where, platform=pl) for pl in PLATFORMS}

    def compared(self, rows: dict, r: Ratio) -> Comparison:
        return measured_comparison(self.name, self.compares, rows["tpu"], rows["gpu"], r, self.line(rows, r),
                                   format_name("bf16") if self.workload == "matmul" else "")

    def line(self, rows: dict, r: Ratio | None) -> Line:
        """Each side's best figure (or that it is not measured yet), and the TPU/GPU ratio where both are."""
        sides = [{"platform": pl, "measured": None if row is None else
                  {"value": float(row[f"m_{self.metric}"]), "device": row["device"], "framework": row["framework"]}}
                 for pl, row in rows.items()]
        return said("measured.like_for_like", compared=self.name, unit=self.unit, sides=sides, ratio=r, **self.sizes)


def measured_comparison(compared: str, metric: str, tpu: pd.Series, gpu: pd.Series, r: Ratio, figures: Line,
                        precision: str = "") -> Comparison:
    """A measured pair as the answers' chart draws it, with its interval (intervals.LEVEL); COMPARED, its id (the
    wording module names it); METRIC, what it compares as a code (judging.METRIC_CODES)."""
    return Comparison(name=said("measured.name", compared=compared, tpu=str(tpu["device"]), gpu=str(gpu["device"])),
                      advantage=r.value, low=r.low,
                      high=r.high, metric=metric, tpu=str(tpu["device"]), gpu=str(gpu["device"]), figures=figures,
                      precision=precision)


# the matrix sizes the matmul comparisons keep, declared once: the filters, the rules' texts and the
# lines of detail (wording/measured.py) all read them here
MATMUL_MIN_N = 4096  # the smallest matrix the speed comparison counts
ENERGY_N = 8192  # the one matrix size the energy comparison reads


def _big_bf16(p: dict) -> bool:
    return is_bf16(p) and p.get("n", 0) >= MATMUL_MIN_N


def _bf16_energy_size(p: dict) -> bool:
    return is_bf16(p) and p.get("n") == ENERGY_N


MATMUL = LikeForLike("matmul", "matmul", "tflops", "TFLOP/s", TFLOPS, _big_bf16, {"min_n": MATMUL_MIN_N})
GPT2 = LikeForLike("gpt2", "transformer_train", "tokens_per_s", "tokens/s", TOKENS_PER_S, is_gpt2_small)


def _runs(*rows) -> list[str]:
    return [r["run_id"] for r in rows if r is not None]


def _flexibility(store: Store) -> Finding:
    pairs, failures, left_out, runs = general_ops(store)
    left = [said("measured.general_ops.left_out", operations=left_out)] if left_out else []
    if not pairs and not failures:
        return Finding(NOT_MEASURED, [said("measured.general_ops.not_measured"), *left], runs)
    r = median_ratio(pairs, "elements_per_s") if pairs else None
    lines = [said("measured.general_ops.median", ratio=r)]
    if failures:
        lines.append(said("measured.general_ops.failed_on_tpu", operations=failures))
    lines += left
    if failures or (r is not None and r.high < FALLS_BEHIND):
        verdict = SUPPORTED
    elif r is not None and r.low >= 1:
        verdict = CONTRADICTED
    else:
        verdict = TIE
    return Finding(verdict, lines, runs)


@rule("designed", MEASURED,
      text=said("measured.rule.designed", falls_behind=FALLS_BEHIND, level=LEVEL))
def designed_for(store: Store, reference: Reference) -> Finding:
    return _flexibility(store)


@rule("speed", MEASURED,
      text=said("measured.rule.speed", min_n=MATMUL_MIN_N, margin=MARGIN, level=LEVEL, above=1 + MARGIN))
def speed(store: Store, reference: Reference) -> Finding:
    found, lines, runs, compared = [], [], [], []
    for comparison in (MATMUL, GPT2):
        rows = comparison.rows(store)
        r = ratio(rows["tpu"], rows["gpu"], comparison.metric) if all(r is not None for r in rows.values()) else None
        lines.append(comparison.line(rows, r))
        runs += _runs(*rows.values())
        if r is not None:
            found.append(judge(r))
            compared.append(comparison.compared(rows, r))
        elif comparison is MATMUL:
            return Finding(NOT_MEASURED, lines + [GPT2.line(GPT2.rows(store), None)], runs)
    return Finding(combined(found), lines, runs, comparisons=compared)


@rule("flexibility", MEASURED,
      text=said("measured.rule.flexibility", falls_behind=FALLS_BEHIND, level=LEVEL))
def flexibility(store: Store, reference: Reference) -> Finding:
    return _flexibility(store)


def _cost_line(platform: str, side) -> Line:
    """One side's cost per billion tokens with its run and price, or that it has none."""
    row, cost, price = side if side else (None, None, None)
    return said("measured.cost.side", platform=platform, usd=cost, device=row["device"] if side else "",
                framework=row["framework"] if side else "", price=price.facts if side else None)


@rule("cost", MEASURED,
      text=said("measured.rule.cost", margin=MARGIN, level=LEVEL, above=1 + MARGIN))
def cost(store: Store, reference: Reference) -> Finding:
    sides = {pl: cheapest_per_token(store, reference, pl) for pl in PLATFORMS}
    lines = [_cost_line(pl, c) for pl, c in sides.items()]
    if sides["gpu"] is None or sides["tpu"] is None:
        costed = [CostItem(said("measured.cost_item"), MEASURED, "tokens", None, None, 0, 0,
                           unmeasured=tuple(pl.upper() for pl, c in sides.items() if c is None))]
        return Finding(NOT_MEASURED, lines, _runs(*(c[0] for c in sides.values() if c)), costed=costed)
    (g, _, g_price), (t, _, t_price) = sides["gpu"], sides["tpu"]
    # the TPU's advantage: GPU cost / TPU cost = (GPU price / TPU price) x (TPU tokens/s / GPU tokens/s)
    advantage = ratio(t, g, "tokens_per_s").scaled(g_price.usd_per_chip_hour / t_price.usd_per_chip_hour)
    lines.append(said("measured.cost.ratio", ratio=advantage))
    compared = measured_comparison("gpt2_cost", USD_PER_BILLION_TOKENS, t, g,
                                   advantage, said("measured.cost.figures", lines=lines))
    costed = [CostItem(said("measured.cost_item", tpu=str(t["device"]), gpu=str(g["device"])), MEASURED, "tokens",
                       t_price.chip, g_price.chip, float(t["m_tokens_per_s"]), float(g["m_tokens_per_s"]), 1, 1)]
    return Finding(judge(advantage), lines, _runs(g, t), comparisons=[compared], costed=costed)


ENERGY = LikeForLike("gpt2_energy", "transformer_train", "tokens_per_joule", "tokens/J", TOKENS_PER_JOULE,
                     is_gpt2_small)
ENERGY_MATMUL = LikeForLike("matmul_energy", "matmul", "tflops_per_watt",
                           "TFLOP/J", TFLOP_PER_JOULE, _bf16_energy_size, {"n": ENERGY_N})


@rule("energy", MEASURED,
      text=said("measured.rule.energy", n=ENERGY_N, margin=MARGIN))
def energy(store: Store, reference: Reference) -> Finding:
    for comparison in (ENERGY, ENERGY_MATMUL):
        rows = comparison.rows(store)
        if all(r is not None for r in rows.values()):
            r = ratio(rows["tpu"], rows["gpu"], comparison.metric, timed=False)
            return Finding(judge(r), [comparison.line(rows, r)], _runs(*rows.values()),
                           comparisons=[comparison.compared(rows, r)])
    rows = ENERGY.rows(store)
    lines = [ENERGY.line(rows, None)] + [said("measured.energy.no_tpu_counter")] * (rows["tpu"] is None)
    return Finding(NOT_MEASURED, lines, _runs(*rows.values()))


def _trained_at_any_size(store: Store) -> list[Line]:
    """Which framework ran a training step on which platform, at any model size: what was measured
    for each framework so far, though only GPT-2 small on a GPU or TPU decides."""
    latest = store.current("transformer_train")
    ok = latest[latest["status"] == "ok"] if not latest.empty else latest
    if ok.empty:
        return []
    trained = [{"platform": platform, "configs": sorted({p["config"] for p in rows["params"]}),
                "frameworks": sorted(rows["framework"].unique())} for platform, rows in ok.groupby("platform")]
    return [said("measured.frameworks.any_size", trained=trained)]


@rule("frameworks", MEASURED,
      text=said("measured.rule.frameworks", margin=MARGIN, level=LEVEL, below=1 - MARGIN))
def frameworks(store: Store, reference: Reference) -> Finding:
    seen = training_records(store)
    ran = {pl: sorted(fw for (p, fw), r in seen.items() if p == pl and r["status"] == "ok") for pl in PLATFORMS}
    lines = [said("measured.frameworks.trained", platform=pl, frameworks=fws) for pl, fws in ran.items()]
    lines += [said("measured.frameworks.failed", platform=p, framework=fw, status=r["status"], category=r["category"],
                   reason=r["reason"]) for (p, fw), r in sorted(seen.items()) if r["status"] != "ok" and p in PLATFORMS]
    lines += _trained_at_any_size(store)
    runs = [r["run_id"] for r in seen.values()]
    on_tpu = {fw: seen.get(("tpu", fw)) for fw in ("jax", "tensorflow", "torch")}
    telling = (*LIMIT_CATEGORIES, "framework_unsupported")  # a limit of the chip or of the framework
    attempted = {fw: r is not None and (r["status"] == "ok" or r["category"] in telling) for fw, r in on_tpu.items()}
    if not ran["gpu"]:
        return Finding(NOT_MEASURED, lines, runs)
    if any(attempted[fw] and on_tpu[fw]["status"] != "ok" for fw in ("jax", "tensorflow")):
        return Finding(CONTRADICTED, lines, runs)  # a limit of the chip or framework: not "best with" it
    if not all(attempted.values()):
        missing = [fw for fw, done in attempted.items() if not done]
        return Finding(NOT_MEASURED, lines + [said("measured.frameworks.not_attempted", frameworks=missing)], runs)
    if on_tpu["torch"]["status"] == "ok":
        best = max((on_tpu["jax"], on_tpu["tensorflow"]), key=lambda r: float(r["m_tokens_per_s"]))
        r = ratio(on_tpu["torch"], best, "tokens_per_s")
        lines.append(said("measured.frameworks.torch_on_tpu", against=best["framework"], ratio=r))
        return Finding(CONTRADICTED if at_least_parity(r.low) else SPLIT, lines, runs)
    verdict = SUPPORTED if set(ran["gpu"]) >= {"torch", "jax", "tensorflow"} else SPLIT
    return Finding(verdict, lines, runs)


# the values of each line this module records, by key: field -> type hint (judgement.schema.json types each line's
# values from these: accelbench/schema.py writes it; tests/test_line_values.py checks them against the calls)
class MeasuredFigure(TypedDict):
    """A figure measured here: its value, the device and the framework that made it."""

    value: float
    device: str
    framework: str


class MeasuredSide(TypedDict):
    """One side of a comparison of our runs: its platform and its best figure, if measured."""

    platform: str
    measured: MeasuredFigure | None


class FrameworksTrained(TypedDict):
    """Which frameworks trained a transformer on one platform, at which model sizes."""

    platform: str
    configs: tuple[str, ...]
    frameworks: tuple[str, ...]


class OperationLeftOut(TypedDict):
    """A general-purpose operation left out of the comparison, and why (our own sizing, time or harness)."""

    operation: str
    categories: tuple[str, ...]


class OperationFailed(TypedDict):
    """A general-purpose operation that failed on the TPU for a limit of the chip or its framework."""

    operation: str
    category: str


LINE_VALUES = {
    "measured.like_for_like": {"compared": str, "unit": str, "sides": tuple[MeasuredSide, ...], "ratio": Ratio | None,
                               "min_n": NotRequired[int], "n": NotRequired[int]},
    "measured.name": {"compared": str, "tpu": str, "gpu": str},
    "measured.general_ops.left_out": {"operations": tuple[OperationLeftOut, ...]},
    "measured.general_ops.not_measured": {},
    "measured.general_ops.median": {"ratio": Ratio | None},
    "measured.general_ops.failed_on_tpu": {"operations": tuple[OperationFailed, ...]},
    "measured.cost.side": {"platform": str, "usd": float | None, "device": str, "framework": str, "price": PriceFacts | None},
    "measured.cost_item": {"tpu": NotRequired[str], "gpu": NotRequired[str]},
    "measured.cost.ratio": {"ratio": Ratio},
    "measured.cost.figures": {"lines": tuple[Line, ...]},
    "measured.energy.no_tpu_counter": {},
    "measured.frameworks.any_size": {"trained": tuple[FrameworksTrained, ...]},
    "measured.frameworks.trained": {"platform": str, "frameworks": tuple[str, ...]},
    "measured.frameworks.failed": {"platform": str, "framework": str, "status": str, "category": str, "reason": str},
    "measured.frameworks.not_attempted": {"frameworks": tuple[str, ...]},
    "measured.frameworks.torch_on_tpu": {"against": str, "ratio": Ratio},
}
