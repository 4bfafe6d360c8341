"""Claim -> verdict, by written rules over the stored runs and the reference data.

One registry: each row of the article's comparison table is a :class:`Rule`, registered by the
decorator on its judge, with the rule's text right above the code that applies it. The texts are
rendered on the methodology page, so what the site says it does and what it does cannot drift
apart. Each rule compares GPUs with TPUs per chip; one that lacks the measurements it needs says
"not measured yet" and never falls back on a vendor figure.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass, field

from accelbench.queries import best, cost_per_million_tokens, is_gpt2_small
from accelbench.reference import Reference
from accelbench.store import Store

SUPPORTED, CONTRADICTED, MIXED, NOT_MEASURED = "supported", "contradicted", "mixed", "not measured yet"
MARGIN = 0.05  # differences within 5% count as a tie


@dataclass
class Verdict:
    feature: str
    gpu_claim: str
    tpu_claim: str
    verdict: str
    evidence: list[str]  # plain-text sentences with the numbers used
    runs: list[str] = field(default_factory=list)  # run ids of those numbers
    page: str | None = None  # docs page with the details


@dataclass(frozen=True)
class Finding:
    """What a judge found: the verdict, the sentences with the numbers used, their runs."""

    verdict: str
    evidence: list[str]
    runs: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Rule:
    slug: str  # how pages name it
    feature: str  # the row of the article's table
    gpu_claim: str
    tpu_claim: str
    page: str  # the docs page with the evidence
    text: str  # the rule in words, as the methodology page shows it
    judge: Callable[[Store, Reference], Finding]

    def apply(self, store: Store, reference: Reference) -> Verdict:
        found = self.judge(store, reference)
        return Verdict(self.feature, self.gpu_claim, self.tpu_claim, found.verdict, found.evidence,
                       list(dict.fromkeys(found.runs)), self.page)


RULES: dict[str, Rule] = {}  # slug -> rule, in the order of the article's table


def rule(slug: str, feature: str, *, gpu: str, tpu: str, page: str, text: str):
    """Register the decorated judge as the rule for one row of the article's table."""
    def register(judge: Callable[[Store, Reference], Finding]):
        RULES[slug] = Rule(slug, feature, gpu, tpu, page, text, judge)
        return judge
    return register


def all_verdicts(store: Store, reference: Reference) -> list[Verdict]:
    """One verdict per row of the article's comparison table, in its order."""
    return [r.apply(store, reference) for r in RULES.values()]


def compare(ratio: float | None) -> str:
    """TPU/GPU ratio of a higher-is-better figure -> verdict for 'the TPU is better'."""
    if ratio is None:
        return NOT_MEASURED
    return SUPPORTED if ratio > 1 + MARGIN else CONTRADICTED if ratio < 1 - MARGIN else MIXED


def _fmt_best(row, metric: str, unit: str, platform: str) -> str:
    if row is None:
        return f"{platform.upper()}: not measured yet"
    return f"{platform.upper()}: {row[f'm_{metric}']:.3g} {unit} ({row['device']}, {row['framework']})"


def _general_ratio(store: Store):
    """Median TPU/GPU elements/s over the operations measured on both at their largest size,
    and the operations that ran on the GPU but failed on the TPU."""
    latest = store.latest("general_compute")
    if latest.empty or "m_elements_per_s" not in latest:
        return None, [], []
    ratios, failures, runs = [], [], []
    for op in sorted({str(p.get("op")) for p in latest["params"]}):
        rows = latest[latest["params"].map(lambda p, op=op: str(p.get("op")) == op)]
        rows = rows.assign(_n=rows["params"].map(lambda p: p.get("n")))
        by = {pl: rows[rows["platform"] == pl] for pl in ("gpu", "tpu")}
        # the largest size measured on both: a skipped or failed row must not hide a result
        gpu_ok = set(by["gpu"].loc[by["gpu"]["status"] == "ok", "_n"])
        tpu_tried = set(by["tpu"].loc[by["tpu"]["status"].isin(["ok", "failed"]), "_n"])
        common = [n for n in gpu_ok & tpu_tried if isinstance(n, (int, float))]
        if not common:
            continue
        n = max(common)
        gpu = by["gpu"][(by["gpu"]["_n"] == n) & (by["gpu"]["status"] == "ok")].iloc[-1]
        tpu = by["tpu"][(by["tpu"]["_n"] == n) & by["tpu"]["status"].isin(["ok", "failed"])].iloc[-1]
        if tpu["status"] == "failed":
            failures.append(op)
        else:
            ratios.append(tpu["m_elements_per_s"] / gpu["m_elements_per_s"])
        runs += [gpu["run_id"], tpu["run_id"]]
    return (statistics.median(ratios) if ratios else None), failures, runs


