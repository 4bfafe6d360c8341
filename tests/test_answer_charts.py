"""The answers' charts a reader can read: short row labels (GPU first, never cut with "…") grouped
under their TPU chip, the axis at the top, same-generation comparisons filled and the others
hollow, a preview said in words; the home page's chart of the comparisons that decide the per-chip
verdicts with a link to all the others; a timeline per claim at the TPU's first-availability date;
each long caption once a page, folded under a few words; each marker on its label's line in a
desktop's layout and a phone's; a claim of one comparison said in a sentence, not a chart of one point."""

import dataclasses
import json
import math
import re
import xml.etree.ElementTree as ET

import pytest

from accelbench.core.reference import Reference
from accelbench.core.text import esc
from accelbench.judge.answers import answer, measured_kind
from accelbench.judge.claims import CLAIMS, MEASURED
from accelbench.judge.judging import (
    CHIP_HOURS,
    MARGIN,
    SPEED,
    SUPPORTED,
    TOKENS_PER_S,
    TOKENS_PER_S_PER_CHIP,
    Comparison,
    Finding,
)
from accelbench.prebuild import context
from accelbench.publish import wording
from accelbench.publish.fragments import Links, render
from accelbench.publish.render import answer_charts, answer_labels, chart_theme
from accelbench.publish.render import answers as render_answers
from accelbench.publish.wording import charts as chart_words
from accelbench.publish.wording.lines import text
from accelbench.store.published import load_published
from accelbench.store.store import Store
from accelbench.workloads.discovery import workload_settings

from conftest import ROOT, SNIPPETS
from helpers import FIGURES, card_of, every_chart_of, named, on_training

REFERENCE = Reference(ROOT / "build_data" / "reference")
NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def ctx():
    return context(Store.of_runs([], {}), REFERENCE, workload_settings(SNIPPETS), Links("article"),
                   published=load_published(ROOT / "build_data"))


@pytest.fixture(scope="module")
def answers(ctx):
    return {a.claim.slug: a for a in ctx.answers()}


def specs_of(text: str) -> list[dict]:
    return [json.loads(m)["spec"] for m in
            re.findall(r'<script type="application/json" class="ab-chart__spec">(.*?)</script>', text, re.S)]


def rows_of(spec: dict) -> list[dict]:
    (rows,) = [r for r in spec["datasets"].values() if r and {"label", "advantage", "group"} <= set(r[0])]
    return rows


def layer(spec: dict, name: str) -> dict:
    return next(lay for lay in spec["layer"] if lay.get("name") == name)


def svgs_of(text: str) -> list[str]:
    return re.findall(r'<div class="ab-chart__static[^"]*"[^>]*>(.*?)</div>', text, re.S)


def texts(svg: str) -> list[str]:
    """Each text of the SVG, its lines (a multi-line text's tspans) joined by a line break."""
    return ["\n".join(s.text or "" for s in t.iter(f"{NS}tspan")) or t.text or "" for t in ET.fromstring(svg).iter(f"{NS}text")]


def vendor(gpu="GB300", model="Llama 3.1 70B", chips=64, precision="FP8", advantage=0.8, figures=FIGURES, same=True,
           gpu_release="25.11", **more):
    return Comparison(named(f"Ironwood vs DGX-{gpu}, {model}"), advantage, TOKENS_PER_S_PER_CHIP, "TPU7x", f"DGX-{gpu}",
                      figures, chips=chips, precision=precision, model=model, tpu_name="Ironwood (TPU7x)",
                      gpu_name=gpu, tpu_available="2025-11", gpu_available="2025-07",
                      gap_months=4 if same else 16, same_generation=same,
                      gpu_release=gpu_release, **more)


def frame_of(*comparisons, claim="speed"):
    a = answer(CLAIMS[claim], {MEASURED: Finding(SUPPORTED, [], comparisons=list(comparisons))},
               {MEASURED: measured_kind()})
    return render_answers.comparison_rows([a])


