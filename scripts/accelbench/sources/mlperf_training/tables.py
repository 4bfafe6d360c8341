"""Tables of MLPerf Training results (audited, published by others): never a measured figure among them."""

from __future__ import annotations

import pandas as pd

from accelbench.core import prices
from accelbench.core.prices import dollars
from accelbench.core.text import esc, num_cell, row_ids
from accelbench.judge.fact_records import TrainingEntry, TrainingPair
from accelbench.publish.render.tables import Table, html_table
from accelbench.publish.wording import mlperf as wording
from accelbench.sources.mlperf_training.benchmarks import name_of
from accelbench.sources.mlperf_training.coverage import model_area


def published_table(rows: pd.DataFrame, reference, results_url, *,
                    anchor: str = "published") -> Table:
    """One round's entries on one benchmark, fastest per chip first: chips, time to train,
    chip-hours, chip-hours against the GPU entry at the same or nearest chip count, and dollars
    per run at the chip's cheapest GCP on-demand price (the cloud the article's cost claim names;
    "no GCP price" otherwise). Every entry links to its result files.
    Each row has an id made from ``anchor`` and the entry."""
    head = list(wording.PUBLISHED_TABLE_COLUMNS)
    body, keys, data = [], [], []
    for _, row in rows.sort_values(["chip_hours", "chips", "submitter", "system"]).iterrows():
        chip = row["chip"] if isinstance(row["chip"], str) else None  # no spec row: None, or NaN once rounds are joined
        price = reference.cheapest_price(row["chip"], "GCP") if isinstance(row["chip"], str) else None
        usd = prices.usd("runs", price.usd_per_chip_hour, row["chip_hours"]) if price else None  # the one pricing step
        cost = (f'<span title="{esc(price.text())}; {esc(price.cite)}">{dollars(usd)}</span>') if price else wording.NO_GCP_PRICE
        runs = sum(1 for r in row["runs"] if r["minutes"] is not None)
        nearest = row.get("nearest_gpu_chip_hours")  # the store's column (format.load): no GPU entered, none
        versus = row["chip_hours"] / nearest if pd.notna(nearest) and nearest else None
        body.append([f"{esc(row['accelerator'])}" + (f"<br><small>{esc(chip)}</small>" if chip else ""),
                     num_cell(esc(row["chips"]), row["chips"]),
                     f'<a href="{esc(results_url(row))}">{esc(row["submitter"])} / {esc(row["system"])}</a>',
                     esc(row["availability"]) + _relisted(row), num_cell(f"{row['score_minutes']:.3g}", row["score_minutes"]),
                     num_cell(f"{row['chip_hours']:,.1f}", row["chip_hours"]),
                     num_cell(f"{versus:.2f}×", versus) if versus is not None else "–",
                     num_cell(cost, usd) if usd is not None else cost,
                     num_cell(wording.RUNS_SCORED.format(runs=runs, total=len(row["runs"]))
                              + (wording.RUNS_RULE.format(required=row["required_runs"]) if row.get("required_runs") else ""),
                              runs)])
        keys.append([row["accelerator"], row["chips"], row["submitter"], row["system"]])
        data.append({"round": row["round"], "benchmark": row["benchmark"], "accelerator": row["accelerator"],
                     "chip": chip, "chips": row["chips"], "submitter": row["submitter"],
                     "system": row["system"], "availability": row["availability"],
                     "relisted_from": row["relisted_from"] if isinstance(row.get("relisted_from"), str) else None,
                     "score_minutes": row["score_minutes"], "chip_hours": row["chip_hours"],
                     "chip_hours_vs_nearest_gpu": versus, "usd_per_training_run": usd,
                     "usd_per_chip_hour": price.usd_per_chip_hour if price else None,
                     "price_region": price.region if price else None,
                     "runs_scored": runs, "runs_total": len(row["runs"]), "required_runs": row.get("required_runs"),
                     "results_url": results_url(row), "repository": row["repository"], "commit": row["commit"]})
    return Table(html_table(head, body, ids=row_ids(anchor, keys)), data)


