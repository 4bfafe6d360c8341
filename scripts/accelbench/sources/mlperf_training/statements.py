"""The article's other claims that MLPerf Training's audited entries answer: which GPU brands enter
it, and how large the TPU systems that trained large models were. Facts only (numbers, ids, names);
publish/wording/ says them. Its source declares it among its rules (``SOURCE.rules``)."""

from __future__ import annotations

import pandas as pd

from accelbench.core.reference import Reference
from accelbench.judge.claims import MLPERF
from accelbench.judge.fact_records import FrozenMap, Largest
from accelbench.judge.facts import Brands, LargestSystems
from accelbench.judge.judging import CONTRADICTED, NOT_MEASURED, SPLIT, SUPPORTED, Finding, linked, rule, said
from accelbench.sources.mlperf_training.benchmarks import BENCHMARKS
from accelbench.sources.mlperf_training.format import MLPerfTraining
from accelbench.sources.mlperf_training.rules import results_url

BRANDS = ("NVIDIA", "AMD")  # the article's GPU brands
BRANDS_SHARE = 0.9  # of the GPU entries whose vendor is known: the brands' together, at least
POD_SCALE = 1000  # chips: a system at least this large trains at the scale of a pod
PRETRAINING = "LLM pretraining"  # the benchmarks.py task of the largest models MLPerf trains


@rule("gpu-brands", MLPERF,
      text=said("mlperf_training.rule.gpu-brands", share=BRANDS_SHARE))
def gpu_brands(published: MLPerfTraining, reference: Reference) -> Finding:
    entries = published.entered
    gpus = entries[entries["platform"] == "gpu"] if not entries.empty else entries
    vendor_of = {row["chip"]: row["vendor"] for row in reference.accelerators}
    vendors = gpus["chip"].map(vendor_of) if not gpus.empty else pd.Series(dtype=object)
    counts = {v: int((vendors == v).sum()) for v in sorted(set(vendors.dropna()))}
    known = sum(counts.values())
    brands = sum(counts.get(b, 0) for b in BRANDS)
    if not known:
        return Finding(NOT_MEASURED, [])
    present = [b for b in BRANDS if counts.get(b)]
    verdict = (SUPPORTED if len(present) == len(BRANDS) and brands >= BRANDS_SHARE * known
               else SPLIT if present else CONTRADICTED)
    chips = {v: sorted(set(gpus.loc[vendors == v, "chip"])) for v in counts}
    return Finding(verdict, [], facts=Brands(FrozenMap(counts), FrozenMap({v: tuple(c) for v, c in chips.items()}),
                                             int(len(gpus) - known), tuple(sorted(set(gpus["round"])))))


def _largest(platform: str, rows: pd.DataFrame, reference: Reference) -> Largest:
    row = rows.sort_values(["chips", "round"], ascending=[False, False]).iloc[0]
    chip = reference.display_name(row["chip"]) if isinstance(row["chip"], str) else row["accelerator"]
    return Largest(platform, int(row["chips"]), chip, row["benchmark"], row["round"], row["submitter"],
                   float(row["score_minutes"]), row["availability"], results_url(row))


@rule("tpu-scalable", MLPERF,
      text=said("mlperf_training.rule.tpu-scalable", chips=POD_SCALE))
def tpu_scalable(published: MLPerfTraining, reference: Reference) -> Finding:
    results = published.results
    if not results.empty and "relisted_from" in results:
        results = results[results["relisted_from"].isna()]  # an entry re-listed from an earlier round counts once
    large = [b for b, spec in BENCHMARKS.items() if spec.task == PRETRAINING]
    rows = results[results["benchmark"].isin(large)] if not results.empty else results
    if rows.empty:
        return Finding(NOT_MEASURED, [])
    largest = {(b, p): _largest(p, r, reference) for (b, p), r in rows.groupby(["benchmark", "platform"])}
    tpu = [v for (_, p), v in largest.items() if p == "tpu"]
    biggest = max((v.chips for v in tpu), default=0)
    verdict = SUPPORTED if biggest >= POD_SCALE else SPLIT if tpu else CONTRADICTED
    dated = max((reference.round_date("training", v.round) for v in largest.values()), default="")
    links = [linked(v.url, "named", name=v.submitter) for v in tpu]
    return Finding(verdict, [], links=links, facts=LargestSystems(POD_SCALE, tuple(v for _, v in sorted(largest.items()))),
                   as_of=dated)
