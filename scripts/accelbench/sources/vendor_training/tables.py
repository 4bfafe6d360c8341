"""Tables of vendor-published training throughput (vendor-reported, published by others): never a
measured figure among them. Every figure links to its line on GitHub at the imported commit, and
every text from a document is escaped."""

from __future__ import annotations

from accelbench.core.prices import PricedComparison, dollars
from accelbench.core.text import as_written, esc, num_cell, row_ids
from accelbench.publish.render.tables import Table, html_table
from accelbench.publish.wording import vendor as wording
from accelbench.publish.wording.terms import unpriced
from accelbench.publish.wording.vendor import (
    UNPAIRED_HEAD,
    counts_text,
    flag_text,
    refusal_text,
    superseded_text,
    unpaired_text,
)
from accelbench.sources.vendor_training.format import flat, row_url
from accelbench.sources.vendor_training.names import (
    MAXTEXT_DEFAULTS,
    MAXTEXT_DEFAULTS_READ,
    MODEL_NAMES,
    PRECISIONS,
    QUALIFIERS,
    shown_name,
)
from accelbench.sources.vendor_training.pairs import Pair, Refusal, Unpaired


def _figure(row: dict, value, text: str) -> str:
    """A published figure linked to its line, sortable by its value."""
    title = wording.figure_title(row["path"], row["line"], row["commit"][:10])
    return num_cell(f'<a href="{esc(row["url"])}" title="{esc(title)}">{esc(text)}</a>', value)


def _date(row: dict) -> str:
    if row["line_date"]:
        return (f'<span title="{esc(wording.line_date_title(row["line_commit"]))}">'
                f'{esc(row["line_date"])}</span>')
    return "–"


def _who(row: dict) -> str:
    what = f"{row['framework']} {row['release']}" if row["release"] else row["framework"]
    chip = esc(row["chip"]) if row["chip"] else wording.NO_CHIP
    return f"{esc(row['system'])}<br><small>{chip} · {esc(what)}</small>"  # two lines at most


def _priced_side(cost, basis, name: str) -> tuple:
    """One side's (dollars per billion tokens, Price, cell): its figure where the pair is priced, else
    "no price" with the reason on the side it concerns, and a dash on the other."""
    priced = isinstance(cost, PricedComparison)
    price = getattr(basis, name) if priced else None
    usd = getattr(cost, f"{name}_usd") if priced else None
    cell = (num_cell(f'<span title="{esc(price.text())}; {esc(price.cite)}">{dollars(usd)}</span>', usd) if price
            else f'<span title="{esc(unpriced(basis.facts))}">{wording.NO_PRICE}</span>' if basis.side in (name.upper(), "both")
            else "–")
    return usd, price, cell


def _pair_row(p: Pair, costs: list[tuple], basis, priced: bool) -> dict:
    """A pair as its table's downloads hold it: raw values, units in the names."""
    t, g = p.tpu, p.gpu
    return {
        "model": t["model"], "gpu_model": g["model"], "model_key": t["model_key"], "chips": t["chips"],
        "gbs": t["gbs"], "seq_len": t["seq_len"], "task": t["task"], "tpu_precision": t["precision"],
        "gpu_precision": g["precision"], "tpu_system": t["system"], "tpu_chip": t["chip"],
        "tpu_framework": t["framework"], "tpu_release": t["release"],
        "tpu_tokens_per_s_per_chip": t["tokens_per_s_per_chip"],
        "tpu_line_date": t["line_date"], "tpu_url": t["url"], "gpu_system": g["system"], "gpu_chip": g["chip"],
        "gpu_framework": g["framework"], "gpu_release": g["release"],
        "gpu_tokens_per_s_per_chip": g["tokens_per_s_per_chip"],
        "gpu_line_date": g["line_date"], "gpu_url": g["url"], "tpu_over_gpu": p.tpu_over_gpu,
        "tpu_usd_per_billion_tokens": costs[0][0], "gpu_usd_per_billion_tokens": costs[1][0],
        "tpu_usd_per_chip_hour": costs[0][1].usd_per_chip_hour if costs[0][1] else None,
        "gpu_usd_per_chip_hour": costs[1][1].usd_per_chip_hour if costs[1][1] else None,
        "price_tier": basis.tier if priced else None,
        "unpriced": None if priced else f"{basis.side}: {unpriced(basis.facts)}",
        "counts": p.counts, "superseded_by": superseded_text(p.superseded_by), "flags": "; ".join(map(flag_text, p.flags)),
    }


