"""HTML tables (valid inside Markdown) of the latest results, best results and stored runs."""

from __future__ import annotations

from typing import NamedTuple

import pandas as pd

from accelbench.metrics import label, table_default
from accelbench.queries import best_per_series, scaling_pairs
from accelbench.render.text import esc, esc_md, fmt, fmt_time, num_cell, provenance, raw, row_ids

NOT_MEASURED = ('!!! note "Not measured yet"\n    No run file holds a result for **{what}** yet. '
                "[Run the benchmarks on your hardware]({reproduce}) and send the run file.\n")


def not_measured(what: str, reproduce_url: str) -> str:
    return NOT_MEASURED.format(what=esc_md(what), reproduce=reproduce_url)


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
    return [m for m in (wanted or table_default()) if f"m_{m}" in latest and latest[f"m_{m}"].notna().any()]


def _spread_cause(row) -> str:
    compiled = row.get("compilations")
    if isinstance(compiled, int | float) and compiled > 0:  # NaN (not counted) compares False
        return f"{int(compiled)} graph compilation(s) while timed: the samples include compiling"
    return "interquartile range above 10% of the median"


def _badges(row) -> str:
    out = ""
    if row["stale"]:
        out += ' <span class="ab-badge ab-badge--stale" title="the snippet changed after this run">stale</span>'
    if row.get("wide_spread") is True:
        out += f' <span class="ab-badge ab-badge--wide" title="{_spread_cause(row)}">wide spread</span>'
    if row.get("complete") is False:
        out += partial_badge(row.get("interrupted_by"))
    return out


def partial_badge(interrupted_by) -> str:
    """The badge of a run that did not finish; a partial file that no one finished (the process was
    killed, or is still running) has no interrupted_by."""
    why = f"interrupted by {interrupted_by}" if isinstance(interrupted_by, str) and interrupted_by else \
        "it ended before finishing (killed, or still running)"
    return f' <span class="ab-badge ab-badge--partial" title="{esc("the run did not finish: " + why)}">partial run</span>'


def _linked(value: str, row, runs_url: str) -> str:
    return f'<a href="{runs_url}#run-{esc(row["run_id"])}" title="{esc(provenance(row))}">{value}</a>'


class Table(NamedTuple):
    """A rendered table and its rows as raw values (units in the names, in the table's order): what
    its CSV and JSON downloads hold. ``html`` is None where there is nothing to show."""

    html: str | None
    rows: list[dict]


def _date(row) -> str:
    return row["created_at"].strftime("%Y-%m-%d")


def results_table(latest: pd.DataFrame, runs_url: str, metrics: list[str] | None = None, *,
                  anchor: str = "row") -> Table:
    """Latest result per device x framework x params; every number links to its run. A parameter
    with one value in every row is said once above the table instead of filling a column. Each
    row has an id made from ``anchor`` and its measurement."""
    all_params = _param_names(latest)
    constant = {p: latest["params"].iloc[0].get(p) for p in all_params
                if len({str(row.get(p)) for row in latest["params"]}) == 1} if len(latest) > 1 else {}
    params = [p for p in all_params if p not in constant]
    metrics = _metrics(latest, metrics)
    head = ["Device", "Framework", *params, "Median time", *[label(m) for m in metrics],
            "IQR / median", "Run"]
    rows, keys, data = [], [], []
    for _, row in _sorted(latest, params).iterrows():
        cells = [esc(row["device"]), esc(row["framework"])]
        cells += [_param_cell(row["params"].get(p, "")) for p in params]
        ok = row["status"] == "ok"
        spread = (row["q3_s"] - row["q1_s"]) / row["median_s"] if ok and row["median_s"] else None
        if ok:
            cells.append(num_cell(_linked(fmt_time(row["median_s"]), row, runs_url), row["median_s"]))
            cells += [num_cell(_linked(fmt(row.get(f"m_{m}"), m), row, runs_url), row.get(f"m_{m}"))
                      if pd.notna(row.get(f"m_{m}")) else "–" for m in metrics]
            cells.append(num_cell(f"{spread * 100:.1f}%", spread) if spread is not None else "–")
        else:
            span = 2 + len(metrics)
            cells.append(f'<td colspan="{span}">{esc(row["status"])}: {esc(row["reason"])}</td>')
        cells.append(_linked(_date(row), row, runs_url) + _badges(row))
        rows.append(cells)
        keys.append([row["device"], row["framework"], *[f"{p}-{row['params'][p]}" for p in all_params if p in row["params"]]])
        data.append({"device": row["device"], "framework": row["framework"],
                     **{p: row["params"].get(p) for p in all_params}, "status": row["status"],
                     "reason": row["reason"] if not ok else None, "median_s": row["median_s"] if ok else None,
                     **{m: row.get(f"m_{m}") if ok else None for m in metrics},
                     "iqr_over_median": spread, **_provenance(row)})
    caption = "; ".join(f"{esc(k)} = {esc(v)}" for k, v in constant.items())
    return Table((f'<p class="ab-constant">Every row: {caption}.</p>\n' if caption else "")
                 + html_table(map(esc, head), rows, ids=row_ids(anchor, keys)), data)


