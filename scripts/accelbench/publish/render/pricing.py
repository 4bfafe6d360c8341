"""Every per-chip comparison priced: at each provider that sells the TPU, in each tier it publishes
(on-demand, spot, 1-year, 3-year), both chips from one price list; a side without a price says so
and why. And the cost-to-train estimator, which does the priced and break-even tables' arithmetic in
the reader's browser (assets/estimator.js) on the same figures, shipped in the page as JSON, with the
reader's own price per chip-hour, chips and throughput on either side (a list price fills the price field
in where one exists), judged by the verdicts' tie rule at their margin.

Prices are reference data (list prices), the throughputs are what each kind of evidence reports:
a table holds one kind only, and says which."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from functools import cached_property

from accelbench.core.prices import (
    Price,
    PricedPair,
    PriceList,
    Unpriced,
    dollars,
    price_comparison,
    to_cents,
)
from accelbench.core.text import esc, num_cell, row_ids
from accelbench.judge.judging import MARGIN, CostItem
from accelbench.judge.per_dollar import BreakEvenPrice, PerDollar
from accelbench.publish.render.tables import Table, html_table
from accelbench.publish.wording import costs as words
from accelbench.publish.wording import tables as table_words
from accelbench.publish.wording.lines import text
from accelbench.publish.wording.tables import UNIT
from accelbench.publish.wording.terms import ESTIMATE, unmeasured


@dataclass(frozen=True)
class PricedRow:
    item: CostItem
    provider: str
    tier: str
    pair: PricedPair | None
    reason: str  # where not priced: which side, and why
    unpriced_side: str = ""  # where not priced at this provider and tier: "TPU", "GPU" or "both"

    @cached_property
    def priced(self):
        """Both sides' dollars at this row's prices, by the one pricing step (None where unpriced)."""
        if self.pair is None:
            return None
        return price_comparison(self.pair, self.item.work, self.item.tpu_quantity, self.item.gpu_quantity)

    def cost(self, side: str) -> float | None:
        return getattr(self.priced, f"{side}_usd") if self.priced else None


def priced_rows(items: list[CostItem], prices: PriceList) -> list[PricedRow]:
    out = []
    for item in items:
        offers = prices.pairs(item.tpu_chip, item.gpu_chip) if item.tpu_chip and item.gpu_chip else []
        # no tier to price in: no provider sells the TPU and GCP has no price for the GPU either (it may
        # have one elsewhere): one row says which sides
        if item.unmeasured or not offers:
            out.append(PricedRow(item, "–", "–", None, unmeasured(item.unmeasured) if item.unmeasured else
                                 _unpriced_sides(item, prices)))
            continue
        for found in offers:
            if isinstance(found, Unpriced):
                out.append(PricedRow(item, found.provider, found.tier, None, words.side_unpriced(found.side, found.facts),
                                     found.side))
            else:
                out.append(PricedRow(item, found.provider, found.tier, found, ""))
    return out


def _unpriced_sides(item: CostItem, prices: PriceList) -> str:
    """Why a comparison has no price at all, side by side: a system that is no chip of the
    reference data, or a chip no price list holds."""
    said = []
    for side, chip in (("TPU", item.tpu_chip), ("GPU", item.gpu_chip)):
        if not chip:
            said.append(words.no_chip(side))
        elif not prices.of(chip):
            said.append(words.no_price_anywhere(side, chip))
    return "; ".join(said)


def _price_cell(pair: PricedPair, side: str, today: date) -> str:
    p = getattr(pair, side)
    where = esc(p.region or words.REGION_NOT_STATED)
    host = "" if p.host_included is not False else f"<br><small>{words.GPUS_ALONE}</small>"
    origin = words.origin(p.from_catalog)
    return num_cell(f'<a href="{esc(p.url)}" title="{esc(p.cite)}">{dollars(p.usd_per_chip_hour)}</a> '
                    f'<small>{where} · {origin} · {esc(p.when(today))}</small>{host}', p.usd_per_chip_hour)


def priced_table(rows: list[PricedRow], today: date, *, anchor: str) -> Table:
    """One row per comparison, provider and tier: each side's price per chip-hour (linked to the
    catalog row or the hand-entered source), each side's dollars per unit of work, GPU over TPU."""
    head = list(table_words.PRICED_COLUMNS)
    body, keys, data = [], [], []
    for r in rows:
        t, g = r.cost("tpu"), r.cost("gpu")
        unit = UNIT[r.item.work]
        label = f'<a href="{esc(r.item.url)}">{esc(text(r.item.name))}</a>' if r.item.url else esc(text(r.item.name))
        body.append([label, esc(r.provider), esc(r.tier),
                     _price_cell(r.pair, "tpu", today) if r.pair else "–",
                     _price_cell(r.pair, "gpu", today) if r.pair else "–",
                     num_cell(f"{dollars(t)} <small>{words.per(unit)}</small>", t) if t is not None else "–",
                     num_cell(f"{dollars(g)} <small>{words.per(unit)}</small>", g) if g is not None else "–",
                     num_cell(f"{g / t:.2f}", g / t) if t else "–",
                     esc(r.reason) if r.reason else ("" if r.pair.same_region else
                                                     esc(words.different_regions(r.pair.regions)))])
        keys.append([text(r.item.name), r.provider, r.tier])
        data.append({"comparison": text(r.item.name), "work": unit, "provider": r.provider, "tier": r.tier,
                     "tpu_chip": r.item.tpu_chip, "gpu_chip": r.item.gpu_chip,
                     "tpu_quantity": r.item.tpu_quantity or None, "gpu_quantity": r.item.gpu_quantity or None,
                     "tpu_usd_per_chip_hour": r.pair.tpu.usd_per_chip_hour if r.pair else None,
                     "gpu_usd_per_chip_hour": r.pair.gpu.usd_per_chip_hour if r.pair else None,
                     "tpu_region": r.pair.tpu.region if r.pair else None,
                     "gpu_region": r.pair.gpu.region if r.pair else None,
                     "tpu_price_source": r.pair.tpu.cite if r.pair else None,
                     "gpu_price_source": r.pair.gpu.cite if r.pair else None,
                     "tpu_usd": t, "gpu_usd": g, "unpriced": r.reason or None})
    return Table(html_table(head, body, ids=row_ids(anchor, keys)) if body else None, data)