def test_a_label_is_the_gpu_model_chips_and_format_an_mlperf_round_or_a_papers_citation():
    mlperf = Comparison(named("MLPerf v4.1 gpt3: long"), 0.58, CHIP_HOURS, "TPU-trillium", "H100-SXM5", FIGURES,
                        chips=1024, gpu_chips=1536, model="GPT-3 175B", gpu_name="H100", preview=True,
                        round="v4.1")
    paper = Comparison(named("Jouppi et al.: TPU v4 vs Nvidia A100"), 1.43, SPEED, "TPU v4", "Nvidia A100", FIGURES,
                       citation="Jouppi et al., ISCA 2023", gpu_name="A100")
    assert " · ".join(answer_labels.label_parts(vendor())) == "GB300 · Llama 3.1 70B · 64 chips · FP8"
    assert " · ".join(answer_labels.label_parts(mlperf)) == "H100 · GPT-3 175B · v4.1 · preview"
    assert " · ".join(answer_labels.label_parts(paper)) == "A100 · Jouppi et al., ISCA 2023"


def test_two_rows_that_would_read_alike_are_told_apart_by_release_or_recipe_and_numbered_only_as_a_last_resort():
    by_release = [vendor(gpu_release="25.11"), vendor(gpu_release="26.04.01")]
    by_recipe = [vendor(tpu_recipe="fp8_full", gpu_recipe="FP8"), vendor(tpu_recipe="fp8_full", gpu_recipe="MXFP8")]
    alike = [vendor(), vendor()]
    groups = ["Ironwood (TPU7x)"] * 2
    assert answer_labels.distinct_labels(by_release, groups) == [
        "GB300 · Llama 3.1 70B · 64 chips · FP8 · release 25.11", "GB300 · Llama 3.1 70B · 64 chips · FP8 · release 26.04.01"]
    assert answer_labels.distinct_labels(by_recipe, groups) == [
        "GB300 · Llama 3.1 70B · 64 chips · GPU FP8", "GB300 · Llama 3.1 70B · 64 chips · GPU MXFP8"]
    assert answer_labels.distinct_labels(alike, groups)[1].endswith("(2)")
    assert answer_labels.distinct_labels(alike, ["a", "b"]) == [answer_labels.SEP.join(answer_labels.label_parts(alike[0]))] * 2


@pytest.mark.parametrize("claim", ["speed", "energy", "cost"])
def test_every_row_label_is_short_gpu_first_unique_in_its_group_and_never_cut(ctx, answers, claim):
    made = every_chart_of(card_of(ctx, claim))
    compared = on_training(answers[claim])
    if len(compared) < answer_charts.MIN_POINTS:  # one comparison: a sentence, no chart (test below)
        assert specs_of(made) == [] and 'class="ab-chart__one"' in made
        return
    forest = specs_of(made)[0]
    rows = rows_of(forest)
    assert len(rows) == len(compared) > 0  # inference results are never drawn in a training chart
    for r in rows:
        assert len(r["label"]) <= answer_charts.MAX_LABEL and "…" not in r["label"], r["label"]
        assert r["label"].split(" · ")[0] == r["gpu"]
        assert not re.search(r"\(\d+\)$", r["label"])  # told apart by what differs, never numbered
        assert r["comparison"] and r["comparison"] != r["label"]  # the long description is kept, for the tooltip
    assert len({(r["group"], r["label"]) for r in rows}) == len(rows)
    assert "labelLimit" not in json.dumps([lay.get("encoding") for lay in forest["layer"]])  # nothing truncates a label
    for svg in svgs_of(made):
        assert not [t for t in texts(svg) if t.endswith("…")]
    tooltip = [t["field"] for t in layer(forest, "comparisons")["encoding"]["tooltip"]]
    assert {"comparison", "figures", "generation", "tpu_date", "gpu_date", "availability"} <= set(tooltip)


def test_rows_are_grouped_under_their_tpu_chip_newest_first_sorted_by_gpu_then_advantage(ctx):
    every = every_chart_of(card_of(ctx, "speed"))
    forest = specs_of(every)[0]
    rows = rows_of(forest)
    groups = list(dict.fromkeys(r["group"] for r in rows))
    assert groups[:2] == ["Ironwood (TPU7x)", "Trillium (TPU v6e)"] and all(r["group"] == r["tpu"] for r in rows)
    assert [r["group"] for r in rows] == sorted((r["group"] for r in rows), key=groups.index)  # each group together
    for g in groups:
        inside = [(r["gpu"], -r["advantage"]) for r in rows if r["group"] == g]
        assert inside == sorted(inside)
    # a header row per group above its rows, on the same y scale: the static SVG and the page draw it alike
    headers = next(lay for lay in forest["layer"] if lay.get("encoding", {}).get("text", {}).get("field") == "group")
    order = layer(forest, "comparisons")["encoding"]["y"]["sort"]
    assert headers["encoding"]["y"]["sort"] == order
    assert [k for k in order if k.endswith("::")] == [f"{g}::" for g in groups]
    svg = svgs_of(every)[0]
    assert {"Ironwood (TPU7x)", "Trillium (TPU v6e)", "TPU v4"} <= set(texts(svg))
    # every row's whole label in each static chart (the desktop's, the phone's), in the lines wrapped() gives it
    for layout, svg in zip(answer_charts.LAYOUTS, svgs_of(every)[:2], strict=True):
        assert all("\n".join(answer_charts.wrapped(r["label"], layout.chars)) in texts(svg) for r in rows), layout.name


