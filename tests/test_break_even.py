"""Break-even prices: a comparison whose one chip has no list price gets the price per chip-hour at
which it would cost the same per unit of work as the priced chip, per provider and tier of the
priced chip's offers; the priced tables list only priced rows and say, once per reason, what they
leave out."""

import html
import re

import pytest

from accelbench.core.prices import break_even, usd
from accelbench.core.reference import Reference
from accelbench.judge.judging import CostItem
from accelbench.prebuild import context
from accelbench.publish.fragments import Links, render
from accelbench.publish.render import pricing
from accelbench.store.published import load_published
from accelbench.store.store import Store
from accelbench.workloads.discovery import workload_settings

from conftest import ROOT, SNIPPETS
from helpers import named

REFERENCE = Reference(ROOT / "build_data" / "reference")


@pytest.mark.parametrize("work, known, other", [("tokens", 1664.0, 4127.56), ("runs", 2000.0, 850.0)])
def test_at_the_break_even_price_both_sides_cost_the_same(work, known, other):
    price = break_even(work, 5.38, known, other)
    assert usd(work, price, other) == pytest.approx(usd(work, 5.38, known))
    assert usd(work, price * 0.99, other) < usd(work, 5.38, known)  # below it, the unpriced side is cheaper


def test_an_unpriced_tpu_gets_a_break_even_price_at_each_offer_of_its_gpu():
    item = CostItem(named("Ironwood vs H100"), "vendor-training", "tokens", "TPU7x (Ironwood)", "H100 SXM", 4000.0, 1600.0)
    rows = pricing.break_evens([item], REFERENCE.prices)
    assert not REFERENCE.prices.of("TPU7x (Ironwood)")  # no public list price: the case this answers
    offers = {(p.provider, p.tier) for p in REFERENCE.prices.of("H100 SXM")}
    assert {(r.price.provider, r.price.tier) for r in rows} == offers
    gcp = next(r for r in rows if (r.price.provider, r.price.tier) == ("GCP", "on-demand"))
    assert gcp.priced_side == "GPU" and gcp.unpriced_chip == "TPU7x (Ironwood)"
    assert gcp.usd_per_chip_hour == pytest.approx(gcp.price.usd_per_chip_hour * 4000.0 / 1600.0)
    # both chips priced, or neither: no break-even to give
    assert pricing.break_evens([CostItem(named("x"), "k", "tokens", "TPU v6e (Trillium)", "H100 SXM", 1.0, 1.0)],
                               REFERENCE.prices) == []


@pytest.fixture(scope="module")
def ctx():
    return context(Store.of_runs([], {}), REFERENCE, workload_settings(SNIPPETS), Links("about"),
                   published=load_published(ROOT / "build_data"))


def test_the_break_even_table_names_the_gpus_price_and_its_source(ctx):
    fragment = render(ctx, "break-even", ["vendor-training"])
    text = html.unescape(re.sub(r"<[^>]+>", " ", fragment.text))
    assert "TPU7x (Ironwood)" in text and "H100 SXM" in text and "skypilot-org/skypilot-catalog" in text
    assert "the TPU is cheaper below it" in text
    assert any(name.endswith("break-even-vendor-training.csv") for name in fragment.downloads)


def test_the_priced_table_lists_only_priced_rows_and_each_reason_once(ctx):
    text = render(ctx, "priced-comparisons", ["vendor-training"]).text
    rows = re.findall(r"<tr[^>]*>.*?</tr>", text, re.S)
    assert all("–</td><td>–" not in row for row in rows)  # no row of dashes
    reasons = re.findall(r"<li>(.*?)</li>", text.split('class="ab-left-out"')[1]) if "ab-left-out" in text else []
    assert reasons and len(reasons) == len(set(reasons))
