"""The site's charts read at 390 px and at 1280 px, in a real browser (Debian's Chromium via
Playwright) on the built site, the static SVG (what the page shows before it draws, and without
JavaScript) and the chart drawn interactively. The answers' charts (the home page's and the
comparison page's speed chart): every marker sits on its row label's line; no text is under 11 px
on the screen (a phone gets its own layout, not a desktop's scaled down); row labels stay left of
the plot; tick labels do not touch; a caption is a few words, the rest folded; a tooltip opens
inside the screen. Every chart of every page (the measured, the published figures', the answers'; under CI=true, and each
kind of chart at both widths otherwise): no text under 11 px, none cut by its chart's edge or past the
screen, no tick labels touching.
Screenshots are saved under test-artifacts/ for a person to look at."""

from __future__ import annotations

import os
import re

import pytest

from accelbench.publish import wording

from conftest import ROOT
from helpers import LOADED, chromium, require_chromium, served

ARTIFACTS = ROOT / "test-artifacts"
# (a selector's first figure: the speed card's rows, not its timeline)
CHARTS = {"home": ("", "figure.ab-chart"), "speed": ("article/comparison.html",
                                                                   "#answer-speed > figure.ab-chart:first-of-type")}
WIDTHS = {390: 844, 1280: 900}
SMALLEST = 11  # px: no chart text is smaller on the screen
ALIGNED = 3  # px: a marker's middle at most this far from its label's

require_chromium("the chart layout tests")


@pytest.fixture(scope="module")
def site_url(committed_site):
    """The built site, served on a free local port."""
    with served(committed_site) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def open_page(browser, site_url, path: str, width: int):
    context = browser.new_context(viewport={"width": width, "height": WIDTHS[width]})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.goto(site_url + path, wait_until=LOADED)
    return context, page


# every chart in or near the screen drawn (none folded away): the page no longer moves under the pointer
SETTLED = """() => [...document.querySelectorAll('figure.ab-chart')].filter(f => {
  const box = f.getBoundingClientRect();
  return !f.closest('details:not([open])') && box.top < innerHeight + 200 && box.bottom > -200;
}).every(f => f.classList.contains('ab-chart--live'))"""


def draw(page, selector: str) -> None:
    """Charts draw once the reader interacts and the chart is in view (assets/charts.js)."""
    page.mouse.move(5, 5)
    page.locator(selector).first.scroll_into_view_if_needed()
    page.wait_for_function("s => document.querySelector(s).classList.contains('ab-chart--live')", arg=selector)


# the chart's SVG as the reader sees it (the static one the stylesheet shows, or the drawn one): its
# rows' labels and markers, every text's size on the screen, each axis's tick labels, the plot's left
MEASURE = """([selector, live]) => {
  const figure = document.querySelector(selector);
  const holder = live ? figure.querySelector('.ab-chart__live')
    : [...figure.querySelectorAll('.ab-chart__static')].find(d => getComputedStyle(d).display !== 'none');
  const svg = holder.querySelector('svg');
  const box = e => e.getBoundingClientRect();
  const middle = e => (box(e).top + box(e).bottom) / 2;
  const seen = e => { for (let n = e; n && n !== svg; n = n.parentElement) {
    const s = getComputedStyle(n);
    if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return false; }
    return e.textContent.trim() !== ''; };
  const lines = t => [...t.querySelectorAll('tspan')].map(s => s.textContent).join(' ') || t.textContent;
  const boxOf = e => { const b = box(e); return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; };
  return {
    width: box(svg).width,
    labels: [...svg.querySelectorAll('g.rowlabels_marks > text')].map(t => ({text: lines(t), middle: middle(t), ...boxOf(t)})),
    markers: [...svg.querySelectorAll('g.comparisons_marks path')].map(p => ({aria: p.getAttribute('aria-label'),
      middle: middle(p), ...boxOf(p)})),
    sizes: [...svg.querySelectorAll('text')].filter(seen).map(t => { const m = t.getScreenCTM();
      return {text: lines(t), px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b)}; }),
    axes: [...svg.querySelectorAll('g.role-axis')].map(a => [...a.querySelectorAll('g.role-axis-label > text')]
      .filter(seen).map(t => ({text: t.textContent, ...boxOf(t)}))),
    plot: Math.min(...[...svg.querySelectorAll('g.role-axis-domain > *')].map(d => box(d).left)),
  };
}"""


