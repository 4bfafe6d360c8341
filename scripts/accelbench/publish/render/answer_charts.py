"""The answers' charts: every comparison behind a claim's answer that holds a number.

The forest chart: one row per comparison on one log axis of the TPU's advantage, the rows grouped
under a header per TPU chip, each row's short label ("GB300 · Llama 3.1 70B · 64 chips · FP8")
written above its point so that the chart keeps its full width on a phone; filterable by chip,
precision and scale (the scale buckets of ``scale_of``). The timeline: the same comparisons at
the date each TPU was first available. In both, a comparison of chips of the same generation is
a filled marker and any other a hollow one. The long description, the figures, both chips' dates
and the generation go in the tooltip.

Both charts fit the width of the page where they are drawn interactively (``usermeta.fit``: the
page's script sets the container's width) and keep WIDTH in the static SVG, from one
specification. Their theme and figure kit are chart_theme.py's; their rows come from
render/answers.py's ``comparison_rows`` through ``labelled``.
"""

from __future__ import annotations

import re

import altair as alt
import pandas as pd

from accelbench.core.availability import day_of
from accelbench.judge.judging import Comparison
from accelbench.publish.render.chart_theme import Chart, make_figure, param_name
from accelbench.publish.vocabulary import TIE_TOOLTIP

# scale filter buckets (chips per side): what readers of MLPerf's results narrow lists by
SCALES = ((8, "1–8 chips"), (64, "9–64 chips"), (512, "65–512 chips"), (None, "over 512 chips"))
ALL = "all"
WIDTH = 560  # the static SVG's plot width; drawn interactively, the chart fits its container
ROW = 30  # pixels per row: its label, and its point under it
LABEL_AT, POINT_AT = 0.36, 0.76  # where in its row a label and a point sit
SEP = " · "
MAX_LABEL = 52  # no row label is longer: at 11 px it fits above its row on a 390 px phone
TICKS = [0.1, 0.2, 0.25, 0.33, 0.5, 0.67, 0.8, 1, 1.25, 1.5, 2, 3, 4, 5, 10]  # labels that collide are dropped
SAME, OTHER = "same generation", "other generations, or not dated"
NARROW = 400  # a plot narrower than this (a phone's) writes its labels a size smaller
LONG = 14  # a chart of more rows than this has its axis at the bottom too
TIMELINE_HEIGHT = 220
PADDING = {"left": 10, "right": 10, "top": 10, "bottom": 10}


def scale_of(chips) -> str:
    if chips is None or pd.isna(chips):
        return "not stated"
    return next(label for bound, label in SCALES if bound is None or chips <= bound)


# ---- the rows' labels -------------------------------------------------------------------------

def label_parts(c: Comparison) -> list[str]:
    """A comparison's short label, GPU first: "GB300 · Llama 3.1 70B · 64 chips · FP8"; an MLPerf
    round instead of the chips (its two sides differ): "H100 · GPT-3 175B · v4.1"; a paper by its
    citation: "A100 · Jouppi et al., ISCA 2023"; a measurement here by its metric. Empty parts are
    left out; a preview system says so."""
    parts = [c.gpu_name or c.gpu, c.model or c.where or c.metric]
    if c.where.startswith("MLPerf"):
        parts.append(c.where.split()[-1])
    elif c.chips:
        parts.append(f"{c.chips} chips")
    parts += [c.precision, "preview" if c.preview else ""]
    return [p for p in parts if p]


def _release(c: Comparison) -> str:
    """The last release number its source names ("25.11" of "... (Megatron-Bridge (NeMo) 25.11)")."""
    found = re.findall(r"\b\d+(?:\.\d+)+\b", c.where)
    return f"release {found[-1]}" if found and not c.where.startswith("MLPerf") else ""


