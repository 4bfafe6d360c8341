"""The answers' charts a reader can read: short row labels (GPU first, never cut with "…") grouped
under their TPU chip, the axis at the top, same-generation comparisons filled and the others
hollow, a preview said in words; the home page's chart of the comparisons that decide the per-chip
verdicts with a link to all the others; a timeline per claim at the TPU's first-availability date;
each long caption once a page."""

import json
import re
import xml.etree.ElementTree as ET

import pytest

from accelbench.core.reference import Reference
from accelbench.core.text import esc
from accelbench.judge.answers import answer, measured_kind
from accelbench.judge.claims import CLAIMS, MEASURED
from accelbench.judge.judging import MARGIN, SUPPORTED, Comparison, Finding
from accelbench.prebuild import context
from accelbench.publish.fragments import Links, render
from accelbench.publish.fragments import answers as fragments
from accelbench.publish.render import answer_charts
from accelbench.publish.render import answers as render_answers
from accelbench.store.published import load_published
from accelbench.store.store import Store
from accelbench.workloads.discovery import workload_settings

from conftest import ROOT, SNIPPETS

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
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{NS}text")]


def vendor(gpu="GB300", model="Llama 3.1 70B", chips=64, precision="FP8", where="MaxText against DGX (NeMo) 25.11",
           advantage=0.8, figures="f", same=True, **more):
    return Comparison(f"Ironwood vs DGX-{gpu}, {model}", advantage, "tokens/s per chip", "TPU7x", f"DGX-{gpu}", figures,
                      chips=chips, precision=precision, model=model, where=where, tpu_name="Ironwood (TPU7x)",
                      gpu_name=gpu, tpu_available="2025-11", gpu_available="2025-07",
                      generation="same generation" if same else "the GPU is a year older", same_generation=same, **more)


def frame_of(*comparisons, claim="speed"):
    a = answer(CLAIMS[claim], {MEASURED: Finding(SUPPORTED, ["e"], comparisons=list(comparisons))},
               {MEASURED: measured_kind()})
    return render_answers.comparison_rows([a])


def test_a_label_is_the_gpu_model_chips_and_format_an_mlperf_round_or_a_papers_citation():
    mlperf = Comparison("MLPerf v4.1 gpt3: long", 0.58, "chip-hours", "TPU-trillium", "H100-SXM5", "f", chips=1024,
                        gpu_chips=1536, model="GPT-3 175B", where="MLPerf Training v4.1", gpu_name="H100", preview=True)
    paper = Comparison("Jouppi et al.: TPU v4 vs Nvidia A100", 1.43, "speed", "TPU v4", "Nvidia A100", "f",
                       where="Jouppi et al., ISCA 2023", gpu_name="A100")
    assert " · ".join(answer_charts.label_parts(vendor())) == "GB300 · Llama 3.1 70B · 64 chips · FP8"
    assert " · ".join(answer_charts.label_parts(mlperf)) == "H100 · GPT-3 175B · v4.1 · preview"
    assert " · ".join(answer_charts.label_parts(paper)) == "A100 · Jouppi et al., ISCA 2023"


def test_two_rows_that_would_read_alike_are_told_apart_by_release_or_recipe_and_numbered_only_as_a_last_resort():
    by_release = [vendor(where="x (NeMo) 25.11"), vendor(where="x (NeMo) 26.04.01")]
    by_recipe = [vendor(figures="GPU 1 [different FP8 recipes (fp8_full vs FP8)]"),
                 vendor(figures="GPU 2 [different FP8 recipes (fp8_full vs MXFP8)]")]
    alike = [vendor(), vendor()]
    groups = ["Ironwood (TPU7x)"] * 2
    assert answer_charts.distinct_labels(by_release, groups) == [
        "GB300 · Llama 3.1 70B · 64 chips · FP8 · release 25.11", "GB300 · Llama 3.1 70B · 64 chips · FP8 · release 26.04.01"]
    assert answer_charts.distinct_labels(by_recipe, groups) == [
        "GB300 · Llama 3.1 70B · 64 chips · GPU FP8", "GB300 · Llama 3.1 70B · 64 chips · GPU MXFP8"]
    assert answer_charts.distinct_labels(alike, groups)[1].endswith("(2)")
    assert answer_charts.distinct_labels(alike, ["a", "b"]) == [answer_charts.SEP.join(answer_charts.label_parts(alike[0]))] * 2


