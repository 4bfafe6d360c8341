"""Questions the pages, the verdicts and the summary ask of the stored results.

Each answer is computed here once: the best record of a metric (per platform, chip or framework),
the best per series, scaling pairs, cost per chip, the roofline's points and ceilings, the vendor
peaks a chart draws, and the alt text that describes a chart. Nothing here renders or judges.
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from accelbench.core.prices import usd, usd_per_pflop
from accelbench.core.reference import Peak, Reference
from accelbench.core.runfile import LIMIT_CATEGORIES
from accelbench.store.store import Store

Where = Callable[[dict], bool]


def ok_rows(frame: pd.DataFrame) -> pd.DataFrame:
    """The records that produced a result."""
    return frame[frame["status"] == "ok"] if not frame.empty else frame


def is_gpt2_small(params: dict) -> bool:
    """The model every training comparison is made on (the same model on every chip)."""
    return params.get("config") == "gpt2-small"


def is_bf16(params: dict) -> bool:
    return params.get("dtype") == "bfloat16"


def best(frame: pd.DataFrame, metric: str, *, where: Where | None = None, platform: str | None = None,
         framework: str | None = None, chip: str | None = None, reference: Reference | None = None) -> pd.Series | None:
    """The ok record with the highest ``metric`` among those matching every filter given:
    params (``where``), platform, framework, or chip (a device name mapped through ``reference``)."""
    ok = ok_rows(frame)
    column = f"m_{metric}"
    if ok.empty or column not in ok:
        return None
    keep = ok[column].notna()
    if where is not None:
        keep &= ok["params"].map(where)
    if platform is not None:
        keep &= ok["platform"] == platform
    if framework is not None:
        keep &= ok["framework"] == framework
    if chip is not None:
        keep &= ok["device"].map(lambda d: (reference.chip_for(str(d)) or {}).get("chip") == chip)
    ok = ok[keep]
    return None if ok.empty else ok.loc[ok[column].idxmax()]


def best_per_series(latest: pd.DataFrame, metric: str, series: list[str]) -> pd.DataFrame:
    """The best record of ``metric`` per device x framework x the series parameters, highest first."""
    column = f"m_{metric}"
    if column not in latest:
        return latest.iloc[0:0]
    ok = ok_rows(latest)
    ok = ok[ok[column].notna()]
    if ok.empty:
        return ok
    ok = ok.assign(_group=ok.apply(lambda r: (r["device"], r["framework"], *[r["params"].get(p) for p in series]), axis=1))
    return ok.loc[ok.groupby("_group", sort=False)[column].idxmax()].sort_values(column, ascending=False)


def scaling_pairs(latest: pd.DataFrame) -> list[tuple[pd.Series, pd.Series, float]]:
    """(one device, all devices, efficiency) for each run, device kind, framework and
    configuration measured both ways: tokens/s on k devices / (k x tokens/s on one)."""
    ok = ok_rows(latest)
    if ok.empty or "m_tokens_per_s" not in ok:
        return []

    def key(r):
        return r["run_id"], r["device"], r["framework"], r["params"].get("config")

    ones = {key(r): r for _, r in ok.iterrows() if r["params"].get("devices") == "one"}
    pairs = []
    for _, many in ok.iterrows():
        one = ones.get(key(many))
        if many["params"].get("devices") != "all" or one is None or not many["n_devices"]:
            continue
        pairs.append((one, many, many["m_tokens_per_s"] / (many["n_devices"] * one["m_tokens_per_s"])))
    return pairs


def cost_rows(store: Store, reference: Reference) -> list[dict]:
    """Per priced chip: cheapest on-demand price (any provider), measured throughput, and what a
    billion training tokens and a PFLOP of bf16 matrix work cost at that price. None where not measured."""
    rows = []
    for chip in dict.fromkeys(p.chip for p in reference.prices.prices):
        price = reference.cheapest_price(chip)
        tokens = best(store.latest("transformer_train"), "tokens_per_s", where=is_gpt2_small, chip=chip, reference=reference)
        matmul = best(store.latest("matmul"), "tflops", where=is_bf16, chip=chip, reference=reference)
        hourly = price.usd_per_chip_hour if price else None
        rows.append({"chip": chip, "price": price, "tokens_row": tokens, "matmul_row": matmul,
                     "usd_per_btok": usd("tokens", hourly, tokens["m_tokens_per_s"]) if hourly and tokens is not None else None,
                     "usd_per_pflop": usd_per_pflop(hourly, matmul["m_tflops"]) if hourly and matmul is not None else None})
    return rows


def measured_on_chips(store: Store, reference: Reference) -> dict[str, dict]:
    """Chip -> what was measured on it, as data: its best bf16 matmul's TFLOP/s ("tflops"), that as
    a fraction of the vendor's peak ("fraction_of_peak", None where the record has none) and the
    record ("record"). publish words it."""
    out = {}
    for row in reference.accelerators:
        mm = best(store.latest("matmul"), "tflops", where=is_bf16, chip=row["chip"], reference=reference)
        if mm is not None:
            frac = mm.get("m_fraction_of_peak")
            out[row["chip"]] = {"tflops": float(mm["m_tflops"]), "fraction_of_peak": float(frac) if pd.notna(frac) else None,
                                "record": mm}
    return out


def roofline_inputs(store: Store, reference: Reference) -> tuple[pd.DataFrame, dict]:
    """Matrix-multiplication points with their arithmetic intensity, and per device the measured
    ceilings (best TFLOP/s, best copy GB/s) and the vendor's (dense bf16 peak, HBM bandwidth)."""
    ok = ok_rows(store.latest("matmul"))
    if ok.empty or "m_gbps" not in ok or "m_tflops" not in ok:
        return pd.DataFrame(columns=["device", "intensity", "m_tflops"]), {}
    points = ok[(ok["m_tflops"] > 0) & (ok["m_gbps"] > 0)].copy()  # log axes: zero cannot be drawn
    points["intensity"] = points["m_tflops"] * 1e12 / (points["m_gbps"] * 1e9)
    bandwidth = ok_rows(store.latest("memory_bandwidth"))
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


