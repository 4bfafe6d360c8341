"""The tables of one workload's results: the latest result per device, framework and parameters,
the best value per series, and scaling efficiency. Each is given the query results it shows."""

from __future__ import annotations

import pandas as pd

from accelbench.core.metrics import label, table_default
from accelbench.core.text import esc, fmt, fmt_time, num_cell, row_ids
from accelbench.publish.render.tables import Table, badges, html_table, linked, param_cell, provenance_columns, record_date
from accelbench.publish.wording import tables as table_words


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
    head = [*table_words.RESULT_COLUMNS, *params, table_words.MEDIAN_TIME, *[label(m) for m in metrics],
            *table_words.SPREAD_AND_RUN]
    rows, keys, data = [], [], []
    for _, row in _sorted(latest, params).iterrows():
        cells = [esc(row["device"]), esc(row["framework"])]
        cells += [param_cell(row["params"].get(p, "")) for p in params]
        ok = row["status"] == "ok"
        spread = (row["q3_s"] - row["q1_s"]) / row["median_s"] if ok and row["median_s"] else None
        if ok:
            cells.append(num_cell(linked(fmt_time(row["median_s"]), row, runs_url), row["median_s"]))
            cells += [num_cell(linked(fmt(row.get(f"m_{m}"), m), row, runs_url), row.get(f"m_{m}"))
                      if pd.notna(row.get(f"m_{m}")) else "–" for m in metrics]
            cells.append(num_cell(f"{spread * 100:.1f}%", spread) if spread is not None else "–")
        else:
            span = 2 + len(metrics)
            cells.append(f'<td colspan="{span}">{esc(row["status"])}: {esc(row["reason"])}</td>')
        cells.append(linked(record_date(row), row, runs_url) + badges(row))
        rows.append(cells)
        keys.append([row["device"], row["framework"], *[f"{p}-{row['params'][p]}" for p in all_params if p in row["params"]]])
        data.append({"device": row["device"], "framework": row["framework"],
                     **{p: row["params"].get(p) for p in all_params}, "status": row["status"],
                     "reason": row["reason"] if not ok else None, "median_s": row["median_s"] if ok else None,
                     **{m: row.get(f"m_{m}") if ok else None for m in metrics},
                     "iqr_over_median": spread, **provenance_columns(row)})
    caption = "; ".join(f"{esc(k)} = {esc(v)}" for k, v in constant.items())
    return Table((f'<p class="ab-constant">Every row: {caption}.</p>\n' if caption else "")
                 + html_table(map(esc, head), rows, ids=row_ids(anchor, keys)), data)


def best_table(best: pd.DataFrame, metric: str, group_params: list[str], x_param: str, runs_url: str, *,
               anchor: str = "best") -> Table:
    """The best value of ``metric`` per device x framework x group params, and where it was reached,
    from ``best`` (queries.best_per_series); no table when it has no row. ``anchor`` as for
    :func:`results_table`."""
    if best.empty:
        return Table(None, [])
    head = [*table_words.RESULT_COLUMNS, *group_params, table_words.BEST.format(metric=label(metric)),
            table_words.AT.format(param=x_param), table_words.RUN]
    rows = [[esc(row["device"]), esc(row["framework"]), *[param_cell(row["params"].get(p, "")) for p in group_params],
             num_cell(linked(fmt(row[f"m_{metric}"], metric), row, runs_url), row[f"m_{metric}"]),
             param_cell(row["params"].get(x_param, "")),
             linked(record_date(row), row, runs_url) + badges(row)]
            for _, row in best.iterrows()]
    keys = [[row["device"], row["framework"], *[f"{p}-{row['params'].get(p)}" for p in group_params]]
            for _, row in best.iterrows()]
    data = [{"device": row["device"], "framework": row["framework"],
             **{p: row["params"].get(p) for p in group_params}, metric: row[f"m_{metric}"],
             x_param: row["params"].get(x_param), **provenance_columns(row)} for _, row in best.iterrows()]
    return Table(html_table(map(esc, head), rows, ids=row_ids(anchor, keys)), data)


def scaling_table(pairs: list[tuple[pd.Series, pd.Series, float]], runs_url: str, *, anchor: str = "scaling") -> Table:
    """Scaling efficiency of each pair of one-device and all-device records of a run, from
    ``pairs`` (queries.scaling_pairs); no table when there is no pair. ``anchor`` as for
    :func:`results_table`."""
    rows = [[esc(many["device"]), esc(many["framework"]), esc(many["params"].get("config")),
             num_cell(esc(many["n_devices"]), many["n_devices"]),
             num_cell(linked(fmt(one["m_tokens_per_s"]), one, runs_url), one["m_tokens_per_s"]),
             num_cell(linked(fmt(many["m_tokens_per_s"]), many, runs_url), many["m_tokens_per_s"]),
             num_cell(f"{efficiency * 100:.0f}%", efficiency)] for one, many, efficiency in pairs]
    if not rows:
        return Table(None, [])
    data = [{"device": many["device"], "framework": many["framework"], "config": many["params"].get("config"),
             "n_devices": many["n_devices"], "tokens_per_s_one": one["m_tokens_per_s"],
             "tokens_per_s_all": many["m_tokens_per_s"], "scaling_efficiency": efficiency,
             "run_id_one": one["run_id"], **provenance_columns(many)} for one, many, efficiency in pairs]
    keys = [[many["run_id"], many["device"], many["framework"], many["params"].get("config")] for _, many, _ in pairs]
    return Table(html_table(list(table_words.SCALING_COLUMNS), rows, ids=row_ids(anchor, keys)), data)
