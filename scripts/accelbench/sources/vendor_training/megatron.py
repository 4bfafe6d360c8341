"""The tables of the vendors' documents, read into rows: NVIDIA's Megatron-Bridge performance
summaries (one section per NeMo container release, with tables whose columns change from release
to release, grouped by model in some releases and by system in others: the group is a heading,
``#### Model: X`` or ``#### System: X``, not a column), and Ironwood's README table, read the same
way. Also the row every reader makes (``published_row``), the bounds of its figures and the entry
of a line left out, which the MaxText reader (maxtext.py) shares.

Tables are read by the NAME of each column, never its position (the names each field accepts are
declared in ``HEADERS``); cells take thousands separators (``4,121.02`` beside ``4127.56``),
``N/A``, footnote marks and HTML. A line whose throughput cell reads ``x (y)`` holds two results
(the document says what the figures in parentheses are): it becomes two rows, the second taking
each cell's figure in parentheses, or the cell itself where it has none.

Standard library only, as the importer: the command line reads it on machines that only measure.
"""

from __future__ import annotations

import re

from accelbench.sources.markdown import FOOTNOTE_MARK, BadCell, Table, alternatives, figure, text_value
from accelbench.sources.vendor_training.documents import SYSTEM_CHIPS, Document
from accelbench.sources.vendor_training.names import model_key, precision_key

# Column names (HTML removed, lower case, spaces collapsed and none around '/') -> field. Any other
# column is kept out of the rows and listed in the file's table entry as ignored.
HEADERS = {
    "model": ("model", "model id"),
    "system": ("system",),
    "chips": ("#-gpus", "#gpus", "number of chips", "number of gpus", "chips", "gpus"),
    "precision": ("precision",),
    "gbs": ("gbs", "global batch size"),
    "mbs": ("mbs", "micro batch size"),
    "seq_len": ("sequence length", "seq length", "seq len"),
    "step_time_s": ("step time (seconds)", "step time (s)"),
    "tflops_per_chip": ("tflops/sec/chip", "tflop/sec/chip", "model tflop/sec/gpu", "model tflops/sec/gpu"),
    "tokens_per_s_per_chip": ("tokens/sec/chip", "tokens/sec/gpu"),
    **{p: (p,) for p in ("fsdp", "tp", "pp", "cp", "vp", "ep", "ga")},
}
FIELD_OF = {name: field for field, names in HEADERS.items() for name in names}
PARALLELISM = ("fsdp", "tp", "pp", "cp", "vp", "ep", "ga")
# Ranges a published figure must lie in (anything outside is a typo or hostile input, left out)
BOUNDS = {"chips": 1_000_000, "gbs": 100_000_000, "mbs": 1_000_000, "seq_len": 100_000_000,
          "step_time_s": 1_000_000, "tflops_per_chip": 100_000, "tokens_per_s_per_chip": 10_000_000,
          **dict.fromkeys(PARALLELISM, 1_000_000)}
WHOLE = {"chips", "gbs", "mbs", "seq_len", *PARALLELISM}
TASKS = {"pre-training performance": "pre-training", "pretraining performance": "pre-training",
         "sft performance": "sft", "lora performance": "lora"}
RELEASE = re.compile(r"^(?P<release>\d+(?:\.\d+)+)\s+NeMo Container$", re.IGNORECASE)
GROUP = re.compile(r"^(?P<what>Model|System)\s*:\s*(?P<name>.+)$", re.IGNORECASE)


def number(cell: str, column: str, field: str) -> float | int | None:
    return figure(cell, column, maximum=BOUNDS[field], whole=field in WHOLE, zero=field in PARALLELISM)


def table_context(table: Table, document: Document, title: str | None) -> dict:
    """What the headings above a table say: release, task, a model or system for every row, and
    the section (the headings, or the title where there is none)."""
    out = {"release": None, "task": document.task, "model": None, "system": document.system,
           "section": " / ".join(table.headings or ([title] if title else []))}
    for heading in table.headings:
        if m := RELEASE.match(heading):
            out["release"] = m["release"]
        elif heading.lower() in TASKS:
            out["task"] = TASKS[heading.lower()]
        elif m := GROUP.match(heading):
            out[m["what"].lower()] = m["name"].strip()
    return out