def test_the_axis_is_at_the_top_and_a_long_chart_has_it_at_the_bottom_too(ctx):
    forest = specs_of(card_of(ctx, "speed"))[0]
    assert layer(forest, "comparisons")["encoding"]["x"]["axis"]["orient"] == "top"
    orients = [lay["encoding"]["x"]["axis"]["orient"] for lay in forest["layer"]
               if (lay.get("encoding", {}).get("x") or {}).get("axis")]
    assert orients == ["bottom", "top"]
    short = answer_charts.forest_chart(frame_of(vendor(), vendor(gpu="GB200")), "alt", MARGIN, "u", "t").spec
    assert [lay["encoding"]["x"]["axis"]["orient"] for lay in short["layer"]
            if (lay.get("encoding", {}).get("x") or {}).get("axis")] == ["top"]
    assert forest["usermeta"] == {"fit": True}  # the page fits it to its column (assets/charts.js)


def test_same_generation_is_filled_the_others_hollow_and_a_preview_is_said_in_words():
    frame = frame_of(vendor(same=True), vendor(gpu="GB200", same=False, preview=True))
    chart = answer_charts.forest_chart(frame, "alt", MARGIN, "u", "t")
    points = layer(chart.spec, "comparisons")
    assert points["mark"]["filled"] is True
    fill = points["encoding"]["fillOpacity"]
    assert fill["field"] == "fill" and fill["scale"] == {"domain": [chart_words.SAME, chart_words.OTHER], "range": [1, 0]}
    rows = rows_of(chart.spec)
    assert [(r["gpu"], r["fill"]) for r in rows] == [("GB200", chart_words.OTHER), ("GB300", chart_words.SAME)]
    assert rows[0]["label"].endswith(" · preview") and rows[0]["availability"].startswith("a preview system")
    assert rows[0]["generation"].startswith("the GPU is a year older") and rows[1]["generation"].startswith("same generation")
    # the static SVG draws the same: one ring, one filled marker, and the legend of both
    root = ET.fromstring(chart.svg)
    marks = [p for g in root.iter(f"{NS}g") if "comparisons_marks" in (g.get("class") or "") for p in g.iter(f"{NS}path")]
    assert sorted(p.get("fill-opacity") for p in marks) == ["0", "1"]
    assert {"same generation", chart_words.OTHER, "kind of evidence"} <= set(texts(chart.svg))


def test_the_home_chart_draws_the_same_generation_speed_comparisons_and_the_priced_ones_and_links_the_rest(ctx, answers):
    made = render(ctx, "answers-chart", []).text
    (spec,) = specs_of(made)
    rows = rows_of(spec)
    speed = [(k, c) for k in answers["speed"].kinds for c in k.finding.comparisons]
    counted = {k.kind for k in answers["speed"].deciding}  # an older TPU generation's kind is named, not counted
    deciding = [c for k, c in speed if c.same_generation and k.kind in counted]
    priced = [c for k in answers["cost"].kinds for c in k.finding.comparisons]
    assert len(rows) == len(deciding) + len(priced) > 0 and len(deciding) < len(speed)
    assert all(r["same_generation"] and r["counted"] for r in rows if r["claim"] == "speed")
    assert {r["group"].split(":")[0] for r in rows} == {"Speed", "Cost"}
    assert '<a href="comparison.html#claim-speed">' in made  # the folder's own link to the card
    left = len(speed) - len(deciding)
    assert f"The other {left} speed comparisons are left out here" in made
    assert f"All {len(speed)} are in" in made
    # its title says what it shows: the cost rows are of any generation where one is not of the same
    title = spec["title"]["text"]
    assert title == wording.home_chart_title(len(priced), sum(c.same_generation for c in priced))
    assert ("any generation" in title) == (not all(c.same_generation for c in priced)) and "same generation" in title
    # its caption in a few words; what it leaves out and how to read it folded under them
    caption = re.search(r"<figcaption>([^<]*)<details", made)[1]
    assert wording.words(caption) <= wording.CAPTION_WORDS and str(len(deciding)) in caption
    # the chart counts what the headline counts: its same-generation comparisons are the answer's
    chips = next(c for c in ctx.judgement.recommendation if c.topic == "chips")
    assert len(deciding) == chips.figures.pairs
    assert made.index("<details") < made.index(f"The other {left} speed comparisons") < made.index("</details>")