def plain(text: str) -> str:
    """A label as its parts' words, whatever its lines ('A100 · Jouppi et' 'al., ISCA 2023': 'A100 Jouppi et al., ISCA 2023')."""
    return " ".join(text.replace("·", " ").split())


def check_layout(drawn: dict, where: str) -> None:
    assert drawn["labels"] and drawn["markers"], where
    # (a) each row's marker on its label's line: the marker whose description names the label, nearest
    for label in drawn["labels"]:
        mine = [m for m in drawn["markers"] if plain(label["text"]) in plain(m["aria"].split(": TPU advantage")[0])]
        assert mine, (where, label["text"])
        nearest = min(abs(m["middle"] - label["middle"]) for m in mine)
        assert nearest <= ALIGNED, (where, label["text"], nearest)
    # and its label stays left of the plot: no row label runs under the markers
    assert max(label["right"] for label in drawn["labels"]) <= drawn["plot"] + 1, where
    assert len(drawn["labels"]) == len(drawn["markers"]), where
    # (b) no text under 11 px on the screen
    small = [(t["text"], round(t["px"], 1)) for t in drawn["sizes"] if t["px"] < SMALLEST - 0.05]
    assert small == [], (where, small[:5])
    # (c) no two tick labels of an axis overlap
    for ticks in drawn["axes"]:
        for i, a in enumerate(ticks):
            for b in ticks[i + 1:]:
                apart = (a["right"] <= b["left"] + 0.5 or b["right"] <= a["left"] + 0.5
                         or a["bottom"] <= b["top"] + 0.5 or b["bottom"] <= a["top"] + 0.5)
                assert apart, (where, a["text"], b["text"])


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("chart", list(CHARTS))
def test_markers_sit_on_their_labels_lines_text_is_11_px_or_more_and_ticks_keep_apart(browser, site_url, chart, width):
    """(a), (b), (c) on the static chart (before the page draws) and on the drawn one, at a phone's
    and a desktop's width."""
    path, selector = CHARTS[chart]
    context, page = open_page(browser, site_url, path, width)
    static = page.evaluate(MEASURE, [selector, False])
    check_layout(static, f"{chart} {width} static")
    assert static["width"] <= width
    draw(page, selector)
    check_layout(page.evaluate(MEASURE, [selector, True]), f"{chart} {width} live")
    ARTIFACTS.mkdir(exist_ok=True)
    page.add_style_tag(content=".md-header { position: static; }")
    page.locator(selector).first.screenshot(path=str(ARTIFACTS / f"chart-{chart}-{width}.png"))
    assert page.errors == []
    context.close()


@pytest.mark.parametrize("chart", list(CHARTS))
def test_a_caption_is_at_most_25_words_the_rest_folded_under_it(browser, site_url, chart):
    """(d) the figcaption's own words, less what it folds in its <details>."""
    path, selector = CHARTS[chart]
    context, page = open_page(browser, site_url, path, 1280)
    caption = page.locator(selector + " figcaption").first.evaluate(
        "c => { const copy = c.cloneNode(true); copy.querySelectorAll('details').forEach(d => d.remove());"
        " return copy.textContent; }")
    assert 0 < len(caption.split()) <= wording.CAPTION_WORDS, caption
    folded = page.locator(selector + " figcaption").first.locator("details")
    assert folded.count() in (0, 1)
    if folded.count():
        assert not folded.evaluate("d => d.open") and folded.locator("summary").inner_text() == wording.CHART_ABOUT
    context.close()


