"""The reference data as tables: vendor specifications (with what was measured on each chip) and
dated prices, each with its sources."""

from __future__ import annotations

from accelbench.core.formats import FORMATS, NOT_STATED
from accelbench.core.framework_support import FRAMEWORKS
from accelbench.core.prices import TIERS, PriceList, dollars
from accelbench.core.text import esc, num_cell, row_ids
from accelbench.publish.render.tables import Table, badges, html_table, linked
from accelbench.publish.wording import tables as words
from accelbench.publish.wording.costs import SPEC_ONLY
from accelbench.publish.wording.measured import on_chip
from accelbench.publish.wording.tables import SPEC_COLUMNS

# a chip's date is its first availability to customers (availability.csv), the one date every page gives it:
# accelerators.csv's own year column (an announcement or a cloud year) is not shown (wording/tables.py SPEC_COLUMNS)


def _sources(text: str) -> str:
    """Source cells: addresses become links, everything else stays text."""
    parts = []
    for part in str(text).split("; "):
        part = part.strip()
        parts.append(f'<a href="{esc(part)}">{esc(part)}</a>' if part.startswith("https://") else esc(part))
    return "; ".join(parts)


def accelerators_table(rows: list[dict], measured: dict[str, dict], runs_url: str, available: dict[str, str],
                       peaks: dict[str, dict]) -> str:
    """Vendor specifications with their sources; ``measured`` maps chip -> what was measured on it
    (store/queries.py measured_on_chips: the figures and the record), linked to its run; ``available``:
    chip -> its first availability to customers; ``peaks``: chip -> its dense peaks, read from number_formats.csv
    (the one table that holds them)."""
    head = [label for _, label in SPEC_COLUMNS] + list(words.SPEC_MORE_COLUMNS)
    out = []
    for row in rows:
        row = {**row, "available": available.get(row["chip"], ""), **peaks.get(row["chip"], {})}
        cells = [esc(row.get(key) or "–") for key, _ in SPEC_COLUMNS]
        if row["chip"] in measured:
            record = measured[row["chip"]]["record"]
            cells.append(linked(esc(on_chip(measured[row["chip"]])), record, runs_url) + badges(record))
        else:
            cells.append(f'<span class="ab-badge ab-badge--wide">{SPEC_ONLY}</span>')
        retrieved = words.RETRIEVED.format(when=row.get("retrieved") or words.NOT_RECORDED)
        cells.append(_sources(row.get("sources", "")) + f"<br>{esc(retrieved)}"
                     + (f"<br><em>{esc(row['notes'])}</em>" if row.get("notes") else ""))
        out.append(cells)
    return html_table(head, out)


TIER_ORDER = {tier: i for i, tier in enumerate(TIERS)}


def prices_table(prices: PriceList) -> Table:
    """Per chip, provider and tier, its cheapest price per chip-hour (of how many regions), the
    offer it was divided from, whether the host is in it, where it came from (a catalog row at its
    commit, or a hand-entered source) and its date, with its age where it is over a year old. The
    rows, for download, are every price of every region."""
    head = list(words.PRICE_COLUMNS)
    groups = {}
    for p in prices.prices:
        groups.setdefault((p.chip, p.provider, TIER_ORDER[p.tier]), []).append(p)
    rows = []
    for key in sorted(groups):
        offers = groups[key]
        p = prices.cheapest(key[0], key[1], offers[0].tier)
        per = p.details.get("chips_per_offer")
        offer = f"{p.offer} (÷ {per} chips)" if per and per != "1" else p.offer
        origin = (f'<a href="{esc(p.url)}" title="{esc(p.cite)}">{esc(p.source)}</a>' if p.from_catalog
                  else f'<a href="{esc(p.url)}">{esc(p.source)}</a> {esc(words.HAND_ENTERED)}')
        regions = len({o.region for o in offers})
        rows.append([esc(p.chip), esc(p.provider), esc(p.tier), num_cell(dollars(p.usd_per_chip_hour), p.usd_per_chip_hour),
                     esc(p.region or words.NOT_STATED)
                     + (f" <small>{esc(words.CHEAPEST_OF.format(regions=regions))}</small>" if regions > 1 else ""),
                     esc(offer), words.HOST[p.host_included], origin + (f"<br><small>{esc(p.notes)}</small>" if p.notes else ""),
                     esc(p.when(prices.as_of))])
    every = [{"chip": p.chip, "provider": p.provider, "region": p.region, "tier": p.tier,
              "usd_per_chip_hour": p.usd_per_chip_hour, "offer": p.offer, "host_included": p.host_included,
              "from_catalog": p.from_catalog, "source": p.source, "cite": p.cite, "url": p.url,
              "date": p.date or None, "retrieved": p.retrieved, "notes": p.notes or None}
             for p in sorted(prices.prices, key=lambda p: (p.chip, p.provider, p.region, TIER_ORDER[p.tier]))]
    return Table(html_table(head, rows), every)