@pytest.mark.parametrize("claim", ["speed", "energy", "cost"])
def test_every_row_label_is_short_gpu_first_unique_in_its_group_and_never_cut(ctx, answers, claim):
    made = render(ctx, "answer", [claim]).text
    forest = specs_of(made)[0]
    rows = rows_of(forest)
    assert len(rows) == sum(len(k.finding.comparisons) for k in answers[claim].kinds) > 0
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
    assert {"comparison", "figures", "generation", "tpu_date", "gpu_date", "status"} <= set(tooltip)


def test_rows_are_grouped_under_their_tpu_chip_newest_first_sorted_by_gpu_then_advantage(ctx):
    forest = specs_of(render(ctx, "answer", ["speed"]).text)[0]
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
    svg = svgs_of(render(ctx, "answer", ["speed"]).text)[0]
    assert {"Ironwood (TPU7x)", "Trillium (TPU v6e)", "TPU v4"} <= set(texts(svg))
    assert all(r["label"] in texts(svg) for r in rows)  # every row's whole label in the static chart


def test_the_axis_is_at_the_top_and_a_long_chart_has_it_at_the_bottom_too(ctx):
    forest = specs_of(render(ctx, "answer", ["speed"]).text)[0]
    assert layer(forest, "comparisons")["encoding"]["x"]["axis"]["orient"] == "top"
    orients = [lay["encoding"]["x"]["axis"]["orient"] for lay in forest["layer"]
               if (lay.get("encoding", {}).get("x") or {}).get("axis")]
    assert orients == ["bottom", "top"]
    short = specs_of(render(ctx, "answer", ["energy"]).text)[0]
    assert [lay["encoding"]["x"]["axis"]["orient"] for lay in short["layer"]
            if (lay.get("encoding", {}).get("x") or {}).get("axis")] == ["top"]
    assert forest["usermeta"] == {"fit": True}  # the page fits it to its column (assets/charts.js)


def test_same_generation_is_filled_the_others_hollow_and_a_preview_is_said_in_words():
    frame = frame_of(vendor(same=True), vendor(gpu="GB200", same=False, preview=True))
    figure = answer_charts.forest_chart(frame, "alt", MARGIN, "u", "t")
    points = layer(figure.spec, "comparisons")
    assert points["mark"]["filled"] is True
    fill = points["encoding"]["fillOpacity"]
    assert fill["field"] == "fill" and fill["scale"] == {"domain": [answer_charts.SAME, answer_charts.OTHER], "range": [1, 0]}
    rows = rows_of(figure.spec)
    assert [(r["gpu"], r["fill"]) for r in rows] == [("GB200", answer_charts.OTHER), ("GB300", answer_charts.SAME)]
    assert rows[0]["label"].endswith(" · preview") and rows[0]["status"].startswith("a preview system")
    assert rows[0]["generation"].startswith("the GPU is a year older") and rows[1]["generation"].startswith("same generation")
    # the static SVG draws the same: one ring, one filled marker, and the legend of both
    root = ET.fromstring(figure.svg)
    marks = [p for g in root.iter(f"{NS}g") if "comparisons_marks" in (g.get("class") or "") for p in g.iter(f"{NS}path")]
    assert sorted(p.get("fill-opacity") for p in marks) == ["0", "1"]
    assert {"same generation", answer_charts.OTHER, "kind of evidence"} <= set(texts(figure.svg))


def test_the_home_chart_draws_the_same_generation_speed_comparisons_and_the_priced_ones_and_links_the_rest(ctx, answers):
    made = render(ctx, "answers-chart", []).text
    (spec,) = specs_of(made)
    rows = rows_of(spec)
    speed = [(k, c) for k in answers["speed"].kinds for c in k.finding.comparisons]
    deciding = [c for k, c in speed if c.same_generation and k.info.for_training]
    priced = [c for k in answers["cost"].kinds for c in k.finding.comparisons]
    assert len(rows) == len(deciding) + len(priced) > 0 and len(deciding) < len(speed)
    assert all(r["same_generation"] and r["counted"] for r in rows if r["claim"] == "speed")
    assert {r["group"].split(":")[0] for r in rows} == {"Speed", "Cost"}
    assert '<a href="comparison.html#claim-speed">' in made  # the folder's own link to the card
    left = len(speed) - len(deciding)
    assert f"The other {left} speed comparisons are left out here" in made
    assert f"All {len(speed)} are in" in made