def test_a_timeline_places_each_comparison_at_its_tpus_first_availability_and_skips_the_undated():
    dated = [vendor(), vendor(gpu="GB200", same=False),
             Comparison(named("paper"), 1.43, SPEED, "TPU v4", "A100", FIGURES, citation="Jouppi", tpu_name="TPU v4",
                        gpu_name="A100", tpu_available="2020", gpu_available="2020-05-14", gap_months=1, same_generation=True),
             Comparison(named("odd"), 1.0, TOKENS_PER_S, "TPU x", "B200", FIGURES, model="m", tpu_name="TPU x", gpu_name="B200")]
    frame = frame_of(*dated)
    assert dict(zip(frame["tpu_available"], frame["when"], strict=True)) == {"2025-11": "2025-11-01", "2020": "2020-07-01",
                                                                            "": ""}
    chart = answer_charts.timeline_chart(frame, "alt", MARGIN, "t", "t")
    (spec_rows,) = [r for r in chart.spec["datasets"].values() if r and "when" in r[0]]
    assert sorted(r["when"] for r in spec_rows) == ["2020-07-01", "2025-11-01", "2025-11-01"]  # the undated one left out
    points = layer(chart.spec, "timeline")
    assert points["encoding"]["x"]["field"] == "when" and points["encoding"]["x"]["type"] == "temporal"
    assert points["encoding"]["y"]["scale"]["type"] == "log" and points["encoding"]["fillOpacity"]["field"] == "fill"
    assert {t["field"] for t in points["encoding"]["tooltip"]} >= {"tpu", "gpu", "tpu_date", "gpu_date", "value", "kind"}
    bands = [r for r in chart.spec["datasets"].values() if r and set(r[0]) == {"from", "to"}]
    assert bands == [[{"from": 1 - MARGIN, "to": 1 + MARGIN}]]
    assert answer_charts.timeline_chart(frame[frame["when"] == ""], "alt", MARGIN, "t", "t") is None


def test_each_dated_claims_card_has_a_timeline_with_its_alt_text(ctx, answers):
    for slug, a in answers.items():
        made = card_of(ctx, slug)
        compared = on_training(a)  # inference results are never placed on a training timeline
        specs = specs_of(made)
        if not compared:
            assert specs == []
            continue
        undated = sum(1 for c in compared if not c.tpu_available)
        least = answer_charts.MIN_POINTS  # a chart of fewer points is none
        folded = 1 if "ab-chart__all" in made else 0  # a per-chip card's every comparison, under its counted ones
        assert len(specs) == (0 if len(compared) < least else 2 if len(compared) - undated >= least else 1) + folded, slug
        if len(specs) >= 2:
            rows = [r for r in specs[-1]["datasets"].values() if r and "when" in r[0]][0]
            assert sorted(r["when"][:4] for r in rows) == sorted(c.tpu_available[:4] for c in compared if c.tpu_available)
            alt = specs[-1]["description"]
            assert f"{len(rows)} comparisons at the date their TPU was first available" in alt
            assert ("not dated" in alt) == bool(undated)