def _gpu_recipe(c: Comparison) -> str:
    """The GPU's own recipe where the figures name two ("[different FP8 recipes (fp8_full vs MXFP8)]")."""
    found = re.search(r"\(([^()]+) vs ([^()]+)\)\]", c.figures)
    return f"GPU {found[2]}" if found else ""


def _told(c: Comparison, parts: list[str], tell: str) -> list[str]:
    """The label's parts told apart: the GPU's recipe in place of the shared number format, a release
    after the rest."""
    if tell.startswith("GPU ") and c.precision in parts:
        return [tell if p == c.precision else p for p in parts]
    return [*parts, tell]


def distinct_labels(comparisons: list[Comparison], groups: list[str]) -> list[str]:
    """One short label per comparison, unique within its group: two that would read alike get what
    tells them apart (the release, the GPU's recipe, both), a number only where nothing does."""
    parts = [label_parts(c) for c in comparisons]
    tells = (lambda c: [_release(c)], lambda c: [_gpu_recipe(c)], lambda c: [_release(c), _gpu_recipe(c)])
    for _ in range(2):  # a second pass for labels the first made alike
        seen: dict[tuple[str, str], list[int]] = {}
        for i, key in enumerate(zip(groups, (SEP.join(p) for p in parts), strict=True)):
            seen.setdefault(key, []).append(i)
        for same in (rows for rows in seen.values() if len(rows) > 1):
            for tell in tells:
                told = [tell(comparisons[i]) for i in same]
                if all(all(t) for t in told) and len({tuple(t) for t in told}) == len(told):
                    for i, t in zip(same, told, strict=True):
                        for one in t:
                            parts[i] = _told(comparisons[i], parts[i], one)
                    break
            else:
                for n, i in enumerate(same[1:], 2):
                    parts[i] = [*parts[i][:-1], f"{parts[i][-1]} ({n})"]
    return [SEP.join(p) for p in parts]


def labelled(records: list[dict], comparisons: list[Comparison]) -> pd.DataFrame:
    """The chart rows: ``records`` (one per comparison, with its 'group' and 'claim_order' and the
    kind's fields) with each comparison's short label, sorted: the groups by claim, then newest
    TPU first (an undated one last); within a group by GPU, then the TPU's advantage, highest first."""
    frame = pd.DataFrame(records)
    if frame.empty:
        return frame
    frame["label"] = distinct_labels(comparisons, list(frame["group"]))
    frame["key"] = [f"{g}::{label}" for g, label in zip(frame["group"], frame["label"], strict=True)]
    frame["hkey"] = [f"{g}::" for g in frame["group"]]
    frame["when"] = frame["tpu_available"].map(day_of)
    first = frame.groupby("group").agg(claim=("claim_order", "min"), when=("when", "max"), tpu=("tpu", "first"))
    ranked = sorted(first.index, key=lambda g: (first.at[g, "claim"], first.at[g, "when"] == "",
                                                 _newest_first(first.at[g, "when"]), first.at[g, "tpu"]))
    frame["group_order"] = frame["group"].map({g: n for n, g in enumerate(ranked)})
    frame = frame.sort_values(["group_order", "gpu", "advantage"], ascending=[True, True, False], kind="stable")
    return frame.reset_index(drop=True)


def _newest_first(day: str) -> int:
    return -int(day.replace("-", "")) if day else 0


# ---- the forest chart -------------------------------------------------------------------------

def _tooltip(extra: list | None = None) -> list:
    return [alt.Tooltip("comparison:N"), alt.Tooltip("kind:N", title="kind of evidence"),
            alt.Tooltip("value:N", title="TPU advantage"), alt.Tooltip("metric:N", title="compared"),
            alt.Tooltip("figures:N"), alt.Tooltip("generation:N"), alt.Tooltip("tpu_date:N", title="TPU first available"),
            alt.Tooltip("gpu_date:N", title="GPU first available"), *(extra or []),
            alt.Tooltip("status:N", title="systems"), alt.Tooltip("url:N", title="source")]


