"""The per-dollar tables, read from the judgement (judge/per_dollar.py), never priced again here:
every same-work comparison with its break-even price ratio, whether both chips are on offer today and
what tells it apart; the break-even prices of a side with no list price against every offer of the
other; and every TPU offer against every GPU offer, as a download."""

from __future__ import annotations

from accelbench.core.prices import TIERS, Price, PriceList, dollars
from accelbench.core.text import esc, num_cell, row_ids
from accelbench.judge.per_dollar import APART_MONTHS, SIZE_FACTOR, Offer, PerDollar
from accelbench.publish.render.tables import Table, html_table
from accelbench.publish.wording import costs as cost_words
from accelbench.publish.wording import per_dollar as words
from accelbench.publish.wording.lines import text


def _label(d: PerDollar) -> str:
    name = esc(text(d.name))
    return f'<a href="{esc(d.url)}">{name}</a>' if d.url else name


def notes(d: PerDollar) -> list[str]:
    """What tells a comparison apart from like with like: a preview figure, figures published months
    apart, systems of different sizes, a chip not on offer today."""
    said = []
    if d.preview:
        said.append(words.PREVIEW)
    if d.months_apart is not None and d.months_apart > APART_MONTHS:
        said.append(words.apart(d.months_apart))
    if d.size_factor is not None and d.size_factor > SIZE_FACTOR:
        said.append(words.sizes(*d.chips, d.scaling, d.scale_explains, d.tpu_short if d.scaling and
                                d.scaling.side == "tpu" else d.gpu_short, d.ratio))
    if d.not_on_offer:
        said.append(words.not_on_offer(d.not_on_offer))
    return said


def ratio_table(items: tuple[PerDollar, ...], kinds: dict[str, str], *, anchor: str) -> Table:
    """One row per comparison: its break-even price ratio (interval where it has one), on offer today,
    the cheapest like-for-like offer pair's cost ratio, and its notes."""
    head = words.RATIO_HEAD
    body, keys, data = [], [], []
    for d in items:
        low, high = d.low if d.low is not None else d.ratio, d.high if d.high is not None else d.ratio
        best = min((o for o in d.offers if o.like_for_like), default=None,
                   key=lambda o: (TIERS.index(o.tpu.tier), o.tpu.usd_per_chip_hour, o.gpu.usd_per_chip_hour))
        said = notes(d)
        body.append([_label(d), esc(kinds[d.kind]),
                     num_cell(f"<strong>{words.ratio(d.ratio, d.low, d.high)}</strong>", d.ratio),
                     esc(words.YES if d.current else words.NO),
                     esc(words.best_offer(best)) if best else esc(words.unpriced(d.unpriced)),
                     esc("; ".join(said))])
        keys.append([text(d.name), d.kind])
        data.append({"comparison": text(d.name), "kind": d.kind, "tpu_chip": d.tpu, "gpu_chip": d.gpu,
                     "break_even_price_ratio": d.ratio, "break_even_low": low, "break_even_high": high,
                     "on_offer_today": d.current, "same_generation": d.same_generation,
                     "tpu_published": d.published[0], "gpu_published": d.published[1], "tpu_chips": d.chips[0],
                     "gpu_chips": d.chips[1], "unpriced": "; ".join(d.unpriced), "notes": "; ".join(said), "url": d.url})
    return Table(html_table(head, body, ids=row_ids(anchor, keys)) if body else None, data)


def price_of(o: Offer, prices: PriceList) -> Price:
    """The list price an offer was read from (its citation is the price list's)."""
    return next(p for p in prices.of(o.chip, o.provider, o.tier)
                if (p.region, p.usd_per_chip_hour, p.url) == (o.region, o.usd_per_chip_hour, o.url))


def break_even_table(items: tuple[PerDollar, ...], prices: PriceList, *, anchor: str) -> Table:
    """One row per comparison with a side unpriced and per offer of the other side: the unpriced side's
    break-even price per chip-hour, the offer it is set against and its source."""
    head = words.BREAK_EVEN_HEAD
    body, keys, data = [], [], []
    for d in items:
        for b in d.break_evens:
            o = b.against
            cite = price_of(o, prices).cite
            cheaper = "TPU" if b.unpriced == "tpu" else "GPU"
            body.append([_label(d), num_cell(f"<strong>{dollars(b.usd_per_chip_hour)}</strong> "
                                             f"<small>{cost_words.cheaper_below(cheaper)}</small>", b.usd_per_chip_hour),
                         esc(b.chip), f"{esc(o.chip)}<br><small>{esc(o.provider)} {esc(o.region)} · {esc(o.tier)}</small>",
                         num_cell(dollars(o.usd_per_chip_hour), o.usd_per_chip_hour),
                         f'<a href="{esc(o.url)}">{esc(cite)}</a> <small>{esc(o.dated)}</small>'])
            keys.append([text(d.name), o.provider, o.tier, b.unpriced])
            data.append({"comparison": text(d.name), "kind": d.kind, "unpriced_chip": b.chip, "unpriced_side": b.unpriced,
                         "priced_chip": o.chip, "provider": o.provider, "region": o.region, "tier": o.tier,
                         "usd_per_chip_hour": o.usd_per_chip_hour, "break_even_usd_per_chip_hour": b.usd_per_chip_hour,
                         "price_source": cite, "price_url": o.url})
    return Table(html_table(head, body, ids=row_ids(anchor, keys)) if body else None, data)


def offer_rows(items: tuple[PerDollar, ...]) -> list[dict]:
    """Every TPU offer against every GPU offer of every comparison, as the download holds them."""
    return [{"comparison": text(d.name), "kind": d.kind, "tpu_chip": d.tpu, "gpu_chip": d.gpu,
             "break_even_price_ratio": d.ratio, "tpu_provider": o.tpu.provider, "tpu_region": o.tpu.region,
             "tpu_tier": o.tpu.tier, "tpu_usd_per_chip_hour": o.tpu.usd_per_chip_hour, "tpu_price_origin": o.tpu.origin,
             "gpu_provider": o.gpu.provider, "gpu_region": o.gpu.region, "gpu_tier": o.gpu.tier,
             "gpu_usd_per_chip_hour": o.gpu.usd_per_chip_hour, "gpu_host_included": o.gpu.host_included,
             "price_ratio": o.price_ratio, "gpu_cost_over_tpu_cost": o.cost_ratio, "cheaper": o.favours,
             "tiers": o.match, "host_missing": o.host_missing}
            for d in items for o in d.offers]