def _param_cell(value) -> str:
    """A parameter's cell: numbers sort as numbers."""
    return num_cell(esc(value), value) if isinstance(value, (int, float)) and not isinstance(value, bool) else esc(value)


def _provenance(row) -> dict:
    """The columns every downloaded row ends with: where its number came from."""
    return {"run_id": row["run_id"], "date": _date(row), "stale": bool(row["stale"]),
            "wide_spread": row.get("wide_spread") is True, "complete": row.get("complete") is not False}


def best_table(latest: pd.DataFrame, metric: str, group_params: list[str], x_param: str, runs_url: str, *,
               anchor: str = "best") -> Table:
    """The best value of ``metric`` per device x framework x group params, and where it was reached;
    no table when no record has that metric. ``anchor`` as for :func:`results_table`."""
    best = best_per_series(latest, metric, group_params)
    if best.empty:
        return Table(None, [])
    head = ["Device", "Framework", *group_params, f"Best {label(metric)}", f"at {x_param}", "Run"]
    rows = [[esc(row["device"]), esc(row["framework"]), *[_param_cell(row["params"].get(p, "")) for p in group_params],
             num_cell(_linked(fmt(row[f"m_{metric}"], metric), row, runs_url), row[f"m_{metric}"]),
             _param_cell(row["params"].get(x_param, "")),
             _linked(_date(row), row, runs_url) + _badges(row)]
            for _, row in best.iterrows()]
    keys = [[row["device"], row["framework"], *[f"{p}-{row['params'].get(p)}" for p in group_params]]
            for _, row in best.iterrows()]
    data = [{"device": row["device"], "framework": row["framework"],
             **{p: row["params"].get(p) for p in group_params}, metric: row[f"m_{metric}"],
             x_param: row["params"].get(x_param), **_provenance(row)} for _, row in best.iterrows()]
    return Table(html_table(map(esc, head), rows, ids=row_ids(anchor, keys)), data)


def runs_table(runs: list[dict]) -> str:
    """Every stored run, newest first, each with an anchor the result tables link to."""
    head = ["Run", "Date (UTC)", "Host", "Profile", "Devices", "Software", "Commit", "Records"]
    rows = []
    for run in sorted(runs, key=lambda r: r["created_at"], reverse=True):
        env = run["environment"]
        devices = sorted({f'{d["name"]} ({d["platform"]}, ×{d["count"]})' for d in run["devices"]})
        versions = [f"{k} {v}" for k, v in env["versions"].items() if v and k in VERSIONS_SHOWN]
        statuses = pd.Series([r["status"] for r in run["records"]]).value_counts().to_dict()
        commit = run["code"].get("git_commit") or "unknown"
        cells = [
            f'<span id="run-{esc(run["run_id"])}">{esc(run["run_id"])}</span>'
            + ("" if run["complete"] else partial_badge(run.get("interrupted_by"))),
            esc(run["created_at"]), esc(env["host"]), esc(run["profile"]),
            "<br>".join(esc(d) for d in devices) or "–",
            "<br>".join(esc(v) for v in versions) + f"<br>Python {esc(env['python'])}",
            esc(commit[:10]) + (" (dirty)" if run["code"].get("dirty") else ""),
            ", ".join(f"{n} {esc(s)}" for s, n in sorted(statuses.items())) or "none",
        ]
        rows.append(cells)
    return html_table(head, rows)


