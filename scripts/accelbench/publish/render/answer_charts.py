"""The answers' charts: every comparison behind a claim's answer that holds a number.

The forest chart: one row per comparison on one log axis of the TPU's advantage, the rows grouped
under a header per TPU chip, each row's short label ("GB300 · Llama 3.1 70B · 64 chips · FP8")
in a column left of the plot, on its marker's line (wrapped at its " · " where it is long);
filterable by chip, precision and scale (the scale buckets of ``scale_of``). The timeline: the same
comparisons at the date each TPU was first available. In both, a comparison of chips of the same
generation is a filled marker and any other a hollow one. The long description, the figures, both
chips' dates and the generation go in the tooltip. A chart of one comparison is none: a sentence
says it (fragments/answers.py).

Each chart comes in two layouts from the same rows (chart_theme's :class:`Layout`): one for a
desktop's column and one for a phone's, whose text is drawn at its own size rather than scaled down; the page shows
the one that fits the screen (chart_theme.PHONE_MEDIA), as a static SVG and drawn interactively.
Drawn interactively, a chart fits the width of its column (``usermeta.fit``: the page's script
sets the container's width). Their theme and chart kit are chart_theme.py's; their rows come from
render/answers.py's ``comparison_rows`` through ``labelled``.
"""

from __future__ import annotations

import math

import altair as alt
import pandas as pd

# the layouts and the text kit are chart_theme's, one vocabulary for every chart
from accelbench.publish.render.chart_theme import (
    LAYOUTS,
    PADDING,
    TICK_GAP,
    Chart,
    Layout,
    lines_field,
    make_chart,
    param_name,
    text_width,
    title_params,
    wrapped,
)
from accelbench.publish.wording import charts as words
from accelbench.publish.wording.terms import TIE_TOOLTIP, compared

MAX_LABEL = 52  # no row label is longer: wrapped, it fits the label column of a 390 px phone in three lines
# the tick values an axis may show, most wanted first: those whose labels would touch are left out
TICKS = [1, 2, 0.5, 4, 0.25, 10, 0.1, 1.5, 0.67, 3, 0.33, 5, 0.2, 1.25, 0.8]
LONG = 14  # a chart of more rows than this has its axis at the bottom too


def spaced_ticks(domain: list[float], length: float, extent) -> list[float]:
    """The tick values of a log axis over DOMAIN whose labels keep apart along LENGTH px: from TICKS,
    most wanted first, each kept if its label (``extent(value)`` px long along the axis) clears
    every one kept before by TICK_GAP px; in ascending order."""
    lo, hi = math.log(domain[0]), math.log(domain[1])

    def at(value: float) -> float:
        return (math.log(value) - lo) / (hi - lo) * length
    kept: list[float] = []
    for value in (t for t in TICKS if domain[0] <= t <= domain[1]):
        if all(abs(at(value) - at(k)) >= (extent(value) + extent(k)) / 2 + TICK_GAP for k in kept):
            kept.append(value)
    return sorted(kept)


def tick_label(value: float) -> str:
    """A tick's label, as the charts' TIMES expression writes it: 0.5×, 1×, 2×, 0.67×."""
    return f"{value:.2f}".rstrip("0").rstrip(".") + "×"


def scale_of(chips) -> str:
    if chips is None or pd.isna(chips):
        return words.NOT_STATED
    return next(label for bound, label in words.SCALES if bound is None or chips <= bound)


def _tip(field: str) -> alt.Tooltip:
    """A tooltip's field, titled as the wording says (by its own name where it gives none)."""
    title = words.TOOLTIP_TITLES.get(field)
    return alt.Tooltip(f"{field}:N", title=title) if title else alt.Tooltip(f"{field}:N")


def _tooltip(extra: list | None = None) -> list:
    return [*map(_tip, ("comparison", "kind", "value", "price_ratio", "metric", "figures", "generation", "tpu_date",
                        "gpu_date")),
            *(extra or []), _tip("availability"), _tip("url")]