def pairs_tables(pairs: list[Pair], cost_of, *, anchor: str = "vendor-pairs") -> tuple[Table, Table]:
    """The matched pairs that count, and those superseded by a newer release: the configuration,
    each side's tokens per second per chip (linked to its line) and date, TPU over GPU, dollars per
    billion tokens with both chips priced at GCP from one list (``cost_of(pair)``: the rule's
    PricedComparison, or Unpriced saying which side and why), and the flags. The rows' ids are made over both tables at
    once, so no two rows of the page share one."""
    head = list(wording.PAIRS_TABLES_COLUMNS)
    body, keys, data = [], [], []
    ordered = sorted(pairs, key=lambda p: not p.counts)  # stable: pairs.match's order within each group
    for p in ordered:
        t, g = p.tpu, p.gpu
        cost = cost_of(p)
        priced = isinstance(cost, PricedComparison)
        basis = cost.basis if priced else cost
        costs = [_priced_side(cost, basis, name) for name in ("tpu", "gpu")]
        body.append([esc(t["model"]) + (f"<br><small>{esc(g['model'])}</small>" if g["model"] != t["model"] else ""),
                     num_cell(esc(t["chips"]), t["chips"]), num_cell(esc(t["gbs"]), t["gbs"]),
                     num_cell(esc(t["seq_len"]), t["seq_len"]), f"{esc(t['precision'])} / {esc(g['precision'])}",
                     _who(t), _figure(t, t["tokens_per_s_per_chip"], as_written(t["tokens_per_s_per_chip"])), _date(t),
                     _who(g), _figure(g, g["tokens_per_s_per_chip"], as_written(g["tokens_per_s_per_chip"])), _date(g),
                     num_cell(f"{p.tpu_over_gpu:.2f}", p.tpu_over_gpu), costs[0][2], costs[1][2],
                     "; ".join(esc(x) for x in (counts_text(p.superseded_by), *map(flag_text, p.flags)))])
        keys.append([t["model_key"], t["chips"], t["gbs"], t["seq_len"], t["precision"], g["system"], g["release"],
                     g["precision"]])
        data.append(_pair_row(p, costs, basis, priced))
    ids = row_ids(anchor, keys)

    def table(counting: bool) -> Table:
        chosen = [i for i, p in enumerate(ordered) if p.counts is counting]
        return Table(html_table(head, [body[i] for i in chosen], ids=[ids[i] for i in chosen]) if chosen else None,
                     [data[i] for i in chosen])
    return table(True), table(False)


def refusals_table(refusals: list[Refusal], *, anchor: str = "vendor-refused") -> Table:
    """Rows of one configuration (model, chips, GBS, sequence length) on both sides that do not pair, and why."""
    head = list(wording.REFUSALS_TABLE_COLUMNS)
    body, keys, data = [], [], []
    for r in refusals:
        t, g = r.tpu, r.gpu
        body.append([esc(t["model"]), num_cell(esc(t["chips"]), t["chips"]), num_cell(esc(t["gbs"]), t["gbs"]),
                     num_cell(esc(t["seq_len"]), t["seq_len"]),
                     f'<a href="{esc(t["url"])}">{esc(t["system"])} {esc(t["precision"] or wording.PRECISION_NOT_STATED)}</a>',
                     f'<a href="{esc(g["url"])}">{esc(g["system"])} {esc(g["release"] or "")} '
                     f'{esc(g["precision"] or wording.PRECISION_NOT_STATED)}</a>', esc(refusal_text(r.reason))])
        keys.append([t["model_key"], t["chips"], t["gbs"], t["seq_len"], t["precision"], g["system"], g["release"],
                     g["precision"], g["line"]])
        data.append({"model": t["model"], "gpu_model": g["model"], "chips": t["chips"], "gbs": t["gbs"],
                     "seq_len": t["seq_len"], "tpu_system": t["system"], "tpu_precision": t["precision"],
                     "tpu_url": t["url"], "gpu_system": g["system"], "gpu_release": g["release"],
                     "gpu_precision": g["precision"], "gpu_url": g["url"], "reason": refusal_text(r.reason)})
    return Table(html_table(head, body, ids=row_ids(anchor, keys)) if body else None, data)


ROW_HEAD = wording.ROW_COLUMNS


