"""Per dollar, today (judge/per_dollar.py): a same-work comparison's break-even price ratio is its
TPU advantage in work per chip-hour; each TPU offer meets each GPU offer, labelled like for like or a
mix, and judged by the verdicts' tie rule; a side with no price gets a break-even price against every
offer of the other; a chip is on offer today by a list price or a provider's page; a catalog "spot"
price equal to its on-demand price is refused, never used as spot."""

import pytest

from accelbench.core.price_files import spot_checked
from accelbench.core.reference import Reference
from accelbench.judge import per_dollar as pd
from accelbench.judge.generations import dated
from accelbench.judge.judging import CHIP_HOURS, MARGIN, TOKENS_PER_S_PER_CHIP, USD_PER_RUN, Comparison
from accelbench.prebuild import context
from accelbench.publish.fragments import Links
from accelbench.store.published import load_published
from accelbench.store.store import Store

from conftest import ROOT
from helpers import named, reference_with_prices

REFERENCE = Reference(ROOT / "build_data" / "reference")
TPU, GPU = "TPU v6e (Trillium)", "H100 SXM"


def compared(advantage, tpu=TPU, gpu=GPU, metric=CHIP_HOURS, low=None, high=None, reference=REFERENCE):
    c = Comparison(named("pair"), advantage, metric, tpu, gpu, named("figures"), low=low, high=high, chips=256,
                   model="GPT-3 175B", tpu_published="2024-11", gpu_published="2024-11")
    return dated(c, reference)


@pytest.mark.parametrize("metric", [CHIP_HOURS, TOKENS_PER_S_PER_CHIP])
def test_the_break_even_ratio_is_the_advantage_in_work_per_chip_hour(metric):
    ratio, low, high = pd.break_even_ratio(compared(0.64, metric=metric, low=0.6, high=0.7))
    assert (ratio, low, high) == (0.64, 0.6, 0.7)
    with pytest.raises(ValueError, match="usd_per_run"):
        pd.break_even_ratio(compared(1.0, metric=USD_PER_RUN))  # dollars are no work per chip-hour


@pytest.mark.parametrize("price_ratio, side", [(0.5 / (1 + 2 * MARGIN), "tpu"), (0.5, "either"),
                                               (0.5 / (1 - 2 * MARGIN), "gpu")])
def test_an_offer_pair_is_judged_by_the_verdicts_tie_rule(price_ratio, side):
    """A TPU doing half a GPU's work per chip-hour costs the same at half its price: a tie within the margin."""
    cost, found = pd.cost_side(0.5, None, None, price_ratio)
    assert cost == pytest.approx(0.5 / price_ratio) and found == side


def test_an_interval_must_clear_the_margin_whole():
    assert pd.cost_side(1.0, 0.9, 1.3, 0.88)[1] == "either"  # 1.02-1.48: the low end within the margin
    assert pd.cost_side(1.0, 0.9, 1.3, 0.8)[1] == "tpu"  # 1.125-1.625


def test_every_tpu_offer_meets_every_gpu_offer_and_says_how_their_tiers_match(tmp_path):
    ref = Reference(reference_with_prices(tmp_path, [(TPU, "GCP", 2.0, "r", "on-demand"), (TPU, "GCP", 1.0, "r", "3-year"),
                                                     (GPU, "GCP", 4.0, "r", "on-demand"), (GPU, "Lambda", 3.0, "r", "spot")]))
    d = pd.per_dollar("mlperf-training", "speed", compared(0.5, reference=ref), ref)
    assert d.ratio == 0.5 and d.current and not d.break_evens and not d.unpriced
    pairs = {(o.tpu.tier, o.gpu.provider, o.gpu.tier): o for o in d.offers}
    assert len(pairs) == 4
    assert pairs[("on-demand", "GCP", "on-demand")].match == pd.SAME_TIER
    assert pairs[("on-demand", "GCP", "on-demand")].favours == "either"  # 2/4 = the ratio: a tie
    assert pairs[("3-year", "GCP", "on-demand")].match == pd.COMMITMENT_MIX
    assert pairs[("3-year", "GCP", "on-demand")].favours == "tpu"  # 1/4 < 0.5: the run costs half on the TPU
    assert pairs[("on-demand", "Lambda", "spot")].match == pd.TIER_MIX
    assert pairs[("on-demand", "Lambda", "spot")].cost_ratio == pytest.approx(0.5 / (2 / 3))


