"""The answer as a picture and a sentence: every rule that compares numbers hands its comparisons
to the findings (the TPU's advantage on one scale, right of 1 favouring the TPU); each claim's
chart draws exactly those rows, with the margin band, the kinds, the ranges, the previews and the
filters; the answer's first sentence is generated from them and escapes what comes from data;
verdict markers are inline SVG icons with a text label, never emoji."""

import dataclasses
import json
import re
import unicodedata

import pytest

from accelbench.core.reference import Reference
from accelbench.judge.answers import answer, measured_kind
from accelbench.judge.claims import CLAIMS, MEASURED
from accelbench.judge.judging import (
    CHIP_HOURS,
    MARGIN,
    NOT_MEASURED,
    SPEED,
    SUPPORTED,
    TFLOPS,
    TOKENS_PER_S,
    TOKENS_PER_S_PER_CHIP,
    Comparison,
    Finding,
)
from accelbench.prebuild import context
from accelbench.publish.fragments import Links, render
from accelbench.publish.render import answer_charts
from accelbench.publish.render import answers as render_answers
from accelbench.publish.wording.lines import text
from accelbench.sources import SOURCES
from accelbench.store.published import load_published
from accelbench.store.store import Store
from accelbench.workloads.discovery import workload_settings

from conftest import ROOT, SNIPPETS
from helpers import FIGURES, card_of, every_chart_of, findings_of, lines_of, named, on_training

REFERENCE = Reference(ROOT / "build_data" / "reference")
LINKS = {"runs": "runs.html", "page": lambda src: src, "reproduce": "reproduce.html",
         "published": dict.fromkeys(SOURCES, "published/index.html")}


@pytest.fixture(scope="module")
def published():
    return load_published(ROOT / "build_data")


@pytest.fixture(scope="module")
def found(published):
    return findings_of(Store.of_runs([], {}), published, REFERENCE)


@pytest.fixture(scope="module")
def ctx(published):
    return context(Store.of_runs([], {}), REFERENCE, workload_settings(SNIPPETS), Links("article"), published=published)


def test_every_vendor_pair_the_speed_rule_counts_is_a_comparison_with_the_tpus_advantage(found, published):
    from accelbench.sources.vendor_training.pairs import counted

    pairs = counted(published["vendor-training"].rows)
    compared = found[("speed", "vendor-training")].comparisons
    assert len(compared) == len(pairs) > 0
    for c, p in zip(compared, pairs, strict=True):
        assert c.advantage == pytest.approx(p.tpu["tokens_per_s_per_chip"] / p.gpu["tokens_per_s_per_chip"])
        assert c.chips == p.tpu["chips"] and c.metric == TOKENS_PER_S_PER_CHIP and c.url == p.gpu["url"]
        assert p.tpu["system"] in text(c.name) and p.gpu["system"] in text(c.name)


def test_mlperf_compares_chip_hours_per_benchmark_like_with_like_on_availability(found, published):
    """Preview with preview, available with available: every pair's sides share their availability,
    and a round where both sides entered both gives two pairs."""
    from accelbench.sources.mlperf_training.benchmarks import name_of
    from accelbench.sources.mlperf_training.rules import like_with_like

    compared = found[("speed", "mlperf-training")].comparisons
    expected = list(like_with_like(published["mlperf-training"]))
    assert len(compared) == len(expected) > 0
    for c, (benchmark, round_name, tpu, gpu, _) in zip(compared, expected, strict=True):
        assert tpu["availability"] == gpu["availability"]
        assert c.advantage == pytest.approx(gpu["chip_hours"] / tpu["chip_hours"])  # the GPU's over the TPU's
        assert name_of(benchmark) in text(c.name) and round_name in text(c.name) and c.model == name_of(benchmark)
        assert c.preview == (tpu["availability"] != "available")
    assert any(c.preview for c in compared) and any(not c.preview for c in compared)  # both kinds in the data


def test_a_papers_range_is_kept_and_drawn_at_its_geometric_middle(found):
    (c,) = found[("speed", "paper")].comparisons
    assert (c.low, c.high) == (1.2, 1.7) and c.advantage == pytest.approx((1.2 * 1.7) ** 0.5)
    assert (c.tpu, c.gpu) == ("TPU v4", "Nvidia A100") and c.favours == "tpu"


def test_a_comparison_within_the_margin_favours_neither():
    near = Comparison(named("x"), 1 + MARGIN / 2, TOKENS_PER_S, "T", "G", FIGURES)
    assert near.favours is None
    assert Comparison(named("x"), 1 + 2 * MARGIN, TOKENS_PER_S, "T", "G", FIGURES).favours == "tpu"
    assert Comparison(named("x"), 1 - 2 * MARGIN, TOKENS_PER_S, "T", "G", FIGURES).favours == "gpu"


