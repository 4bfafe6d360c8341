"""Charts as Vega-Lite specifications built with Altair, each with a static SVG rendered at build.

A chart is a :class:`Figure`: the specification the page draws interactively (tooltips, a legend
that hides and shows series, zoom and pan) with the vendored vega-embed, and the same chart as
an SVG for readers without JavaScript, for print and for the page's source. Both come from one
specification, so they cannot disagree. The specification carries the light theme; ``DARK`` is
what the page merges in under Material's dark palette.

Lines: a metric against a parameter, one line per device x framework x series. Bars: one bar per
device x framework x series. Both carry error bars from the interquartile range of the timing
samples. The roofline draws each device's ceilings; vendor figures are labelled as such.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass

import altair as alt
import pandas as pd
import vl_convert

from accelbench.core.text import esc, fmt

WIDTH, HEIGHT = 460, 320
VEGA_LITE = "6.4"  # the version vl-convert renders with; the vendored vega-lite.min.js is 6.4.x
# Okabe-Ito, readable for colour-blind readers; the dark palette swaps black for white
PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#999999"]
DARK_PALETTE = ["#56B4E9", "#E69F00", "#009E73", "#CC79A7", "#F0E442", "#0072B2", "#FFFFFF", "#BBBBBB"]
DASH = {"torch": [1, 0], "jax": [6, 4], "tensorflow": [2, 2]}
FONT = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"


def _theme(text: str, muted: str, grid: str, background: str, palette: list[str], peak: str) -> dict:
    # generous padding: text is measured with the build machine's fonts, drawn with the reader's
    return {"background": background, "font": FONT, "padding": {"left": 36, "right": 36, "top": 12, "bottom": 12},
            "view": {"stroke": grid},
            "title": {"color": text, "fontSize": 16, "anchor": "start"},
            "axis": {"labelColor": text, "titleColor": text, "gridColor": grid, "domainColor": muted,
                     "tickColor": muted, "labelFontSize": 12, "titleFontSize": 13},
            "legend": {"labelColor": text, "titleColor": text, "labelFontSize": 12, "titleFontSize": 12,
                       "labelLimit": 280, "titleLimit": 420, "orient": "bottom", "direction": "vertical", "columns": 1},
            "text": {"color": text},
            "range": {"category": palette},
            # named mark styles, so the dark palette can recolour what is not a series
            "style": {"peak": {"color": peak, "stroke": peak, "fill": peak}, "whisker": {"stroke": text}}}


LIGHT = _theme("#1a1a1a", "#555555", "#e3e3e3", "#ffffff", PALETTE, peak="#b3261e")
DARK = _theme("#e8e8e8", "#aaaaaa", "#3a3f4b", "#1e2129", DARK_PALETTE, peak="#ff8a80")


@dataclass(frozen=True)
class Figure:
    """One chart: the Vega-Lite specification (light theme) and the SVG rendered from it."""

    spec: dict
    svg: str


def _figure(chart: alt.TopLevelMixin, alt_text: str, uid: str) -> Figure:
    spec = chart.properties(description=alt_text).configure(**LIGHT).to_dict()
    spec.pop("$schema", None)  # names vega.github.io; the page loads nothing from other hosts
    return Figure(spec, _static_svg(spec, alt_text, uid))


def _static_svg(spec: dict, alt_text: str, uid: str) -> str:
    """The SVG the page shows without JavaScript: one image with the alt text, its ids prefixed
    with the chart's own so that several charts inlined into one page do not share a clip path."""
    return _rendered(json.dumps(spec, sort_keys=True), alt_text, uid)


@functools.lru_cache(maxsize=512)
def _rendered(spec_json: str, alt_text: str, uid: str) -> str:
    # one rendering per specification: an answer's chart appears on several pages of a build (the
    # guide, the comparison, its evidence page), and vl-convert takes a good part of a second
    svg = vl_convert.vegalite_to_svg(json.loads(spec_json), vl_version=VEGA_LITE)
    # renumbered in order of appearance: vl-convert counts clip paths across calls, and the same
    # data must give the same bytes
    ids = {old: f"{uid}-{n}" for n, old in enumerate(dict.fromkeys(re.findall(r'\bid="([^"]+)"', svg)), 1)}
    svg = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{ids[m[1]]}"', svg)
    svg = re.sub(r"url\(#([^)]+)\)", lambda m: f"url(#{ids.get(m[1], m[1])})", svg)
    svg = re.sub(r"<svg\b", f'<svg role="img" aria-label="{esc(alt_text)}"', svg, count=1)
    return svg.strip() + "\n"