def scaling_table(latest: pd.DataFrame, runs_url: str, *, anchor: str = "scaling") -> Table:
    """Scaling efficiency of each pair of one-device and all-device records of a run; no table when
    no pair exists. ``anchor`` as for :func:`results_table`."""
    pairs = scaling_pairs(latest)
    rows = [[esc(many["device"]), esc(many["framework"]), esc(many["params"].get("config")),
             num_cell(esc(many["n_devices"]), many["n_devices"]),
             num_cell(_linked(fmt(one["m_tokens_per_s"]), one, runs_url), one["m_tokens_per_s"]),
             num_cell(_linked(fmt(many["m_tokens_per_s"]), many, runs_url), many["m_tokens_per_s"]),
             num_cell(f"{efficiency * 100:.0f}%", efficiency)] for one, many, efficiency in pairs]
    if not rows:
        return Table(None, [])
    data = [{"device": many["device"], "framework": many["framework"], "config": many["params"].get("config"),
             "n_devices": many["n_devices"], "tokens_per_s_one": one["m_tokens_per_s"],
             "tokens_per_s_all": many["m_tokens_per_s"], "scaling_efficiency": efficiency,
             "run_id_one": one["run_id"], **_provenance(many)} for one, many, efficiency in pairs]
    keys = [[many["run_id"], many["device"], many["framework"], many["params"].get("config")] for _, many, _ in pairs]
    return Table(html_table(["Device", "Framework", "config", "Devices", "tokens/s on one", "tokens/s on all",
                             "Scaling efficiency"], rows, ids=row_ids(anchor, keys)), data)


VERSIONS_SHOWN = ("torch", "jax", "cuda", "rocm", "driver", "libtpu")  # in the runs table
VERDICT_ICONS = {"supported": "✅", "contradicted": "❌", "mixed": "⚖️", "not measured yet": "❔"}


def verdict_table(verdicts, runs_url: str, page_url, contribute_url: str, published=None, published_url=None) -> str:
    """The article's comparison table beside what the runs show, with a verdict per row, and a
    second verdict column from results published by others (MLPerf), never merged with the first.
    ``page_url(src)`` turns a docs path into a link relative to the current page."""
    head = ["Feature", "GPUs 🎮 (article)", "TPUs ⚙️ (article)", "What the stored runs show", "Measured here"]
    if published is not None:
        head.append("Published (MLPerf)")
    rows = []
    for v in verdicts:
        evidence = "<br>".join(esc(e) for e in v.evidence)
        if v.runs:
            evidence += "<br>Runs: " + ", ".join(f'<a href="{runs_url}#run-{esc(r)}">{esc(r[:15])}…</a>' for r in v.runs)
        if v.page:
            evidence += f'<br><a href="{page_url(v.page)}">Details</a>'
        if v.reference_only:  # not a measurement: shown apart, without a verdict's colour
            verdict = (f'<span class="ab-verdict ab-verdict--reference">📋 {esc(v.verdict)}</span>'
                       '<br><span class="ab-badge ab-badge--wide">reference data, not measured</span>')
        else:
            css = f'ab-verdict ab-verdict--{v.verdict.replace(" ", "-")}'
            verdict = f'<span class="{css}">{VERDICT_ICONS[v.verdict]} {esc(v.verdict)}</span>'
        if v.verdict == "not measured yet":
            verdict += f'<br><a href="{contribute_url}">Contribute a run</a>'
        row = [f"<strong>{esc(v.feature)}</strong>", esc(v.gpu_claim), esc(v.tpu_claim), evidence, verdict]
        if published is not None:
            row.append(_published_cell(published.get(v.claim.slug), published_url))
        rows.append(row)
    return html_table(head, rows)


