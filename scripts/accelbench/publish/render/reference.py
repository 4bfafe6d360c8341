"""The reference data as tables: vendor specifications (with what was measured on each chip) and
dated prices, each with its sources."""

from __future__ import annotations

import pandas as pd

from accelbench.core.text import esc
from accelbench.publish.render.tables import badges, html_table, linked

SPEC_COLUMNS = [("chip", "Chip"), ("vendor", "Vendor"), ("year", "Year"), ("bf16_dense_tflops", "bf16 dense TFLOP/s"),
                ("fp8_dense_tflops", "fp8 dense TFLOP/s"), ("fp32_tflops", "fp32 TFLOP/s"),
                ("tf32_dense_tflops", "tf32 dense TFLOP/s"), ("hbm_gb", "HBM (GB)"),
                ("hbm_tbps", "HBM (TB/s)"), ("tdp_w", "TDP (W)"), ("confidence", "Confidence")]


def _sources(text: str) -> str:
    """Source cells: addresses become links, everything else stays text."""
    parts = []
    for part in str(text).split("; "):
        part = part.strip()
        parts.append(f'<a href="{esc(part)}">{esc(part)}</a>' if part.startswith("https://") else esc(part))
    return "; ".join(parts)


def accelerators_table(rows: list[dict], measured: dict[str, tuple[str, pd.Series]], runs_url: str) -> str:
    """Vendor specifications with their sources; ``measured`` maps chip -> (what was measured on
    it, the record), linked to its run."""
    head = [label for _, label in SPEC_COLUMNS] + ["Measured here", "Sources and notes"]
    out = []
    for row in rows:
        cells = [esc(row.get(key) or "–") for key, _ in SPEC_COLUMNS]
        if row["chip"] in measured:
            text, record = measured[row["chip"]]
            cells.append(linked(esc(text), record, runs_url) + badges(record))
        else:
            cells.append('<span class="ab-badge ab-badge--wide">spec only: not measured yet</span>')
        cells.append(_sources(row.get("sources", "")) + f"<br>retrieved {esc(row.get('retrieved') or 'not recorded')}"
                     + (f"<br><em>{esc(row['notes'])}</em>" if row.get("notes") else ""))
        out.append(cells)
    return html_table(head, out)


def prices_table(rows: list[dict]) -> str:
    head = ["Chip", "Provider", "Region", "Offer", "USD per chip-hour", "Pricing", "Source", "Date", "Notes"]
    return html_table(head, [[esc(r["chip"]), esc(r["provider"]), esc(r.get("region") or "–"), esc(r["offer"]),
                              esc(r["usd_per_chip_hour"]), esc(r["pricing"]), _sources(r["source"]),
                              esc(r["source_date"]), esc(r.get("notes") or "")] for r in rows])
