"""The article's conclusion rewritten from the judgement, decided on cost: for the chips on offer
today, when a TPU does the same work for less (a tier, a provider, a commitment, a quote below the
break-even) and when a GPU does, each with its figure, its strength and both dates it rests on; the
per-chip speed is one condition only, where the number of chips is the limit; and the conditions
follow the evidence (a price tier changed flips one; without MLPerf, none rests on it)."""

import html
import re

import pytest

from accelbench.core.reference import Reference
from accelbench.judge import buyer
from accelbench.judge import per_dollar as pd
from accelbench.judge.generations import dated
from accelbench.judge.judging import CHIP_HOURS, Comparison
from accelbench.judge.recommendation import _costs
from accelbench.prebuild import context
from accelbench.publish import wording
from accelbench.publish.fragments import Links, render
from accelbench.sources import load_published
from accelbench.store.published import Published
from accelbench.store.store import Store

from conftest import ROOT
from helpers import named, reference_with_prices

REFERENCE = Reference(ROOT / "build_data" / "reference")
TPU, GPU = "TPU v6e (Trillium)", "H100 SXM"


@pytest.fixture(scope="module")
def committed():
    return context(Store.of_runs([], {}), REFERENCE, {}, Links(""), published=load_published(ROOT / "build_data"))


def test_the_committed_evidence_says_when_to_choose_tpus_and_when_gpus(committed):
    conditions = committed.judgement.recommendation
    topics = [c.topic for c in conditions]
    assert {"framework", "cloud", "chips", "scale"} <= set(topics) and "speed" not in topics
    costs = [c for c in conditions if c.topic in buyer.LEVERS]
    assert {c.side for c in costs} == {"tpu", "gpu"}  # the evidence has cases both ways
    quote = next(c for c in costs if c.topic == buyer.QUOTE and c.side == "tpu")
    # today's contemporaries first: Ironwood against the B200 (generally available in 2025) and the GB300, unpriced all
    first, second = quote.figures.cases[:2]
    assert [(c.tpu, c.gpu, c.same_generation) for c in (first, second)] == [
        ("TPU7x (Ironwood)", "B200 (HGX 1000 W)", True), ("TPU7x (Ironwood)", "GB300 (one Blackwell Ultra GPU)", True)]
    assert second.comparisons == 9 and second.low <= second.high < 1
    chips = next(c for c in conditions if c.topic == "chips")
    assert chips.side == "gpu" and chips.figures.for_side <= chips.figures.pairs
    for c in costs:  # dated by the oldest figure and the oldest price it rests on
        assert c.strength in (buyer.STRONG, buyer.SINGLE)
        assert re.fullmatch(r"\d{4}(-\d{2}){0,2}", c.evidence_as_of)
        assert c.topic == buyer.QUOTE or re.fullmatch(r"\d{4}(-\d{2}){0,2}", c.prices_as_of)
        assert all(k.side == c.side for k in c.figures.cases)


def test_the_box_groups_the_conditions_and_says_each_with_its_strength_dates_and_unit_of_work(committed):
    html_text = render(committed, "recommendation", []).text
    text = html.unescape(re.sub(r"<[^>]+>", "", html_text))
    assert html_text.count("<li>") == len(committed.judgement.recommendation)
    assert text.index("Choose TPUs when") < text.index("Choose GPUs when") < text.index("Whatever the price")
    assert "If the number of chips you can get is your limit" in text
    assert "performance figures as of November 2024, prices as of" in text  # both dates of a priced MLPerf run
    assert "one benchmark run from a checkpoint to the target quality" in text
    assert "Strength: one comparison" in text and "Strength: every comparison of the pair agrees" in text
    assert 'href="article/comparison.html#claim-cost"' in html_text


def _conditions(tmp_path, spot_tpu: float):
    """Trillium does half an H100's work per chip-hour; GCP lists both on demand at a tie, and at spot
    the TPU at SPOT_TPU against the GPU's $2."""
    ref = Reference(reference_with_prices(tmp_path, [(TPU, "GCP", 2.0, "r", "on-demand"), (GPU, "GCP", 4.0, "r", "on-demand"),
                                                     (TPU, "GCP", spot_tpu, "r", "spot"), (GPU, "GCP", 2.0, "r", "spot")]))
    c = dated(Comparison(named("pair"), 0.5, CHIP_HOURS, TPU, GPU, named("f"), chips=256, model="GPT-3 175B",
                         tpu_published="2024-11", gpu_published="2024-11"), ref)
    return _costs((pd.per_dollar("mlperf-training", "speed", c, ref),))


@pytest.mark.parametrize("spot_tpu, side", [(0.8, "tpu"), (1.2, "gpu")])
def test_a_buyers_condition_flips_when_a_price_tier_changes(tmp_path, spot_tpu, side):
    found = {(c.topic, c.figures.cases[0].tier): c for c in _conditions(tmp_path, spot_tpu)}
    assert (buyer.SAME_CLOUD, "on-demand") not in found  # on demand the two cost the same: a tie decides nothing
    spot = found[(buyer.SAME_CLOUD, "spot")]
    assert spot.side == side and spot.strength == buyer.SINGLE and spot.evidence_as_of == "2024-11"
    when, choose, figure = wording.condition(spot)
    assert when == "If you rent both on Google Cloud at spot prices" and choose == wording.CHOOSE[side]
    assert ("Trillium" in figure) and (f"{abs(1 - (0.5 * 2.0 / spot_tpu) ** (1 if side == 'gpu' else -1)):.0%} less" in figure)


def test_without_mlperf_no_condition_rests_on_it():
    bare = context(Store.of_runs([], {}), REFERENCE, {}, Links(""), published=Published())
    conditions = bare.judgement.recommendation
    assert "scale" not in [c.topic for c in conditions] and "framework" in [c.topic for c in conditions]
    assert not [c for c in conditions if c.topic in buyer.LEVERS]  # nothing priced without a same-work comparison


def test_a_commitment_condition_says_it_is_a_mix_of_tiers_and_why(committed):
    commitment = [c for c in committed.judgement.recommendation if c.topic == buyer.COMMITMENT]
    assert commitment  # Trillium's 1- and 3-year prices against GPUs on demand
    for c in commitment:
        _, _, figure = wording.condition(c)
        assert figure.endswith(f"({wording.buyer.MIX})") and "GPU commitment price" in wording.buyer.MIX
