"""The cost page: the cost claim as judged on GCP (one line per kind of evidence), every compared
pair priced at each provider and tier (one table per kind), and the estimator's data, which is the
tables' rows (priced and break-even): nothing priced twice, nothing typed again."""

import html
import json
import re

import pytest

from accelbench.core.prices import PricedPair, break_even, dollars, usd
from accelbench.core.reference import Reference
from accelbench.judge.claims import MEASURED
from accelbench.prebuild import context
from accelbench.publish.fragments import Links, render
from accelbench.publish.render import pricing
from accelbench.publish.wording.lines import figures, text
from accelbench.publish.wording.terms import verdict_words
from accelbench.store.published import load_published
from accelbench.store.store import Store
from accelbench.workloads.discovery import workload_settings

from conftest import ROOT, SNIPPETS
from helpers import card_of, named

REFERENCE = Reference(ROOT / "build_data" / "reference")


@pytest.fixture(scope="module")
def ctx():
    return context(Store.of_runs([], {}), REFERENCE, workload_settings(SNIPPETS), Links("about"),
                   published=load_published(ROOT / "build_data"))


def text_of(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def test_the_verdict_lists_each_kind_with_its_gcp_prices(ctx):
    said = text_of(render(ctx, "cost-verdict", []).text)
    for (claim, _kind), finding in ctx.findings().items():
        if claim == "cost":
            assert f": {verdict_words(finding.verdict)}." in said
            for c in finding.comparisons:
                assert figures(c) in said and f"GPU cost over TPU cost {c.advantage:.2f}" in said
                assert "(GCP " in figures(c)  # judged on GCP prices, both sides
    assert "Measured here" in said and "Audited benchmark results" in said and "Vendor-reported" in said


@pytest.mark.parametrize("kind", [MEASURED, "mlperf-training", "vendor-training"])
def test_each_kind_has_its_own_table_of_priced_rows_and_a_line_per_reason_left_out(ctx, kind):
    made = render(ctx, "priced-comparisons", [kind])
    rows = next((json.loads(body) for path, body in made.downloads.items() if path.endswith(".json")), [])
    costed = ctx.findings()[("cost", kind)].costed
    every = pricing.priced_rows(costed, REFERENCE.prices)
    assert {r["comparison"] for r in rows} == {text(r.item.name) for r in every if r.pair is not None}
    for r in rows:  # priced: both sides, one provider and tier, the table's arithmetic
        item = next(c for c in costed if text(c.name) == r["comparison"])
        assert r["unpriced"] is None
        assert r["tpu_usd"] == usd(item.work, r["tpu_usd_per_chip_hour"], item.tpu_quantity)
        assert r["gpu_usd"] == usd(item.work, r["gpu_usd_per_chip_hour"], item.gpu_quantity)
    for reason in pricing.left_out(every):  # what is left out, each reason once
        assert made.text.count(f"<li>{html.escape(reason)}</li>") == 1


ESTIMATOR_JS = ROOT / "docs" / "assets" / "estimator.js"


def embedded(text: str) -> dict:
    """What the estimator's page embeds: its comparisons, the margin and its words."""
    return json.loads(re.search(r'<script type="application/json" class="ab-estimator__data">(.*?)</script>',
                                text, re.S).group(1))


def estimator_data(text: str) -> list[dict]:
    return embedded(text)["comparisons"]


def costed_items(ctx):
    return [item for (claim, _kind), finding in ctx.findings().items() if claim == "cost" for item in finding.costed]


def test_each_priced_comparison_has_a_name_of_its_own(ctx):
    """The estimator's menu and the cost tables tell every comparison apart by its name: two vendor
    pairs of one configuration whose GPU recipes differ say so (they were once one merged entry)."""
    named = [text(item.name) for item in costed_items(ctx)]
    assert len(named) > 20 and len(set(named)) == len(named), sorted(n for n in named if named.count(n) > 1)
    assert any(n.endswith("(GPU recipe MXFP8)") for n in named) and any(n.endswith("(GPU recipe FP8)") for n in named)


def test_the_estimator_offers_every_comparison_with_a_figure_and_asks_for_the_prices_it_lacks(ctx):
    made = render(ctx, "cost-estimator", []).text
    data = estimator_data(made)
    assert "not a measurement and not a quote" in made and "Nothing you type is stored or sent anywhere" in made
    assert made.count('placeholder="enter your quote"') == 2  # a price field per side
    assert {c["label"] for c in data} == {text(i.name) for i in costed_items(ctx) if i.tpu_quantity or i.gpu_quantity}
    assert all(c["offers"] for c in data)  # each has a list price to start from, or one offer asking for both
    ironwood = [c for c in data if c["tpu"]["chip"] == "TPU7x (Ironwood)"]
    assert ironwood and all(o["tpu"] is None for c in ironwood for o in c["offers"])  # no public list price
    assert any(o["gpu"] for c in ironwood for o in c["offers"])  # the vendor pairs whose GPU has one


def test_each_priced_row_of_the_tables_is_an_offer_with_both_list_prices(ctx):
    offers = {(c["label"], o["provider"], o["tier"]): o for c in estimator_data(render(ctx, "cost-estimator", []).text)
              for o in c["offers"]}
    found = 0
    for item in costed_items(ctx):
        if item.tpu_chip and item.gpu_chip and not item.unmeasured:
            for pair in REFERENCE.prices.pairs(item.tpu_chip, item.gpu_chip):
                if isinstance(pair, PricedPair):
                    o = offers[(text(item.name), pair.provider, pair.tier)]
                    assert (o["tpu"]["usd_per_chip_hour"], o["gpu"]["usd_per_chip_hour"]) == (
                        pair.tpu.usd_per_chip_hour, pair.gpu.usd_per_chip_hour)
                    found += 1
    assert found  # at least one priced comparison (MLPerf gpt3 on GCP)


def test_the_estimators_break_even_from_its_shipped_data_is_the_break_even_tables(ctx):
    """estimator.js computes break_even's sum on the shipped figures: the same inputs give the cost answer's
    break-even table's number (the judgement's)."""
    data = {c["label"]: c for c in estimator_data(render(ctx, "cost-estimator", []).text)}
    made = render(ctx, "answers", [])
    rows = next(json.loads(body) for path, body in made.downloads.items() if path.endswith("break-even.json"))
    checked = 0
    for row in rows:
        c = data.get(row["comparison"])
        if c is None:  # a comparison the cost rules do not price (MLPerf Training's speed pairs): no estimate
            continue
        known, other = ("gpu", "tpu") if row["unpriced_side"] == "tpu" else ("tpu", "gpu")
        [o] = [o for o in c["offers"] if (o["provider"], o["tier"]) == (row["provider"], row["tier"])]
        assert o[other] is None and o[known]["usd_per_chip_hour"] == row["usd_per_chip_hour"]
        assert break_even(c["work"], o[known]["usd_per_chip_hour"], c[known]["quantity"],
                          c[other]["quantity"]) == pytest.approx(row["break_even_usd_per_chip_hour"], rel=1e-12)
        checked += 1
    assert checked  # the vendor pairs with Ironwood have break-even rows


def test_the_estimator_embeds_the_engines_margin_and_tie_words_and_each_list_price_to_the_cent(ctx):
    """The margin is judge.judging.MARGIN, never typed again (the script holds no number of its own); the
    tie is said in terms' words with the tie band; each list price is shipped as the tables sum it
    and, for its field, to the cent (core.prices.to_cents)."""
    from accelbench.judge.judging import MARGIN
    from accelbench.publish.wording.terms import ESTIMATE, TIE_BAND

    data = embedded(render(ctx, "cost-estimator", []).text)
    assert data["margin"] == MARGIN and data["words"] == ESTIMATE
    assert data["words"]["tie"].startswith(f"The same cost within {TIE_BAND}")
    assert "{ratio}" in data["words"]["tie"] and "cheaper" not in data["words"]["tie"]
    sides = [o[side] for c in data["comparisons"] for o in c["offers"] for side in ("tpu", "gpu") if o[side]]
    assert sides
    for side in sides:
        assert re.fullmatch(r"\d+\.\d\d", side["to_cents"]), side
        assert abs(float(side["to_cents"]) - side["usd_per_chip_hour"]) <= 0.005 + 1e-12
        assert side["provider"] and side["tier"] and side["when"]  # what the field's hint says of it
    assert any(side["to_cents"] == "5.38" and side["usd_per_chip_hour"] == 5.38326875 for side in sides)
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", ESTIMATOR_JS.read_text(), flags=re.S)  # the script less its comments
    assert not re.search(r"\b0?\.05\b|\b1\.05\b|\b0\.95\b|5%", code)  # no margin of its own
    assert "data.margin" in code


@pytest.mark.parametrize("price, cents", [(5.38326875, "5.38"), (2.7, "2.70"), (0.05, "0.05"), (1.005, "1.01"),
                                          (2.675, "2.68"), (12.29, "12.29"), (0.004, "0.00"), (11.277, "11.28")])
def test_a_price_to_the_cent_rounds_the_price_as_written_half_up(price, cents):
    from accelbench.core.prices import to_cents

    assert to_cents(price) == cents


def test_the_cost_answer_links_the_estimator_in_the_vocabularys_words(ctx):
    """From the top folder and from article/ (the comparison page): the link, in
    terms.TOOLS's words, right under the answer's sentence; no other claim has one."""
    from accelbench.publish.wording.terms import TOOLS

    for folder, href in (("", "estimator.html"), ("article", "../estimator.html")):
        card = card_of(ctx.with_links(Links(folder)), "cost")
        link = f'<p class="ab-answer__tool"><a href="{href}">{html.escape(TOOLS["cost"])}</a></p>'
        assert link in card and card.index('class="ab-answer__lead"') < card.index(link), folder
    for claim in ("speed", "energy", "availability"):
        assert "ab-answer__tool" not in card_of(ctx, claim)


def test_the_estimator_script_sends_and_stores_nothing_and_writes_text_only():
    script = ESTIMATOR_JS.read_text()
    for said in ("fetch(", "XMLHttpRequest", "sendBeacon", "WebSocket", "import(", "localStorage", "sessionStorage",
                 "indexedDB", "document.cookie", "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write"):
        assert said not in script, said


def test_the_price_table_shows_each_chips_cheapest_region_and_its_download_every_price(ctx):
    made = render(ctx, "reference", ["prices"])
    rows = next(json.loads(body) for path, body in made.downloads.items() if path.endswith("prices.json"))
    assert len(rows) == len(REFERENCE.prices.prices)
    shown = re.findall(r"<tr>(.*?)</tr>", made.text, re.S)[1:]
    groups = {(p.chip, p.provider, p.tier) for p in REFERENCE.prices.prices}
    assert len(shown) == len(groups)
    for chip, provider, tier in groups:
        cheapest = REFERENCE.prices.cheapest(chip, provider, tier)
        assert any(f">{chip}<" in r and f">{provider}<" in r and f">{tier}<" in r
                   and f">{dollars(cheapest.usd_per_chip_hour)}<" in r for r in shown), (chip, provider, tier)


def test_a_comparison_whose_chips_no_list_prices_keeps_a_row_saying_which_sides():
    from accelbench.judge.judging import CostItem
    from accelbench.publish.render.pricing import priced_rows

    prices = REFERENCE.prices
    assert not prices.of("TPU7x (Ironwood)") and not prices.of("GB200 (one Blackwell GPU)")
    both = CostItem(named("Ironwood vs DGX-GB200"), "vendor-training", "tokens", "TPU7x (Ironwood)", "GB200 (one Blackwell GPU)",
                    4127.56, 4224.0)
    one = CostItem(named("Ironwood vs DGX-H100"), "vendor-training", "tokens", "TPU7x (Ironwood)", "H100 SXM", 4127.56, 1664.0)
    [row] = priced_rows([both], prices)
    assert row.pair is None and row.reason == (
        "TPU: TPU7x (Ironwood) has no price in the catalog or the hand-entered list; "
        "GPU: GB200 (one Blackwell GPU) has no price in the catalog or the hand-entered list")
    # a priced GPU: a row per tier GCP publishes for it, each saying the TPU side has no price
    rows = priced_rows([one], prices)
    assert len(rows) > 1 and all(r.provider == "GCP" and r.reason.startswith("TPU: TPU7x (Ironwood) has no ")
                                 for r in rows)
