"""The article's conclusion rewritten from the judgement: each condition (framework, cloud, speed,
scale, price) points to a chip with the figure that decides it, its date and a link to its answer;
the price condition applies the verdicts' tie rule to the break-even price; and the recommendation
follows the evidence (without MLPerf, no condition rests on it)."""

import re
from types import SimpleNamespace

import pytest

from accelbench.core.reference import Reference
from accelbench.judge import recommendation
from accelbench.judge.judging import MARGIN, CostItem, Finding
from accelbench.prebuild import context
from accelbench.publish import wording
from accelbench.publish.fragments import Links, render
from accelbench.sources import load_published
from accelbench.store.published import Published
from accelbench.store.store import Store

from conftest import ROOT
from helpers import named

REFERENCE = Reference(ROOT / "build_data" / "reference")


@pytest.fixture(scope="module")
def committed():
    return context(Store.of_runs([], {}), REFERENCE, {}, Links(""), published=load_published(ROOT / "build_data"))


def test_every_condition_a_buyer_asks_is_decided_from_the_committed_evidence(committed):
    by_topic = {c.topic: c for c in committed.judgement.recommendation}
    assert list(by_topic) == ["framework", "cloud", "speed", "scale", "price"]
    assert by_topic["framework"].side == "gpu" and "TensorFlow" in by_topic["framework"].figures["unsupported"]
    assert by_topic["cloud"].figures["tpu"] == ["GCP"] and len(by_topic["cloud"].figures["gpu"]) > 1
    assert by_topic["speed"].side == "gpu" and by_topic["speed"].figures["for_side"] <= by_topic["speed"].figures["pairs"]
    # each condition dated by what it rests on: a vendor page or price list as read, MLPerf's round as published
    assert all(re.fullmatch(r"\d{4}(-\d{2}){0,2}", c.as_of) for c in by_topic.values()), by_topic
    assert by_topic["scale"].as_of in committed.reference.round_dates.values()  # the newest round of the largest systems


def test_the_page_says_each_condition_with_its_figure_its_date_and_a_link(committed):
    html = render(committed, "recommendation", []).text
    assert html.count("<li>") == len(committed.judgement.recommendation)
    assert 'href="article/comparison.html#claim-frameworks"' in html and 'href="article/tpus.html#statement-tpu-scalable"' in html
    assert "TensorFlow is not supported" in html and re.search(r"as of \d{1,2} \w+ 2026", html)
    for c in committed.judgement.recommendation:
        when, choose, figure = wording.condition(c)
        assert wording.words(f"{when}: {choose}. {figure}") <= 60, c.topic


def _reference(tpu_price: float, gpu_price: float):
    price = {"tpu": SimpleNamespace(usd_per_chip_hour=tpu_price, retrieved="2026-12-01"),
             "gpu": SimpleNamespace(usd_per_chip_hour=gpu_price, retrieved="2026-11-30")}
    prices = SimpleNamespace(cheapest=lambda chip, provider: price[chip])
    return SimpleNamespace(prices=prices, display_name=lambda chip: chip.upper())


@pytest.mark.parametrize("tpu_price, side", [(1.0, "tpu"), (2.0 * (1 - MARGIN / 2), "either"), (3.0, "gpu")])
def test_the_price_condition_applies_the_verdicts_tie_rule_to_the_break_even(tpu_price, side):
    """The TPU runs 200 chip-hours where the GPU runs 100 at $4: the break-even TPU price is $2."""
    item = CostItem(named("pair"), "mlperf-training", "runs", "tpu", "gpu", 200.0, 100.0)
    found = recommendation._price(_reference(tpu_price, 4.0), Finding("", [], costed=[item]))
    assert found.figures["break_even"] == pytest.approx(2.0) and found.side == side
    assert found.as_of == "2026-12-01"


def test_without_mlperf_no_condition_rests_on_it():
    bare = context(Store.of_runs([], {}), REFERENCE, {}, Links(""), published=Published())
    topics = [c.topic for c in bare.judgement.recommendation]
    assert "scale" not in topics and "price" not in topics and "framework" in topics