def _prepared(rows: pd.DataFrame) -> pd.DataFrame:
    data = rows.copy()
    data["lo"], data["hi"] = data["low"].fillna(data["advantage"]), data["high"].fillna(data["advantage"])
    data["value"] = [f"{lo:.2f}–{hi:.2f}× (middle {a:.2f}×)" if lo != hi else f"{a:.2f}×"
                     for lo, hi, a in zip(data["lo"], data["hi"], data["advantage"], strict=True)]
    data["scale"] = data["chips"].map(scale_of)
    data["precision"] = data["precision"].replace("", "not stated")
    data["status"] = data["preview"].map({True: "a preview system, not for sale yet", False: "available"})
    data["generation"] = [f"{g}: {'it may decide a per-chip verdict' if s else 'shown, never deciding a per-chip verdict'}"
                          if g else "not known: a chip is not dated"
                          for g, s in zip(data["generation"], data["same_generation"], strict=True)]
    data["fill"] = data["same_generation"].map({True: SAME, False: OTHER})
    # what a screen reader says of a point
    data["aria"] = [f"{r.group}, {r.label}: TPU advantage {r.value}; {r.fill}; {r.evidence}" for r in data.itertuples()]
    data["tpu_date"] = [f"{t}: {d}" if d else f"{t}: not dated" for t, d in zip(data["tpu"], data["tpu_available"], strict=True)]
    data["gpu_date"] = [f"{g}: {d}" if d else f"{g}: not dated" for g, d in zip(data["gpu"], data["gpu_available"], strict=True)]
    return data


LEGEND = {"orient": "top", "direction": "vertical", "columns": 1}


def _kinds(data: pd.DataFrame, known: list[str] | None) -> tuple[alt.Color, alt.Stroke, alt.Shape]:
    """Colour and shape by kind of evidence, one legend of the kinds drawn; ``known``: every kind
    in one order, so that a kind has the same colour and shape on every chart."""
    shown = list(dict.fromkeys(data["evidence"]))
    scale = alt.Scale(domain=[*(known or []), *(k for k in shown if k not in (known or []))])
    return (alt.Color("evidence:N", title="kind of evidence", scale=scale, legend=alt.Legend(values=shown, **LEGEND)),
            alt.Stroke("evidence:N", title="kind of evidence", scale=scale),
            alt.Shape("evidence:N", title="kind of evidence", scale=scale))


def _fill_legend() -> alt.LayerChart:
    """The legend of the markers, filled and hollow: an invisible layer whose fill scale carries it
    (Vega-Lite draws no legend of a fill's opacity, which the points use)."""
    return alt.Chart(pd.DataFrame([{"fill": SAME}, {"fill": OTHER}])).mark_point(
        opacity=0, filled=True, size=1, aria=False).encode(
        x=alt.value(0), y=alt.value(0), fill=alt.Fill("fill:N", title="marker", scale=alt.Scale(
            domain=[SAME, OTHER], range=["#666666", "transparent"]), legend=alt.Legend(
            symbolType="circle", symbolStrokeColor="#666666", symbolStrokeWidth=2, symbolOpacity=1, **LEGEND)))


def _filled() -> alt.FillOpacity:
    """Filled for chips of the same generation, a ring for any other."""
    return alt.FillOpacity("fill:N", scale=alt.Scale(domain=[SAME, OTHER], range=[1, 0]), legend=None)


def _log_domain(data: pd.DataFrame, margin: float) -> list[float]:
    return [min(data["lo"].min(), 1 - margin) / 1.25, max(data["hi"].max(), 1 + margin) * 1.25]


def _ticks(domain: list[float]) -> list[float]:
    return [t for t in TICKS if domain[0] <= t <= domain[1]]


TIMES = "format(datum.value, '.2~f') + '×'"  # 0.5×, 1×, 2×


