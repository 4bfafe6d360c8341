"""The measured charts, as Vega-Lite specifications built with Altair, each a Chart (chart_theme.py)
with a static SVG rendered at build.

Lines: a metric against a parameter, one line per device x framework x series. Bars: one bar per
device x framework x series. Both carry error bars from the interquartile range of the timing
samples. The roofline draws each device's ceilings; vendor figures are labelled as such. Every one
has a legend that hides and shows its series, and zooms and pans.
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from accelbench.core.text import fmt
from accelbench.publish.render.chart_theme import DASH, HEIGHT, WIDTH, Chart, make_figure, param_name


def _hide_on_click(field: str, name: str) -> alt.Parameter:
    """Clicking a legend entry hides its series; clicking it again shows it. The selection holds
    the hidden entries, so an empty one hides nothing."""
    return alt.selection_point(name=name, fields=[field], bind="legend", toggle="true", empty=False)


def _unless_hidden(hidden: alt.Parameter) -> dict:
    return alt.condition(hidden, alt.value(0), alt.value(1))


def _zoom(name: str, encodings: list[str]) -> alt.Parameter:
    return alt.selection_interval(name=name, bind="scales", encodings=encodings)


def _key_label(row, chart: dict) -> str:
    return " · ".join(map(str, (row["device"], row["framework"], *[row["params"].get(p) for p in chart.get("series", [])])))


def _params_text(params: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(params.items()))


def _about(row, metric: str) -> dict:
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
        rows.append({"x": x, "y": value, "lo": lo, "hi": hi, "series": _key_label(row, chart), **_about(row, chart["y"])})
    if not rows:
        return pd.DataFrame()
    frame = pd.DataFrame(rows)
    return frame.sort_values("series", kind="stable") if chart.get("mark") == "bar" else frame.sort_values(["series", "x"])


TOOLTIP = [alt.Tooltip("value:N", title="value"), alt.Tooltip("device:N"), alt.Tooltip("framework:N"),
           alt.Tooltip("parameters:N"), alt.Tooltip("run:N", title="run id"), alt.Tooltip("date:N")]
# the published chart's rows: an accelerator's best entry per MLPerf round and chip count
PUBLISHED_TOOLTIP = [alt.Tooltip("value:N", title="chip-hours"), alt.Tooltip("device:N", title="accelerator"),
                     alt.Tooltip("framework:N", title="MLPerf round"), alt.Tooltip("parameters:N")]


def line_chart(latest: pd.DataFrame, chart: dict, alt_text: str, peaks: list[tuple[str, float]] = (),
               uid: str = "chart", tooltip=None) -> Chart | None:
    """A metric against a parameter, or None when there is nothing measured to draw. ``peaks``:
    (label, value) reference lines, such as a vendor's peak."""
    data = points(latest, chart)
    if data.empty:
        return None
    y_label = chart.get("y_label", chart["y"])
    y_max = max([data["hi"].max(), *[v for _, v in peaks]])
    log_y = data["lo"].min() > 0 and y_max / data["lo"].min() > 30
    series = sorted(data["series"].unique())
    hidden = _hide_on_click("series", f"{param_name(uid)}_hidden")
    x_label = chart.get("x_label", chart["x"])
    xs = sorted(data["x"].unique())
    x = alt.X("x:Q", title=x_label + (" (log scale)" if chart.get("log_x") and "log scale" not in x_label else ""),
              axis=alt.Axis(values=[float(v) for v in xs]) if len(xs) <= 8 else alt.Axis(),
              scale=alt.Scale(type="log", nice=False, padding=14) if chart.get("log_x") else alt.Scale(zero=False))
    y = alt.Y("y:Q", title=y_label + (" (log scale)" if log_y else ""),
              scale=alt.Scale(type="log") if log_y else alt.Scale(zero=True))
    color = alt.Color("series:N", title="device · framework · " + " · ".join(chart.get("series", [])).rstrip(" ·"),
                      scale=alt.Scale(domain=series))
    dash = alt.StrokeDash("framework:N", title="framework",
                          scale=alt.Scale(domain=list(DASH), range=list(DASH.values())), legend=None)
    visible = alt.Chart(data).transform_filter(~hidden)
    base = alt.Chart(data).encode(x=x, color=color)
    layers = [
        base.mark_line(strokeWidth=2, clip=True).encode(y=y, strokeDash=dash).add_params(hidden)
            .encode(opacity=_unless_hidden(hidden)),
        visible.mark_rule(strokeWidth=1.5, clip=True).encode(x=x, y=alt.Y("lo:Q"), y2="hi:Q", color=color),
        visible.mark_point(filled=True, size=45, opacity=1, clip=True).encode(
            x=x, y=y, color=color, tooltip=tooltip or TOOLTIP).add_params(_zoom(f"{param_name(uid)}_zoom", ["x", "y"])),
    ]
    layers += _peak_layers(peaks)
    return make_figure(alt.layer(*layers).properties(title=chart.get("title", chart["y"]), width=WIDTH, height=HEIGHT),
                   alt_text, uid)


def _peak_layers(peaks) -> list:
    if not peaks:
        return []
    frame = pd.DataFrame([{"peak": v, "label": f"{label}: {fmt(v)} (vendor figure)"} for label, v in peaks])
    rule = alt.Chart(frame).mark_rule(strokeDash=[8, 4], style="peak")
    return [rule.encode(y="peak:Q", tooltip=alt.Tooltip("label:N", title="vendor figure")),
            rule.mark_text(align="right", dy=-6, fontSize=11, style="peak")
                .encode(y="peak:Q", x=alt.value(WIDTH - 4), text="label:N")]


