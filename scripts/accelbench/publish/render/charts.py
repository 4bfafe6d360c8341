"""The measured charts, as Vega-Lite specifications built with Altair, each a Chart (chart_theme.py)
with a static SVG rendered at build; the published figures' charts (MLPerf, the vendors') are
drawn by the same functions.

Lines: a metric against a parameter, one line per device x framework x series. Bars: one bar per
device x framework x series. Both carry error bars from the interquartile range of the timing
samples. The roofline draws each device's ceilings; vendor figures are labelled as such. Every one
has a legend that hides and shows its series, and zooms and pans.

Each comes in chart_theme's two layouts from the same data, a desktop's and a phone's (``Chart.phone``),
the page showing the one that fits the screen: the chart as wide as the layout (the plot takes what
its axes and legends leave), its title, axis titles, legend labels and bar labels wrapped to it
rather than cut or scaled down, and its legends stacked under the plot. A phone's puts the y axis's
title under the chart's, across (its plot keeps the width), and is drawn interactively as wide as
its column, as the answers' charts are.
"""

from __future__ import annotations

import json
import math

import altair as alt
import pandas as pd

from accelbench.core.reference import Peak
from accelbench.core.text import fmt
from accelbench.publish.render.chart_points import about, points
from accelbench.publish.render.chart_theme import (
    DASH,
    DESKTOP,
    LAYOUTS,
    LEGEND_LAYOUT,
    LIGHT,
    PADDING,
    PHONE,
    SEP,
    TICK_GAP,
    Chart,
    Layout,
    chars_in,
    lines_expr,
    lines_field,
    make_chart,
    one_or_lines,
    param_name,
    text_width,
    title_params,
    wrapped,
)
from accelbench.publish.wording import charts as words
from accelbench.publish.wording.measured import peak_label

# the theme's sizes of a chart's text, which the layouts wrap it for
LABEL_FONT, AXIS_TITLE_FONT = LIGHT["axis"]["labelFontSize"], LIGHT["axis"]["titleFontSize"]
LEGEND_FONT, LEGEND_TITLE_FONT = LIGHT["legend"]["labelFontSize"], LIGHT["legend"]["titleFontSize"]
LEGEND_LIMIT = LIGHT["legend"]["labelLimit"]
PEAK_FONT = PHONE.font  # a vendor peak's label: the smallest text a chart draws, a phone's rows' labels' size
# px left of the plot that a y axis takes (its labels, and on a desktop its title): an estimate of
# the plot's width, for wrapping what is drawn across it and the legends under it
AXIS_ROOM = 60
# a y axis's labels short enough for AXIS_ROOM: 100k, 10M, 1G rather than 10,000,000,000 (a log
# axis leaves some of its ticks unlabelled: they stay so)
SHORT_NUMBERS = "datum.label && abs(datum.value) >= 1e5 ? format(datum.value, '.3~s') : datum.label"
LEGEND_SYMBOL = 24  # px left of a legend's label: its symbol and the gap to it
BAR_ROW = 26  # px per bar whose label is one line
# a bar's label column at its widest (px), its lines wrapped to it: a desktop's as wide as the
# theme's longest label, a phone's as the answers' rows' labels' column
BAR_LABELS = {DESKTOP.name: LEGEND_LIMIT, PHONE.name: PHONE.labels}
# legends under the plot, stacked: two side by side are wider than a phone's column
LEGENDS = {**LEGEND_LAYOUT, "bottom": {"direction": "vertical", "anchor": "start", "margin": 8}}


def _hide_on_click(field: str, name: str) -> alt.Parameter:
    """Clicking a legend entry hides its series; clicking it again shows it. The selection holds
    the hidden entries, so an empty one hides nothing."""
    return alt.selection_point(name=name, fields=[field], bind="legend", toggle="true", empty=False)


def _unless_hidden(hidden: alt.Parameter) -> dict:
    return alt.condition(hidden, alt.value(0), alt.value(1))


def _zoom(name: str, encodings: list[str]) -> alt.Parameter:
    return alt.selection_interval(name=name, bind="scales", encodings=encodings)


TOOLTIP = [alt.Tooltip("value:N", title=words.POINT_TOOLTIP["value"]), alt.Tooltip("device:N"), alt.Tooltip("framework:N"),
           alt.Tooltip("parameters:N"), alt.Tooltip("run:N", title=words.POINT_TOOLTIP["run"]), alt.Tooltip("date:N")]
# the published chart's rows: an accelerator's best entry per MLPerf round and chip count
PUBLISHED_TOOLTIP = [*(alt.Tooltip(f"{field}:N", title=title) for field, title in words.PUBLISHED_POINT_TOOLTIP.items()),
                     alt.Tooltip("parameters:N")]


