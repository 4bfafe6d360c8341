"""Tables of MLPerf Inference results (audited, published by others, inference): never a measured
figure among them. Every figure links to the line of the log it was read from."""

from __future__ import annotations

import pandas as pd

from accelbench.core.text import esc, num_cell, row_ids
from accelbench.judge.fact_records import InferencePair, InferenceResult
from accelbench.publish.render.tables import Table, html_table
from accelbench.publish.wording import mlperf_inference as wording
from accelbench.sources.mlperf_inference.format import SCENARIOS, UNITS, file_url


def _figure_cells(row: pd.Series | None) -> tuple[str, str]:
    """The system's figure (linked to its log line) and the figure per chip, or dashes."""
    if row is None:
        return "–", "–"
    where = row["at"]["value"]
    title = wording.log_line(where["path"], where["line"])
    if row.get("read_from") == "summary":
        title += wording.FROM_SUMMARY
    system = (f'<a href="{esc(file_url(row, where))}" title="{esc(title)}">{row["value"]:.3g}</a>')
    return num_cell(system, row["value"]), num_cell(f"{row['per_chip']:.3g}", row["per_chip"])


def per_chip_table(rows: pd.DataFrame, results_url, *, anchor: str = "inference") -> Table:
    """One round's systems, one row each, most Offline samples/s per chip first: chips, and for each
    scenario the system's figure (linked to the line of its log) and the figure per chip. Each row
    has an id made from ``anchor`` and the system."""
    head = list(wording.PER_CHIP_TABLE_COLUMNS)
    for scenario in SCENARIOS:
        head += [wording.SCENARIO_COLUMN.format(scenario=scenario, unit=UNITS[scenario]),
                 wording.SCENARIO_PER_CHIP_COLUMN.format(scenario=scenario)]
    systems = []
    for (submitter, system), group in rows.groupby(["submitter", "system"], sort=True):
        by = {r["scenario"]: r for _, r in group.iterrows()}
        systems.append((submitter, system, by))

    def order(item):
        by = item[2]
        return tuple(-by[s]["per_chip"] if s in by else 0 for s in SCENARIOS) + (item[0], item[1])

    body, keys, data = [], [], []
    for submitter, system, by in sorted(systems, key=order):
        first = next(iter(by.values()))
        cells = [esc(first["accelerator"]) + (f"<br><small>{esc(first['chip'])}</small>" if first["chip"] else ""),
                 num_cell(esc(first["chips"]), first["chips"]),
                 f'<a href="{esc(results_url(first))}">{esc(submitter)} / {esc(system)}</a>',
                 esc(first["availability"])]
        record = {"round": first["round"], "benchmark": first["benchmark"], "accelerator": first["accelerator"],
                  "chip": first["chip"], "platform": first["platform"], "chips": first["chips"], "submitter": submitter,
                  "system": system, "availability": first["availability"]}
        for scenario in SCENARIOS:
            row = by.get(scenario)
            cells += list(_figure_cells(row))
            unit = "samples_per_s" if scenario == "Offline" else "queries_per_s"
            name = scenario.lower()
            record.update({f"{name}_{unit}": row["value"] if row is not None else None,
                           f"{name}_{unit}_per_chip": row["per_chip"] if row is not None else None,
                           f"{name}_file": row["at"]["value"]["path"] if row is not None else None,
                           f"{name}_line": row["at"]["value"]["line"] if row is not None else None})
        record.update(results_url=results_url(first), repository=first["repository"], commit=first["commit"])
        body.append(cells)
        keys.append([first["accelerator"], submitter, system])
        data.append(record)
    return Table(html_table(head, body, ids=row_ids(anchor, keys)), data)


def summary_table(pairs: tuple[InferencePair, ...]) -> str:
    """Per scenario, the speed rule's pairs (judgement facts, "pairs"): in the newest round with both, the TPU
    result with the most per chip, the best TPU available now where that one is a preview, the GPU result
    with the most per chip, and the rule's verdict."""
    head = list(wording.SUMMARY_TABLE_COLUMNS)
    body = []

    def cell(entry: InferenceResult | None) -> str:
        if entry is None:
            return wording.NONE_SUBMITTED
        return (f'<a href="{esc(entry.url)}">{esc(entry.name)} × {esc(entry.chips)}</a> '
                f'({esc(entry.submitter)}, {esc(entry.availability)}): '
                + wording.PER_CHIP_FIGURE.format(value=f"{entry.per_chip:.3g}", unit=esc(entry.unit)))

    for p in pairs:
        tpu, verdict = p.tpu, p.verdict
        now = wording.SAME_TPU if tpu.availability == "available" else cell(p.available)
        body.append([f"{esc(p.scenario)} ({esc(p.round)})", cell(tpu), now, cell(p.gpu),
                     num_cell(f"{p.ratio:.2f}", p.ratio),
                     f'<span class="ab-verdict ab-verdict--{esc(verdict.replace(" ", "-"))}">{esc(verdict)}</span>'])
    return html_table(head, body)