def _prepared(rows: pd.DataFrame) -> pd.DataFrame:
    data = rows.copy()
    data["metric"] = data["metric"].map(compared)  # its code (judging.METRIC_CODES), as the tooltip says it
    data["lo"], data["hi"] = data["low"].fillna(data["advantage"]), data["high"].fillna(data["advantage"])
    data["value"] = [words.advantage(lo, hi, a) for lo, hi, a in zip(data["lo"], data["hi"], data["advantage"], strict=True)]
    data["price_ratio"] = [words.price_ratio(r) for r in data["price_ratio"]] if "price_ratio" in data else ""
    data["scale"] = data["chips"].map(scale_of)
    data["precision"] = data["precision"].replace("", words.NOT_STATED)
    data["availability"] = data["preview"].map(words.AVAILABILITY)
    data["generation"] = [words.generation(g, s) for g, s in zip(data["generation"], data["same_generation"], strict=True)]
    data["fill"] = data["same_generation"].map({True: words.SAME, False: words.OTHER})
    data["aria"] = [words.point(r.group, r.label, r.value, r.fill, r.kind_label) for r in data.itertuples()]
    for side in ("tpu", "gpu"):
        data[f"{side}_date"] = [words.first_available(chip, d)
                                for chip, d in zip(data[side], data[f"{side}_available"], strict=True)]
    return data


LEGEND = {"orient": "top", "direction": "vertical", "columns": 1}


def _kinds(data: pd.DataFrame, known: list[str] | None) -> tuple[alt.Color, alt.Stroke, alt.Shape]:
    """Colour and shape by kind of evidence, one legend of the kinds drawn; ``known``: every kind
    in one order, so that a kind has the same colour and shape on every chart."""
    shown = list(dict.fromkeys(data["kind_label"]))
    scale = alt.Scale(domain=[*(known or []), *(k for k in shown if k not in (known or []))])
    return (alt.Color("kind_label:N", title=words.KIND_LEGEND, scale=scale, legend=alt.Legend(values=shown, **LEGEND)),
            alt.Stroke("kind_label:N", title=words.KIND_LEGEND, scale=scale),
            alt.Shape("kind_label:N", title=words.KIND_LEGEND, scale=scale))


def _fill_legend() -> alt.LayerChart:
    """The legend of the markers, filled and hollow: an invisible layer whose fill scale carries it
    (Vega-Lite draws no legend of a fill's opacity, which the points use)."""
    return alt.Chart(pd.DataFrame([{"fill": words.SAME}, {"fill": words.OTHER}])).mark_point(
        opacity=0, filled=True, size=1, aria=False).encode(
        x=alt.value(0), y=alt.value(0), fill=alt.Fill("fill:N", title=words.MARKER_LEGEND, scale=alt.Scale(
            domain=[words.SAME, words.OTHER], range=["#666666", "transparent"]), legend=alt.Legend(
            symbolType="circle", symbolStrokeColor="#666666", symbolStrokeWidth=2, symbolOpacity=1, **LEGEND)))


def _filled() -> alt.FillOpacity:
    """Filled for chips of the same generation, a ring for any other."""
    return alt.FillOpacity("fill:N", scale=alt.Scale(domain=[words.SAME, words.OTHER], range=[1, 0]), legend=None)


def _log_domain(data: pd.DataFrame, margin: float) -> list[float]:
    return [min(data["lo"].min(), 1 - margin) / 1.25, max(data["hi"].max(), 1 + margin) * 1.25]


def _ticks(domain: list[float], length: float, along: bool) -> list[float]:
    """The values of a log axis of LENGTH px whose labels keep apart: along the axis (x) a label
    takes its width, across it (y) its height."""
    return spaced_ticks(domain, length, (lambda v: text_width(tick_label(v), 12)) if along else (lambda v: 12))


TIMES = "format(datum.value, '.2~f') + '×'"  # 0.5×, 1×, 2×
MIN_POINTS = 2  # a chart holds at least this many comparisons; one is said in a sentence instead


def forest_chart(rows: pd.DataFrame, alt_text: str, margin: float, uid: str, title: str,
                 kinds: list[str] | None = None) -> Chart | None:
    """One row per comparison, grouped under a header per TPU chip, its short label left of its
    marker on the same line: the TPU's advantage on one log axis at the top (right of 1 favours the
    TPU), its range where the source gives one, the ± margin band the verdict rules use, colour and
    shape by kind of evidence, filled for chips of the same generation and hollow for any other; a
    tooltip with the long description, the figures, the generation and both dates, and a click on a
    point opens its source. The reader narrows it by chip, precision and scale with Vega-Lite's own
    bindings (a group left without rows loses its header); the static SVG shows every row. Laid out
    for a desktop, with its phone layout (``Chart.phone``). None for fewer than MIN_POINTS rows.
    ``rows``: ``comparison_rows``'s; ``kinds``: every kind of evidence, in the order that gives each
    its colour."""
    if len(rows) < MIN_POINTS:
        return None
    data = _prepared(rows)
    for layout in LAYOUTS:
        data[lines_field(layout)] = ["\n".join(wrapped(label, layout.chars)) for label in data["label"]]
    desktop, phone = (_forest(data, margin, uid, title, kinds, layout) for layout in LAYOUTS)
    return make_chart(desktop, alt_text, uid, phone=phone)