def rows_table(rows: list[dict], *, anchor: str) -> Table:
    """One document's rows as imported, in its order, each figure linked to its line."""
    body, keys, data = [], [], []
    for r in rows:
        def fig(field, r=r):
            return _figure(r, r[field], as_written(r[field])) if r[field] is not None else wording.NOT_AVAILABLE
        notes = f' <small title="{esc(" ".join(r["notes"]))}">{wording.NOTE_MARK}</small>' if r["notes"] else ""
        body.append([esc(r["model"]) + notes, esc(r["system"]) + (f"<br><small>{esc(r['chip'])}</small>" if r["chip"] else ""),
                     esc(r["release"] or "–"), esc(r["task"] or wording.NOT_STATED), num_cell(esc(r["chips"]), r["chips"]),
                     num_cell(esc(r["gbs"]), r["gbs"]), num_cell(esc(r["mbs"] if r["mbs"] is not None else "–"), r["mbs"]),
                     num_cell(esc(r["seq_len"]), r["seq_len"]), esc(r["precision"] or wording.NOT_STATED),
                     fig("tokens_per_s_per_chip"), fig("tflops_per_chip"), fig("step_time_s"), _date(r)])
        keys.append([r["line"], "b" if r["alternative"] else ""])
        data.append(flat({k: r[k] for k in ("vendor", "system", "chip", "framework", "release", "task", "model", "model_key",
                                       "chips", "gbs", "mbs", "seq_len", "precision", "precision_key",
                                       "tokens_per_s_per_chip", "tflops_per_chip", "step_time_s", "parallelism",
                                       "alternative", "notes", "line_date", "repository", "commit", "path",
                                       "line", "url")}))
    return Table(html_table(ROW_HEAD, body, ids=row_ids(anchor, keys)) if body else None, data)


def left_out_table(document: dict) -> str | None:
    items = document["left_out"]
    if not items:
        return None
    origin = document["source"]
    body = [[f'<a href="{esc(row_url({**i, **origin}))}">{esc(i["path"])}:{esc(i["line"])}</a>', esc(i["reason"])]
            for i in items]
    return html_table(list(wording.LEFT_OUT_TABLE_COLUMNS), body)


def names_table() -> str:
    """The declared name table: which written names stand for one architecture, and why."""
    body = [[f"<code>{esc(m.key)}</code>", ", ".join(f"<code>{esc(n)}</code>" for n in m.written), esc(m.why)]
            for m in MODEL_NAMES]
    return html_table(list(wording.NAMES_TABLE_COLUMNS), body)


def qualifiers_table() -> str:
    """The qualified model names a rule resolves, and the TPU recipe setting that decides each."""
    body = [[f"<code>{esc(q.written)}</code>", f"<code>{esc(q.key)}</code>", esc(q.variant),
             wording.QUALIFIER_SETTING.format(setting=f"<code>{esc(q.setting)}</code>", on=wording.SETTING_ON[bool(q.on)],
                                              default=esc(MAXTEXT_DEFAULTS[q.setting]), read=esc(MAXTEXT_DEFAULTS_READ)),
             esc(q.why)] for q in QUALIFIERS]
    return html_table(list(wording.QUALIFIERS_TABLE_COLUMNS), body)


def precisions_table() -> str:
    body = [[f"<code>{esc(p.key)}</code>", esc(p.family), ", ".join(f"<code>{esc(n)}</code>" for n in p.written),
             esc(p.meaning)] for p in PRECISIONS]
    return html_table(list(wording.PRECISIONS_TABLE_COLUMNS), body)


def unpaired_table(rows: list[Unpaired], *, anchor: str = "vendor-unpaired") -> Table:
    """Each row of a TPU system with vendor rows and no pair, and why it pairs with nothing."""
    body, keys, data = [], [], []
    for u in rows:
        t = u.tpu
        body.append([esc(t["system"]), f'<a href="{esc(t["url"])}" title="{esc(t["model"])}">{esc(shown_name(t["model"]))}</a>',
                     num_cell(esc(t["chips"]), t["chips"]), num_cell(esc(t["gbs"]), t["gbs"]),
                     num_cell(esc(t["seq_len"]), t["seq_len"]), esc(t["precision"] or wording.PRECISION_NOT_STATED),
                     esc(unpaired_text(u))])
        keys.append([t["system"], t["model_key"], t["chips"], t["gbs"], t["seq_len"], t["precision"]])
        data.append({"tpu_system": t["system"], "model": t["model"], "chips": t["chips"], "gbs": t["gbs"],
                     "seq_len": t["seq_len"], "precision": t["precision"], "url": t["url"], "why": u.code,
                     "why_in_words": unpaired_text(u)})
    return Table(html_table(UNPAIRED_HEAD, body, ids=row_ids(anchor, keys)) if body else None, data)