def page_json(figure: Figure) -> str:
    """What the page's script draws: the specification and the dark theme, as JSON safe inside a
    <script> element: no "<" at all, so nothing in it can end the element early."""
    return json.dumps({"spec": figure.spec, "dark": DARK}, separators=(",", ":")).replace("<", "\\u003c")


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
        if chart.get("kind") != "bar" and (isinstance(x, bool) or not isinstance(x, (int, float)) or x <= 0):
            continue  # a record without a usable x (a contributed file may lack it) is not drawn
        value = float(row[metric])
        lo, hi = _spread(row, value)
        rows.append({"x": x, "y": value, "lo": lo, "hi": hi, "series": _key_label(row, chart), **_about(row, chart["y"])})
    if not rows:
        return pd.DataFrame()
    frame = pd.DataFrame(rows)
    return frame.sort_values("series", kind="stable") if chart.get("kind") == "bar" else frame.sort_values(["series", "x"])


TOOLTIP = [alt.Tooltip("value:N", title="value"), alt.Tooltip("device:N"), alt.Tooltip("framework:N"),
           alt.Tooltip("parameters:N"), alt.Tooltip("run:N", title="run id"), alt.Tooltip("date:N")]
# the published chart's rows: an accelerator's best entry per MLPerf round and chip count
PUBLISHED_TOOLTIP = [alt.Tooltip("value:N", title="chip-hours"), alt.Tooltip("device:N", title="accelerator"),
                     alt.Tooltip("framework:N", title="MLPerf round"), alt.Tooltip("parameters:N")]


def line_chart(latest: pd.DataFrame, chart: dict, alt_text: str, peaks: list[tuple[str, float]] = (),
               uid: str = "chart", tooltip=None) -> Figure | None:
    """A metric against a parameter, or None when there is nothing measured to draw. ``peaks``:
    (label, value) reference lines, such as a vendor's peak."""
    data = points(latest, chart)
    if data.empty:
        return None
    y_label = chart.get("y_label", chart["y"])
    y_max = max([data["hi"].max(), *[v for _, v in peaks]])
    log_y = data["lo"].min() > 0 and y_max / data["lo"].min() > 30
    series = sorted(data["series"].unique())
    hidden = _hide_on_click("series", f"{_name(uid)}_hidden")
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
            x=x, y=y, color=color, tooltip=tooltip or TOOLTIP).add_params(_zoom(f"{_name(uid)}_zoom", ["x", "y"])),
    ]
    layers += _peak_layers(peaks)
    return _figure(alt.layer(*layers).properties(title=chart.get("title", chart["y"]), width=WIDTH, height=HEIGHT),
                   alt_text, uid)


def _peak_layers(peaks) -> list:
    if not peaks:
        return []
    frame = pd.DataFrame([{"peak": v, "label": f"{label}: {fmt(v)} (vendor figure)"} for label, v in peaks])
    rule = alt.Chart(frame).mark_rule(strokeDash=[8, 4], style="peak")
    return [rule.encode(y="peak:Q", tooltip=alt.Tooltip("label:N", title="vendor figure")),
            rule.mark_text(align="right", dy=-6, fontSize=11, style="peak")
                .encode(y="peak:Q", x=alt.value(WIDTH - 4), text="label:N")]