def read_table(table: Table, document: Document, title: str | None, footnotes: dict[str, str],
               chips_known: set[str], dates: dict[int, tuple[str, str]]) -> tuple[list[dict], list[dict], bool]:
    """A table's rows, the rows left out with their reasons, and whether it is a throughput table."""
    rows, left_out = [], []

    def leave(line: int, why: str):
        left_out.append(leave_out(document.path, line, why))

    fields = [f for f in table.fields if f]
    duplicated = sorted({f for f in fields if fields.count(f) > 1})
    context = table_context(table, document, title)
    missing = [f for f in ("chips", "gbs", "seq_len") if f not in fields]
    missing += [f for f in ("model", "system") if f not in fields and not context[f]]
    if "tokens_per_s_per_chip" not in fields and "tflops_per_chip" not in fields:
        missing.append("tokens_per_s_per_chip")
    if duplicated or missing:
        why = (f"the table at line {table.line} has two columns for {', '.join(duplicated)}" if duplicated else
               f"the table at line {table.line} has no column or heading for {', '.join(missing)} "
               f"(columns: {', '.join(table.header)[:300]})")
        for line, _ in table.rows:
            leave(line, why)
        return rows, left_out, False
    for line, cells in table.rows:
        if len(cells) != len(table.header):
            leave(line, f"{len(cells)} cells where the header at line {table.line} has {len(table.header)}")
            continue
        try:
            rows += _rows_of_line(line, cells, table, document, context, footnotes, chips_known, dates)
        except BadCell as exc:
            leave(line, str(exc))
    return rows, left_out, True


def _rows_of_line(line, cells, table, document, context, footnotes, chips_known, dates) -> list[dict]:
    by_field = {f: (table.header[i], cells[i]) for i, f in enumerate(table.fields) if f}
    notes = [footnotes.get(m["id"], f"footnote {m['id']} (not found)") for c in cells for m in FOOTNOTE_MARK.finditer(c)]
    split_on = [f for f in ("tokens_per_s_per_chip", "tflops_per_chip") if f in by_field]
    two = any(alternatives(by_field[f][1])[1] is not None for f in split_on)
    out = []
    for second in ((False, True) if two else (False,)):
        values = {}
        for field, (column, cell) in by_field.items():
            if field in ("model", "system"):
                values[field] = text_value(cell, column)
                continue
            first, other = alternatives(cell) if two else (cell, None)
            chosen = other if second and other is not None else first
            values[field] = text_value(chosen, column) if field == "precision" else number(chosen, column, field)
        out.append(published_row(line, values, second, document, context, notes, chips_known, dates))
    return out


def published_row(line, values, second, document, context, notes, chips_known, dates) -> dict:
    model = values.get("model") or context["model"]
    system = values.get("system") or context["system"]
    for field, value in (("model", model), ("system", system), ("chips", values.get("chips")),
                         ("gbs", values.get("gbs")), ("seq_len", values.get("seq_len"))):
        if value is None:
            raise BadCell(f"no {field} (the cell is empty or N/A)")
    if values.get("tokens_per_s_per_chip") is None and values.get("tflops_per_chip") is None:
        raise BadCell("neither tokens/s nor TFLOP/s is published (N/A)")
    if not model_key(model):
        raise BadCell(f"the model name {model[:40]!r} has no letter or digit")
    chip = SYSTEM_CHIPS.get(system)
    precision = values.get("precision")
    date, commit = dates.get(line, (None, None))
    if second:
        notes = ["the figures in parentheses on this line (the document's notes say what they are)", *notes]
    return {
        "vendor": document.vendor, "chip": chip if chip in chips_known else None, "platform": document.platform,
        "system": system, "framework": document.framework, "release": context["release"],
        "section": context["section"],
        "task": context["task"], "line_date": date, "line_commit": commit,
        "model": model, "model_key": model_key(model), "chips": values["chips"], "gbs": values["gbs"],
        "mbs": values.get("mbs"), "seq_len": values["seq_len"], "precision": precision,
        "precision_key": precision_key(precision), "tokens_per_s_per_chip": values.get("tokens_per_s_per_chip"),
        "tflops_per_chip": values.get("tflops_per_chip"), "step_time_s": values.get("step_time_s"),
        "parallelism": {p: values[p] for p in PARALLELISM if p in values}, "alternative": second,
        "notes": list(dict.fromkeys(notes)), "path": document.path, "line": line,
    }


def leave_out(path: str, line: int, why: str) -> dict:
    return {"path": path, "line": line, "reason": f"line {line}: {why}"}