def _sized(layout: Layout) -> dict:
    """A chart's size in LAYOUT: the layout's width, axes and legends inside it (the plot takes what
    they leave). A phone's has the narrow padding its column leaves room for and, drawn
    interactively, fits the column (assets/charts.js); a desktop's keeps the theme's and its width."""
    size = {"width": layout.width, "autosize": alt.AutoSizeParams(type="fit-x", contains="content")}
    return size | ({"padding": PADDING, "usermeta": {"fit": True}} if layout is PHONE else {})


def _titles(title: str, y_title: str | None, layout: Layout) -> tuple[alt.TitleParams, str | list[str] | None]:
    """The chart's title and its y axis's (None: no y title): a desktop's beside the axis, wrapped to
    the plot's height; a phone's under the chart's title, across, so that the plot keeps the width."""
    if y_title is None:
        return title_params(title, layout), None
    if layout.axis_title:
        return title_params(title, layout), one_or_lines(wrapped(y_title, chars_in(layout.height, AXIS_TITLE_FONT)))
    return title_params(title, layout, [f"up: {y_title}"]), None


def _across(text: str, layout: Layout) -> str | list[str]:
    """An x axis's title, wrapped to the plot's width."""
    return one_or_lines(wrapped(text, chars_in(layout.width - AXIS_ROOM, AXIS_TITLE_FONT)))


def _legend(title: str, labels: list[str], layout: Layout, left: float = AXIS_ROOM) -> alt.Legend:
    """A legend under the plot whose title and labels wrap to the width it has, never cut: Vega
    starts it at the plot's left edge, LEFT px (the y axis's) into the chart."""
    room = layout.width - left
    expr = lines_expr(labels, chars_in(min(LEGEND_LIMIT, room - LEGEND_SYMBOL), LEGEND_FONT))
    return alt.Legend(title=one_or_lines(wrapped(title, chars_in(room, LEGEND_TITLE_FONT))),
                      **({"labelExpr": expr} if expr else {}))


def _ticks(**values) -> dict:
    """An axis whose tick labels keep TICK_GAP px apart: those that would touch are left out."""
    return {"labelOverlap": "greedy", "labelSeparation": TICK_GAP, **values}


def _x_ticks(widest: float, **values) -> dict:
    """An x axis's ticks, apart (``_ticks``), and within half a label's width of an end of the axis
    drawn flush inside the plot rather than centred on their tick: Vega's fit leaves a label that
    overhangs the plot's end no room, and the chart's edge would cut it. ``widest``: about the
    largest value labelled."""
    label = f"{widest:,.0f}" if abs(widest) >= 10 else f"{widest:.1f}"
    return _ticks(labelFlush=math.ceil(text_width(label, LABEL_FONT) / 2), **values)


def line_chart(latest: pd.DataFrame, chart: dict, alt_text: str, peaks: list[tuple[str, float]] = (),
               uid: str = "chart", tooltip=None) -> Chart | None:
    """A metric against a parameter, or None when there is nothing measured to draw. ``peaks``:
    (label, value) reference lines, such as a vendor's peak. Laid out for a desktop, with its phone
    layout."""
    data = points(latest, chart)
    if data.empty:
        return None
    peak_frame = _peak_frame(peaks)
    desktop, phone = (_lines(data, chart, peak_frame, uid, tooltip, layout) for layout in LAYOUTS)
    return make_chart(desktop, alt_text, uid, phone=phone, legend_layout=LEGENDS)


