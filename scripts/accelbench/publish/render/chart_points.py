"""What the charts of our own runs draw (charts.py): one point per measured result, with its whisker (the
timing samples' quartiles) and its tooltip's fields (its value as the tables show it, and where it is from)."""

from __future__ import annotations

import pandas as pd

from accelbench.core.text import fmt
from accelbench.publish.render.chart_theme import SEP


def _series_parts(row, chart: dict) -> list[str]:
    """What tells a record's series apart: its device, framework and the chart's series parameters."""
    return [str(part) for part in (row["device"], row["framework"], *[row["params"].get(p) for p in chart.get("series", [])])]


def _params_text(params: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(params.items()))


def about(row, metric: str) -> dict:
    """The tooltip's fields of one record: its value as the table shows it, and where it is from."""
    return {"value": fmt(float(row[f"m_{metric}"]), metric), "device": str(row["device"]),
            "framework": str(row["framework"]), "parameters": _params_text(row["params"]),
            "run": str(row.get("run_id", "")),
            "date": row["created_at"].strftime("%Y-%m-%d") if "created_at" in row else ""}


def _spread(row, value: float) -> tuple[float, float]:
    """The whisker of a measured value: the metric is inversely proportional to time, so q1/q3 of
    the timing samples bound it. A published figure has no samples, so no whisker."""
    if all(pd.notna(row.get(c)) for c in ("median_s", "q1_s", "q3_s")):
        return value * row["median_s"] / row["q3_s"], value * row["median_s"] / row["q1_s"]
    return value, value


def points(latest: pd.DataFrame, chart: dict) -> pd.DataFrame:
    """What a chart draws: one row per measured result with a positive value (a zero rate cannot
    be drawn on a log axis) and, for lines, a usable x; with the tooltip's fields."""
    metric = f"m_{chart['y']}"
    if metric not in latest:
        return pd.DataFrame()
    measured = latest["status"] == "ok" if "status" in latest else True  # a published figure has no status
    ok = latest[measured & latest[metric].notna() & (latest[metric] > 0)]
    rows = []
    for _, row in ok.iterrows():
        x = row["params"].get(chart["x"])
        if chart.get("mark") != "bar" and (isinstance(x, bool) or not isinstance(x, (int, float)) or x <= 0):
            continue  # a record without a usable x (a contributed file may lack it) is not drawn
        value = float(row[metric])
        lo, hi = _spread(row, value)
        parts = _series_parts(row, chart)
        # a bar's label leaves out the device, which the colour legend names
        rows.append({"x": x, "y": value, "lo": lo, "hi": hi, "series": SEP.join(parts), "bar_label": SEP.join(parts[1:]),
                     **about(row, chart["y"])})
    if not rows:
        return pd.DataFrame()
    frame = pd.DataFrame(rows)
    return frame.sort_values("series", kind="stable") if chart.get("mark") == "bar" else frame.sort_values(["series", "x"])
