"""Break-even prices, read from the judgement (judge/per_dollar.py): a comparison whose one chip has
no list price gets the price per chip-hour at which it would cost the same per unit of work as each
offer of the priced chip, in the cost answer's table with the price's source; the priced tables list
only priced rows and say, once per reason, what they leave out."""

import html
import json
import re

import pytest

from accelbench.core.prices import break_even, usd
from accelbench.core.reference import Reference
from accelbench.prebuild import context
from accelbench.publish.fragments import Links, render
from accelbench.store.published import load_published
from accelbench.store.store import Store
from accelbench.workloads.discovery import workload_settings

from conftest import ROOT, SNIPPETS

REFERENCE = Reference(ROOT / "build_data" / "reference")


@pytest.mark.parametrize("work, known, other", [("tokens", 1664.0, 4127.56), ("runs", 2000.0, 850.0)])
def test_at_the_break_even_price_both_sides_cost_the_same(work, known, other):
    price = break_even(work, 5.38, known, other)
    assert usd(work, price, other) == pytest.approx(usd(work, 5.38, known))
    assert usd(work, price * 0.99, other) < usd(work, 5.38, known)  # below it, the unpriced side is cheaper


@pytest.fixture(scope="module")
def ctx():
    return context(Store.of_runs([], {}), REFERENCE, workload_settings(SNIPPETS), Links("article"),
                   published=load_published(ROOT / "build_data"))


def test_an_unpriced_tpu_gets_a_break_even_price_at_each_offer_of_its_gpu(ctx):
    assert not REFERENCE.prices.of("TPU7x (Ironwood)")  # no public list price: the case this answers
    ironwood = [d for d in ctx.judgement.per_dollar if d.tpu == "TPU7x (Ironwood)" and d.gpu == "H100 SXM"]
    offers = {(p.provider, p.tier) for p in REFERENCE.prices.of("H100 SXM")}
    for d in ironwood:
        assert {(b.against.provider, b.against.tier) for b in d.break_evens} == offers
        gcp = next(b for b in d.break_evens if (b.against.provider, b.against.tier) == ("GCP", "on-demand"))
        assert gcp.unpriced == "tpu" and gcp.usd_per_chip_hour == pytest.approx(gcp.against.usd_per_chip_hour * d.ratio)
    assert ironwood
    both = [d for d in ctx.judgement.per_dollar if not d.unpriced]  # both chips priced: no break-even to give
    assert both and all(not d.break_evens for d in both)


def test_the_cost_answer_holds_the_break_even_table_with_the_prices_source(ctx):
    fragment = render(ctx, "answers", [])
    cost = fragment.text.split('<div class="ab-answer" id="answer-cost">')[1].split('\n### ')[0]
    text = html.unescape(re.sub(r"<[^>]+>", " ", cost))
    assert "TPU7x (Ironwood)" in text and "H100 SXM" in text and "skypilot-org/skypilot-catalog" in text
    assert "the TPU is cheaper below it" in text
    rows = next(json.loads(b) for name, b in fragment.downloads.items() if name.endswith("break-even.json"))
    assert {r["kind"] for r in rows} >= {"vendor-training", "mlperf-training"}  # one table, every kind, labelled


def test_the_priced_table_lists_only_priced_rows_and_each_reason_once(ctx):
    text = render(ctx, "priced-comparisons", ["vendor-training"]).text
    rows = re.findall(r"<tr[^>]*>.*?</tr>", text, re.S)
    assert all("–</td><td>–" not in row for row in rows)  # no row of dashes
    reasons = re.findall(r"<li>(.*?)</li>", text.split('class="ab-left-out"')[1]) if "ab-left-out" in text else []
    assert reasons and len(reasons) == len(set(reasons))
