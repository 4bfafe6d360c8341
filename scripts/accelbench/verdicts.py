"""Claim -> verdict, by written rules over the stored runs and the reference data.

Each rule compares GPUs with TPUs per chip. A rule that lacks the measurements it needs says
"not measured yet"; it never falls back on a vendor figure. The rule texts below are rendered on
the methodology page, so what the site says it does and what it does cannot drift apart.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

import pandas as pd

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


RULES = {
    "Designed For": "Same evidence as Flexibility: a chip designed for deep learning only should fall behind on "
                    "general-purpose operations. Supported if, at the largest size measured on both, the TPU's "
                    "median elements/s over the operations is below half the GPU's or an operation fails on the TPU; "
                    "contradicted if the TPU matches or beats the GPU on the median with no failures; mixed otherwise.",
    "Speed (for AI)": "Compares the best bfloat16 matrix-multiplication TFLOP/s (n ≥ 4096) and, where both are "
                      "measured, the best GPT-2 small training tokens/s, per chip. Supported if the TPU is more than "
                      "5% faster on every comparison available; contradicted if more than 5% slower on every one; "
                      "mixed otherwise. Needs matrix multiplication on both a GPU and a TPU.",
    "Flexibility": "Supported if, at the largest size measured on both, the TPU's median elements/s over the "
                   "general-purpose operations is below half the GPU's, or an operation that ran on the GPU fails on "
                   "the TPU; contradicted if the TPU's median is at least the GPU's with no failures; mixed otherwise.",
    "Availability": "From the dated price list (reference data, not a benchmark): supported if every TPU offer is on "
                    "Google Cloud and GPU offers come from at least three providers; contradicted if TPU offers come "
                    "from two or more providers; mixed otherwise.",
    "Cost": "Cost per million GPT-2 small training tokens = cheapest on-demand price per chip-hour ÷ (measured "
            "tokens/s × 3600) × 10⁶. Supported if the TPU's cost is more than 5% below the GPU's; contradicted if "
            "more than 5% above; mixed otherwise. Needs GPT-2 small measured on both and a price for each chip.",
    "Energy Efficiency": "Compares measured GPT-2 small tokens per joule (else bf16 n=8192 matrix-multiplication TFLOP "
                         "per joule) of the GPU and the TPU. Supported "
                         "if the TPU's is more than 5% higher; contradicted if more than 5% lower; mixed otherwise. "
                         "TPUs expose no energy counter to programs, so this stays not measured until one does.",
    "Supported Frameworks": "From which framework produced results on which device. Contradicted if PyTorch "
                            "trained GPT-2 on a TPU at least as fast as JAX did there (or JAX did not); supported "
                            "if PyTorch and JAX both produced results on a GPU and JAX produced results on a TPU; "
                            "mixed otherwise.",
}

ARTICLE_ROWS = [
    ("Designed For", "Graphics + AI", "Deep learning only", "evidence/general_compute.md"),
    ("Speed (for AI)", "Very fast", "Even faster for large tensor ops", "evidence/matmul.md"),
    ("Flexibility", "High (good for many applications)", "Focused on AI tasks only", "evidence/general_compute.md"),
    ("Availability", "Widely available (devices, cloud)", "Primarily through Google Cloud", "about/hardware.md"),
    ("Cost", "Varies (can be expensive)", "Often cheaper at scale on GCP", "about/hardware.md"),
    ("Energy Efficiency", "Good", "Better", "evidence/energy.md"),
    ("Supported Frameworks", "TensorFlow, PyTorch, JAX, etc.", "Best with TensorFlow, JAX", "evidence/transformer_train.md"),
]


def compare(ratio: float | None) -> str:
    """TPU/GPU ratio of a higher-is-better figure -> verdict for 'the TPU is better'."""
    if ratio is None:
        return NOT_MEASURED
    return SUPPORTED if ratio > 1 + MARGIN else CONTRADICTED if ratio < 1 - MARGIN else MIXED


def _ok(store: Store, workload: str) -> pd.DataFrame:
    latest = store.latest(workload)
    return latest[latest["status"] == "ok"] if not latest.empty else latest


def best(store: Store, workload: str, platform: str, metric: str, where=lambda params: True,
         framework: str | None = None) -> pd.Series | None:
    """The record with the highest ``metric`` on ``platform`` among those whose params match."""
    ok = _ok(store, workload)
    col = f"m_{metric}"
    if ok.empty or col not in ok:
        return None
    ok = ok[(ok["platform"] == platform) & ok[col].notna() & ok["params"].map(where)]
    if framework:
        ok = ok[ok["framework"] == framework]
    return None if ok.empty else ok.loc[ok[col].idxmax()]


def _fmt_best(row: pd.Series | None, metric: str, unit: str, platform: str) -> str:
    if row is None:
        return f"{platform.upper()}: not measured yet"
    return f"{platform.upper()}: {row[f'm_{metric}']:.3g} {unit} ({row['device']}, {row['framework']})"


def speed(store: Store) -> Verdict:
    big_bf16 = lambda p: p.get("dtype") == "bfloat16" and p.get("n", 0) >= 4096  # noqa: E731
    gpt2 = lambda p: p.get("config") == "gpt2-small"  # noqa: E731
    mm = {pl: best(store, "matmul", pl, "tflops", big_bf16) for pl in ("gpu", "tpu")}
    tr = {pl: best(store, "transformer_train", pl, "tokens_per_s", gpt2) for pl in ("gpu", "tpu")}
    evidence = ["bf16 matmul, n ≥ 4096: " + "; ".join(_fmt_best(mm[p], "tflops", "TFLOP/s", p) for p in mm),
                "GPT-2 small training: " + "; ".join(_fmt_best(tr[p], "tokens_per_s", "tokens/s", p) for p in tr)]
    runs = [r["run_id"] for r in [*mm.values(), *tr.values()] if r is not None]
    if mm["gpu"] is None or mm["tpu"] is None:
        return _verdict("Speed (for AI)", NOT_MEASURED, evidence, runs)
    ratios = [mm["tpu"]["m_tflops"] / mm["gpu"]["m_tflops"]]
    if tr["gpu"] is not None and tr["tpu"] is not None:
        ratios.append(tr["tpu"]["m_tokens_per_s"] / tr["gpu"]["m_tokens_per_s"])
    verdicts = {compare(r) for r in ratios}
    return _verdict("Speed (for AI)", verdicts.pop() if len(verdicts) == 1 else MIXED, evidence, runs)


def _general_ratio(store: Store):
    """Median TPU/GPU elements/s over the operations measured on both at their largest size,
    and the operations that ran on the GPU but failed on the TPU."""
    latest = store.latest("general_compute")
    if latest.empty or "m_elements_per_s" not in latest:
        return None, [], []
    ratios, failures, runs = [], [], []
    for op in sorted({str(p.get("op")) for p in latest["params"]}):
        rows = latest[latest["params"].map(lambda p: str(p.get("op")) == op)]
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


def flexibility(store: Store, feature: str = "Flexibility") -> Verdict:
    ratio, failures, runs = _general_ratio(store)
    if ratio is None and not failures:
        return _verdict(feature, NOT_MEASURED, ["General-purpose operations: not measured yet on both a GPU and a TPU."], runs)
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
    return _verdict(feature, verdict, evidence, runs)


def availability(reference: Reference) -> Verdict:
    providers = {"gpu": set(), "tpu": set()}
    for row in reference.prices:
        chip = reference.chip_for(row["chip"])
        if chip:
            providers[chip["kind"]].add(row["provider"])
    evidence = [f"Price list (reference data, dated): TPU offers from {', '.join(sorted(providers['tpu'])) or 'no provider'}; "
                f"GPU offers from {', '.join(sorted(providers['gpu'])) or 'no provider'}."]
    if not providers["tpu"] or not providers["gpu"]:
        return _verdict("Availability", NOT_MEASURED, evidence)
    if len(providers["tpu"]) >= 2:
        verdict = CONTRADICTED
    elif providers["tpu"] == {"GCP"} and len(providers["gpu"]) >= 3:
        verdict = SUPPORTED
    else:
        verdict = MIXED
    return _verdict("Availability", verdict, evidence)


def cheapest_price(reference: Reference, chip: str) -> dict | None:
    """The cheapest on-demand offer for an accelerators.csv chip."""
    offers = [r for r in reference.prices if r["pricing"] == "on-demand"
              and (reference.chip_for(r["chip"]) or {}).get("chip") == chip]
    return min(offers, key=lambda r: float(r["usd_per_chip_hour"])) if offers else None


def cost_per_million_tokens(row: pd.Series, reference: Reference) -> tuple[float, dict] | None:
    chip = reference.chip_for(row["device"])
    price = cheapest_price(reference, chip["chip"]) if chip else None
    if price is None:
        return None
    return float(price["usd_per_chip_hour"]) / (row["m_tokens_per_s"] * 3600) * 1e6, price


def _on_chip(store: Store, workload: str, chip: str, metric: str, where, reference: Reference) -> pd.Series | None:
    ok = _ok(store, workload)
    col = f"m_{metric}"
    if ok.empty or col not in ok:
        return None
    ok = ok[ok["device"].map(lambda d: (reference.chip_for(str(d)) or {}).get("chip") == chip) & ok[col].notna()
            & ok["params"].map(where)]
    return None if ok.empty else ok.loc[ok[col].idxmax()]


def cost_rows(store: Store, reference: Reference) -> list[dict]:
    """Per priced chip: cheapest on-demand price, measured throughput, and what a million training
    tokens and a PFLOP of bf16 matrix work cost at that price. None where not measured."""
    rows = []
    for chip in dict.fromkeys((reference.chip_for(r["chip"]) or {"chip": r["chip"]})["chip"] for r in reference.prices):
        price = cheapest_price(reference, chip)
        tokens = _on_chip(store, "transformer_train", chip, "tokens_per_s", lambda p: p.get("config") == "gpt2-small", reference)
        matmul = _on_chip(store, "matmul", chip, "tflops", lambda p: p.get("dtype") == "bfloat16", reference)
        hourly = float(price["usd_per_chip_hour"]) if price else None
        rows.append({"chip": chip, "price": price, "tokens_row": tokens, "matmul_row": matmul,
                     "usd_per_mtok": hourly / (tokens["m_tokens_per_s"] * 3600) * 1e6 if hourly and tokens is not None else None,
                     "usd_per_pflop": hourly / (matmul["m_tflops"] * 3600 / 1000) if hourly and matmul is not None else None})
    return rows


def measured_on_chips(store: Store, reference: Reference) -> dict[str, tuple[str, pd.Series]]:
    """Chip -> (a short line of what was measured on it: best bf16 matmul as % of peak, the record)."""
    out = {}
    for row in reference.accelerators:
        mm = _on_chip(store, "matmul", row["chip"], "tflops", lambda p: p.get("dtype") == "bfloat16", reference)
        if mm is not None:
            frac = mm.get("m_fraction_of_peak")
            out[row["chip"]] = (f"bf16 matmul {mm['m_tflops']:.3g} TFLOP/s"
                                + (f" ({frac * 100:.0f}% of peak)" if pd.notna(frac) else ""), mm)
    return out


def cost(store: Store, reference: Reference) -> Verdict:
    gpt2 = lambda p: p.get("config") == "gpt2-small"  # noqa: E731
    per = {}
    for pl in ("gpu", "tpu"):
        row = best(store, "transformer_train", pl, "tokens_per_s", gpt2)
        per[pl] = (row, cost_per_million_tokens(row, reference) if row is not None else None)
    evidence = []
    for pl, (row, priced) in per.items():
        if priced is None:
            evidence.append(f"{pl.upper()}: not measured yet" if row is None else f"{pl.upper()}: {row['device']} has no price row")
        else:
            evidence.append(f"{pl.upper()}: ${priced[0]:.2f} per million tokens ({row['device']}, "
                            f"{priced[1]['provider']} {priced[1]['source_date']} at ${float(priced[1]['usd_per_chip_hour']):.2f}/h)")
    runs = [r["run_id"] for r, _ in per.values() if r is not None]
    if per["gpu"][1] is None or per["tpu"][1] is None:
        return _verdict("Cost", NOT_MEASURED, evidence, runs)
    # cheaper is better: the TPU's advantage is GPU cost / TPU cost
    return _verdict("Cost", compare(per["gpu"][1][0] / per["tpu"][1][0]), evidence, runs)


def energy(store: Store) -> Verdict:
    per, runs = {}, []
    gpt2 = lambda p: p.get("config") == "gpt2-small"  # noqa: E731 (same model on both)
    bf16_8192 = lambda p: p.get("dtype") == "bfloat16" and p.get("n") == 8192  # noqa: E731
    for pl in ("gpu", "tpu"):
        row = best(store, "transformer_train", pl, "tokens_per_joule", gpt2)
        metric = "tokens_per_joule"
        if row is None:
            row, metric = best(store, "matmul", pl, "tflops_per_watt", bf16_8192), "tflops_per_watt"
        per[pl] = (row, metric)
        if row is not None:
            runs.append(row["run_id"])
    evidence = [f"{pl.upper()}: " + ("not measured yet" + (" (TPUs expose no energy counter)" if pl == "tpu" else "")
                                     if row is None else f"{row[f'm_{metric}']:.3g} {metric.replace('_', ' ')} ({row['device']})")
                for pl, (row, metric) in per.items()]
    (g, gm), (t, tm) = per["gpu"], per["tpu"]
    if g is None or t is None or gm != tm:
        return _verdict("Energy Efficiency", NOT_MEASURED, evidence, runs)
    return _verdict("Energy Efficiency", compare(t[f"m_{tm}"] / g[f"m_{gm}"]), evidence, runs)


def frameworks(store: Store) -> Verdict:
    ran: dict[str, set[str]] = {"gpu": set(), "tpu": set()}
    runs = []
    df = store.records
    if not df.empty:
        for _, r in df[(df["status"] == "ok") & df["platform"].isin(["gpu", "tpu"])].iterrows():
            ran[r["platform"]].add(r["framework"])
    evidence = [f"{pl.upper()}: results from {', '.join(sorted(fws))}" if fws else f"{pl.upper()}: not measured yet"
                for pl, fws in ran.items()]
    evidence.append("TensorFlow is not benchmarked here.")
    if not ran["gpu"] or not ran["tpu"]:
        return _verdict("Supported Frameworks", NOT_MEASURED, evidence, runs)
    on_tpu = {fw: best(store, "transformer_train", "tpu", "tokens_per_s", framework=fw) for fw in ("torch", "jax")}
    if "torch" in ran["tpu"] and on_tpu["torch"] is not None and \
            (on_tpu["jax"] is None or on_tpu["torch"]["m_tokens_per_s"] >= on_tpu["jax"]["m_tokens_per_s"]):
        verdict = CONTRADICTED
    elif {"torch", "jax"} <= ran["gpu"] and "jax" in ran["tpu"]:
        verdict = SUPPORTED
    else:
        verdict = MIXED
    return _verdict("Supported Frameworks", verdict, evidence, runs)


def _verdict(feature: str, verdict: str, evidence: list[str], runs: list[str] = ()) -> Verdict:
    gpu, tpu, page = next((g, t, p) for f, g, t, p in ARTICLE_ROWS if f == feature)
    return Verdict(feature, gpu, tpu, verdict, evidence, list(dict.fromkeys(runs)), page)


SLUGS = {"designed": "Designed For", "speed": "Speed (for AI)", "flexibility": "Flexibility",
         "availability": "Availability", "cost": "Cost", "energy": "Energy Efficiency", "frameworks": "Supported Frameworks"}


def all_verdicts(store: Store, reference: Reference) -> list[Verdict]:
    """One verdict per row of the article's comparison table, in its order."""
    return [flexibility(store, "Designed For"), speed(store), flexibility(store), availability(reference),
            cost(store, reference), energy(store), frameworks(store)]