def bar_chart(latest: pd.DataFrame, chart: dict, alt_text: str, uid: str = "chart") -> Chart | None:
    """Horizontal bars, one per device x framework x series, with the IQR as a whisker."""
    data = points(latest, chart)
    if data.empty:
        return None
    data = data.sort_values(["device", "series"]).reset_index(drop=True)
    hidden = _hide_on_click("device", f"{param_name(uid)}_hidden")
    y_label = chart.get("y_label", chart["y"])
    # room right of the longest whisker for its value
    x = alt.X("y:Q", title=y_label, scale=alt.Scale(zero=True, domainMax=float(data["hi"].max()) * 1.18, nice=False))
    # one row per series, grouped by device; the label leaves the device to the colour legend
    y = alt.Y("series:N", title=None, sort=list(data["series"]),
              axis=alt.Axis(labelLimit=260, labelExpr="join(slice(split(datum.label, ' · '), 1), ' · ')"))
    color = alt.Color("device:N", title="device", scale=alt.Scale(domain=sorted(data["device"].unique())))
    visible = alt.Chart(data).transform_filter(~hidden)
    layers = [
        alt.Chart(data).mark_bar(clip=True).encode(
            x=x, y=y, color=color, opacity=_unless_hidden(hidden), tooltip=TOOLTIP)
            .add_params(hidden, _zoom(f"{param_name(uid)}_zoom", ["x"])),
        visible.mark_rule(strokeWidth=1.5, clip=True, style="whisker").encode(x="lo:Q", x2="hi:Q", y=y),
        visible.mark_text(align="left", dx=6, fontSize=12).encode(x="hi:Q", y=y, text="value:N"),
    ]
    height = max(60, 26 * len(data))
    return make_figure(alt.layer(*layers).properties(title=chart.get("title", chart["y"]), width=WIDTH, height=height),
                   alt_text, uid)


def chart_figure(latest: pd.DataFrame, chart: dict, alt_text: str, peaks=(), uid: str = "chart") -> Chart | None:
    """The chart a snippet's CHART asks for: lines against a parameter (default) or bars ("mark": "bar")."""
    if chart.get("mark") == "bar":
        return bar_chart(latest, chart, alt_text, uid)
    return line_chart(latest, chart, alt_text, peaks, uid)


def roofline_chart(points_: pd.DataFrame, ceilings: dict[str, dict], alt_text: str,
                   uid: str = "roofline") -> Chart | None:
    """Achieved TFLOP/s against arithmetic intensity (FLOP per byte moved), log-log, with each
    device's ceilings: min(peak TFLOP/s, intensity x bandwidth). ``ceilings`` maps device ->
    {"measured": (tflops, gbps) or None, "vendor": (tflops, gbps, chip) or None}."""
    if points_.empty:
        return None
    data = pd.DataFrame([{"x": float(row["intensity"]), "y": float(row["m_tflops"]), **_about(row, "tflops")}
                         for _, row in points_.iterrows()])
    ridges = [c[k][0] / (c[k][1] / 1000) for c in ceilings.values() for k in ("measured", "vendor") if c.get(k)]
    x_lo, x_hi = min([*data["x"], *ridges]) / 3, max([*data["x"], *ridges]) * 2  # show where slopes meet peaks
    lines = []
    for device, c in ceilings.items():
        for key in ("measured", "vendor"):
            if not c.get(key):
                continue
            peak, gbps = c[key][0], c[key][1]
            ridge = peak / (gbps / 1000)  # FLOP/byte where the bandwidth slope meets the peak
            what = "measured ceiling" if key == "measured" else f"vendor ceiling ({c[key][2]})"
            for order, (x, y) in enumerate([(x_lo, x_lo * gbps / 1000), (ridge, peak), (x_hi, peak)]):
                lines.append({"device": str(device), "ceiling": key, "what": what, "x": x, "y": y, "order": order,
                              "line": f"{device}: {what}"})
    devices = sorted(set(data["device"]) | {line["device"] for line in lines})
    hidden = _hide_on_click("device", f"{param_name(uid)}_hidden")
    x = alt.X("x:Q", title="arithmetic intensity (FLOP per byte moved, log scale)",
              scale=alt.Scale(type="log", domain=[x_lo, x_hi]))
    y = alt.Y("y:Q", title="TFLOP/s (log scale)", scale=alt.Scale(type="log"))
    color = alt.Color("device:N", title="device", scale=alt.Scale(domain=devices))
    layers = [alt.Chart(data).mark_point(filled=True, size=50, clip=True).encode(
        x=x, y=y, color=color, opacity=_unless_hidden(hidden),
        tooltip=[alt.Tooltip("value:N", title="TFLOP/s"), *TOOLTIP[1:]])
        .add_params(hidden, _zoom(f"{param_name(uid)}_zoom", ["x", "y"]))]
    if lines:
        layers.append(alt.Chart(pd.DataFrame(lines)).transform_filter(~hidden).mark_line(strokeWidth=1.5, clip=True)
                      .encode(x=x, y=y, color=color, detail="line:N", order="order:Q", tooltip=alt.Tooltip("line:N"),
                              strokeDash=alt.StrokeDash("ceiling:N", title="ceiling",
                                                        scale=alt.Scale(domain=["measured", "vendor"],
                                                                        range=[[1, 0], [6, 4]]))))
    return make_figure(alt.layer(*layers).properties(title="Roofline: achieved TFLOP/s against arithmetic intensity",
                                                 width=WIDTH, height=HEIGHT), alt_text, uid)