def test_an_unpriced_side_gets_a_break_even_price_against_every_offer_of_the_other(tmp_path):
    ref = Reference(reference_with_prices(tmp_path, [(GPU, "GCP", 4.0, "r", "on-demand"), (GPU, "GCP", 2.0, "r", "spot")]))
    d = pd.per_dollar("vendor-training", "speed", compared(0.64, tpu="TPU7x (Ironwood)", reference=ref), ref)
    assert d.unpriced == ("TPU7x (Ironwood)",) and not d.offers
    assert sorted(b.usd_per_chip_hour for b in d.break_evens) == pytest.approx([0.64 * 2.0, 0.64 * 4.0])
    assert {b.unpriced for b in d.break_evens} == {"tpu"}
    assert d.current  # Ironwood has no price, and Google's page says it is offered (on_offer.csv)


def test_neither_side_priced_leaves_the_ratio_alone_and_names_both():
    d = pd.per_dollar("vendor-training", "speed", compared(0.64, tpu="TPU7x (Ironwood)", gpu="GB300 (one Blackwell Ultra GPU)"),
                      REFERENCE)
    assert d.ratio == 0.64 and not d.offers and not d.break_evens
    assert set(d.unpriced) == {"TPU7x (Ironwood)", "GB300 (one Blackwell Ultra GPU)"}


def test_a_system_of_no_chip_is_not_on_offer_and_a_withdrawn_chip_is_not_current(tmp_path):
    assert not REFERENCE.on_offer("DGX-B300") and REFERENCE.on_offer("H100 SXM") and REFERENCE.on_offer("TPU7x (Ironwood)")
    ref_dir = reference_with_prices(tmp_path, [(GPU, "GCP", 4.0)])
    with open(ref_dir / "on_offer.csv", "a", encoding="utf-8") as fh:
        fh.write(f"{GPU},withdrawn,GCP,a3,test,https://example.org,,gone,2026-12-06,\n")
    assert not Reference(ref_dir).on_offer(GPU)


def test_a_bad_on_offer_row_names_its_file_line_and_field(tmp_path):
    ref_dir = reference_with_prices(tmp_path, [])
    with open(ref_dir / "on_offer.csv", "a", encoding="utf-8") as fh:
        fh.write("H100 SXM,rumoured,GCP,a3,test,https://example.org,,x,2026-12-06,\n")
    with pytest.raises(ValueError, match=r"on_offer.csv: line 5: status: 'rumoured'"):
        Reference(ref_dir)


def test_a_catalog_spot_price_equal_to_its_on_demand_price_is_refused_not_used():
    refused = [(p.chip, p.provider, p.region) for p, _ in REFERENCE.prices.refused]
    assert ("H100 SXM", "Azure", "eastus") in refused  # the catalog's $12.29 "spot" row
    assert not [p for p in REFERENCE.prices.of("H100 SXM", "Azure", "spot") if p.usd_per_chip_hour == 12.29]
    kept, gone = spot_checked(REFERENCE.prices.prices)  # what is kept has nothing left to refuse
    assert kept == REFERENCE.prices.prices and gone == ()


@pytest.fixture(scope="module")
def judged():
    return context(Store.of_runs([], {}), REFERENCE, {}, Links(""), published=load_published(ROOT / "build_data")).judgement


def test_the_judgement_holds_every_same_work_comparison_once_with_its_ratio(judged):
    speed = [c for k in judged.answer("speed").kinds for c in k.finding.comparisons
             if c.metric in pd.RATIO_METRICS]
    assert len(speed) == 27  # MLPerf Training's three pairs and the vendors' 24
    from_speed = [d for d in judged.per_dollar if d.claim == "speed"]
    assert [d.ratio for d in from_speed] == [c.advantage for c in speed]
    from_cost = [d for d in judged.per_dollar if d.claim == "cost"]
    assert from_cost and all(d.kind == "mlperf-training" for d in from_cost)  # the cost rule's cheapest runs, priced
    # Ironwood against the GPUs of its generation (B200 since its 2025 availability, GB300): none has a price
    same = [d for d in judged.per_dollar if d.same_generation and d.tpu == "TPU7x (Ironwood)"]
    assert len(same) == 11 and all(d.unpriced for d in same)
    assert {d.gpu for d in same} == {"B200 (HGX 1000 W)", "GB300 (one Blackwell Ultra GPU)"}