def roofline_inputs(store: Store, reference: Reference) -> tuple[pd.DataFrame, dict]:
    """Matrix-multiplication points with their arithmetic intensity, and per device the measured
    ceilings (best TFLOP/s, best copy GB/s) and the vendor's (dense bf16 peak, HBM bandwidth)."""
    ok = _ok(store, "matmul")
    if ok.empty or "m_gbps" not in ok or "m_tflops" not in ok:
        return pd.DataFrame(columns=["device", "intensity", "m_tflops"]), {}
    points = ok[(ok["m_tflops"] > 0) & (ok["m_gbps"] > 0)].copy()  # log axes: zero cannot be drawn
    points["intensity"] = points["m_tflops"] * 1e12 / (points["m_gbps"] * 1e9)
    bandwidth = _ok(store, "memory_bandwidth")
    ceilings = {}
    for device in points["device"].unique():
        mine = points[points["device"] == device]
        copies = bandwidth[bandwidth["device"] == device] if not bandwidth.empty else bandwidth
        measured = (mine["m_tflops"].max(), copies["m_gbps"].max()) if not copies.empty else None
        chip = reference.chip_for(device)
        peak, hbm = reference.peak(device, "bfloat16"), reference.bandwidth(device)
        vendor = (peak.value, hbm.value, chip["chip"]) if peak and hbm else None
        ceilings[device] = {"measured": measured, "vendor": vendor}
    return points, ceilings