def _flexibility(store: Store) -> Finding:
    ratio, failures, runs = _general_ratio(store)
    if ratio is None and not failures:
        return Finding(NOT_MEASURED, ["General-purpose operations: not measured yet on both a GPU and a TPU."], runs)
    evidence = [f"Median TPU/GPU elements/s over FFT, sort, scatter-add, gather and a small matmul: "
                f"{ratio:.2f}" if ratio is not None else "No operation ran on both."]
    if failures:
        evidence.append(f"Failed on the TPU but ran on the GPU: {', '.join(failures)}.")
    if failures or (ratio is not None and ratio < 0.5):
        verdict = SUPPORTED
    elif ratio is not None and ratio >= 1:
        verdict = CONTRADICTED
    else:
        verdict = MIXED
    return Finding(verdict, evidence, runs)


@rule("designed", "Designed For", gpu="Graphics + AI", tpu="Deep learning only", page="evidence/general_compute.md",
      text="Same evidence as Flexibility: a chip designed for deep learning only should fall behind on "
           "general-purpose operations. Supported if, at the largest size measured on both, the TPU's "
           "median elements/s over the operations is below half the GPU's or an operation fails on the TPU; "
           "contradicted if the TPU matches or beats the GPU on the median with no failures; mixed otherwise.")
def designed_for(store: Store, reference: Reference) -> Finding:
    return _flexibility(store)


@rule("speed", "Speed (for AI)", gpu="Very fast", tpu="Even faster for large tensor ops", page="evidence/matmul.md",
      text="Compares the best bfloat16 matrix-multiplication TFLOP/s (n ≥ 4096) and, where both are "
           "measured, the best GPT-2 small training tokens/s, per chip. Supported if the TPU is more than "
           "5% faster on every comparison available; contradicted if more than 5% slower on every one; "
           "mixed otherwise. Needs matrix multiplication on both a GPU and a TPU.")
def speed(store: Store, reference: Reference) -> Finding:
    def big_bf16(p):
        return p.get("dtype") == "bfloat16" and p.get("n", 0) >= 4096

    mm = {pl: best(store.latest("matmul"), "tflops", where=big_bf16, platform=pl) for pl in ("gpu", "tpu")}
    tr = {pl: best(store.latest("transformer_train"), "tokens_per_s", where=is_gpt2_small, platform=pl)
          for pl in ("gpu", "tpu")}
    evidence = ["bf16 matmul, n ≥ 4096: " + "; ".join(_fmt_best(mm[p], "tflops", "TFLOP/s", p) for p in mm),
                "GPT-2 small training: " + "; ".join(_fmt_best(tr[p], "tokens_per_s", "tokens/s", p) for p in tr)]
    runs = [r["run_id"] for r in [*mm.values(), *tr.values()] if r is not None]
    if mm["gpu"] is None or mm["tpu"] is None:
        return Finding(NOT_MEASURED, evidence, runs)
    ratios = [mm["tpu"]["m_tflops"] / mm["gpu"]["m_tflops"]]
    if tr["gpu"] is not None and tr["tpu"] is not None:
        ratios.append(tr["tpu"]["m_tokens_per_s"] / tr["gpu"]["m_tokens_per_s"])
    verdicts = {compare(r) for r in ratios}
    return Finding(verdicts.pop() if len(verdicts) == 1 else MIXED, evidence, runs)


@rule("flexibility", "Flexibility", gpu="High (good for many applications)", tpu="Focused on AI tasks only",
      page="evidence/general_compute.md",
      text="Supported if, at the largest size measured on both, the TPU's median elements/s over the "
           "general-purpose operations is below half the GPU's, or an operation that ran on the GPU fails on "
           "the TPU; contradicted if the TPU's median is at least the GPU's with no failures; mixed otherwise.")
def flexibility(store: Store, reference: Reference) -> Finding:
    return _flexibility(store)


@rule("availability", "Availability", gpu="Widely available (devices, cloud)", tpu="Primarily through Google Cloud",
      page="about/hardware.md",
      text="From the dated price list (reference data, not a benchmark): supported if every TPU offer is on "
           "Google Cloud and GPU offers come from at least three providers; contradicted if TPU offers come "
           "from two or more providers; mixed otherwise.")
def availability(store: Store | None, reference: Reference) -> Finding:
    providers = {"gpu": set(), "tpu": set()}
    for row in reference.prices:
        chip = reference.chip_for(row["chip"])
        if chip:
            providers[chip["kind"]].add(row["provider"])
    evidence = [f"Price list (reference data, dated): TPU offers from {', '.join(sorted(providers['tpu'])) or 'no provider'}; "
                f"GPU offers from {', '.join(sorted(providers['gpu'])) or 'no provider'}."]
    if not providers["tpu"] or not providers["gpu"]:
        return Finding(NOT_MEASURED, evidence)
    if len(providers["tpu"]) >= 2:
        verdict = CONTRADICTED
    elif providers["tpu"] == {"GCP"} and len(providers["gpu"]) >= 3:
        verdict = SUPPORTED
    else:
        verdict = MIXED
    return Finding(verdict, evidence)