def entered_table(rows: pd.DataFrame, results_url, *, anchor: str = "entered") -> Table:
    """One round's entries on one benchmark that the source lists without their run logs (a round
    read from a mirror file by file): who entered with which chips and framework, largest system
    first, each linked to its result folder; no time and no score, since none was read."""
    head = list(wording.ENTERED_TABLE_COLUMNS)
    body, keys, data = [], [], []
    for _, row in rows.sort_values(["chips", "submitter", "system"], ascending=[False, True, True]).iterrows():
        chip = row["chip"] if isinstance(row["chip"], str) else None
        listed = int(row["runs_listed"])  # a float once joined with scored rows, which have none
        body.append([f"{esc(row['accelerator'])}" + (f"<br><small>{esc(chip)}</small>" if chip else ""),
                     num_cell(esc(row["chips"]), row["chips"]),
                     f'<a href="{esc(results_url(row))}">{esc(row["submitter"])} / {esc(row["system"])}</a>',
                     esc(row["availability"]), esc(row["framework"]),
                     num_cell(wording.RUNS_LISTED.format(listed=listed, required=int(row["required_runs"])), listed)])
        keys.append([row["accelerator"], row["chips"], row["submitter"], row["system"]])
        data.append({"round": row["round"], "benchmark": row["benchmark"], "accelerator": row["accelerator"],
                     "chip": chip, "chips": row["chips"], "submitter": row["submitter"], "system": row["system"],
                     "availability": row["availability"], "framework": row["framework"],
                     "runs_listed": listed, "required_runs": int(row["required_runs"]),
                     "results_url": results_url(row), "repository": row["repository"], "commit": row["commit"],
                     "mirror_of": row.get("mirror_of") if isinstance(row.get("mirror_of"), str) else None})
    return Table(html_table(head, body, ids=row_ids(anchor, keys)), data)


def _relisted(row: pd.Series) -> str:
    found = row.get("relisted_from")
    return f'<br><span class="ab-badge ab-badge--stale">{esc(wording.relisted(found))}</span>' \
        if isinstance(found, str) else ""


STYLE = {"tpu": "supported", "gpu": "contradicted", "either": "mixed"}  # a side drawn as the verdict it stands for


def published_summary(pairs: tuple[TrainingPair, ...], page_url, reference) -> str:
    """Per benchmark, the speed rule's pairs (judgement facts, "pairs"): in the newest round with both, like
    with like on availability, the TPU entry with the fewest chip-hours and the GPU entry at the same or
    nearest chip count (not the GPU with the fewest chip-hours overall: scaling costs chip-hours, so entries
    of very different sizes do not compare). The last column says which chip the comparison points to, as
    the rule found it, never a bare verdict word."""
    head = list(wording.PUBLISHED_SUMMARY_COLUMNS)
    body = []

    def cell(entry: TrainingEntry) -> str:
        # the chip as the pages name it; the submission's own name of it in the tooltip
        return (f'<a href="{esc(entry.url)}" title="{esc(entry.accelerator)}">{esc(reference.display_name(entry.name))}'
                f' × {esc(entry.chips)}</a>: '
                + wording.SUMMARY_FIGURES.format(chip_hours=f"{entry.chip_hours:,.0f}", minutes=f"{entry.minutes:.3g}"))
    for p in pairs:
        body.append([f'<a href="{page_url(p.benchmark)}">{esc(name_of(p.benchmark))}</a> ({esc(p.round)})',
                     cell(p.tpu), cell(p.gpu), f"{p.advantage:.2f}",
                     f'<span class="ab-verdict ab-verdict--{STYLE[p.side]}">{esc(wording.POINTS_TO[p.side])}</span>'])
    return html_table(head, body)


