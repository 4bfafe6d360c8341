"""HTML tables (valid inside Markdown) of the latest results, best results and stored runs."""

from __future__ import annotations

import pandas as pd

from accelbench.render.text import METRIC_LABELS, esc, fmt, fmt_time, provenance

METRIC_ORDER = ["tflops", "fraction_of_peak", "gbps", "tokens_per_s", "mfu", "watts", "joules", "compile_s"]
NOT_MEASURED = ('!!! note "Not measured yet"\n    No run file holds a result for **{what}** yet. '
                "[Run the benchmarks on your hardware]({reproduce}) and send the run file.\n")


def not_measured(what: str, reproduce_url: str) -> str:
    return NOT_MEASURED.format(what=esc(what), reproduce=reproduce_url)


def _sort_value(value):
    return (0, value, "") if isinstance(value, (int, float)) else (1, 0, str(value))


def _sorted(latest: pd.DataFrame, param_names: list[str]) -> pd.DataFrame:
    order = sorted(latest.index, key=lambda i: (
        str(latest.at[i, "device"]), str(latest.at[i, "framework"]),
        *[_sort_value(latest.at[i, "params"].get(p)) for p in param_names]))
    return latest.loc[order]


def _param_names(latest: pd.DataFrame) -> list[str]:
    names: list[str] = []
    for params in latest["params"]:
        names += [k for k in params if k not in names]
    # the series parameters (dtype) read best before the size
    return sorted(names, key=lambda k: 0 if k == "dtype" else 1)


def _metrics(latest: pd.DataFrame, wanted: list[str] | None) -> list[str]:
    """The metrics that have at least one value, in a fixed order (or the snippet's choice)."""
    return [m for m in (wanted or METRIC_ORDER) if f"m_{m}" in latest and latest[f"m_{m}"].notna().any()]


def _badges(row) -> str:
    out = ""
    if row["stale"]:
        out += ' <span class="ab-badge ab-badge--stale" title="the snippet changed after this run">stale</span>'
    if row.get("wide_spread") is True:
        out += ' <span class="ab-badge ab-badge--wide" title="interquartile range above 10% of the median">wide spread</span>'
    if row.get("complete") is False:
        out += ' <span class="ab-badge ab-badge--partial" title="the run was interrupted">partial run</span>'
    return out


def _linked(value: str, row, runs_url: str) -> str:
    return f'<a href="{runs_url}#run-{esc(row["run_id"])}" title="{esc(provenance(row))}">{value}</a>'


def results_table(latest: pd.DataFrame, runs_url: str, metrics: list[str] | None = None) -> str:
    """Latest result per device x framework x params; every number links to its run."""
    params = _param_names(latest)
    metrics = _metrics(latest, metrics)
    head = ["Device", "Framework", *params, "Median time", *[METRIC_LABELS.get(m, m) for m in metrics],
            "IQR / median", "Run"]
    lines = ['<table>', "<thead><tr>" + "".join(f"<th>{esc(h)}</th>" for h in head) + "</tr></thead>", "<tbody>"]
    for _, row in _sorted(latest, params).iterrows():
        cells = [esc(row["device"]), esc(row["framework"])]
        cells += [esc(row["params"].get(p, "")) for p in params]
        if row["status"] == "ok":
            cells.append(_linked(fmt_time(row["median_s"]), row, runs_url))
            cells += [_linked(fmt(row.get(f"m_{m}"), m), row, runs_url) if pd.notna(row.get(f"m_{m}")) else "–"
                      for m in metrics]
            spread = (row["q3_s"] - row["q1_s"]) / row["median_s"] if row["median_s"] else None
            cells.append(f"{spread * 100:.1f}%" if spread is not None else "–")
        else:
            span = 2 + len(metrics)
            cells.append(f'<td colspan="{span}">{esc(row["status"])}: {esc(row["reason"])}</td>')
        date = row["created_at"].strftime("%Y-%m-%d")
        cells.append(_linked(date, row, runs_url) + _badges(row))
        lines.append("<tr>" + "".join(c if c.startswith("<td") else f"<td>{c}</td>" for c in cells) + "</tr>")
    lines += ["</tbody>", "</table>"]
    return "\n".join(lines) + "\n"