@pytest.mark.parametrize("chart", list(CHARTS))
def test_a_tooltip_opens_inside_a_phones_screen_at_either_edge(browser, site_url, chart):
    """(e) at 390 px, hovering the leftmost and the rightmost marker opens a tooltip whose box lies
    inside the viewport."""
    path, selector = CHARTS[chart]
    width, height = 390, WIDTHS[390]
    context, page = open_page(browser, site_url, path, width)
    draw(page, selector)
    markers = page.locator(f"{selector} .ab-chart__live g.comparisons_marks path")
    boxes = [markers.nth(i).bounding_box() for i in range(markers.count())]
    for edge in (min, max):
        i = boxes.index(edge(boxes, key=lambda b: b["x"]))
        markers.nth(i).evaluate("m => m.scrollIntoView({block: 'center'})")  # never under the sticky header
        page.wait_for_function(SETTLED)  # a chart drawn near it moves the page: the marker is measured after
        box = markers.nth(i).bounding_box()
        page.mouse.move(0, 0)
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        tooltip = page.locator("#vg-tooltip-element.visible")
        tooltip.wait_for()
        shown = tooltip.bounding_box()
        assert shown["x"] >= 0 and shown["x"] + shown["width"] <= width, (edge.__name__, shown)
        assert shown["y"] >= 0 and shown["y"] + shown["height"] <= height, (edge.__name__, shown)
        if edge is min:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"chart-{chart}-tooltip-390.png"))
    assert page.errors == []
    context.close()


# ---- every chart of the site ------------------------------------------------------------------

# each chart's text as the reader sees it, the static SVG the stylesheet shows or the drawn one: its
# size on the screen and its box, the box of the SVG that clips it, each axis's tick labels
TEXTS = """([index, live]) => {
  const figure = document.querySelectorAll('figure.ab-chart')[index];
  const holder = live ? figure.querySelector('.ab-chart__live')
    : [...figure.querySelectorAll('.ab-chart__static')].find(d => getComputedStyle(d).display !== 'none');
  const svg = holder.querySelector('svg');
  const boxOf = e => { const b = e.getBoundingClientRect();
    return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; };
  const seen = e => { for (let n = e; n && n !== svg; n = n.parentElement) {
    const s = getComputedStyle(n);
    if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return false; }
    return e.textContent.trim() !== ''; };
  return {
    svg: boxOf(svg),
    texts: [...svg.querySelectorAll('text')].filter(seen).map(t => { const m = t.getScreenCTM();
      return {text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), ...boxOf(t)}; }),
    axes: [...svg.querySelectorAll('g.role-axis')].map(a => [...a.querySelectorAll('g.role-axis-label > text')]
      .filter(seen).map(t => ({text: t.textContent, ...boxOf(t)}))),
  };
}"""
INSIDE = 1  # px: how far past its SVG's edge or the screen's a text's box may reach (its glyphs' overhang)


def chart_pages(site) -> list[str]:
    """Every built page that holds a chart, as a path under the site."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")
                  if '<figure class="ab-chart">' in p.read_text(encoding="utf-8"))


SPEC = re.compile(r'<script type="application/json" class="ab-chart__spec">(.*?)</script>', re.S)
MARK = re.compile(r'"mark":\s*(?:\{"type":\s*)?"(\w+)"')


def chart_kinds(site, path: str) -> set[tuple]:
    """The kinds of chart a page holds: each chart's section of the site and the marks it draws."""
    section = path.split("/")[0] if "/" in path else ""
    return {(section, tuple(sorted(set(MARK.findall(spec))))) for spec in SPEC.findall((site / path).read_text(encoding="utf-8"))}


def pages_to_check(site) -> list[str]:
    """Under CI=true every page with a chart; otherwise the fewest pages that hold every kind of chart (each
    section's every combination of marks), so that `make test` checks each kind at both widths in its time."""
    pages = chart_pages(site)
    if os.environ.get("CI") == "true":
        return pages
    kinds = {p: chart_kinds(site, p) for p in pages}
    left, chosen = set().union(*kinds.values()), []
    while left:
        best = max(pages, key=lambda p: (len(kinds[p] & left), -len(kinds[p])))
        chosen.append(best)
        left -= kinds[best]
    return sorted(chosen)