def forest_chart(rows: pd.DataFrame, alt_text: str, margin: float, uid: str, title: str,
                 kinds: list[str] | None = None) -> Chart | None:
    """One row per comparison, grouped under a header per TPU chip, its short label above it: the
    TPU's advantage on one log axis at the top (right of 1 favours the TPU), its range where the
    source gives one, the ± margin band the verdict rules use, colour and shape by kind of evidence,
    filled for chips of the same generation and hollow for any other; a tooltip with the long
    description, the figures, the generation and both dates, and a click on a point opens its
    source. The reader narrows it by chip, precision and scale with Vega-Lite's own bindings (a
    group left without rows loses its header); the static SVG shows every row. ``rows``:
    ``comparison_rows``'s; ``kinds``: every kind of evidence, in the order that gives each its colour."""
    if rows.empty:
        return None
    data = _prepared(rows)
    names = {f: f"{param_name(uid)}_{f}" for f in ("chip", "precision", "scale")}
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
    domain = _log_domain(data, margin)
    scale = alt.Scale(type="log", domain=domain, nice=False)
    ticks = {"values": _ticks(domain), "labelExpr": TIMES, "labelFlush": False, "labelOverlap": "greedy"}
    top = alt.Axis(orient="top", title=["TPU advantage, × the GPU (log scale)", "right of 1 favours the TPU"], grid=True,
                   **ticks)

    def x(field: str, axis=None) -> alt.X:  # one scale; the axis at the top (and, on a long chart, at the bottom)
        return alt.X(f"{field}:Q", scale=scale, axis=axis)
    order = [k for g in dict.fromkeys(data["hkey"]) for k in (g, *data.loc[data["hkey"] == g, "key"])]
    y_scale = alt.Scale(paddingInner=0, paddingOuter=0.1)
    y = {at: alt.Y("key:N", sort=order, axis=None, scale=y_scale, bandPosition=at) for at in (LABEL_AT, POINT_AT)}
    color, stroke, shape = _kinds(data, kinds)
    band = alt.Chart(pd.DataFrame([{"from": 1 - margin, "to": 1 + margin}])).mark_rect(opacity=0.18, style="whisker").encode(
        x=x("from"), x2="to:Q", tooltip=alt.value(TIE_TOOLTIP))
    long = len(order) > LONG
    parity = alt.Chart(pd.DataFrame([{"one": 1.0}])).mark_rule(strokeDash=[4, 3], style="whisker").encode(
        x=x("one", alt.Axis(orient="bottom", title=None, grid=False, **ticks) if long else None))
    shown = alt.Chart(data).transform_filter(keep)
    # a header per group still holding a row: its TPU chip
    headers = shown.transform_aggregate(rows="count()", groupby=["hkey", "group"]).transform_calculate(
        key="datum.hkey").mark_text(align="left", baseline="middle", fontWeight="bold", aria=False,
                                    fontSize=alt.expr(f"width < {NARROW} ? 12 : 13")).encode(
        x=alt.value(0), y=y[POINT_AT], text="group:N")
    # each row's label above its point, from the plot's left edge: the plot keeps the chart's width
    labels = shown.mark_text(align="left", baseline="middle", aria=False,
                             fontSize=alt.expr(f"width < {NARROW} ? 11 : 12")).encode(
        x=alt.value(0), y=y[LABEL_AT], text="label:N")
    whiskers = shown.mark_rule(strokeWidth=2).encode(x=x("lo"), x2="hi:Q", y=y[POINT_AT], color=color)
    # one marker per comparison, with the tooltip and the link: filled for chips of the same
    # generation, a ring for any other
    points = shown.mark_point(size=80, filled=True, strokeWidth=2, opacity=1).encode(
        x=x("advantage", top), y=y[POINT_AT], color=color, stroke=stroke, shape=shape, fillOpacity=_filled(),
        href="url:N", tooltip=_tooltip(), description="aria:N").properties(name="comparisons")  # its marks' class: one each
    chart = alt.layer(band, parity, headers, labels, whiskers, points.add_params(*params), _fill_legend()).properties(
        title=alt.TitleParams(title, fontSize=14), width=WIDTH, height=alt.Step(ROW), padding=PADDING,
        usermeta={"fit": True}).resolve_axis(x="independent")
    return make_figure(chart, alt_text, uid)