def left_out(rows: list[PricedRow]) -> list[str]:
    """What the priced table leaves out, one line per reason (each said once), for the line under it."""
    return list(dict.fromkeys(r.reason for r in rows if r.pair is None and r.reason))


TOKEN_UNITS = (("M", "million", 10**6), ("B", "billion", 10**9), ("T", "trillion", 10**12))  # the work's unit menu
START_UNIT = "B"  # a billion tokens to start with: the priced tables' unit, so both say the same


def estimator(groups: list[tuple[str, list[PricedRow]]], prices: PriceList, today: date,
              per_dollar: tuple[PerDollar, ...] = ()) -> str:
    """The estimator's form and its data: per comparison with a figure on either side, each side's
    figure and chips and the offers a list price can fill a side's price field from; the verdicts'
    margin (judge.judging.MARGIN) and the words (terms.ESTIMATE) it says its verdict in. GROUPS:
    (the kind of evidence as readers see it, its rows)."""
    comparisons, options = [], []
    evens = {text(d.name): d.break_evens for d in per_dollar if d.break_evens}  # the judgement's, by comparison
    ratios = {text(d.name): (d.ratio, d.current) for d in per_dollar}
    for label, rows in groups:
        kept = [c for c in (_estimated(label, item_rows, prices, today, evens, ratios) for item_rows in _by_item(rows)) if c]
        options.append((label, range(len(comparisons), len(comparisons) + len(kept))))
        comparisons += kept
    if not comparisons:
        return ""
    select = "".join(f'<optgroup label="{esc(label)}">' + "".join(
        f'<option value="{i}">{esc(comparisons[i]["label"])}</option>' for i in indices) + "</optgroup>"
        for label, indices in options if indices)
    units = "".join(f'<option value="{size}" data-ab-unit-name="{name}"{" selected" if short == START_UNIT else ""}>'
                    f'{words.unit_option(short, name)}</option>' for short, name, size in TOKEN_UNITS)
    data = json.dumps(estimator_data(comparisons), sort_keys=True).replace("<", "\\u003c")
    says = words.ESTIMATOR_LABELS
    return (f'\n<form class="ab-estimator" aria-label="{words.ESTIMATOR_NAME}" onsubmit="return false">\n'
            f'<p class="ab-estimator__note">{words.ESTIMATOR_NOTE}</p>\n'
            f'<label>{says["comparison"]} <select name="comparison">{select}</select></label>\n'
            f'<div class="ab-estimator__work"><label><span data-ab-work>{esc(ESTIMATE["tokens"])}</span> '
            f'<input name="amount" type="number" min="0" step="any" value="1" inputmode="decimal"></label>'
            f'<label data-ab-unit-field>{says["unit"]} <select name="unit">{units}</select></label></div>\n'
            f'<label>{says["offer"]} <select name="offer"></select></label>\n'
            f'<p class="ab-estimator__offer-note" data-ab-offer-note></p>\n'
            f'<div class="ab-estimator__sides">{_side_fields("tpu", "TPU")}{_side_fields("gpu", "GPU")}</div>\n'
            f'<output name="result" aria-live="polite"></output>\n'
            f'<script type="application/json" class="ab-estimator__data">{data}</script>\n</form>\n')


def estimator_data(comparisons: list[dict]) -> dict:
    """What the estimator's page embeds: the comparisons, the margin the verdicts call a tie within
    (the rules' own constant, never typed again) and the words it speaks in."""
    return {"margin": MARGIN, "words": ESTIMATE, "comparisons": comparisons}