def test_a_timeline_places_each_comparison_at_its_tpus_first_availability_and_skips_the_undated():
    dated = [vendor(), vendor(gpu="GB200", same=False),
             Comparison("paper", 1.43, "speed", "TPU v4", "A100", "f", where="Jouppi", tpu_name="TPU v4", gpu_name="A100",
                        tpu_available="2020", gpu_available="2020-05-14", generation="same generation", same_generation=True),
             Comparison("odd", 1.0, "m", "TPU x", "B200", "f", model="m", tpu_name="TPU x", gpu_name="B200")]
    frame = frame_of(*dated)
    assert dict(zip(frame["tpu_available"], frame["when"], strict=True)) == {"2025-11": "2025-11-01", "2020": "2020-07-01",
                                                                            "": ""}
    figure = answer_charts.timeline_chart(frame, "alt", MARGIN, "t", "t")
    (spec_rows,) = [r for r in figure.spec["datasets"].values() if r and "when" in r[0]]
    assert sorted(r["when"] for r in spec_rows) == ["2020-07-01", "2025-11-01", "2025-11-01"]  # the undated one left out
    points = layer(figure.spec, "timeline")
    assert points["encoding"]["x"]["field"] == "when" and points["encoding"]["x"]["type"] == "temporal"
    assert points["encoding"]["y"]["scale"]["type"] == "log" and points["encoding"]["fillOpacity"]["field"] == "fill"
    assert {t["field"] for t in points["encoding"]["tooltip"]} >= {"tpu", "gpu", "tpu_date", "gpu_date", "value", "kind"}
    bands = [r for r in figure.spec["datasets"].values() if r and set(r[0]) == {"from", "to"}]
    assert bands == [[{"from": 1 - MARGIN, "to": 1 + MARGIN}]]
    assert answer_charts.timeline_chart(frame[frame["when"] == ""], "alt", MARGIN, "t", "t") is None


def test_each_dated_claims_card_has_a_timeline_with_its_alt_text(ctx, answers):
    for slug, a in answers.items():
        made = render(ctx, "answer", [slug]).text
        compared = [c for k in a.kinds for c in k.finding.comparisons]
        specs = specs_of(made)
        if not compared:
            assert specs == []
            continue
        undated = sum(1 for c in compared if not c.tpu_available)
        assert len(specs) == (2 if undated < len(compared) else 1), slug
        if len(specs) == 2:
            rows = [r for r in specs[1]["datasets"].values() if r and "when" in r[0]][0]
            assert sorted(r["when"][:4] for r in rows) == sorted(c.tpu_available[:4] for c in compared if c.tpu_available)
            alt = specs[1]["description"]
            assert f"{len(rows)} comparisons at the date their TPU was first available" in alt
            assert ("not dated" in alt) == bool(undated)


def test_each_long_caption_is_said_once_a_page_and_every_chart_keeps_its_alt_text(ctx):
    page = render(ctx, "answers", []).text
    assert page.count(esc(fragments.CAPTION)) == 1 and page.count(esc(fragments.TIMELINE_CAPTION)) == 1
    figures = page.count('<figure class="ab-chart">')
    assert page.count(esc(fragments.SHORT_CAPTION)) + page.count(esc(fragments.SHORT_TIMELINE_CAPTION)) == figures - 2 > 0
    assert page.index(esc(fragments.CAPTION)) < page.index(esc(fragments.SHORT_CAPTION))  # in full the first time
    assert len(re.findall(r'<svg role="img" aria-label="[^"]+"', page)) == figures
    card = render(ctx, "answer", ["speed"]).text  # a card on its own (the guide): the key in a few words
    assert esc(fragments.CAPTION) not in card and esc(fragments.SHORT_CAPTION) in card