def coverage_table(cover, link) -> tuple[str, str]:
    """Chip family × benchmark: in each cell the rounds with an audited result, each linked to that
    round's table (``link(benchmark, round)``), its entries counted in the tooltip; an empty cell
    is a benchmark the family was not entered on, which is not one its chips cannot run. Then the
    accelerators left out for their platform: (table, note)."""
    models = cover.models()
    head = list(wording.COVERAGE_TABLE_COLUMNS) + [f"{esc(m)}<br><small>{esc(model_area(m))}</small>" for m in models]
    body = []
    for family in cover.families():
        cells = [f"{esc(family)} <small>{cover.platforms[family].upper()}</small>"]
        for model in models:
            rounds = cover.entries.get((family, model), {})
            cells.append(" ".join(_round_link(r, rounds[r], link) for r in cover.rounds if r in rounds) or
                         f'<span aria-hidden="true">·</span><span class="ab-visually-hidden">{wording.NOT_ENTERED}</span>')
        body.append(cells)
    note = ""
    if cover.others:
        # each accelerator's words escaped, the note's own kept as written (its apostrophe stays one)
        left = "; ".join(esc(wording.left_out(a, platform, rounds)) for a, (platform, rounds) in cover.others.items())
        note = f"\n<p><small>{wording.left_out_note(left)}</small></p>\n"
    return html_table(head, body), note


def _round_link(round_name: str, rows: pd.DataFrame, link) -> str:
    benchmark = str(rows["benchmark"].iloc[0])
    title = wording.round_entries(list(zip(rows["accelerator"], rows["chips"], strict=True)))
    return f'<a href="{esc(link(benchmark, round_name))}" title="{esc(title)}">{esc(round_name)}</a>'


# MLPerf at scale (sources/mlperf_training/scale.py): the largest systems, the scaling curves, and the
# size of each chip's pod or NVLink domain (reference data, vendor-stated)

def _chip_cell(reference, chip: str, accelerator: str) -> str:
    """A chip as the pages name it, the submission's own name of it in the tooltip."""
    return f'<span title="{esc(accelerator)}">{esc(reference.display_name(chip))}</span>'


def spans(chips: int, domains) -> tuple[str, float | None, str]:
    """How many of the chip's pods or NVLink domains CHIPS fill, as a cell says it ("24 × 256-chip
    pod"), the number, and the unit's name and quote for a tooltip; a dash where the reference has
    no row for the chip."""
    if domains is None:
        return "–", None, ""
    domain, n = domains
    count = f"{n:,.0f}" if n >= 1 and abs(n - round(n)) < 1e-9 else f"{n:,.2f}" if n < 10 else f"{n:,.1f}"
    return (wording.DOMAINS_FILLED.format(count=count, chips=f"{domain.chips:,}", domain=domain.domain), n,
            wording.DOMAIN_TITLE.format(system=domain.system, chips=f"{domain.chips:,}", url=domain.url, quote=domain.quote))


def _minutes_cell(minutes: float | None) -> str:
    return num_cell(f"{minutes:.3g}", minutes) if minutes is not None else \
        f'<td title="{esc(wording.NOT_SCORED_TITLE)}">{esc(wording.NOT_SCORED)}</td>'