def _side_fields(side: str, name: str) -> str:
    """A side's fields: its chips (filled with the comparison's), its price per chip-hour (filled from the
    list where it has a price, else left for the reader's quote) and a throughput of the reader's own."""
    hint, own = f"ab-estimator-{side}-hint", f"ab-estimator-{side}-own-hint"  # hints outside their labels (a link)
    says = words.ESTIMATOR_LABELS
    return (f'<fieldset class="ab-estimator__side" data-ab-side="{side}"><legend><span data-ab-chip="{side}">{name}'
            f'</span></legend>'
            f'<label>{says["chips"]} <input name="{side}_chips" type="number" min="1" step="1" inputmode="numeric">'
            f'</label>'
            f'<label>{says["price"]} <input name="{side}_price" type="number" min="0" step="0.01" '
            f'inputmode="decimal" placeholder="{says["quote"]}" aria-describedby="{hint}"></label>'
            f'<span class="ab-estimator__hint" id="{hint}" data-ab-hint="{side}"></span>'
            f'<label><span data-ab-own-label="{side}">{esc(ESTIMATE["own_tokens"])}</span> <input name="{side}_own" '
            f'type="number" min="0" step="any" inputmode="decimal" aria-describedby="{own}"></label>'
            f'<span class="ab-estimator__hint" id="{own}" data-ab-own-hint="{side}"></span></fieldset>')


def _by_item(rows: list[PricedRow]) -> list[list[PricedRow]]:
    """ROWS (a comparison's rows are consecutive) cut into one list per comparison."""
    out: dict[int, list[PricedRow]] = {}
    for r in rows:
        out.setdefault(id(r.item), []).append(r)  # the item itself: two comparisons may read alike
    return list(out.values())


def _estimated(kind: str, rows: list[PricedRow], prices: PriceList, today: date, evens: dict,
               ratios: dict) -> dict | None:
    """One comparison as the estimator ships it, or None where neither side has a figure to price."""
    item = rows[0].item
    if not (item.tpu_quantity or item.gpu_quantity):
        return None
    return {"label": text(item.name), "kind": kind, "work": item.work,
            "tpu": {"chip": item.tpu_chip, "quantity": item.tpu_quantity or None, "chips": item.tpu_chips},
            "gpu": {"chip": item.gpu_chip, "quantity": item.gpu_quantity or None, "chips": item.gpu_chips},
            # the judgement's break-even price ratio, shown with or without quotes, and whether both chips are on offer
            **dict(zip(("ratio", "current"), ratios.get(text(item.name), (None, False)), strict=True)),
            "offers": _offers(rows, prices, today, evens.get(text(item.name), ()))}


def _offers(rows: list[PricedRow], prices: PriceList, today: date, evens: tuple[BreakEvenPrice, ...]) -> list[dict]:
    """Where a list price fills a side's field in: a chip with no list price anywhere leaves its field to
    the reader at each offer of the other (the break-even table's offers, so the page's break-even comes
    out the same); else each priced row (both sides), and each tier that prices one side only (that side)."""
    item = rows[0].item
    # GCP first: the provider the article's claim is judged at
    if evens:  # the judgement's break-even prices: the offers of the priced side, GCP first
        ordered = sorted(evens, key=lambda b: b.against.provider != "GCP")
        priced = {"tpu": "gpu", "gpu": "tpu"}
        return [_offer(b.against.provider, b.against.tier, words.no_list_price(b.chip),
                       **{priced[b.unpriced]: _side(prices.cheapest(b.against.chip, b.against.provider, b.against.tier),
                                                    today)}) for b in ordered]
    out = []
    for r in rows:
        if r.pair:
            out.append(_offer(r.provider, r.tier, "" if r.pair.same_region else words.different_regions(r.pair.regions),
                              tpu=_side(r.pair.tpu, today), gpu=_side(r.pair.gpu, today)))
        elif r.unpriced_side:  # a provider and tier found: the side it does price keeps its list price
            listed = {side: prices.cheapest(chip, r.provider, r.tier) for side, chip in
                      (("tpu", item.tpu_chip), ("gpu", item.gpu_chip)) if r.unpriced_side not in (side.upper(), "both")}
            out.append(_offer(r.provider, r.tier, r.reason,
                              **{side: _side(p, today) for side, p in listed.items() if p}))
    return out or [_offer("", "", rows[0].reason)]


def _offer(provider: str, tier: str, note: str, tpu: dict | None = None, gpu: dict | None = None) -> dict:
    return {"provider": provider, "tier": tier, "note": note, "tpu": tpu, "gpu": gpu}


def _side(p: Price, today: date) -> dict:
    """A side's list price as the estimator ships it: the price itself (the tables' arithmetic uses it) and
    to the cent as its field shows it, with where, which tier and when it was listed, and its source."""
    return {"usd_per_chip_hour": p.usd_per_chip_hour, "to_cents": to_cents(p.usd_per_chip_hour), "provider": p.provider,
            "where": p.where, "tier": p.tier, "when": p.when(today), "host_included": p.host_included,
            "source": p.cite, "url": p.url}