def text_problems(drawn: dict, width: int, where: str) -> list[str]:
    """What keeps a chart's text from reading: a text under SMALLEST px on the screen, one cut by its
    SVG's edge or past the screen's, two tick labels of an axis that touch."""
    problems = [f"{where}: {t['text']!r} is {t['px']:.1f} px" for t in drawn["texts"] if t["px"] < SMALLEST - 0.05]
    box = drawn["svg"]
    for t in drawn["texts"]:
        if t["left"] < max(box["left"], 0) - INSIDE or t["right"] > min(box["right"], width) + INSIDE:
            problems.append(f"{where}: {t['text']!r} runs past its chart or the screen ({t['left']:.0f}–{t['right']:.0f} px, "
                            f"the chart {box['left']:.0f}–{box['right']:.0f}, the screen 0–{width})")
    for ticks in drawn["axes"]:
        for i, a in enumerate(ticks):
            for b in ticks[i + 1:]:
                if not (a["right"] <= b["left"] + 0.5 or b["right"] <= a["left"] + 0.5
                        or a["bottom"] <= b["top"] + 0.5 or b["bottom"] <= a["top"] + 0.5):
                    problems.append(f"{where}: tick labels {a['text']!r} and {b['text']!r} touch")
    return problems


@pytest.mark.parametrize("width", list(WIDTHS))
def test_every_charts_text_is_11_px_or_more_inside_its_chart_and_the_screen_its_ticks_apart(browser, site_url,
                                                                                           committed_site, width):
    """Every chart on every built page (the answers', the measured, the published figures'), folded
    ones opened, at a phone's and a desktop's width: the static SVG (what the page shows without
    JavaScript, and before it draws), then the chart drawn interactively. No text under 11 px on the
    screen (a phone gets the chart's phone layout, not the desktop's scaled down), none cut by its
    chart's edge or running past the screen, no two tick labels of an axis touching; and the page
    raises no error."""
    assert len(chart_pages(committed_site)) >= 10  # the answers', the evidence pages' and the published pages' charts
    pages = pages_to_check(committed_site)
    problems, charts = [], 0
    opened = "document.querySelectorAll('article details').forEach(d => { d.open = true; })"
    for path in pages:
        # the static charts, from a page that draws none
        context = browser.new_context(viewport={"width": width, "height": WIDTHS[width]}, java_script_enabled=False)
        page = context.new_page()
        page.goto(site_url + path, wait_until=LOADED)
        page.evaluate(opened)
        count = page.locator("figure.ab-chart").count()
        for i in range(count):
            problems += text_problems(page.evaluate(TEXTS, [i, False]), width, f"{path} chart {i + 1} static")
        context.close()
        # the charts drawn
        context, page = open_page(browser, site_url, path, width)
        page.evaluate(opened)
        page.mouse.move(5, 5)  # charts draw once the reader interacts and the chart is in view
        figures = page.locator("figure.ab-chart")
        assert figures.count() == count, path
        for i in range(count):
            figures.nth(i).scroll_into_view_if_needed()
            page.wait_for_function("i => document.querySelectorAll('figure.ab-chart')[i].classList.contains('ab-chart--live')",
                                   arg=i)
            problems += text_problems(page.evaluate(TEXTS, [i, True]), width, f"{path} chart {i + 1} live")
        charts += count
        problems += [f"{path}: {error}" for error in page.errors]
        context.close()
    assert charts >= len(pages)
    assert problems == [], f"{len(problems)} problem(s), the first:\n" + "\n".join(problems[:40])


def test_the_pages_checked_hold_every_kind_of_chart(committed_site):
    every = chart_pages(committed_site)
    checked = pages_to_check(committed_site)
    kinds = set().union(*(chart_kinds(committed_site, p) for p in every))
    assert set().union(*(chart_kinds(committed_site, p) for p in checked)) == kinds and len(kinds) > 3
    assert set(checked) <= set(every)
    if os.environ.get("CI") == "true":
        assert checked == every
    else:
        assert len(checked) < len(every)  # each kind once: fewer pages than every chart's
