"""Claim -> verdict on cost from MLPerf Training (audited results), priced with the dated price lists:
where the article makes the claim, on GCP, the entries of each benchmark that cost least per run, both
chips from one price list, and what a buyer can act on (the break-even TPU price and the tiers that flip
it). Its source declares it among its rules (``SOURCE.rules``); the pairs, names and links it shares with
the other rules are rules.py's."""

from __future__ import annotations

from dataclasses import replace

import pandas as pd

from accelbench.core.prices import TIERS, PriceFacts, Unpriced, UnpricedFacts, break_even, price_comparison, usd
from accelbench.core.reference import Reference
from accelbench.judge.fact_records import BreakEven, Flip
from accelbench.judge.facts import BreakEvens
from accelbench.judge.judging import (
    CHIP_HOURS,
    MARGIN,
    USD_PER_RUN,
    Comparison,
    CostItem,
    Finding,
    Line,
    beyond_margin,
    combined,
    favoured,
    rule,
    said,
)
from accelbench.sources.mlperf_training.benchmarks import name_of
from accelbench.sources.mlperf_training.format import KIND, MLPerfTraining
from accelbench.sources.mlperf_training.rules import (
    NO_RESULT,
    PAIR,
    MLPerfEntry,
    comparable,
    comparison,
    entry_of,
    pair_name,
    result_links,
    results_url,
)


def _cheapest_run(rows: pd.DataFrame, reference: Reference, platform: str):
    """The entry of a platform that costs least per run at its chip's cheapest GCP on-demand price."""
    priced = []
    for _, row in rows[rows["platform"] == platform].iterrows():
        price = reference.cheapest_price(row["chip"], "GCP") if isinstance(row["chip"], str) else None
        if price:
            priced.append((row, usd("runs", price.usd_per_chip_hour, row["chip_hours"])))
    return min(priced, key=lambda p: (p[1], p[0]["system"]), default=(None, None))[0]


def priced_runs(published: MLPerfTraining, reference: Reference):
    """Per benchmark of the newest round with both platforms: (benchmark, round, TPU entry, GPU entry,
    PricedPair, Unpriced, or None where a side has no entry whose chip GCP prices, the benchmark's entries),
    the entries those cheapest per run on GCP, priced as the claim is judged."""
    out = []
    for benchmark, round_name, rows in comparable(published):
        tpu, gpu = _cheapest_run(rows, reference, "tpu"), _cheapest_run(rows, reference, "gpu")
        basis = None if tpu is None or gpu is None else reference.prices.gcp_basis(tpu["chip"], gpu["chip"])
        out.append((benchmark, round_name, tpu, gpu, basis, rows))
    return out


@rule("cost", KIND,
      text=said("mlperf_training.rule.cost", margin=MARGIN))
def cost(published: MLPerfTraining, reference: Reference) -> Finding:
    verdicts, lines, links, compared, costed, evens = [], [], [], [], [], []
    for benchmark, round_name, tpu, gpu, basis, rows in priced_runs(published, reference):
        if tpu is not None and gpu is not None:
            costed.append(CostItem(pair_name(benchmark, round_name, tpu, gpu), KIND, "runs", tpu["chip"], gpu["chip"],
                                   float(tpu["chip_hours"]), float(gpu["chip_hours"]), int(tpu["chips"]),
                                   int(gpu["chips"]), results_url(tpu), compared=_work(benchmark, round_name, tpu, gpu,
                                                                                      reference, rows)))
        if basis is None or isinstance(basis, Unpriced):
            lines.append(_unpriced(benchmark, round_name, tpu, gpu, basis))
            continue
        priced = price_comparison(basis, "runs", tpu["chip_hours"], gpu["chip_hours"])
        t_usd, g_usd = priced.tpu_usd, priced.gpu_usd
        verdicts.append(beyond_margin(priced.advantage))
        lines.append(said("mlperf_training.cost.pair", benchmark=name_of(benchmark), round=round_name, tpu=entry_of(tpu),
                          tpu_usd=t_usd, tpu_price=basis.tpu.facts, gpu=entry_of(gpu), gpu_usd=g_usd,
                          gpu_price=basis.gpu.facts, **_elsewhere(reference, gpu)))
        links += result_links(benchmark, round_name, tpu, gpu)
        evens.append(_break_even(reference, basis, tpu, gpu, priced.advantage))
        compared.append(comparison(benchmark, round_name, tpu, gpu, priced.advantage, USD_PER_RUN,
                                   said("mlperf_training.cost.figures", tpu_usd=t_usd, tpu_price=basis.tpu.facts,
                                        gpu_usd=g_usd, gpu_price=basis.gpu.facts), reference))
    return Finding(combined(verdicts), lines or [NO_RESULT], links=links, comparisons=compared, costed=costed,
                   facts=BreakEvens(tuple(evens)) if evens else None)


