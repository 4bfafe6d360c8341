"""The charts' theme and figure kit: the light and dark themes (Okabe-Ito palettes, fonts, named
mark styles), the :class:`Chart` every chart is, and how one is made from an Altair chart.

A chart is a :class:`Chart`: the specification the page draws interactively (tooltips, a legend
that hides and shows series, zoom and pan) with the vendored vega-embed, and the same chart as
an SVG for readers without JavaScript, for print and for the page's source. Both come from one
specification, so they cannot disagree. The specification carries the light theme; ``DARK`` is
what the page merges in under Material's dark palette. The charts themselves: measured_charts.py
(lines, bars, the roofline) and answer_charts.py (the answers' forest chart and timeline).
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass

import altair as alt
import vl_convert

from accelbench.core.text import esc

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
            "title": {"color": text, "subtitleColor": text, "fontSize": 16, "anchor": "start"},
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


# the screens that get a chart's phone layout (Chart.phone) where it has one: the static SVG by the
# stylesheet's media query (docs/assets/accelbench.css holds the same), the drawn chart by the page's
# script (assets/charts.js reads it from the chart's JSON)
PHONE_MEDIA = "(max-width: 39.9375em)"


@dataclass(frozen=True)
class Chart:
    """One chart: the Vega-Lite specification (light theme) and the SVG rendered from it, and where
    the chart has one, the same chart laid out for a phone's screen (``phone``), its text at its
    own size rather than scaled down."""

    spec: dict
    svg: str
    phone: Chart | None = None


# legends above a chart (the answers' charts) stack, so that a phone's width holds them; Vega's
# legend layout, which Altair's schema does not take, set in the specification itself
LEGEND_LAYOUT = {"top": {"direction": "vertical", "anchor": "start", "margin": 8}}


def make_figure(chart: alt.TopLevelMixin, alt_text: str, uid: str, phone: alt.TopLevelMixin | None = None) -> Chart:
    """The Chart of an Altair chart, and of its phone layout where it has one (its SVG's ids
    prefixed apart: both are in the page)."""
    spec = chart.properties(description=alt_text).configure(**LIGHT).to_dict()
    spec["config"]["legend"]["layout"] = LEGEND_LAYOUT
    spec.pop("$schema", None)  # names vega.github.io; the page loads nothing from other hosts
    return Chart(spec, _static_svg(spec, alt_text, uid),
                 None if phone is None else make_figure(phone, alt_text, f"{uid}-phone"))


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


def page_json(figure: Chart) -> str:
    """What the page's script draws: the specification and the dark theme, and the phone layout
    with the screens it is for (its datasets left out where they are the desktop's: the script
    takes those), as JSON safe inside a <script> element: no "<" at all, so nothing in it can end
    the element early."""
    carried = {"spec": figure.spec, "dark": DARK}
    if figure.phone is not None:
        phone = figure.phone.spec
        if phone.get("datasets") == figure.spec.get("datasets"):
            phone = {k: v for k, v in phone.items() if k != "datasets"}
        carried |= {"phone": phone, "media": PHONE_MEDIA}
    return json.dumps(carried, separators=(",", ":")).replace("<", "\\u003c")


def param_name(uid: str) -> str:
    """A parameter name Vega accepts: letters, digits and underscores."""
    return re.sub(r"\W", "_", uid)
