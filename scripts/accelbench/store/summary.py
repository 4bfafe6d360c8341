"""The one-screen summary of a run file: its headline figures, scaling and failures.

It runs where a run ends, on a lent accelerator machine too, so it needs nothing that machine
may lack (no pandas, no schema validation, no site generator): it reads the one file and the
snippets' CHART literals, in plain Python. A run file holds one record per measurement, so the
best record of a series is simply the highest one.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from accelbench.core.metrics import HEADLINE_ORDER, METRICS
from accelbench.workloads.discovery import literals, snippet_files

# Shown after the headline where a record has them, as the summary's "extra" column.
EXTRAS = ("fraction_of_peak", "mfu", "watts", "tokens_per_joule", "tflops_per_watt")


def swept_params(snippets_dir: Path) -> dict[str, str]:
    """Workload -> the parameter its line chart sweeps (the best over it is shown)."""
    out = {}
    for path in snippet_files(snippets_dir):
        chart = literals(path, ("CHART",)).get("CHART", {})
        if chart.get("mark") != "bar" and chart.get("x"):
            out[path.stem] = chart["x"]
    return out


def summary_lines(run: dict, path: Path, snippets_dir: Path) -> list[str]:
    records = run.get("records", [])
    counts = Counter(r["status"] for r in records)
    devices = sorted({f"{d['name']} x{d['count']}" for d in run.get("devices", []) if d["platform"] != "cpu"}) or ["CPU"]
    took = sum(r.get("wall_s", 0) for r in records)
    lines = [f"run {run['run_id']} ({run['profile']} profile, {'complete' if run['complete'] else 'INCOMPLETE'}) on "
             f"{', '.join(devices)}; {run.get('created_at')} -> {run.get('finished_at')}; {took:.0f} s measuring; "
             + ", ".join(f"{n} {s}" for s, n in sorted(counts.items())),
             f"{'workload':<18} {'framework':<10} {'series':<38} {'best':>16}  {'at':<10} extra"]
    swept = swept_params(snippets_dir)
    measured = [r for r in records if r.get("device") is not None]
    for workload in sorted({r["workload"] for r in records}):
        lines += _workload_lines([r for r in measured if r["workload"] == workload], workload, swept.get(workload))
    for _one, many, efficiency in scaling_pairs(measured):
        lines.append(f"scaling {many['framework']} {many['params'].get('config')} on {_devices(many)} devices: "
                     f"{efficiency * 100:.0f}% efficiency")
    for rec in [r for r in records if r["status"] == "failed"][:15]:
        lines.append(f"FAILED {rec['workload']} {rec['framework']} {rec['params']}: {rec['reason'][:160]}")
    return lines


def _workload_lines(records: list[dict], workload: str, x: str | None) -> list[str]:
    metric = next((m for m in HEADLINE_ORDER if any(r["metrics"].get(m) is not None for r in records)), None)
    if metric is None:
        return []
    series = sorted({k for r in records for k in r["params"] if k != x})
    best: dict[tuple, dict] = {}  # device x framework x the series parameters -> its best record
    for rec in records:
        if rec["status"] != "ok" or rec["metrics"].get(metric) is None:
            continue
        group = (rec["device"], rec["framework"], *[rec["params"].get(p) for p in series])
        if group not in best or rec["metrics"][metric] > best[group]["metrics"][metric]:
            best[group] = rec
    out = []
    for group in sorted(best, key=lambda g: tuple(map(str, g))):
        rec = best[group]
        label = " ".join(str(rec["params"].get(p)) for p in rec["params"] if p != x)
        at = f"{x}={rec['params'][x]}" if x in rec["params"] else ""
        extra = [_extra(name, rec["metrics"][name]) for name in EXTRAS if rec["metrics"].get(name) is not None]
        extra.append(f"first call {rec['metrics']['compile_s']:.2f} s")
        out.append(f"{workload:<18} {rec['framework']:<10} {label[:38]:<38} {rec['metrics'][metric]:>10.4g} "
                   f"{METRICS[metric].short:<6} {at:<10} " + ", ".join(extra))
    return out


def _devices(record: dict) -> int | None:
    return (record.get("notes") or {}).get("devices")


def scaling_pairs(records: list[dict]) -> list[tuple[dict, dict, float]]:
    """(one device, all devices, efficiency) per device kind, framework and configuration measured
    both ways: tokens/s on k devices / (k x tokens/s on one), as the site's scaling query."""
    ok = [r for r in records if r["status"] == "ok" and r["metrics"].get("tokens_per_s")]

    def key(r):
        return r["device"], r["framework"], r["params"].get("config")

    ones = {key(r): r for r in ok if r["params"].get("devices") == "one"}
    pairs = []
    for many in ok:
        one = ones.get(key(many))
        if many["params"].get("devices") == "all" and one is not None and _devices(many):
            efficiency = many["metrics"]["tokens_per_s"] / (_devices(many) * one["metrics"]["tokens_per_s"])
            pairs.append((one, many, efficiency))
    return pairs


def _extra(name: str, value: float) -> str:
    metric = METRICS[name]
    if metric.percent:
        return f"{value * 100:.1f}% {metric.short}"
    return f"{value:.0f} {metric.short}" if name == "watts" else f"{value:.3g} {metric.short}"