def spec_of(fragment_text):
    carried = re.search(r'<script type="application/json" class="ab-chart__spec">(.*?)</script>', fragment_text, re.S)
    return json.loads(carried.group(1))["spec"]


def layer_data(spec, name_fields):
    datasets = spec["datasets"]
    return [rows for rows in datasets.values() if rows and set(name_fields) <= set(rows[0])]


def test_each_claims_chart_draws_exactly_its_comparisons(ctx):
    answers = ctx.answers()
    for a in answers:
        made = every_chart_of(card_of(ctx, a.claim.slug))
        expected = on_training(a)  # inference results are shown in words beside, never drawn
        if len(expected) < answer_charts.MIN_POINTS:  # none, or one said in a sentence: no chart of one point
            assert '<figure class="ab-chart">' not in made and made.count('class="ab-chart__one"') == len(expected)
            continue
        (rows,) = layer_data(spec_of(made), ["label", "advantage", "kind"])
        assert len(rows) == len(expected)
        assert sorted(r["advantage"] for r in rows) == pytest.approx(sorted(c.advantage for c in expected))


def test_the_chart_has_the_margin_band_one_log_axis_the_filters_and_every_row_in_its_static_svg(ctx):
    made = every_chart_of(card_of(ctx, "speed"))
    spec = spec_of(made)
    bands = [rows for rows in spec["datasets"].values() if rows and set(rows[0]) == {"from", "to"}]
    assert bands == [[{"from": 1 - MARGIN, "to": 1 + MARGIN}]]
    scales = [layer["encoding"]["x"]["scale"]["type"] for layer in spec["layer"] if "x" in layer.get("encoding", {})
              and "scale" in layer["encoding"]["x"]]
    assert scales and set(scales) == {"log"}
    params = {p["name"]: p for p in [*spec.get("params", []), *(q for layer in spec["layer"] for q in layer.get("params", []))]}
    assert sorted(params) == ["answer_speed_all_chip", "answer_speed_all_precision", "answer_speed_all_scale"]
    assert all(p["bind"]["input"] == "select" and p["value"] == "all" for p in params.values())
    chips = params["answer_speed_all_chip"]["bind"]["options"]
    assert "Ironwood (TPU7x)" in chips and "TPU v4" in chips  # the chips as the charts name them
    (rows,) = layer_data(spec, ["label", "advantage", "kind"])
    svg = re.search(r'<div class="ab-chart__static[^"]*"[^>]*>(.*?)</div>', made, re.S).group(1)
    assert len({r["key"] for r in rows}) == len(rows)  # one row each (a label is unique under its TPU's header)
    for r in rows:  # the static chart shows every row (no filter applied)
        assert r["label"].replace("&", "&amp;") in svg


def test_the_forest_draws_ranges_as_bars_and_says_a_preview_in_its_label():
    rows = render_answers.comparison_rows([])
    assert rows.empty and answer_charts.forest_chart(rows, "alt", MARGIN, "u", "t") is None
    claim = CLAIMS["speed"]
    one = Finding(SUPPORTED, [], comparisons=[
        Comparison(named("a <b>range</b>"), 1.44, SPEED, "T", "G", FIGURES, low=1.2, high=1.7),
        Comparison(named("a preview"), 0.5, CHIP_HOURS, "T2", "G", FIGURES, chips=1024, preview=True)])
    a = answer(claim, {MEASURED: one}, {MEASURED: measured_kind()})
    frame = render_answers.comparison_rows([a])
    chart = answer_charts.forest_chart(frame, "alt", MARGIN, "u", "t")
    (rows,) = [r for r in chart.spec["datasets"].values() if r and "label" in r[0]]
    assert sorted((r["lo"], r["hi"], r["availability"], r["scale"]) for r in rows) == [
        (0.5, 0.5, "a preview system, not for sale yet", "over 512 chips"), (1.2, 1.7, "available", "not stated")]
    assert sorted(r["label"] for r in rows) == ["G · chip-hours · 1024 chips · preview", "G · speed"]
    # (filled and hollow markers: test_answer_charts.py)
    assert 'role-legend' in chart.svg and "kind of evidence" in chart.svg  # the kinds named in the legend