# ---- the timeline -----------------------------------------------------------------------------

def timeline_chart(rows: pd.DataFrame, alt_text: str, margin: float, uid: str, title: str,
                   kinds: list[str] | None = None) -> Chart | None:
    """One point per dated comparison: the TPU's advantage (log scale, 1 = parity, the ± margin
    band) at the date its TPU was first available (``when``: a year-only date counts as July 1),
    colour and shape by kind of evidence, filled for chips of the same generation and hollow for
    any other; a tooltip with both chips, both dates, the advantage and the kind. Nothing where no
    comparison's TPU is dated. ``rows``, ``kinds``: as forest_chart's."""
    dated = rows[rows["when"] != ""] if not rows.empty else rows
    if dated.empty:
        return None
    data = _prepared(dated)
    domain = _log_domain(data, margin)
    scale = alt.Scale(type="log", domain=domain, nice=False)
    years = sorted({int(w[:4]) for w in data["when"]})
    span = alt.Scale(domain=[f"{years[0] - 1}-07-01", f"{years[-1] + 1}-07-01"])
    # the y axis's title under the chart's, across: the plot keeps the chart's width on a phone
    y_axis = alt.Axis(values=_ticks(domain), labelExpr=TIMES, title=None, labelOverlap="greedy")
    x_axis = alt.Axis(format="%Y", tickCount="year", title="the TPU's first availability", labelFlush=False,
                      labelOverlap="greedy", labelSeparation=6)
    color, stroke, shape = _kinds(data, kinds)
    band = alt.Chart(pd.DataFrame([{"from": 1 - margin, "to": 1 + margin}])).mark_rect(opacity=0.18, style="whisker").encode(
        y=alt.Y("from:Q", scale=scale, axis=y_axis), y2="to:Q",
        tooltip=alt.value(TIE_TOOLTIP))
    parity = alt.Chart(pd.DataFrame([{"one": 1.0}])).mark_rule(strokeDash=[4, 3], style="whisker").encode(
        y=alt.Y("one:Q", scale=scale, axis=y_axis))
    tooltip = [alt.Tooltip("tpu:N", title="TPU"), alt.Tooltip("gpu:N", title="GPU"),
               alt.Tooltip("tpu_date:N", title="TPU first available"), alt.Tooltip("gpu_date:N", title="GPU first available"),
               alt.Tooltip("value:N", title="TPU advantage"), alt.Tooltip("kind:N", title="kind of evidence"),
               alt.Tooltip("generation:N"), alt.Tooltip("comparison:N"), alt.Tooltip("url:N", title="source")]
    points = alt.Chart(data).mark_point(size=80, filled=True, strokeWidth=2, opacity=0.85).encode(
        x=alt.X("when:T", scale=span, axis=x_axis), y=alt.Y("advantage:Q", scale=scale, axis=y_axis),
        color=color, stroke=stroke, shape=shape, fillOpacity=_filled(), href="url:N", tooltip=tooltip,
        description="aria:N").properties(name="timeline")  # its marks' class in the SVG: one per dated comparison
    chart = alt.layer(band, parity, points, _fill_legend()).properties(
        title=alt.TitleParams(title, subtitle=["up: the TPU's advantage, × the GPU (log scale)", "above 1 favours the TPU"],
                              fontSize=14, subtitleFontSize=12), width=WIDTH, height=TIMELINE_HEIGHT, padding=PADDING,
        usermeta={"fit": True})
    return make_figure(chart, alt_text, uid)