def test_each_long_caption_is_said_once_a_page_and_every_chart_keeps_its_alt_text(ctx):
    # the answers' charts (the buyer's per-dollar chart after the cost card has captions of its own)
    page = re.sub(r'\n<div class="ab-per-dollar".*?</div><!-- ab-per-dollar -->', "", render(ctx, "answers", []).text,
                  flags=re.S)
    assert page.count(esc(wording.CAPTION)) == 1 and page.count(esc(wording.TIMELINE_CAPTION)) == 1
    charts = page.count('<figure class="ab-chart">')
    # every chart says the key in a few words; the first of its kind folds the long caption under them
    assert page.count(esc(wording.SHORT_CAPTION)) + page.count(esc(wording.SHORT_TIMELINE_CAPTION)) == charts > 0
    folded = re.findall(r'<figcaption>[^<]*<details class="ab-chart__about"><summary>[^<]*</summary><p>([^<]*)</p>', page)
    assert folded == [esc(wording.CAPTION), esc(wording.TIMELINE_CAPTION)]
    for short in (wording.SHORT_CAPTION, wording.SHORT_TIMELINE_CAPTION, wording.home_chart_caption(29, 1)):
        assert wording.words(short) <= wording.CAPTION_WORDS, short
    # each chart's static SVG, the desktop's and the phone's, with its alt text
    assert len(re.findall(r'<svg role="img" aria-label="[^"]+"', page)) == 2 * charts


# ---- the layouts: a marker on its label's line, a phone's chart not a scaled-down desktop's -----

def test_wrapped_breaks_at_the_parts_then_at_spaces_in_as_few_even_lines_as_fit():
    wrapped = answer_charts.wrapped
    assert wrapped("GB300 · Llama 3.1 405B · 256 chips · GPU MXFP8", 23) == ["GB300 · Llama 3.1 405B", "256 chips · GPU MXFP8"]
    assert wrapped("B200 · DeepSeek-V3 · 256 chips · FP8", 32) == ["B200 · DeepSeek-V3", "256 chips · FP8"]  # even
    assert wrapped("A100 · Jouppi et al., ISCA 2023", 32) == ["A100 · Jouppi et al., ISCA 2023"]  # it fits: one line
    # a part longer than a line breaks at a space, in as few lines as it takes
    assert wrapped("B200 · Stable Diffusion XL, Offline · v5.0", 32) == ["B200 · Stable Diffusion", "XL, Offline · v5.0"]
    assert wrapped("Supercalifragilistic · x", 5) == ["Supercalifragilistic", "x"]  # a long word keeps its line, whole
    for label in ("GB300 · Qwen3 235B-A22B · 256 chips · FP8", "H100 · GPT-3 175B · v4.1 · preview", "a b c d e f g h"):
        for chars in (8, 12, 23, 32):
            lines = answer_charts.wrapped(label, chars)
            assert all(len(line) <= chars or " " not in line for line in lines)
            assert " ".join(lines).replace(" · ", " ") == label.replace(" · ", " ")  # nothing lost, nothing added


def test_spaced_ticks_keep_their_labels_apart_and_a_shorter_axis_keeps_fewer():
    domain = [0.27, 3.6]
    wide = answer_charts.spaced_ticks(domain, 600, lambda v: answer_charts.text_width(answer_charts.tick_label(v), 12))
    narrow = answer_charts.spaced_ticks(domain, 120, lambda v: answer_charts.text_width(answer_charts.tick_label(v), 12))
    assert 1 in narrow and set(narrow) < set(wide) and narrow == sorted(narrow) and len(narrow) >= 3
    lo, hi = (math.log(d) for d in domain)
    for ticks, length in ((wide, 600), (narrow, 120)):
        at = [(math.log(t) - lo) / (hi - lo) * length for t in ticks]
        widths = [answer_charts.text_width(answer_charts.tick_label(t), 12) for t in ticks]
        assert all(at[i + 1] - at[i] >= (widths[i] + widths[i + 1]) / 2 + answer_charts.TICK_GAP for i in range(len(at) - 1))
    assert [answer_charts.tick_label(v) for v in (0.5, 0.67, 1, 1.25, 10)] == ["0.5×", "0.67×", "1×", "1.25×", "10×"]


def _rows_y(svg: str, layout) -> list[tuple[str, float, float]]:
    """(label, the middle of its lines, its marker's y) of each row of a static forest chart: the label
    from its text's first baseline (Vega's middle baseline sits 0.3 em below it) and line height."""
    root = ET.fromstring(svg)
    def y(node):
        return float(re.search(r"translate\([^,]+,([^)]+)\)", node.get("transform"))[1])
    labels = [t for g in root.iter(f"{NS}g") if "rowlabels_marks" in (g.get("class") or "") for t in g.iter(f"{NS}text")]
    markers = {p.get("aria-label").split(", ", 1)[1].split(": TPU advantage")[0]: y(p)
               for g in root.iter(f"{NS}g") if "comparisons_marks" in (g.get("class") or "") for p in g.iter(f"{NS}path")}
    out = []
    for t in labels:
        lines = [s.text for s in t.iter(f"{NS}tspan")] or [t.text]
        label = next(k for k in markers if k.replace(" · ", " ") == " ".join(lines).replace(" · ", " "))
        middle = y(t) - 0.3 * layout.font + (len(lines) - 1) * (layout.font + 2) / 2
        out.append((label, middle, markers[label]))
    return out