def test_the_cards_link_to_all_vendor_pairs_goes_to_the_section_of_those_pairs(ctx):
    from accelbench.sources import SOURCES

    source = SOURCES["vendor-training"]
    card = card_of(ctx, "speed")
    link = re.escape(f'../{source.page.removesuffix(".md")}.html#{source.rows_anchor}')
    assert re.search(rf'<a href="{link}">', card)
    page = (ROOT / "docs" / source.page).read_text()
    # the heading with that id, over the pairs' chart and table
    heading = page.index(f"{{ #{source.rows_anchor} }}\n")
    assert page.rindex("\n## ", 0, heading) < heading < page.index('--8<-- "generated/published/vendor-pairs.md"')


def test_the_lead_sentence_escapes_what_comes_from_data(monkeypatch):
    one = Finding(SUPPORTED, [], comparisons=[Comparison(named("x"), 2.0, TOKENS_PER_S, "T", "G", FIGURES,
                                                            model="<script>x</script>", tpu_name="T", gpu_name="G")])
    a = answer(CLAIMS["speed"], {MEASURED: one}, {MEASURED: dataclasses.replace(measured_kind(), unit="run")})
    html = render_answers.lead(a)
    assert "<script>" not in html and "&lt;script&gt;x&lt;/script&gt; (2.0×)" in html


def emoji_in(text):
    return [ch for ch in text if unicodedata.category(ch) == "So" or ch == "\ufe0f"]


def test_verdict_markers_are_svg_icons_with_a_label_never_emoji(ctx):
    for name, args in (("answers", []), ("answers-glance", []), ("verdicts", [])):
        # the table's head too: each side by its icon, not the article's emoji
        text = render(ctx, name, args).text
        assert emoji_in(text) == [], (name, emoji_in(text)[:5])
        markers = re.findall(r'<span class="twemoji ab-icon" role="img" aria-label="([^"]+)"><svg', text)
        assert markers, name


def test_each_kinds_detail_is_folded_under_its_verdict_and_nothing_is_said_twice(ctx, found):
    text = card_of(ctx, "speed")
    blocks = re.findall(r'<details class="ab-evidence ab-evidence--([\w-]+)" data-search-exclude>'
                        r'<summary class="ab-evidence__label">(.*?)</summary>', text)
    answers = {a.claim.slug: a for a in ctx.answers()}
    # our own runs without a verdict get the page's one line (coverage-line), not a block on every card
    shown = [k for k in answers["speed"].kinds if not (k.kind == MEASURED and k.finding.verdict == NOT_MEASURED)]
    assert len(shown) < len(answers["speed"].kinds)  # the fixture's measured speed is not measured
    assert [kind for kind, _ in blocks] == [k.kind for k in shown]
    for (_, summary), k in zip(blocks, shown, strict=True):
        assert k.finding.verdict in summary
    assert "What decides it" not in text
    first = lines_of(found[("speed", "mlperf-training")])[0]
    assert text.count(first.split(";")[0]) == 1  # each figure's sentence once: in its kind's block


def test_the_home_pages_overview_chart_holds_the_deciding_speed_and_every_priced_comparison(ctx, found):
    made = render(ctx, "answers-chart", []).text
    (rows,) = layer_data(spec_of(made), ["label", "advantage", "kind"])
    counted = {k.kind for k in ctx.judgement.answer("speed").deciding}  # not inference, not an older TPU generation
    expected = [c for (slug, kind), f in found.items() for c in f.comparisons
                if slug == "cost" or (slug == "speed" and c.same_generation and kind in counted)]
    assert len(rows) == len(expected) > 0  # the others: test_answer_charts.py
    assert {r["group"].split(":")[0] for r in rows} == {"Speed", "Cost"}


def test_a_measured_gpu_and_tpu_pair_is_a_comparison_with_its_95_percent_interval(data_dir):
    from accelbench.judge.intervals import ratio
    from accelbench.store.store import load_store

    from conftest import make_run, write_run
    from helpers import GPU, TPU, matmul

    write_run(data_dir, make_run(records=[matmul(GPU, 700), matmul(TPU, 900)]))
    store = load_store(data_dir, SNIPPETS)
    (c,) = findings_of(store, {}, REFERENCE)[("speed", MEASURED)].comparisons
    rows = store.current("matmul")
    r = ratio(rows[rows["platform"] == "tpu"].iloc[0], rows[rows["platform"] == "gpu"].iloc[0], "tflops")
    assert (c.advantage, c.low, c.high) == pytest.approx((r.value, r.low, r.high)) and c.low < c.advantage < c.high
    assert (c.tpu, c.gpu, c.metric, c.precision) == (TPU[0], GPU[0], TFLOPS, "BF16")
    assert text(c.name).startswith("Measured here: bf16 matmul") and c.favours == "tpu"