def _filters(data: pd.DataFrame, uid: str) -> tuple[list[alt.Parameter], str]:
    """The forest's three menus (chip, precision, scale) and the expression keeping the rows they select."""
    names = {f: f"{param_name(uid)}_{f}" for f in ("chip", "precision", "scale")}
    scales = [s for _, s in words.SCALES if s in set(data["scale"])]
    options = {"chip": sorted(set(data["tpu"]) | set(data["gpu"])), "precision": sorted(set(data["precision"])),
               "scale": scales + ([words.NOT_STATED] if words.NOT_STATED in set(data["scale"]) else [])}
    params = [alt.param(name=names[f], value=words.ALL,
                        bind=alt.binding_select(options=[words.ALL, *options[f]], name=words.MENUS[f]))
              for f in ("chip", "precision", "scale")]
    keep = (f"({names['chip']} == '{words.ALL}' || datum.tpu == {names['chip']} || datum.gpu == {names['chip']}) && "
            f"({names['precision']} == '{words.ALL}' || datum.precision == {names['precision']}) && "
            f"({names['scale']} == '{words.ALL}' || datum.scale == {names['scale']})")
    return params, keep


def _forest(data: pd.DataFrame, margin: float, uid: str, title: str, kinds: list[str] | None,
            layout: Layout) -> alt.LayerChart:
    params, keep = _filters(data, uid)
    domain = _log_domain(data, margin)
    # the plot right of the rows' labels: the x scale starts where the label column ends, no wider
    # than its longest line needs
    field = lines_field(layout)
    column = min(layout.labels, math.ceil(max(text_width(line, layout.font) for text in data[field]
                                              for line in text.split("\n"))) + TICK_GAP)
    scale = alt.Scale(type="log", domain=domain, nice=False, range=[column, alt.ExprRef("width")])
    ticks = {"values": _ticks(domain, layout.plot + layout.labels - column, along=True), "labelExpr": TIMES, "labelFlush": False,
             "labelOverlap": "greedy", "labelSeparation": TICK_GAP}
    top = alt.Axis(orient="top", title=words.AXIS_TITLE if layout.axis_title else None, grid=True, **ticks)

    def x(field: str, axis=None) -> alt.X:  # one scale; the axis at the top (and, on a long chart, at the bottom)
        return alt.X(f"{field}:Q", scale=scale, axis=axis)
    order = [k for g in dict.fromkeys(data["hkey"]) for k in (g, *data.loc[data["hkey"] == g, "key"])]
    # labels and markers on one y: the middle of their row
    y = alt.Y("key:N", sort=order, axis=None, scale=alt.Scale(paddingInner=0, paddingOuter=0.1), bandPosition=0.5)
    line = layout.font + 2
    lines = max(text.count("\n") + 1 for text in data[field])
    color, stroke, shape = _kinds(data, kinds)
    band = alt.Chart(pd.DataFrame([{"from": 1 - margin, "to": 1 + margin}])).mark_rect(opacity=0.18, style="whisker").encode(
        x=x("from"), x2="to:Q", tooltip=alt.value(TIE_TOOLTIP))
    long = len(order) > LONG
    parity = alt.Chart(pd.DataFrame([{"one": 1.0}])).mark_rule(strokeDash=[4, 3], style="whisker").encode(
        x=x("one", alt.Axis(orient="bottom", title=None, grid=False, **ticks) if long else None))
    shown = alt.Chart(data).transform_filter(keep)
    # a header per group still holding a row: its TPU chip, across the row
    headers = shown.transform_aggregate(rows="count()", groupby=["hkey", "group"]).transform_calculate(
        key="datum.hkey").mark_text(align="left", baseline="middle", fontWeight="bold", aria=False,
                                    fontSize=layout.font + 1).encode(
        x=alt.value(0), y=y, text="group:N").properties(name="rowheaders")
    # each row's label in the column left of the plot, on its marker's line
    # (Vega sets a text's first line on the baseline; the lines above it lift a label's middle to its row's)
    labels = shown.mark_text(align="left", baseline="middle", aria=False, fontSize=layout.font, lineBreak="\n",
                             lineHeight=line, dy=alt.expr(f"-(length(split(datum['{field}'], '\\n')) - 1) * {line / 2}")
                             ).encode(
        x=alt.value(0), y=y, text=f"{lines_field(layout)}:N").properties(name="rowlabels")
    whiskers = shown.mark_rule(strokeWidth=2).encode(x=x("lo"), x2="hi:Q", y=y, color=color)
    # one marker per comparison, with the tooltip and the link: filled for chips of the same
    # generation, a ring for any other
    points = shown.mark_point(size=80, filled=True, strokeWidth=2, opacity=1).encode(
        x=x("advantage", top), y=y, color=color, stroke=stroke, shape=shape, fillOpacity=_filled(),
        href="url:N", tooltip=_tooltip(), description="aria:N").properties(name="comparisons")  # its marks' class: one each
    return alt.layer(band, parity, headers, labels, whiskers, points.add_params(*params), _fill_legend()).properties(
        title=title_params(title, layout, None if layout.axis_title else words.AXIS_TITLE), width=layout.width,
        height=alt.Step(max(layout.row, lines * line + 8)), padding=PADDING, usermeta={"fit": True}
    ).resolve_axis(x="independent")