def bar_chart(latest: pd.DataFrame, chart: dict, alt_text: str, uid: str = "chart") -> Figure | None:
    """Horizontal bars, one per device x framework x series, with the IQR as a whisker."""
    data = points(latest, chart)
    if data.empty:
        return None
    data = data.sort_values(["device", "series"]).reset_index(drop=True)
    hidden = _hide_on_click("device", f"{_name(uid)}_hidden")
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
            .add_params(hidden, _zoom(f"{_name(uid)}_zoom", ["x"])),
        visible.mark_rule(strokeWidth=1.5, clip=True, style="whisker").encode(x="lo:Q", x2="hi:Q", y=y),
        visible.mark_text(align="left", dx=6, fontSize=12).encode(x="hi:Q", y=y, text="value:N"),
    ]
    height = max(60, 26 * len(data))
    return _figure(alt.layer(*layers).properties(title=chart.get("title", chart["y"]), width=WIDTH, height=height),
                   alt_text, uid)


def chart_figure(latest: pd.DataFrame, chart: dict, alt_text: str, peaks=(), uid: str = "chart") -> Figure | None:
    """The chart a snippet's CHART asks for: lines against a parameter (default) or bars."""
    if chart.get("kind") == "bar":
        return bar_chart(latest, chart, alt_text, uid)
    return line_chart(latest, chart, alt_text, peaks, uid)


def roofline_chart(points_: pd.DataFrame, ceilings: dict[str, dict], alt_text: str,
                   uid: str = "roofline") -> Figure | None:
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
    hidden = _hide_on_click("device", f"{_name(uid)}_hidden")
    x = alt.X("x:Q", title="arithmetic intensity (FLOP per byte moved, log scale)",
              scale=alt.Scale(type="log", domain=[x_lo, x_hi]))
    y = alt.Y("y:Q", title="TFLOP/s (log scale)", scale=alt.Scale(type="log"))
    color = alt.Color("device:N", title="device", scale=alt.Scale(domain=devices))
    layers = [alt.Chart(data).mark_point(filled=True, size=50, clip=True).encode(
        x=x, y=y, color=color, opacity=_unless_hidden(hidden),
        tooltip=[alt.Tooltip("value:N", title="TFLOP/s"), *TOOLTIP[1:]])
        .add_params(hidden, _zoom(f"{_name(uid)}_zoom", ["x", "y"]))]
    if lines:
        layers.append(alt.Chart(pd.DataFrame(lines)).transform_filter(~hidden).mark_line(strokeWidth=1.5, clip=True)
                      .encode(x=x, y=y, color=color, detail="line:N", order="order:Q", tooltip=alt.Tooltip("line:N"),
                              strokeDash=alt.StrokeDash("ceiling:N", title="ceiling",
                                                        scale=alt.Scale(domain=["measured", "vendor"],
                                                                        range=[[1, 0], [6, 4]]))))
    return _figure(alt.layer(*layers).properties(title="Roofline: achieved TFLOP/s against arithmetic intensity",
                                                 width=WIDTH, height=HEIGHT), alt_text, uid)


def _name(uid: str) -> str:
    """A parameter name Vega accepts: letters, digits and underscores."""
    return re.sub(r"\W", "_", uid)


# The answers' charts: every comparison that holds a number, on one axis

# scale filter buckets (chips per side): what readers of MLPerf's results narrow lists by
SCALES = ((8, "1–8 chips"), (64, "9–64 chips"), (512, "65–512 chips"), (None, "over 512 chips"))
ALL = "all"


def scale_of(chips) -> str:
    if chips is None or pd.isna(chips):
        return "not stated"
    return next(label for bound, label in SCALES if bound is None or chips <= bound)


