"""The one-screen summary of a run file: its headline figures, scaling and failures.

Built from the same store and queries as the site's tables, but with nothing the lent device
machine lacks (no schema validation, no site generator): it reads the file and the snippets'
CHART literals only.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from accelbench.metrics import HEADLINE_ORDER, METRICS
from accelbench.queries import best_per_series, scaling_pairs
from accelbench.snippet import literals, snippet_files
from accelbench.store import Store

# Shown after the headline where a record has them, as the summary's "extra" column.
EXTRAS = ("fraction_of_peak", "mfu", "watts", "tokens_per_joule", "tflops_per_watt")


def swept_params(snippets_dir: Path) -> dict[str, str]:
    """Workload -> the parameter its line chart sweeps (the best over it is shown)."""
    out = {}
    for path in snippet_files(snippets_dir):
        chart = literals(path, ("CHART",)).get("CHART", {})
        if chart.get("kind") != "bar" and chart.get("x"):
            out[path.stem] = chart["x"]
    return out


def summary_lines(run: dict, path: Path, snippets_dir: Path) -> list[str]:
    store = Store.of_runs([run], {run["run_id"]: path})
    records = run.get("records", [])
    counts = Counter(r["status"] for r in records)
    devices = sorted({f"{d['name']} x{d['count']}" for d in run.get("devices", []) if d["platform"] != "cpu"}) or ["CPU"]
    took = sum(r.get("wall_s", 0) for r in records)
    lines = [f"run {run['run_id']} ({run['profile']} profile, {'complete' if run['complete'] else 'INCOMPLETE'}) on "
             f"{', '.join(devices)}; {run.get('created_at')} -> {run.get('finished_at')}; {took:.0f} s measuring; "
             + ", ".join(f"{n} {s}" for s, n in sorted(counts.items())),
             f"{'workload':<18} {'framework':<6} {'series':<38} {'best':>16}  {'at':<10} extra"]
    swept = swept_params(snippets_dir)
    for workload in sorted({r["workload"] for r in records}):
        lines += _workload_lines(store.latest(workload), workload, swept.get(workload))
    for _one, many, efficiency in scaling_pairs(store.latest()):
        lines.append(f"scaling {many['framework']} {many['params'].get('config')} on {many['n_devices']} devices: "
                     f"{efficiency * 100:.0f}% efficiency")
    for rec in [r for r in records if r["status"] == "failed"][:15]:
        lines.append(f"FAILED {rec['workload']} {rec['framework']} {rec['params']}: {rec['reason'][:160]}")
    return lines


def _workload_lines(latest, workload: str, x: str | None) -> list[str]:
    metric = next((m for m in HEADLINE_ORDER if f"m_{m}" in latest and latest[f"m_{m}"].notna().any()), None)
    if metric is None:
        return []
    series = sorted({k for params in latest["params"] for k in params if k != x})
    rows = best_per_series(latest, metric, series)
    rows = rows.assign(_order=rows["_group"].map(lambda g: tuple(map(str, g)))).sort_values("_order")
    out = []
    for _, row in rows.iterrows():
        label = " ".join(str(row["params"].get(p)) for p in row["params"] if p != x)
        at = f"{x}={row['params'][x]}" if x in row["params"] else ""
        extra = [_extra(name, row[f"m_{name}"]) for name in EXTRAS if f"m_{name}" in row and row[f"m_{name}"] == row[f"m_{name}"]]
        extra.append(f"first call {row['m_compile_s']:.2f} s")
        out.append(f"{workload:<18} {row['framework']:<6} {label[:38]:<38} {row[f'm_{metric}']:>10.4g} "
                   f"{METRICS[metric].short:<6} {at:<10} " + ", ".join(extra))
    return out


def _extra(name: str, value: float) -> str:
    metric = METRICS[name]
    if metric.percent:
        return f"{value * 100:.1f}% {metric.short}"
    return f"{value:.0f} {metric.short}" if name == "watts" else f"{value:.3g} {metric.short}"