def _lines(data: pd.DataFrame, chart: dict, peaks: pd.DataFrame | None, uid: str, tooltip, layout: Layout) -> alt.LayerChart:
    y_label = chart.get("y_label", chart["y"])
    y_max = max([data["hi"].max(), *([] if peaks is None else peaks["peak"])])
    log_y = data["lo"].min() > 0 and y_max / data["lo"].min() > 30
    series = sorted(data["series"].unique())
    hidden = _hide_on_click("series", f"{param_name(uid)}_hidden")
    x_label = chart.get("x_label", chart["x"])
    xs = sorted(data["x"].unique())
    title, y_title = _titles(chart.get("title", chart["y"]), words.ON_LOG_SCALE.format(title=y_label) if log_y else y_label,
                             layout)
    x_title = (words.ON_LOG_SCALE.format(title=x_label) if chart.get("log_x") and words.LOG_SCALE not in x_label
               else x_label)
    x = alt.X("x:Q", title=_across(x_title, layout),
              axis=alt.Axis(**_x_ticks(max(xs), **({"values": [float(v) for v in xs]} if len(xs) <= 8 else {}))),
              scale=alt.Scale(type="log", nice=False, padding=14) if chart.get("log_x") else alt.Scale(zero=False))
    y = alt.Y("y:Q", title=y_title, axis=alt.Axis(**_ticks(labelExpr=SHORT_NUMBERS)),
              scale=alt.Scale(type="log") if log_y else alt.Scale(zero=True))
    color = alt.Color("series:N", scale=alt.Scale(domain=series),
                      legend=_legend(SEP.join(["device", "framework", *chart.get("series", [])]), series, layout))
    dash = alt.StrokeDash("framework:N", title=words.DASH_TITLES["framework"],
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
    layers += _peak_layers(peaks, layout)
    return alt.layer(*layers).properties(title=title, height=layout.height, **_sized(layout))


def vendor_peak_lines(peaks: list[Peak]) -> list[tuple[str, float]]:
    """Vendor peaks (store/queries.py vendor_peaks) as a line chart's (label, value) reference lines."""
    return [(peak_label(p.chip, p.column), p.value) for p in peaks]


def _peak_frame(peaks) -> pd.DataFrame | None:
    """The vendor peaks' rules: each one's value and label, and the label's lines in each layout
    (across the plot, whose width the layout sets)."""
    if not peaks:
        return None
    frame = pd.DataFrame([{"peak": v, "label": words.PEAK.format(label=label, value=fmt(v))} for label, v in peaks])
    for layout in LAYOUTS:
        chars = chars_in(layout.width - AXIS_ROOM, PEAK_FONT)
        frame[lines_field(layout)] = ["\n".join(wrapped(label, chars)) for label in frame["label"]]
    return frame


def _peak_layers(frame: pd.DataFrame | None, layout: Layout) -> list:
    if frame is None:
        return []
    rule = alt.Chart(frame).mark_rule(strokeDash=[8, 4], style="peak")
    field = lines_field(layout)
    # right-aligned at the plot's right edge, under its rule: a peak tops the y axis, and the plot
    # clips what is drawn above its top (its scales zoom)
    return [rule.encode(y="peak:Q", tooltip=alt.Tooltip("label:N", title=words.VENDOR_FIGURE)),
            rule.mark_text(align="right", baseline="top", dx=-4, dy=4, fontSize=PEAK_FONT, style="peak", strokeWidth=0,
                           lineBreak="\n", lineHeight=PEAK_FONT + 2).encode(y="peak:Q", x=alt.value("width"), text=f"{field}:N")]


def bar_chart(latest: pd.DataFrame, chart: dict, alt_text: str, uid: str = "chart") -> Chart | None:
    """Horizontal bars, one per device x framework x series, with the IQR as a whisker. Laid out for
    a desktop, with its phone layout."""
    data = points(latest, chart)
    if data.empty:
        return None
    data = data.sort_values(["device", "series"]).reset_index(drop=True)
    desktop, phone = (_bars(data, chart, uid, layout) for layout in LAYOUTS)
    return make_chart(desktop, alt_text, uid, phone=phone, legend_layout=LEGENDS)


def _narrowest(labels: list[str], most: int) -> int:
    """The fewest characters a line of LABELS needs to hold each in no more lines than MOST
    characters hold the longest in: a phone's label column no wider than that takes, and the bars
    and the legend under them (which starts where they do) the wider."""
    lines = max(len(wrapped(label, most)) for label in labels)
    return next(chars for chars in range(1, most + 1) if all(len(wrapped(label, chars)) <= lines for label in labels))


def _bars(data: pd.DataFrame, chart: dict, uid: str, layout: Layout) -> alt.LayerChart:
    hidden = _hide_on_click("device", f"{param_name(uid)}_hidden")
    y_label = chart.get("y_label", chart["y"])
    # one row per series, grouped by device; the label leaves the device to the colour legend, its
    # lines wrapped to the label column, a row as tall as its lines
    column = BAR_LABELS[layout.name]
    chars = chars_in(column, layout.font)
    bar_label = dict(zip(data["series"], data["bar_label"], strict=True))
    if layout is PHONE:  # (a desktop's column has the room to keep its labels on as few lines as can be)
        chars = _narrowest(sorted(set(bar_label.values())), chars)
    labels = lines_expr(data["series"], chars, bar_label.get,
                        otherwise=f"({json.dumps(bar_label, ensure_ascii=False)})[datum.label]")
    lines = max(len(wrapped(label, chars)) for label in bar_label.values())
    row = max(BAR_ROW, lines * (layout.font + 2) + TICK_GAP)
    # the axis as wide as its longest line by text_width's estimate, not by the build machine's
    # fonts: a reader's wider font keeps its labels inside the chart
    axis = min(column, max(text_width(line, layout.font) for label in bar_label.values() for line in wrapped(label, chars)))
    axis += TICK_GAP  # its ticks and their gap to the labels
    # room right of the longest whisker for its value: the plot is what the labels leave
    plot = layout.width - axis
    room = text_width(max(data["value"], key=len), LABEL_FONT) + TICK_GAP
    top = float(data["hi"].max()) * plot / max(plot - room, 1)
    x = alt.X("y:Q", title=_across(y_label, layout), axis=alt.Axis(**_x_ticks(top)),
              scale=alt.Scale(zero=True, domainMax=top, nice=False))
    y = alt.Y("series:N", title=None, sort=list(data["series"]),
              axis=alt.Axis(labelLimit=column, labelFontSize=layout.font, labelExpr=labels, minExtent=axis))
    devices = sorted(data["device"].unique())
    color = alt.Color("device:N", scale=alt.Scale(domain=devices), legend=_legend("device", devices, layout, axis))
    visible = alt.Chart(data).transform_filter(~hidden)
    layers = [
        alt.Chart(data).mark_bar(clip=True).encode(
            x=x, y=y, color=color, opacity=_unless_hidden(hidden), tooltip=TOOLTIP)
            .add_params(hidden, _zoom(f"{param_name(uid)}_zoom", ["x"])),
        visible.mark_rule(strokeWidth=1.5, clip=True, style="whisker").encode(x="lo:Q", x2="hi:Q", y=y),
        visible.mark_text(align="left", dx=6, fontSize=LABEL_FONT).encode(x="hi:Q", y=y, text="value:N"),
    ]
    title, _ = _titles(chart.get("title", chart["y"]), None, layout)
    return alt.layer(*layers).properties(title=title, height=max(60, row * len(data)), **_sized(layout))


def snippet_chart(latest: pd.DataFrame, chart: dict, alt_text: str, peaks=(), uid: str = "chart") -> Chart | None:
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
    data = pd.DataFrame([{"x": float(row["intensity"]), "y": float(row["m_tflops"]), **about(row, "tflops")}
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
            what = words.MEASURED_CEILING if key == "measured" else words.VENDOR_CEILING.format(source=c[key][2])
            for order, (x, y) in enumerate([(x_lo, x_lo * gbps / 1000), (ridge, peak), (x_hi, peak)]):
                lines.append({"device": str(device), "ceiling": key, "what": what, "x": x, "y": y, "order": order,
                              "line": f"{device}: {what}"})
    devices = sorted(set(data["device"]) | {line["device"] for line in lines})
    desktop, phone = (_roofline(data, lines, devices, (x_lo, x_hi), uid, layout) for layout in LAYOUTS)
    return make_chart(desktop, alt_text, uid, phone=phone, legend_layout=LEGENDS)


def _roofline(data: pd.DataFrame, lines: list[dict], devices: list[str], domain: tuple[float, float], uid: str,
              layout: Layout) -> alt.LayerChart:
    hidden = _hide_on_click("device", f"{param_name(uid)}_hidden")
    title, y_title = _titles(words.ROOFLINE_TITLE, words.ROOFLINE_Y, layout)
    x = alt.X("x:Q", title=_across(words.ROOFLINE_X, layout),
              axis=alt.Axis(**_x_ticks(domain[1])), scale=alt.Scale(type="log", domain=list(domain)))
    y = alt.Y("y:Q", title=y_title, axis=alt.Axis(**_ticks(labelExpr=SHORT_NUMBERS)), scale=alt.Scale(type="log"))
    color = alt.Color("device:N", scale=alt.Scale(domain=devices), legend=_legend("device", devices, layout))
    layers = [alt.Chart(data).mark_point(filled=True, size=50, clip=True).encode(
        x=x, y=y, color=color, opacity=_unless_hidden(hidden),
        tooltip=[alt.Tooltip("value:N", title=words.ROOFLINE_TOOLTIP), *TOOLTIP[1:]])
        .add_params(hidden, _zoom(f"{param_name(uid)}_zoom", ["x", "y"]))]
    if lines:
        layers.append(alt.Chart(pd.DataFrame(lines)).transform_filter(~hidden).mark_line(strokeWidth=1.5, clip=True)
                      .encode(x=x, y=y, color=color, detail="line:N", order="order:Q", tooltip=alt.Tooltip("line:N"),
                              strokeDash=alt.StrokeDash("ceiling:N", title=words.DASH_TITLES["ceiling"],
                                                        scale=alt.Scale(domain=["measured", "vendor"],
                                                                        range=[[1, 0], [6, 4]]))))
    return alt.layer(*layers).properties(title=title, height=layout.height, **_sized(layout))