def vendor_peaks(latest: pd.DataFrame, reference: Reference) -> list[Peak]:
    """Vendor dense peaks for the devices and dtypes a chart draws (reference lines, never data): one
    per chip and spec column (Peak.column, which publish names), lowest first."""
    found = {}
    for _, row in ok_rows(latest).iterrows():
        peak = reference.peak(row["device"], str(row["params"].get("dtype", "")))
        if peak:
            found[(peak.chip, peak.column)] = peak
    return sorted(found.values(), key=lambda p: p.value)


def chart_top(latest: pd.DataFrame, chart: dict) -> dict | None:
    """A snippet chart's headline: the devices it draws and its highest value (None where it draws none)."""
    ok = ok_rows(latest)
    column = f"m_{chart['y']}"
    if ok.empty or column not in ok or ok[column].isna().all():
        return None
    top = ok.loc[ok[column].idxmax()]
    return {"devices": sorted(map(str, ok["device"].unique())), "value": float(top[column]),
            "device": str(top["device"]), "framework": str(top["framework"])}


def general_ops(store: Store):
    """Per general-purpose operation, at the largest size measured on both: the best current GPU
    result and the TPU's (its best ok result, else its failure if that is evidence). Returns
    (pairs for ratios, ops failed on the TPU as evidence, ops left out and why, runs)."""
    latest = store.current("general_compute")
    pairs, failures, left_out, runs = [], [], [], []
    if latest.empty:
        return pairs, failures, left_out, runs
    for op in sorted({str(p.get("op")) for p in latest["params"]}):
        rows = latest[latest["params"].map(lambda p, op=op: str(p.get("op")) == op)]
        size = rows["params"].map(lambda p: p.get("n"))
        gpu_ok = set(size[(rows["platform"] == "gpu") & (rows["status"] == "ok")])
        on_tpu = rows["platform"] == "tpu"
        # what tells about the TPU: a result, or a limit of the chip or its framework (a failure of
        # our own making, such as running out of memory at our largest size, tells nothing)
        telling = on_tpu & ((rows["status"] == "ok") | rows["category"].isin(LIMIT_CATEGORIES))
        common = sorted(n for n in gpu_ok & set(size[telling]) if isinstance(n, (int, float)))
        if not common:
            weak = rows[on_tpu & (rows["status"] == "failed") & size.isin(gpu_ok)]
            if not weak.empty:
                left_out.append({"operation": op, "categories": sorted(set(weak["category"]))})
            continue
        at_n = rows[size == common[-1]]
        gpu = best(at_n, "elements_per_s", platform="gpu")
        tpu = best(at_n, "elements_per_s", platform="tpu")
        if tpu is not None:
            pairs.append((tpu, gpu))
            runs += [gpu["run_id"], tpu["run_id"]]
            continue
        limits = at_n[(at_n["platform"] == "tpu") & at_n["category"].isin(LIMIT_CATEGORIES)]
        failed = limits.sort_values(["category", "framework"]).iloc[0]
        failures.append({"operation": op, "category": failed["category"]})
        runs += [gpu["run_id"], failed["run_id"]]
    return pairs, failures, left_out, runs


def token_cost(row: pd.Series, reference: Reference, provider: str | None = "GCP"):
    """(dollars per billion tokens, Price): the record's chip at its cheapest on-demand price at
    PROVIDER (GCP, where the article's cost claim is made; None: any) over its training throughput."""
    chip = reference.chip_for(row["device"])
    price = reference.cheapest_price(chip["chip"], provider) if chip else None
    if price is None:
        return None
    return usd("tokens", price.usd_per_chip_hour, row["m_tokens_per_s"]), price


def cheapest_per_token(store: Store, reference: Reference, platform: str):
    """(record, USD per billion tokens, price row) of the cheapest per token GPT-2 small result
    of a priced chip, or None; ties go to the faster record."""
    ok = ok_rows(store.current("transformer_train"))
    if ok.empty or "m_tokens_per_s" not in ok:
        return None
    ok = ok[(ok["platform"] == platform) & ok["params"].map(is_gpt2_small) & ok["m_tokens_per_s"].notna()]
    priced = [(row, *cost) for _, row in ok.iterrows() if (cost := token_cost(row, reference))]
    return min(priced, key=lambda c: (c[1], -c[0]["m_tokens_per_s"], c[0]["run_id"]), default=None)


def training_records(store: Store) -> dict[tuple[str, str], pd.Series]:
    """The current GPT-2 small record per (platform, framework): the best ok one, else one that
    was not ok (a skip or a failure, with its category)."""
    latest = store.current("transformer_train")
    out = {}
    if latest.empty:
        return out
    latest = latest[latest["params"].map(is_gpt2_small)]
    for (platform, framework), rows in latest.groupby(["platform", "framework"], sort=True):
        if (rows["status"] == "ok").any():
            out[(platform, framework)] = best(rows, "tokens_per_s")
        else:  # evidence first: a limit of the chip or framework says more than a failure of ours
            weak = ~rows["category"].isin(LIMIT_CATEGORIES)
            out[(platform, framework)] = rows.assign(_weak=weak).sort_values(["_weak", "category", "device"]).iloc[0]
    return out