def test_the_cost_answer_shows_each_current_pair_on_the_buyers_chart_and_every_ratio(judged):
    ctx = context(Store.of_runs([], {}), REFERENCE, {}, Links("article"), published=load_published(ROOT / "build_data"))
    from accelbench.publish.fragments import render

    made = render(ctx, "answers", [])
    cost = made.text.split('<div class="ab-answer" id="answer-cost">')[1].split('\n### ')[0]
    assert 'class="ab-per-dollar"' in cost and '<figure class="ab-chart">' in cost  # the buyer's chart
    import json
    rows = next(json.loads(b) for name, b in made.downloads.items() if name.endswith("/per-dollar.json"))
    assert len(rows) == len(judged.per_dollar)
    assert {r["comparison"] for r in rows if not r["on_offer_today"]} == {
        r["comparison"] for r in rows if "DGX-B300" in r["comparison"]}  # a system of no chip here: not on offer
    offers = next(json.loads(b) for name, b in made.downloads.items() if name.endswith("/per-dollar-offers.json"))
    assert len(offers) == sum(len(d.offers) for d in judged.per_dollar)
    from accelbench.publish.render.per_dollar_chart import pair_rows
    span, dots = pair_rows(judged.per_dollar, MARGIN)
    assert "Ironwood vs GB300" in set(span["pair"]) and "Ironwood vs GB300" not in set(dots["pair"])  # a bar, no offer
    assert set(dots["pair"]) <= set(span["pair"]) and len(dots) > 0


def test_where_a_page_states_speed_per_chip_it_states_the_price_ratio_beside_it():
    ctx = context(Store.of_runs([], {}), REFERENCE, {}, Links("article"), published=load_published(ROOT / "build_data"))
    from accelbench.publish.fragments import render

    made = render(ctx, "answers", []).text
    speed = made.split('<div class="ab-answer" id="answer-speed">')[1].split('<div class="ab-answer" ')[0]
    assert "break-even price ratio" in speed and "the GPU's chip-hour price: below it the TPU does the work for less" in speed
    assert "break-even TPU/GPU chip-hour price ratio" in render(ctx, "vendor-pairs", []).text


@pytest.mark.parametrize("to_hours, explains", [(1000.0 * 1.02, False), (1000.0 * 4.0, True)])
def test_where_systems_differ_in_size_the_larger_sides_own_scaling_says_whether_it_explains_the_gap(to_hours, explains):
    """A TPU system 16 times the GPU's needs twice the GPU's chip-hours (ratio 0.5): if its own chip-hours grow
    only 2% from its smallest scale, size does not explain the gap; if they grow 4x, it does."""
    from accelbench.judge.judging import Scaling

    scaling = Scaling("tpu", 64, 1000.0, 1024, to_hours)
    assert pd.scale_explains(0.5, scaling) is explains
    assert pd.scale_explains(0.5, None) is None
    from accelbench.publish.wording.per_dollar import sizes
    said = sizes(1024, 64, scaling, explains, "Trillium", 0.5)
    assert "from 64 to 1,024 chips, against a 2.0× gap" in said
    assert said.endswith("explains it" if explains else "does not explain it")


def test_the_committed_mlperf_pair_of_different_sizes_says_whether_scale_explains_it(judged):
    far = [d for d in judged.per_dollar if d.size_factor and d.size_factor > pd.SIZE_FACTOR and d.kind == "mlperf-training"]
    assert far and any(d.scaling is not None for d in far)
    for d in far:
        if d.scaling is not None:  # the larger side's entries of the same round, benchmark, chip and availability
            assert d.scaling.to_chips == max(d.chips) and d.scaling.from_chips < d.scaling.to_chips
            assert d.scale_explains is not None