def _work(benchmark: str, round_name: str, tpu: pd.Series, gpu: pd.Series, reference: Reference,
          rows: pd.DataFrame) -> Comparison:
    """A priced pair's chip-hours compared, as the speed rule compares its own pairs, named as its cost
    item is (the estimator finds its ratio by that name)."""
    compared = comparison(benchmark, round_name, tpu, gpu, gpu["chip_hours"] / tpu["chip_hours"], CHIP_HOURS,
                          said("mlperf_training.speed.figures", tpu=entry_of(tpu), tpu_chip_hours=tpu["chip_hours"],
                               gpu=entry_of(gpu), gpu_chip_hours=gpu["chip_hours"]), reference, rows)
    return replace(compared, name=pair_name(benchmark, round_name, tpu, gpu))


def _unpriced(benchmark: str, round_name: str, tpu, gpu, basis: Unpriced | None) -> Line:
    """The side left unpriced: no entry of its chip has a GCP price (BASIS None), or GCP's price list
    cannot price the pair (why, as data: the vocabulary words it, as the price tables do)."""
    if basis is None:
        return said("mlperf_training.cost.no_gcp_entry", benchmark=name_of(benchmark), round=round_name,
                    side="TPU" if tpu is None else "GPU")
    return said("mlperf_training.cost.unpriced", benchmark=name_of(benchmark), round=round_name, side=basis.side,
                unpriced=basis.facts)


def _elsewhere(reference: Reference, gpu: pd.Series) -> dict:
    """The GPU's cheapest on-demand offer outside GCP (its price's facts, and its dollars per run), or
    None: context beside a verdict judged at GCP, never part of it."""
    best = reference.prices.cheapest_elsewhere(gpu["chip"])
    if best is None:
        return {"elsewhere": None, "elsewhere_usd": None}
    return {"elsewhere": best.facts, "elsewhere_usd": usd("runs", best.usd_per_chip_hour, gpu["chip_hours"])}


def _break_even(reference: Reference, basis, tpu: pd.Series, gpu: pd.Series, advantage: float) -> BreakEven:
    """What a buyer can act on: the TPU price per chip-hour at which its run costs what the GPU's does
    (at the GPU's price in the tier judged), and the tiers of the same provider that flip the answer."""
    even = break_even("runs", basis.gpu.usd_per_chip_hour, float(gpu["chip_hours"]), float(tpu["chip_hours"]))
    flips = []
    for tier in TIERS:
        t, g = (reference.prices.cheapest(row["chip"], basis.provider, tier) for row in (tpu, gpu))
        if t and g and tier != basis.tier:
            other = usd("runs", g.usd_per_chip_hour, float(gpu["chip_hours"])) / usd("runs", t.usd_per_chip_hour,
                                                                                    float(tpu["chip_hours"]))
            if favoured(other) != favoured(advantage):
                flips.append(Flip(tier, favoured(other) or "tie"))
    return BreakEven(reference.display_name(tpu["chip"]), reference.display_name(gpu["chip"]), basis.tier, basis.provider,
                     even, basis.tpu.usd_per_chip_hour, tuple(flips))


# the values of each line this module records, by key: field -> type hint (judgement.schema.json types each line's
# values from these: accelbench/schema.py writes it; tests/test_line_values.py checks them against the calls)
PRICED = {"tpu_usd": float, "tpu_price": PriceFacts, "gpu_usd": float, "gpu_price": PriceFacts}
LINE_VALUES = {
    "mlperf_training.cost.pair": {**PAIR, "tpu": MLPerfEntry, "gpu": MLPerfEntry, **PRICED, "elsewhere": PriceFacts | None,
                                  "elsewhere_usd": float | None},
    "mlperf_training.cost.figures": PRICED,
    "mlperf_training.cost.no_gcp_entry": {**PAIR, "side": str},
    "mlperf_training.cost.unpriced": {**PAIR, "side": str, "unpriced": UnpricedFacts},
}
