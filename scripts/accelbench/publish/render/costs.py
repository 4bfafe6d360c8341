"""Cost and energy as tables: measured throughput turned into cost for every priced chip, and
every measurement metered for energy (with why the others were not). Given the rows to show."""

from __future__ import annotations

import pandas as pd

from accelbench.core.prices import dollars
from accelbench.core.text import esc, fmt, num_cell, raw, row_ids
from accelbench.publish.render.tables import Table, badges, html_table, linked, provenance_columns, record_date
from accelbench.publish.wording import costs as words
from accelbench.publish.wording import tables as table_words


def cost_table(rows: list[dict], runs_url: str, *, anchor: str = "cost") -> Table:
    """One row per priced chip (queries.cost_rows): measured throughput turned into cost, or 'spec
    only'. ``anchor``: the prefix of the rows' ids."""
    head = list(table_words.COST_COLUMNS)
    out, data = [], []
    for r in rows:
        price = r["price"]
        price_cell = (f'<span title="{esc(price.cite)}">{esc(price.text())}</span>' if price else words.NO_ON_DEMAND)
        tok, mm = r["tokens_row"], r["matmul_row"]
        spec_only = f'<span class="ab-badge ab-badge--wide">{words.SPEC_ONLY}</span>'
        out.append([esc(r["chip"]), num_cell(price_cell, price.usd_per_chip_hour) if price else price_cell,
                    num_cell(linked(fmt(tok["m_tokens_per_s"]), tok, runs_url) + badges(tok), tok["m_tokens_per_s"])
                    if tok is not None else spec_only,
                    num_cell(dollars(r["usd_per_btok"]), r["usd_per_btok"]) if r["usd_per_btok"] is not None else "–",
                    num_cell(linked(fmt(mm["m_tflops"]), mm, runs_url) + badges(mm), mm["m_tflops"])
                    if mm is not None else spec_only,
                    num_cell(dollars(r["usd_per_pflop"]), r["usd_per_pflop"]) if r["usd_per_pflop"] is not None else "–"])
        data.append({"chip": r["chip"], "usd_per_chip_hour": price.usd_per_chip_hour if price else None,
                     "price_provider": price.provider if price else None,
                     "price_region": (price.region or None) if price else None,
                     "price_cite": price.cite if price else None,
                     "tokens_per_s": tok["m_tokens_per_s"] if tok is not None else None,
                     "tokens_run_id": tok["run_id"] if tok is not None else None,
                     "tokens_date": record_date(tok) if tok is not None else None,
                     "usd_per_billion_tokens": r["usd_per_btok"],
                     "tflops": mm["m_tflops"] if mm is not None else None,
                     "tflops_run_id": mm["run_id"] if mm is not None else None,
                     "tflops_date": record_date(mm) if mm is not None else None,
                     "usd_per_pflop": r["usd_per_pflop"]})
    return Table(html_table(head, out, ids=row_ids(anchor, [[r["chip"]] for r in rows])), data)


def energy_table(records: pd.DataFrame, runs_url: str, *, anchor: str = "energy") -> tuple[Table, Table]:
    """Every measurement metered for energy, then, per device, why the others have no figure: the
    two tables (either without html where it has no row)."""
    metered, unmetered = Table(None, []), Table(None, [])
    if records.empty or "energy_measured" not in records:
        return metered, unmetered
    measured = records[records["energy_measured"] == True]  # noqa: E712 (NaN where not metered)
    if not measured.empty:
        rows, keys, data = [], [], []
        for _, r in measured.iterrows():
            eff_value = next((r.get(m) for m in ("m_tokens_per_joule", "m_tflops_per_watt") if pd.notna(r.get(m))), None)
            eff = (f"{fmt(r.get('m_tokens_per_joule'))} tokens/J" if pd.notna(r.get("m_tokens_per_joule"))
                   else f"{fmt(r.get('m_tflops_per_watt'))} TFLOP/J" if pd.notna(r.get("m_tflops_per_watt")) else "–")
            params = ", ".join(f"{k}={v}" for k, v in r["params"].items())
            rows.append([esc(r["device"]), esc(r["framework"]), esc(r["workload"]), esc(params),
                         num_cell(linked(fmt(r.get("m_watts")), r, runs_url), r.get("m_watts")),
                         num_cell(fmt(r.get("idle_watts")), r.get("idle_watts")),
                         num_cell(linked(eff, r, runs_url) + badges(r), eff_value)])
            keys.append([r["workload"], r["device"], r["framework"], *[f"{k}-{v}" for k, v in r["params"].items()]])
            data.append({"device": r["device"], "framework": r["framework"], "workload": r["workload"],
                         "params": params, "watts": raw(r.get("m_watts")), "idle_watts": raw(r.get("idle_watts")),
                         "tokens_per_joule": raw(r.get("m_tokens_per_joule")),
                         "tflops_per_watt": raw(r.get("m_tflops_per_watt")), **provenance_columns(r)})
        metered = Table(html_table(list(table_words.ENERGY_COLUMNS),
                                   rows, ids=row_ids(anchor, keys)), data)
    unmeasured = records[records["energy_measured"] == False]  # noqa: E712 (NaN where not metered)
    if not unmeasured.empty:
        reasons = unmeasured.groupby(["device", "energy_reason"], dropna=False).size().reset_index(name="count")
        unmetered = Table(html_table(list(table_words.UNMETERED_COLUMNS),
                                     [[esc(r["device"]), esc(r["energy_reason"]), num_cell(esc(r["count"]), r["count"])]
                                      for _, r in reasons.iterrows()],
                                     ids=row_ids(f"{anchor}-unmetered", [[r["device"], r["energy_reason"]]
                                                                         for _, r in reasons.iterrows()])),
                          [{"device": r["device"], "energy_reason": raw(r["energy_reason"]), "measurements": r["count"]}
                           for _, r in reasons.iterrows()])
    return metered, unmetered