def _published_cell(p, published_url: str) -> str:
    """A published verdict with its evidence and links to the result files it used."""
    if p is None:  # MLPerf Training measures training only
        return '<span class="ab-verdict ab-verdict--not-covered">not covered by MLPerf</span>'

    css = f'ab-verdict ab-verdict--{p.verdict.replace(" ", "-")}'
    links = "".join(f'<br><a href="{esc(url)}">{esc(label)}</a>' for label, url in p.links[:4])
    return (f'<span class="{css}">{esc(p.verdict)}</span><br><small>{"<br>".join(esc(e) for e in p.evidence)}</small>'
            f'{links}<br><a href="{published_url}">Published results</a>')


def html_table(head, rows, ids: list[str] | None = None) -> str:
    """The one table every other builds on. Headings and cells are HTML, already escaped; a cell
    that is a whole ``<td ...>`` element (one spanning columns, or one with a raw number to sort
    by) is used as it is. ``ids``: one anchor per row (already unique and escaped), or none."""
    rows = list(rows)
    starts = [f'<tr id="{i}">' for i in ids] if ids is not None else ["<tr>"] * len(rows)
    body = [start + "".join(c if c.startswith("<td") else f"<td>{c}</td>" for c in row) + "</tr>"
            for start, row in zip(starts, rows, strict=True)]
    return "\n".join(["<table>", "<thead><tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead>", "<tbody>",
                      *body, "</tbody>", "</table>"]) + "\n"


def _sources(text: str) -> str:
    """Source cells: addresses become links, everything else stays text."""
    parts = []
    for part in str(text).split("; "):
        part = part.strip()
        parts.append(f'<a href="{esc(part)}">{esc(part)}</a>' if part.startswith("https://") else esc(part))
    return "; ".join(parts)


SPEC_COLUMNS = [("chip", "Chip"), ("vendor", "Vendor"), ("year", "Year"), ("bf16_dense_tflops", "bf16 dense TFLOP/s"),
                ("fp8_dense_tflops", "fp8 dense TFLOP/s"), ("fp32_tflops", "fp32 TFLOP/s"),
                ("tf32_dense_tflops", "tf32 dense TFLOP/s"), ("hbm_gb", "HBM (GB)"),
                ("hbm_tbps", "HBM (TB/s)"), ("tdp_w", "TDP (W)"), ("confidence", "Confidence")]


def accelerators_table(rows: list[dict], measured: dict[str, tuple[str, pd.Series]], runs_url: str) -> str:
    """Vendor specifications with their sources; ``measured`` maps chip -> (what was measured on
    it, the record), linked to its run."""
    head = [label for _, label in SPEC_COLUMNS] + ["Measured here", "Sources and notes"]
    out = []
    for row in rows:
        cells = [esc(row.get(key) or "–") for key, _ in SPEC_COLUMNS]
        if row["chip"] in measured:
            text, record = measured[row["chip"]]
            cells.append(_linked(esc(text), record, runs_url) + _badges(record))
        else:
            cells.append('<span class="ab-badge ab-badge--wide">spec only: not measured yet</span>')
        cells.append(_sources(row.get("sources", "")) + f"<br>retrieved {esc(row.get('retrieved') or 'not recorded')}"
                     + (f"<br><em>{esc(row['notes'])}</em>" if row.get("notes") else ""))
        out.append(cells)
    return html_table(head, out)


def prices_table(rows: list[dict]) -> str:
    head = ["Chip", "Provider", "Region", "Offer", "USD per chip-hour", "Pricing", "Source", "Date", "Notes"]
    return html_table(head, [[esc(r["chip"]), esc(r["provider"]), esc(r.get("region") or "–"), esc(r["offer"]),
                              esc(r["usd_per_chip_hour"]), esc(r["pricing"]), _sources(r["source"]),
                              esc(r["source_date"]), esc(r.get("notes") or "")] for r in rows])