def forest_chart(rows: pd.DataFrame, alt_text: str, margin: float, uid: str, title: str) -> Figure | None:
    """One row per comparison: the TPU's advantage on one log axis (right of 1 favours the TPU),
    its range where the source gives one, the ± margin band the verdict rules use, colour and shape
    by kind of evidence, hollow for a preview system; a tooltip with the figures, and a click on a
    point opens its source. The reader narrows it by chip, precision and scale with Vega-Lite's own
    bindings; the static SVG shows every row. ``rows``: label, kind, advantage, low, high, figures,
    url, tpu, gpu, chips, precision, preview."""
    if rows.empty:
        return None
    data = rows.copy()
    data["lo"], data["hi"] = data["low"].fillna(data["advantage"]), data["high"].fillna(data["advantage"])
    data["value"] = [f"{lo:.2f}–{hi:.2f}× (middle {a:.2f}×)" if lo != hi else f"{a:.2f}×"
                     for lo, hi, a in zip(data["lo"], data["hi"], data["advantage"], strict=True)]
    data["scale"] = data["chips"].map(scale_of)
    data["precision"] = data["precision"].replace("", "not stated")
    data["status"] = data["preview"].map({True: "a preview system", False: "available"})
    names = {f: f"{_name(uid)}_{f}" for f in ("chip", "precision", "scale")}
    params = [alt.param(name=names["chip"], value=ALL, bind=alt.binding_select(
                  options=[ALL, *sorted(set(data["tpu"]) | set(data["gpu"]))], name="Chip ")),
              alt.param(name=names["precision"], value=ALL, bind=alt.binding_select(
                  options=[ALL, *sorted(set(data["precision"]))], name="Precision ")),
              alt.param(name=names["scale"], value=ALL, bind=alt.binding_select(
                  options=[ALL, *[s for _, s in SCALES if s in set(data["scale"])],
                           *(["not stated"] if "not stated" in set(data["scale"]) else [])], name="Scale "))]
    keep = (f"({names['chip']} == '{ALL}' || datum.tpu == {names['chip']} || datum.gpu == {names['chip']}) && "
            f"({names['precision']} == '{ALL}' || datum.precision == {names['precision']}) && "
            f"({names['scale']} == '{ALL}' || datum.scale == {names['scale']})")
    lo, hi = min(data["lo"].min(), 1 - margin) / 1.25, max(data["hi"].max(), 1 + margin) * 1.25
    axis_title = "TPU advantage (× the GPU, log scale): right of 1 favours the TPU"
    scale = alt.Scale(type="log", domain=[lo, hi], nice=False)
    x = alt.X("advantage:Q", title=axis_title, scale=scale)
    y = alt.Y("label:N", title=None, sort=list(data["label"]), axis=alt.Axis(labelLimit=340))
    kinds = list(dict.fromkeys(data["kind"]))
    color = alt.Color("kind:N", title="kind of evidence", scale=alt.Scale(domain=kinds))
    shape = alt.Shape("kind:N", title="kind of evidence", scale=alt.Scale(domain=kinds))
    band = alt.Chart(pd.DataFrame([{"from": 1 - margin, "to": 1 + margin}])).mark_rect(opacity=0.18, style="whisker").encode(
        x=alt.X("from:Q", title=axis_title, scale=scale), x2="to:Q",
        tooltip=alt.value(f"within ±{margin:.0%}: a tie for the verdict rules"))
    parity = alt.Chart(pd.DataFrame([{"one": 1.0}])).mark_rule(strokeDash=[4, 3], style="whisker").encode(x="one:Q")
    shown = alt.Chart(data).transform_filter(keep)
    whiskers = shown.mark_rule(strokeWidth=2).encode(x="lo:Q", x2="hi:Q", y=y, color=color)
    # every point a ring with the tooltip and the link; a system for sale is filled in, a preview stays hollow
    points = shown.mark_point(size=90, filled=False, strokeWidth=2).encode(
        x=x, y=y, color=color, shape=shape, href="url:N",
        tooltip=[alt.Tooltip("label:N", title="comparison"), alt.Tooltip("kind:N", title="kind of evidence"),
                 alt.Tooltip("value:N", title="TPU advantage"), alt.Tooltip("metric:N", title="compared"),
                 alt.Tooltip("figures:N"), alt.Tooltip("status:N", title="systems"), alt.Tooltip("url:N", title="source")]
    ).properties(name="comparisons")  # its marks' class in the SVG: one ring per comparison
    # decorative: the ring layer above carries each point's name and link for assistive technology
    available = shown.transform_filter("!datum.preview").mark_point(size=90, filled=True, aria=False).encode(
        x=x, y=y, color=color, shape=shape, href="url:N")
    chart = alt.layer(band, parity, whiskers, available, points.add_params(*params)).properties(
        title=title, width=WIDTH, height=max(60, 24 * len(data)))
    return _figure(chart, alt_text, uid)