# ---- the timeline -----------------------------------------------------------------------------

def timeline_chart(rows: pd.DataFrame, alt_text: str, margin: float, uid: str, title: str,
                   kinds: list[str] | None = None) -> Chart | None:
    """One point per dated comparison: the TPU's advantage (log scale, 1 = parity, the ± margin
    band) at the date its TPU was first available (``when``: a year-only date counts as July 1),
    colour and shape by kind of evidence, filled for chips of the same generation and hollow for
    any other; a tooltip with both chips, both dates, the advantage and the kind. Nothing where
    fewer than MIN_POINTS comparisons have their TPU dated. Laid out for a desktop, with its phone
    layout. ``rows``, ``kinds``: as forest_chart's."""
    dated = rows[rows["when"] != ""] if not rows.empty else rows
    if len(dated) < MIN_POINTS:
        return None
    data = _prepared(dated)
    desktop, phone = (_timeline(data, margin, title, kinds, layout) for layout in LAYOUTS)
    return make_chart(desktop, alt_text, uid, phone=phone)


def _timeline(data: pd.DataFrame, margin: float, title: str, kinds: list[str] | None, layout: Layout) -> alt.LayerChart:
    domain = _log_domain(data, margin)
    scale = alt.Scale(type="log", domain=domain, nice=False)
    years = sorted({int(w[:4]) for w in data["when"]})
    span = alt.Scale(domain=[f"{years[0] - 1}-07-01", f"{years[-1] + 1}-07-01"])
    # a year's label every STEP years, so that they keep apart on the plot's width
    step = max(1, math.ceil((years[-1] - years[0] + 2) * (text_width("2026", 12) + TICK_GAP) / layout.timeline))
    # the y axis's title under the chart's, across: the plot keeps the chart's width on a phone
    y_axis = alt.Axis(values=_ticks(domain, layout.timeline_height, along=False), labelExpr=TIMES, title=None,
                      labelOverlap="greedy")
    x_axis = alt.Axis(format="%Y", tickCount={"interval": "year", "step": step}, title=words.TIMELINE_X,
                      labelFlush=False, labelOverlap="greedy", labelSeparation=TICK_GAP)
    color, stroke, shape = _kinds(data, kinds)
    band = alt.Chart(pd.DataFrame([{"from": 1 - margin, "to": 1 + margin}])).mark_rect(opacity=0.18, style="whisker").encode(
        y=alt.Y("from:Q", scale=scale, axis=y_axis), y2="to:Q",
        tooltip=alt.value(TIE_TOOLTIP))
    parity = alt.Chart(pd.DataFrame([{"one": 1.0}])).mark_rule(strokeDash=[4, 3], style="whisker").encode(
        y=alt.Y("one:Q", scale=scale, axis=y_axis))
    tooltip = [*map(_tip, ("tpu", "gpu", "tpu_date", "gpu_date", "value", "kind", "generation", "comparison", "url"))]
    points = alt.Chart(data).mark_point(size=80, filled=True, strokeWidth=2, opacity=0.85).encode(
        x=alt.X("when:T", scale=span, axis=x_axis), y=alt.Y("advantage:Q", scale=scale, axis=y_axis),
        color=color, stroke=stroke, shape=shape, fillOpacity=_filled(), href="url:N", tooltip=tooltip,
        description="aria:N").properties(name="timeline")  # its marks' class in the SVG: one per dated comparison
    return alt.layer(band, parity, points, _fill_legend()).properties(
        title=title_params(title, layout, words.TIMELINE_AXIS), width=layout.timeline, height=layout.timeline_height,
        padding=PADDING, usermeta={"fit": True})
