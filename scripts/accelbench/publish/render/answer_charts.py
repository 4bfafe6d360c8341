"""The answers' chart: every comparison behind a claim's answer that holds a number, on one log
axis of the TPU's advantage (the forest chart), filterable by chip, precision and scale (the scale
buckets of ``scale_of``). Its theme and figure kit are chart_theme.py's.
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from accelbench.publish.render.chart_theme import WIDTH, Chart, make_figure, param_name

# scale filter buckets (chips per side): what readers of MLPerf's results narrow lists by
SCALES = ((8, "1–8 chips"), (64, "9–64 chips"), (512, "65–512 chips"), (None, "over 512 chips"))
ALL = "all"


def scale_of(chips) -> str:
    if chips is None or pd.isna(chips):
        return "not stated"
    return next(label for bound, label in SCALES if bound is None or chips <= bound)


def forest_chart(rows: pd.DataFrame, alt_text: str, margin: float, uid: str, title: str) -> Chart | None:
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
    return make_figure(chart, alt_text, uid)
