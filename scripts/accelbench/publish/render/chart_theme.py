"""The charts' theme and chart kit: the light and dark themes (Okabe-Ito palettes, fonts, named
mark styles), the :class:`Chart` every chart is, and how one is made from an Altair chart.

A chart is a :class:`Chart`: the specification the page draws interactively (tooltips, a legend
that hides and shows series, zoom and pan) with the vendored vega-embed, and the same chart as
an SVG for readers without JavaScript, for print and for the page's source. Both come from one
specification, so they cannot disagree. The specification carries the light theme; ``DARK`` is
what the page merges in under Material's dark palette. The charts themselves: charts.py (lines,
bars, the roofline: the measured and the published) and answer_charts.py (the answers' forest chart
and timeline).

Every chart comes in two layouts (:class:`Layout`), one for a desktop's column and one for a
phone's, whose text is drawn at its own size rather than scaled down; the page shows the one that
fits the screen (``PHONE_MEDIA``). Here is what they share: the layouts, and how text is wrapped
and measured to fit them.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import math
import os
import re
from dataclasses import dataclass
from pathlib import Path

import altair as alt
import vl_convert

from accelbench.core.text import esc

VEGA_LITE = "6.4"  # the version vl-convert renders with; the vendored vega-lite.min.js is 6.4.x
SVG_CACHE = "ACCELBENCH_SVG_CACHE"  # the environment variable naming a folder that keeps the charts' SVGs
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


# ---- the layouts ------------------------------------------------------------------------------

SEP = " · "  # between the parts of a label (a row's, a series'): where a long one wraps first
PADDING = {"left": 10, "right": 10, "top": 10, "bottom": 10}  # a chart's that fits a phone's column
EM = 0.62  # a character's width in a sans-serif font, as a share of its size (digits and capitals included)
TICK_GAP = 8  # px between two tick labels at least


@dataclass(frozen=True)
class Layout:
    """How the charts are laid out for one size of screen. ``width``: the static chart's (its
    padding aside), axes, legends and the rows' labels included; drawn interactively, an answer's
    chart and a phone's chart take the column's. ``labels``: the column of the rows' labels, left of
    the plot; ``chars``: a row label's line's most characters (a longer label wraps at its " · ");
    ``font``: the rows' labels' size in px (a header's one more); ``row``: px per row of the answers'
    forest; ``title_chars``: a title line's most characters; ``plot``: the narrowest plot its tick
    labels must fit (px); ``timeline``: the answers' timeline's plot width and ``timeline_height``
    its height; ``height``: a measured chart's plot height (lines, the roofline); ``axis_title``:
    an axis titled beside its ticks (a desktop) or in the chart's subtitle (a phone, whose plot is
    narrower than the title)."""

    name: str
    width: int
    labels: int
    chars: int
    font: int
    row: int
    title_chars: int
    plot: int
    timeline: int
    timeline_height: int
    height: int
    axis_title: bool


# a desktop's static chart fits a 640 px screen's column (566 px on the comparison page, beside its
# sidebars); a phone's a 390 px screen's (358 px on an evidence page, 316 px inside an answer's
# card) with nothing scaled down
DESKTOP = Layout("desktop", width=540, labels=222, chars=32, font=12, row=34, title_chars=64, plot=290,
                 timeline=480, timeline_height=220, height=320, axis_title=True)
PHONE = Layout("phone", width=290, labels=150, chars=23, font=11, row=32, title_chars=30, plot=120,
               timeline=240, timeline_height=200, height=240, axis_title=False)
LAYOUTS = (DESKTOP, PHONE)


# the most ways of breaking a text into lines that ``wrapped`` weighs: a longer text (a device's
# name in a contributed run file may be anything) is filled line by line instead
WRAP_SEARCH = 20_000


def wrapped(text: str, chars: int) -> list[str]:
    """TEXT in as few lines of at most CHARS characters as it takes, broken at its " · " rather than
    at a space where that takes no more lines, the lines as even as can be; a word longer than a
    line keeps a line of its own, whole."""
    words, joiners = [], []  # each word, and what comes before it: " · " between parts, " " inside one
    for part in text.split(SEP):
        for n, word in enumerate(part.split(" ")):
            words.append(word)
            joiners.append(("" if not joiners else SEP) if n == 0 else " ")
    best = None
    for count in range(1, len(words) + 1):
        if math.comb(len(words) - 1, count - 1) > WRAP_SEARCH:
            return _filled(words, joiners, chars)
        for breaks in itertools.combinations(range(1, len(words)), count - 1):
            bounds = [0, *breaks, len(words)]
            lines = ["".join(joiners[i] * (i > a) + words[i] for i in range(a, b)) for a, b in itertools.pairwise(bounds)]
            longest = max(len(line) for line in lines)
            if longest > chars and any(b - a > 1 for a, b in itertools.pairwise(bounds)):
                continue  # too long, and not one long word alone on its line
            score = (sum(joiners[i] == " " for i in breaks), longest)
            best = min(best or (score, lines), (score, lines))
        if best:
            return best[1]
    return [text]


def _filled(words: list[str], joiners: list[str], chars: int) -> list[str]:
    """The words in lines of at most CHARS characters, each line filled before the next begins."""
    lines = [words[0]]
    for word, joiner in zip(words[1:], joiners[1:], strict=True):
        if len(lines[-1] + joiner + word) <= chars:
            lines[-1] += joiner + word
        else:
            lines.append(word)
    return lines


def text_width(text: str, size: float) -> float:
    """About how wide TEXT is at SIZE px: an estimate on the wide side, for laying out, never drawing."""
    return len(text) * size * EM


def chars_in(px: float, size: float) -> int:
    """How many characters at SIZE px a line of PX px holds, by ``text_width``'s estimate."""
    return int(px / (size * EM))