def formats_table(chips: list[dict], formats) -> Table:
    """Chip × number format (number_formats.csv): whether the vendor says its hardware runs it, and
    its dense throughput where stated; each cell links to its source, the notes in its title. The
    rows, for download, are every row of the file."""
    by_cell = {(f.chip, f.format): f for f in formats}
    shown = [f for f in FORMATS if any(fmt == f for _, fmt in by_cell)]
    body = []
    for chip in (row for row in chips if any(c == row["chip"] for c, _ in by_cell)):
        cells = [f"{esc(chip['chip'])} <small>{esc(chip['platform'].upper())}</small>"]
        for name in shown:
            row = by_cell.get((chip["chip"], name))
            cells.append(_format_cell(row) if row else esc(NOT_STATED))
        body.append(cells)
    rows = [{"chip": f.chip, "format": f.format, "supported": f.supported, "dense_tflops": f.dense_tflops,
             "unit": f.unit, "source": f.source, "retrieved": f.retrieved, "notes": f.notes,
             "line": f.line} for f in formats]
    return Table(html_table([words.CHIP_COLUMN] + [esc(f) for f in shown], body), rows)


def _format_cell(row) -> str:
    text = f"{row.dense_tflops:,g} {esc(row.unit)}" if row.dense_tflops else esc(row.supported)
    title = esc(f"{row.source}" + (f" — {row.notes}" if row.notes else "") + f" ({words.FORMAT_LINE.format(line=row.line)})")
    url = row.source.split("; ")[0].split(" ")[0]
    if url.startswith("https://"):
        return f'<a href="{esc(url)}" title="{title}">{text}</a>'
    return f'<span title="{title}">{text}</span>'


def frameworks_table(support) -> Table:
    """One row per chip: TensorFlow, PyTorch and JAX, each stated as supported, not supported or not
    stated, with its route, linked to the page it rests on (the quote in the link's title)."""
    by_chip: dict[str, dict] = {}
    for row in support:
        by_chip.setdefault(row.chip, {})[row.framework] = row
    body, data = [], []
    for chip, rows in by_chip.items():
        cells = [esc(chip)]
        for fw in FRAMEWORKS:
            r = rows.get(fw)
            if r is None:
                cells.append(words.NOT_STATED)
                continue
            route = f" <small>{esc(r.route)}</small>" if r.route else ""
            cells.append(f'<a href="{esc(r.url)}" title="{esc(r.quote)}">{esc(r.support)}</a>{route}')
            data.append({"chip": r.chip, "framework": r.framework, "support": r.support, "route": r.route,
                         "source": r.url, "quote": r.quote, "retrieved": r.retrieved, "notes": r.notes})
        body.append(cells)
    return Table(html_table([words.CHIP_COLUMN, *FRAMEWORKS], body, ids=row_ids("frameworks", [[c] for c in by_chip]))
                 if body else None, data)