def test_each_marker_is_on_its_labels_line_in_both_layouts_and_the_phones_text_is_full_size(ctx):
    """The labels and the markers share one y (the middle of their row): in the static SVG of each
    layout every row's label is centred on its marker. The phone's SVG is no wider than an answer's
    column on a 390 px phone (316 px) and the desktop's than on a 640 px screen (566 px), so that
    neither is scaled down, and no text in either is under 11 px."""
    made = card_of(ctx, "speed")
    forest = specs_of(made)[0]
    y = [lay["encoding"]["y"] for lay in forest["layer"] if lay.get("name") in ("rowlabels", "comparisons")]
    assert len(y) == 2 and y[0] == y[1] and y[0]["bandPosition"] == 0.5
    rows = rows_of(forest)
    for layout, svg in zip(answer_charts.LAYOUTS, svgs_of(made)[:2], strict=True):
        drawn = _rows_y(svg, layout)
        assert len(drawn) == len(rows)
        assert all(abs(middle - marker) <= 1 for _, middle, marker in drawn), (layout.name, drawn[:3])
        root = ET.fromstring(svg)
        assert float(root.get("width")) <= {"desktop": 566, "phone": 316}[layout.name]
        sizes = {float(t.get("font-size").removesuffix("px")) for t in root.iter(f"{NS}text")}
        assert min(sizes) >= 11, (layout.name, sorted(sizes))


def test_a_chart_comes_with_its_phone_layout_and_the_page_carries_both():

    chart = answer_charts.forest_chart(frame_of(vendor(), vendor(gpu="GB200")), "alt", MARGIN, "u", "t")
    assert chart.phone is not None and chart.phone.phone is None
    assert chart.spec["width"] == chart_theme.DESKTOP.width and chart.phone.spec["width"] == chart_theme.PHONE.width
    ids = set(re.findall(r'\bid="([^"]+)"', chart.svg)) & set(re.findall(r'\bid="([^"]+)"', chart.phone.svg))
    assert ids == set()  # both SVGs are in the page: no id twice
    carried = json.loads(chart_theme.page_json(chart))
    assert carried["media"] == chart_theme.PHONE_MEDIA
    assert "datasets" not in carried["phone"]  # the desktop's, taken by the page's script
    assert {**carried["phone"], "datasets": carried["spec"]["datasets"]} == chart.phone.spec
    css = (ROOT / "docs" / "assets" / "accelbench.css").read_text()
    assert f"@media screen and {chart_theme.PHONE_MEDIA}" in css  # the static SVG shown by the same query
    timeline = answer_charts.timeline_chart(frame_of(vendor(), vendor(gpu="GB200")), "alt", MARGIN, "t", "t")
    assert timeline.phone.spec["width"] == chart_theme.PHONE.timeline


def test_a_claim_of_one_comparison_says_it_in_a_sentence_with_its_source_not_a_chart_of_one_point(ctx, answers):
    one = vendor(url="https://example.com/one")
    assert answer_charts.forest_chart(frame_of(one), "alt", MARGIN, "u", "t") is None
    undated = dataclasses.replace(vendor(gpu="GB200"), tpu_available="")
    assert answer_charts.timeline_chart(frame_of(one, undated), "alt", MARGIN, "t", "t") is None  # one point dated
    single = [slug for slug, a in answers.items() if sum(len(k.finding.comparisons) for k in a.kinds) == 1]
    assert single  # the committed data has some (cost, energy), or this test proves nothing
    for slug in single:
        made = card_of(ctx, slug)
        (c,) = [c for k in answers[slug].kinds for c in k.finding.comparisons]
        assert "<figure" not in made
        sentence = re.search(r'<p class="ab-chart__one">([^<]*)<a href="([^"]+)">', made)
        assert sentence and esc(text(c.name)) in sentence[1] and sentence[2] == esc(c.url)