def one_or_lines(lines: list[str]) -> str | list[str]:
    """A title's text: a line as it is, several as a list (Vega draws one per line)."""
    return lines[0] if len(lines) == 1 else lines


def title_params(text: str, layout: Layout, subtitle: list[str] | None = None) -> alt.TitleParams:
    """A chart's title in LAYOUT, wrapped to its lines; ``subtitle``: lines under it (on a phone, an
    axis's title), each wrapped to the chart's width."""
    lines = wrapped(text, layout.title_chars)
    sub = [line for s in subtitle or [] for line in wrapped(s, int(layout.width / (12 * EM)))]
    return alt.TitleParams(lines if len(lines) > 1 else text, fontSize=14,
                           **({"subtitle": sub, "subtitleFontSize": 12} if sub else {}))


def lines_field(layout: Layout) -> str:
    """The field holding a label as the LAYOUT draws it: its lines, joined by a line break (a row's,
    a vendor peak's: both layouts' fields in the one dataset they share)."""
    return f"lines_{layout.name}"


def lines_expr(labels, chars: int, shown=lambda label: label, otherwise: str = "datum.label") -> str | None:
    """A legend's or an axis's ``labelExpr`` that draws each of LABELS whose ``shown`` text is
    longer than CHARS in the lines ``wrapped`` breaks it into (Vega draws a list as lines), and any
    other as the expression ``otherwise`` (which draws the label's ``shown`` text) says; None where
    that is the label itself. The data stays as it is, so that a phone's layout shares the
    desktop's: the page carries it once."""
    long = {label: wrapped(shown(label), chars) for label in labels if len(shown(label)) > chars}
    if not long:
        return None if otherwise == "datum.label" else otherwise
    return f"({json.dumps(long, ensure_ascii=False)})[datum.label] || {otherwise}"


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