def cost_table(rows: list[dict], runs_url: str, *, anchor: str = "cost") -> Table:
    """One row per priced chip: measured throughput turned into cost, or 'spec only'. ``anchor``
    as for :func:`results_table`."""
    head = ["Chip", "Cheapest on-demand price", "GPT-2 small tokens/s", "USD per billion training tokens",
            "Best bf16 matmul TFLOP/s", "USD per PFLOP"]
    out, data = [], []
    for r in rows:
        price = r["price"]
        price_cell = (f"${float(price['usd_per_chip_hour']):.2f}/h ({esc(price['provider'])}, "
                      f"{esc(price.get('region') or 'region not stated')}, {esc(price['source_date'])})"
                      if price else "no on-demand price")
        tok, mm = r["tokens_row"], r["matmul_row"]
        spec_only = '<span class="ab-badge ab-badge--wide">spec only: not measured yet</span>'
        out.append([esc(r["chip"]), num_cell(price_cell, float(price["usd_per_chip_hour"])) if price else price_cell,
                    num_cell(_linked(fmt(tok["m_tokens_per_s"]), tok, runs_url) + _badges(tok), tok["m_tokens_per_s"])
                    if tok is not None else spec_only,
                    num_cell(f"${r['usd_per_btok']:.3g}", r["usd_per_btok"]) if r["usd_per_btok"] is not None else "–",
                    num_cell(_linked(fmt(mm["m_tflops"]), mm, runs_url) + _badges(mm), mm["m_tflops"])
                    if mm is not None else spec_only,
                    num_cell(f"${r['usd_per_pflop']:.4f}", r["usd_per_pflop"]) if r["usd_per_pflop"] is not None else "–"])
        data.append({"chip": r["chip"], "usd_per_chip_hour": float(price["usd_per_chip_hour"]) if price else None,
                     "price_provider": price["provider"] if price else None,
                     "price_region": (price.get("region") or None) if price else None,
                     "price_date": price["source_date"] if price else None,
                     "tokens_per_s": tok["m_tokens_per_s"] if tok is not None else None,
                     "tokens_run_id": tok["run_id"] if tok is not None else None,
                     "tokens_date": _date(tok) if tok is not None else None,
                     "usd_per_billion_tokens": r["usd_per_btok"],
                     "tflops": mm["m_tflops"] if mm is not None else None,
                     "tflops_run_id": mm["run_id"] if mm is not None else None,
                     "tflops_date": _date(mm) if mm is not None else None,
                     "usd_per_pflop": r["usd_per_pflop"]})
    return Table(html_table(head, out, ids=row_ids(anchor, [[r["chip"]] for r in rows])), data)


def energy_table(records: pd.DataFrame, runs_url: str, *, anchor: str = "energy") -> tuple[Table, Table]:
    """Every measurement metered for energy, then, per device, why the others have no figure: the
    two tables (either without html where it has no row)."""
    metered, unmetered = Table(None, []), Table(None, [])
    if records.empty or "energy_measured" not in records:
        return metered, unmetered
    measured = records[records["energy_measured"] == True]  # noqa: E712 (NaN where not metered)
    if not measured.empty:
        rows, keys, data = [], [], []
        for _, r in measured.iterrows():
            eff_value = next((r.get(m) for m in ("m_tokens_per_joule", "m_tflops_per_watt") if pd.notna(r.get(m))), None)
            eff = (f"{fmt(r.get('m_tokens_per_joule'))} tokens/J" if pd.notna(r.get("m_tokens_per_joule"))
                   else f"{fmt(r.get('m_tflops_per_watt'))} TFLOP/J" if pd.notna(r.get("m_tflops_per_watt")) else "–")
            params = ", ".join(f"{k}={v}" for k, v in r["params"].items())
            rows.append([esc(r["device"]), esc(r["framework"]), esc(r["workload"]), esc(params),
                         num_cell(_linked(fmt(r.get("m_watts")), r, runs_url), r.get("m_watts")),
                         num_cell(fmt(r.get("idle_watts")), r.get("idle_watts")),
                         num_cell(_linked(eff, r, runs_url) + _badges(r), eff_value)])
            keys.append([r["workload"], r["device"], r["framework"], *[f"{k}-{v}" for k, v in r["params"].items()]])
            data.append({"device": r["device"], "framework": r["framework"], "workload": r["workload"],
                         "params": params, "watts": raw(r.get("m_watts")), "idle_watts": raw(r.get("idle_watts")),
                         "tokens_per_joule": raw(r.get("m_tokens_per_joule")),
                         "tflops_per_watt": raw(r.get("m_tflops_per_watt")), **_provenance(r)})
        metered = Table(html_table(["Device", "Framework", "Workload", "Parameters", "Average W", "Idle W", "Efficiency"],
                                   rows, ids=row_ids(anchor, keys)), data)
    unmeasured = records[records["energy_measured"] == False]  # noqa: E712 (NaN where not metered)
    if not unmeasured.empty:
        reasons = unmeasured.groupby(["device", "energy_reason"], dropna=False).size().reset_index(name="count")
        unmetered = Table(html_table(["Device", "Why energy is not measured", "Measurements"],
                                     [[esc(r["device"]), esc(r["energy_reason"]), num_cell(esc(r["count"]), r["count"])]
                                      for _, r in reasons.iterrows()],
                                     ids=row_ids(f"{anchor}-unmetered", [[r["device"], r["energy_reason"]]
                                                                         for _, r in reasons.iterrows()])),
                          [{"device": r["device"], "energy_reason": raw(r["energy_reason"]), "measurements": r["count"]}
                           for _, r in reasons.iterrows()])
    return metered, unmetered