def largest_table(rows, reference, results_url, domains_of, *, anchor: str = "largest", overall: bool = False) -> Table:
    """Per chip (and, unless ``overall``, per benchmark and round), the entry with the most chips,
    at each availability apart: chips, how many pods or NVLink domains they fill (``domains_of(chip,
    chips)``), who entered which system (linked to its result files), the time to train where its
    logs were read. Each row has an id made from ``anchor`` and its key."""
    head = list(wording.LARGEST_TABLE_COLUMNS) + ([] if overall else ["Entries"])
    body, keys, data = [], [], []
    for r in rows:
        text, n, title = spans(r.chips, domains_of(r.chip, r.chips))
        url = results_url(r.as_dict())
        body.append([_chip_cell(reference, r.chip, r.accelerator), esc(r.availability), num_cell(f"{r.chips:,}", r.chips),
                     num_cell(f'<span title="{esc(title)}">{esc(text)}</span>', n) if n is not None else text,
                     f"{esc(name_of(r.benchmark))} ({esc(r.round)})",
                     f'<a href="{esc(url)}">{esc(r.submitter)} / {esc(r.system)}</a>', _minutes_cell(r.minutes)]
                    + ([] if overall else [num_cell(str(r.entries), r.entries)]))
        keys.append([r.chip, r.availability] + ([] if overall else [r.benchmark, r.round]))
        data.append({"chip": r.chip, "accelerator": r.accelerator, "platform": r.platform, "availability": r.availability,
                     "benchmark": r.benchmark, "round": r.round, "chips": r.chips, "domains_filled": n,
                     "submitter": r.submitter, "system": r.system, "score_minutes": r.minutes,
                     "scored": r.minutes is not None, "entries": r.entries, "results_url": url,
                     "repository": r.repository, "commit": r.commit})
    return Table(html_table(head, body, ids=row_ids(anchor, keys)) if body else None, data)


def scaling_table(curves, reference, results_url, *, anchor: str = "scaling") -> Table:
    """One row per curve (one submitter, one chip, one benchmark, round and availability): the
    sizes entered, the time to train at the smallest and the largest, the speedup and the scaling
    efficiency at the largest against the smallest, and every size with its own. The download has
    one row per size."""
    head = list(wording.SCALING_TABLE_COLUMNS)
    body, keys, data = [], [], []
    for c in curves:
        first, last = c.points[0], c.largest
        url = results_url({"repository": c.repository, "commit": c.commit, "submitter": c.submitter,
                           "system": last.system, "benchmark": c.benchmark})
        every = "; ".join(f"{p.chips:,}: {p.minutes:.3g} ({p.efficiency:.0%})" for p in c.points)
        body.append([_chip_cell(reference, c.chip, c.accelerator), f'<a href="{esc(url)}">{esc(c.submitter)}</a>',
                     f"{esc(name_of(c.benchmark))} ({esc(c.round)})", esc(c.availability),
                     num_cell(f"{first.chips:,} → {last.chips:,}", last.chips),
                     num_cell(f"{first.minutes:.3g} → {last.minutes:.3g}", last.minutes),
                     num_cell(f"{last.speedup:.2f}×", last.speedup), num_cell(f"{last.efficiency:.0%}", last.efficiency),
                     esc(every)])
        keys.append([c.chip, c.submitter, c.benchmark, c.round, c.availability])
        data += [{("score_minutes" if k == "minutes" else k): v for k, v in row.items()} for row in c.rows()]
    return Table(html_table(head, body, ids=row_ids(anchor, keys)) if body else None, data)


def domains_table(domains, reference, *, anchor: str = "scale-domains") -> Table:
    """Per chip, its vendor's tightly coupled unit: a TPU pod, a GPU's NVLink domain or AMD's Infinity
    Fabric domain, its chips, and the page and words the figure is read from (reference data)."""
    head = list(wording.DOMAINS_TABLE_COLUMNS)
    body, data = [], []
    for d in domains:
        body.append([esc(reference.display_name(d.chip)), esc(d.domain), esc(d.system), num_cell(f"{d.chips:,}", d.chips),
                     f'<a href="{esc(d.url)}" title="{esc(d.notes)}">{esc(d.quote)}</a>', esc(d.retrieved)])
        data.append({"chip": d.chip, "domain": d.domain, "system": d.system, "chips": d.chips, "source": d.url,
                     "quote": d.quote, "retrieved": d.retrieved, "notes": d.notes})
    return Table(html_table(head, body, ids=row_ids(anchor, [[d.chip, d.domain] for d in domains])) if body else None,
                 data)