@rule("cost", "Cost", gpu="Varies (can be expensive)", tpu="Often cheaper at scale on GCP", page="about/hardware.md",
      text="Cost per million GPT-2 small training tokens = cheapest on-demand price per chip-hour ÷ (measured "
           "tokens/s × 3600) × 10⁶. Supported if the TPU's cost is more than 5% below the GPU's; contradicted if "
           "more than 5% above; mixed otherwise. Needs GPT-2 small measured on both and a price for each chip.")
def cost(store: Store, reference: Reference) -> Finding:
    per = {}
    for pl in ("gpu", "tpu"):
        row = best(store.latest("transformer_train"), "tokens_per_s", where=is_gpt2_small, platform=pl)
        per[pl] = (row, cost_per_million_tokens(row, reference) if row is not None else None)
    evidence = []
    for pl, (row, priced) in per.items():
        if priced is None:
            evidence.append(f"{pl.upper()}: not measured yet" if row is None
                            else f"{pl.upper()}: {row['device']} has no price row")
        else:
            cost_usd, price = priced
            evidence.append(f"{pl.upper()}: ${cost_usd:.2f} per million tokens ({row['device']}, "
                            f"{price['provider']} {price['source_date']} at ${float(price['usd_per_chip_hour']):.2f}/h)")
    runs = [r["run_id"] for r, _ in per.values() if r is not None]
    if per["gpu"][1] is None or per["tpu"][1] is None:
        return Finding(NOT_MEASURED, evidence, runs)
    # cheaper is better: the TPU's advantage is GPU cost / TPU cost
    return Finding(compare(per["gpu"][1][0] / per["tpu"][1][0]), evidence, runs)


@rule("energy", "Energy Efficiency", gpu="Good", tpu="Better", page="evidence/energy.md",
      text="Compares measured GPT-2 small tokens per joule (else bf16 n=8192 matrix-multiplication TFLOP "
           "per joule) of the GPU and the TPU. Supported "
           "if the TPU's is more than 5% higher; contradicted if more than 5% lower; mixed otherwise. "
           "TPUs expose no energy counter to programs, so this stays not measured until one does.")
def energy(store: Store, reference: Reference) -> Finding:
    def bf16_8192(p):
        return p.get("dtype") == "bfloat16" and p.get("n") == 8192

    per, runs = {}, []
    for pl in ("gpu", "tpu"):
        row = best(store.latest("transformer_train"), "tokens_per_joule", where=is_gpt2_small, platform=pl)
        metric = "tokens_per_joule"
        if row is None:
            row, metric = best(store.latest("matmul"), "tflops_per_watt", where=bf16_8192, platform=pl), "tflops_per_watt"
        per[pl] = (row, metric)
        if row is not None:
            runs.append(row["run_id"])
    evidence = [f"{pl.upper()}: " + ("not measured yet" + (" (TPUs expose no energy counter)" if pl == "tpu" else "")
                                     if row is None else f"{row[f'm_{metric}']:.3g} {metric.replace('_', ' ')} ({row['device']})")
                for pl, (row, metric) in per.items()]
    (g, gm), (t, tm) = per["gpu"], per["tpu"]
    if g is None or t is None or gm != tm:
        return Finding(NOT_MEASURED, evidence, runs)
    return Finding(compare(t[f"m_{tm}"] / g[f"m_{gm}"]), evidence, runs)


@rule("frameworks", "Supported Frameworks", gpu="TensorFlow, PyTorch, JAX, etc.", tpu="Best with TensorFlow, JAX",
      page="evidence/transformer_train.md",
      text="From which framework produced results on which device. Contradicted if PyTorch "
           "trained GPT-2 on a TPU at least as fast as JAX did there (or JAX did not); supported "
           "if PyTorch and JAX both produced results on a GPU and JAX produced results on a TPU; "
           "mixed otherwise.")
def frameworks(store: Store, reference: Reference) -> Finding:
    ran: dict[str, set[str]] = {"gpu": set(), "tpu": set()}
    df = store.records
    if not df.empty:
        for _, r in df[(df["status"] == "ok") & df["platform"].isin(["gpu", "tpu"])].iterrows():
            ran[r["platform"]].add(r["framework"])
    evidence = [f"{pl.upper()}: results from {', '.join(sorted(fws))}" if fws else f"{pl.upper()}: not measured yet"
                for pl, fws in ran.items()]
    evidence.append("TensorFlow is not benchmarked here.")
    if not ran["gpu"] or not ran["tpu"]:
        return Finding(NOT_MEASURED, evidence)
    on_tpu = {fw: best(store.latest("transformer_train"), "tokens_per_s", platform="tpu", framework=fw)
              for fw in ("torch", "jax")}
    if "torch" in ran["tpu"] and on_tpu["torch"] is not None and \
            (on_tpu["jax"] is None or on_tpu["torch"]["m_tokens_per_s"] >= on_tpu["jax"]["m_tokens_per_s"]):
        verdict = CONTRADICTED
    elif {"torch", "jax"} <= ran["gpu"] and "jax" in ran["tpu"]:
        verdict = SUPPORTED
    else:
        verdict = MIXED
    return Finding(verdict, evidence)