def make_chart(chart: alt.TopLevelMixin, alt_text: str, uid: str, phone: alt.TopLevelMixin | None = None,
               legend_layout: dict = LEGEND_LAYOUT) -> Chart:
    """The Chart of an Altair chart, and of its phone layout where it has one (its SVG's ids
    prefixed apart: both are in the page). ``legend_layout``: how its legends stack."""
    spec = chart.properties(description=alt_text).configure(**LIGHT).to_dict()
    spec["config"]["legend"]["layout"] = legend_layout
    spec.pop("$schema", None)  # names vega.github.io; the page loads nothing from other hosts
    return Chart(spec, _static_svg(spec, alt_text, uid),
                 None if phone is None else make_chart(phone, alt_text, f"{uid}-phone", legend_layout=legend_layout))


def _static_svg(spec: dict, alt_text: str, uid: str) -> str:
    """The SVG the page shows without JavaScript: one image with the alt text, its ids prefixed
    with the chart's own so that several charts inlined into one page do not share a clip path."""
    return _rendered(json.dumps(spec, sort_keys=True), alt_text, uid)


@functools.lru_cache(maxsize=512)
def _rendered(spec_json: str, alt_text: str, uid: str) -> str:
    # one rendering per specification: an answer's chart appears on several pages of a build (the
    # guide, the comparison, its evidence page), and vl-convert takes a good part of a second
    svg = _svg(spec_json)
    # renumbered in order of appearance: vl-convert counts clip paths across calls, and the same
    # data must give the same bytes
    ids = {old: f"{uid}-{n}" for n, old in enumerate(dict.fromkeys(re.findall(r'\bid="([^"]+)"', svg)), 1)}
    svg = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{ids[m[1]]}"', svg)
    svg = re.sub(r"url\(#([^)]+)\)", lambda m: f"url(#{ids.get(m[1], m[1])})", svg)
    svg = re.sub(r"<svg\b", f'<svg role="img" aria-label="{esc(alt_text)}"', svg, count=1)
    return svg.strip() + "\n"


def _svg(spec_json: str) -> str:
    """vl-convert's SVG of a specification; kept across processes in the folder SVG_CACHE names, where it is set
    (the test suite renders the same committed charts in many processes), by the specification and both
    versions, so that a kept SVG is the one vl-convert would draw again."""
    folder = os.environ.get(SVG_CACHE)
    if not folder:
        return vl_convert.vegalite_to_svg(json.loads(spec_json), vl_version=VEGA_LITE)
    key = hashlib.sha256(f"{vl_convert.__version__} {VEGA_LITE} {spec_json}".encode()).hexdigest()
    kept = Path(folder) / f"{key}.svg"
    if kept.exists():
        return kept.read_text(encoding="utf-8")
    svg = vl_convert.vegalite_to_svg(json.loads(spec_json), vl_version=VEGA_LITE)
    kept.parent.mkdir(parents=True, exist_ok=True)
    partial = kept.with_name(f"{key}.{os.getpid()}.part")  # written whole, then renamed: a reader never sees half
    partial.write_text(svg, encoding="utf-8")
    os.replace(partial, kept)
    return svg


def page_json(chart: Chart) -> str:
    """What the page's script draws: the specification and the dark theme, and the phone layout
    with the screens it is for (its datasets left out where they are the desktop's: the script
    takes those), as JSON safe inside a <script> element: no "<" at all, so nothing in it can end
    the element early."""
    carried = {"spec": chart.spec, "dark": DARK}
    if chart.phone is not None:
        phone = chart.phone.spec
        if phone.get("datasets") == chart.spec.get("datasets"):
            phone = {k: v for k, v in phone.items() if k != "datasets"}
        carried |= {"phone": phone, "media": PHONE_MEDIA}
    return json.dumps(carried, separators=(",", ":")).replace("<", "\\u003c")


def param_name(uid: str) -> str:
    """A parameter name Vega accepts: letters, digits and underscores."""
    return re.sub(r"\W", "_", uid)