def verdict_note(v, details_src: str | None, contribute_src: str) -> str:
    """One verdict as a Markdown admonition: the verdict, its evidence, where to read more."""
    kind = {"supported": "success", "contradicted": "failure", "mixed": "warning"}.get(v.verdict, "note")
    links = [f"[Evidence]({details_src})"] if details_src else []
    if v.verdict == "not measured yet":
        links.append(f"[Contribute a run]({contribute_src})")
    if v.reference_only:  # a price list is not a measurement: an info note, said so
        kind, title = "info", f"{esc(v.feature)}: {esc(v.verdict)} (reference data, not measured)"
        said = f"The dated price list (reference data, not a measurement) says **{esc_md(v.verdict)}**"
    else:
        title = f"{esc(v.feature)}: {esc(v.verdict)}"
        said = f"The stored runs say **{esc_md(v.verdict)}**"
    lines = [f"{said} for the TPU claim \"{esc_md(v.tpu_claim)}\".", "",
             *[f"- {esc_md(e)}" for e in v.evidence], "", " · ".join(links)]
    return f'!!! {kind} "{title}"\n' + _indented(lines)


PLATFORM_NAMES = {"cpu": "CPU", "gpu": "GPU", "tpu": "TPU"}


def _indented(lines: list[str]) -> str:
    """The body of an admonition: every line indented, blank lines left blank."""
    return "\n".join(f"    {line}" if line else "" for line in lines) + "\n"


def coverage_note(records: pd.DataFrame, contribute_src: str) -> str:
    """What kinds of device the stored runs measured, from the data: never a typed claim."""
    ok = records[records["status"] == "ok"] if not records.empty else records
    measured = {pl: sorted(map(str, ok[ok["platform"] == pl]["device"].unique())) for pl in PLATFORM_NAMES} \
        if not ok.empty else {pl: [] for pl in PLATFORM_NAMES}
    lines = [f"- **{PLATFORM_NAMES[pl]}**: " + (", ".join(esc_md(d) for d in devices) if devices
                                                else "not measured yet: every result for it reads *not measured yet*")
             for pl, devices in measured.items()]
    missing = [PLATFORM_NAMES[pl] for pl, devices in measured.items() if not devices and pl != "cpu"]
    kind = "warning" if missing else "success"
    title = f"Not measured yet: {' and '.join(missing)}" if missing else "Measured on CPUs, GPUs and TPUs"
    body = ["The stored runs measured:", "", *lines, "",
            "Vendor figures appear only as labelled references, never as results. "
            f"[Contribute a run]({contribute_src}) from hardware that is missing."]
    return f'!!! {kind} "{title}"\n' + _indented(body)