def best_table(latest: pd.DataFrame, metric: str, group_params: list[str], x_param: str, runs_url: str) -> str:
    """The best value of ``metric`` per device x framework x group params, and where it was reached."""
    ok = latest[(latest["status"] == "ok") & latest.get(f"m_{metric}", pd.Series(dtype=float)).notna()]
    ok = ok.assign(_group=ok.apply(lambda r: (r["device"], r["framework"], *[r["params"].get(p) for p in group_params]), axis=1))
    best = ok.loc[ok.groupby("_group", sort=False)[f"m_{metric}"].idxmax()]
    head = ["Device", "Framework", *group_params, f"Best {METRIC_LABELS.get(metric, metric)}", f"at {x_param}", "Run"]
    lines = ['<table>', "<thead><tr>" + "".join(f"<th>{esc(h)}</th>" for h in head) + "</tr></thead>", "<tbody>"]
    for _, row in best.sort_values(f"m_{metric}", ascending=False).iterrows():
        cells = [esc(row["device"]), esc(row["framework"]), *[esc(row["params"].get(p, "")) for p in group_params],
                 _linked(fmt(row[f"m_{metric}"], metric), row, runs_url), esc(row["params"].get(x_param, "")),
                 _linked(row["created_at"].strftime("%Y-%m-%d"), row, runs_url) + _badges(row)]
        lines.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    lines += ["</tbody>", "</table>"]
    return "\n".join(lines) + "\n"


def runs_table(runs: list[dict]) -> str:
    """Every stored run, newest first, each with an anchor the result tables link to."""
    head = ["Run", "Date (UTC)", "Host", "Profile", "Devices", "Software", "Commit", "Records"]
    lines = ['<table>', "<thead><tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead>", "<tbody>"]
    for run in sorted(runs, key=lambda r: r["created_at"], reverse=True):
        env = run["environment"]
        devices = sorted({f'{d["name"]} ({d["platform"]}, ×{d["count"]})' for d in run["devices"]})
        versions = [f"{k} {v}" for k, v in env["versions"].items() if v and k in ("torch", "jax", "cuda", "rocm", "driver", "libtpu")]
        statuses = pd.Series([r["status"] for r in run["records"]]).value_counts().to_dict()
        commit = run["code"].get("git_commit") or "unknown"
        cells = [
            f'<span id="run-{esc(run["run_id"])}">{esc(run["run_id"])}</span>'
            + ("" if run["complete"] else ' <span class="ab-badge ab-badge--partial">partial run</span>'),
            esc(run["created_at"]), esc(env["host"]), esc(run["profile"]),
            "<br>".join(esc(d) for d in devices) or "–",
            "<br>".join(esc(v) for v in versions) + f"<br>Python {esc(env['python'])}",
            esc(commit[:10]) + (" (dirty)" if run["code"].get("dirty") else ""),
            ", ".join(f"{n} {esc(s)}" for s, n in sorted(statuses.items())) or "none",
        ]
        lines.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    lines += ["</tbody>", "</table>"]
    return "\n".join(lines) + "\n"


def scaling_table(latest: pd.DataFrame, runs_url: str) -> str | None:
    """Scaling efficiency: tokens/s on all devices / (devices x tokens/s on one), pairing the two
    records of one run, device kind, framework and configuration. None when no pair exists."""
    ok = latest[(latest["status"] == "ok")]
    if ok.empty or "m_tokens_per_s" not in ok:
        return None
    key = lambda r: (r["run_id"], r["device"], r["framework"], r["params"].get("config"))  # noqa: E731
    ones = {key(r): r for _, r in ok.iterrows() if r["params"].get("devices") == "one"}
    rows = []
    for _, many in ok.iterrows():
        one = ones.get(key(many))
        if many["params"].get("devices") != "all" or one is None or not many["n_devices"]:
            continue
        efficiency = many["m_tokens_per_s"] / (many["n_devices"] * one["m_tokens_per_s"])
        cells = [esc(many["device"]), esc(many["framework"]), esc(many["params"].get("config")),
                 esc(int(many["n_devices"])), _linked(fmt(one["m_tokens_per_s"]), one, runs_url),
                 _linked(fmt(many["m_tokens_per_s"]), many, runs_url), f"{efficiency * 100:.0f}%"]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    if not rows:
        return None
    head = ["Device", "Framework", "config", "Devices", "tokens/s on one", "tokens/s on all", "Scaling efficiency"]
    return "\n".join(['<table>', "<thead><tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead>",
                      "<tbody>", *rows, "</tbody>", "</table>"]) + "\n"
