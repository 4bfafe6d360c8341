"""Data to take away: the rows of a results table, or the whole dataset, as CSV and JSON files.

A download holds the same rows and columns as the table it sits under, as raw numbers (never the
formatted text), with the unit in each column's name (``median_s``, ``tflops``) and the run each
row came from. The render step writes the files into ``docs/data/files/`` (``FILES``), which both
MkDocs and Zensical copy into the site as they are; a file is written only when its bytes change
(so `mkdocs serve` does not loop) and a file no fragment registered any more is removed.

The flattened dataset (every stored record, every published entry) declares each of its columns
once, with its meaning and unit: ``RECORD_COLUMNS`` here, each published source its own (its
``columns``); the metric columns come from metrics.METRICS. The data dictionary the download page shows is read from them.
"""

from __future__ import annotations

import csv
import io
import json
import posixpath
from pathlib import Path

import pandas as pd

from accelbench.core.columns import Column
from accelbench.core.metrics import METRICS
from accelbench.core.text import esc, raw
from accelbench.measure.timing import WIDE_SPREAD
from accelbench.store.store import VERSION_FIELDS

FILES = "data/files"  # under docs/: copied into the site as static files
FORMATS = ("csv", "json")


class DownloadError(Exception):
    """Two fragments registered different contents under one file name."""


# Files

def _cell(value) -> str:
    value = raw(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)  # every digit: the number read back is the number stored
    if isinstance(value, (list, dict)):
        return json.dumps(value, sort_keys=True)
    return str(value)


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _inert(text: str) -> str:
    """A text a spreadsheet would run as a formula (a host label such as =HYPERLINK(...)), quoted
    with a leading apostrophe, as OWASP advises for CSV; a number's text is left alone."""
    if text.startswith(FORMULA_START):
        try:
            float(text)
        except ValueError:
            return "'" + text
    return text


def columns_of(rows: list[dict]) -> list[str]:
    """Every key of the rows, in the order first seen."""
    return list(dict.fromkeys(k for row in rows for k in row))


def to_csv(rows: list[dict], columns: list[str] | None = None) -> bytes:
    """One header line, then one line per row; missing values are empty, booleans true/false."""
    columns = columns or columns_of(rows)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([_inert(_cell(row.get(c))) for c in columns])
    return out.getvalue().encode("utf-8")


def to_json(rows: list[dict], columns: list[str] | None = None) -> bytes:
    """A list of objects, every column in each (null where missing), in the CSV's order."""
    columns = columns or columns_of(rows)
    data = [{c: raw(row.get(c)) for c in columns} for row in rows]
    # one object per line: readable, diffable, and written by json's C encoder (indent= is not)
    lines = [json.dumps(row, ensure_ascii=False, allow_nan=False, default=str) for row in data]
    return ("[\n" + ",\n".join(lines) + "\n]\n" if lines else "[]\n").encode("utf-8")


def files_for(name: str, rows: list[dict], columns: list[str] | None = None) -> dict[str, bytes]:
    """``name``.csv and ``name``.json of ``rows``: file path under docs/ -> bytes."""
    return {posixpath.join(FILES, f"{name}.{ext}"): encode(rows, columns)
            for ext, encode in (("csv", to_csv), ("json", to_json))}


def merged(first: dict[str, bytes], second: dict[str, bytes]) -> dict[str, bytes]:
    """Both sets of files. The same table rendered for two folders gives the same bytes; different
    bytes under one name are a bug."""
    for path, content in second.items():
        if first.get(path, content) != content:
            raise DownloadError(f"two different downloads named {path}")
    return {**first, **second}


def links(paths: list[str], href, what: str = "") -> str:
    """The line under a table: ``Download: CSV · JSON``; ``href`` makes a docs path relative to the page."""
    anchors = " · ".join(f'<a href="{esc(href(p))}" download>{posixpath.splitext(p)[1][1:].upper()}</a>'
                         for p in paths)
    return f'<p class="ab-downloads">Download{" " + esc(what) if what else ""}: {anchors}</p>\n'


def write_files(folder: Path, files: dict[str, bytes]) -> list[Path]:
    """Make ``folder`` hold exactly ``files`` (name -> bytes): a file is written only where its bytes
    differ, files not named are removed (and folders left empty). Returns the files written."""
    folder = Path(folder)
    written = []
    for name, content in sorted(files.items()):
        path = folder / name
        if path.is_file() and path.read_bytes() == content:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_bytes(content)
        tmp.replace(path)
        written.append(path)
    if folder.is_dir():
        keep = {(folder / name).resolve() for name in files}
        for path in sorted(folder.rglob("*"), reverse=True):  # deepest first: files, then their folders
            if path.is_file() or path.is_symlink():
                if path.resolve() not in keep:
                    path.unlink()
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return written


# The whole dataset

RECORD_COLUMNS = [
    Column("run_id", "the run the record belongs to (its anchor on the runs page)"),
    Column("date", "the day the run started", "YYYY-MM-DD, UTC"),
    Column("created_at", "when the run started", "ISO 8601, UTC"),
    Column("run_file", "the run file under build_data/runs/"),
    Column("host", "the label of the machine measured"),
    Column("profile", "the benchmark profile (timing and limits) the run used"),
    Column("complete", "the run finished (false: it was interrupted and its file is partial)", "true/false"),
    Column("interrupted_by", "what stopped an unfinished run (a signal, the deadline)"),
    Column("git_commit", "the commit of this project's code the run used"),
    Column("dirty", "the code had uncommitted changes", "true/false"),
    *[Column(f"v_{k}", f"the version of {k} on the machine (empty: absent)") for k in VERSION_FIELDS],
    Column("workload", "the benchmark (one snippet in snippets/)"),
    Column("framework", "the framework that ran it (torch, jax or tensorflow)"),
    Column("device", "the device measured, as the framework names it"),
    Column("platform", "the kind of device", "cpu, gpu or tpu"),
    Column("status", "the outcome of the measurement", "ok, failed or skipped"),
    Column("reason", "why a measurement failed or was skipped"),
    Column("category", "the kind of failure or skip (out_of_memory, unsupported, ...)"),
    Column("stale", "the snippet's source changed since the run: shown, never judged", "true/false"),
    Column("snippet_hash", "the hash of the snippet's source the run timed", "SHA-256, hex"),
    Column("median_s", "the median time of one call over the timing samples", "s"),
    Column("q1_s", "the first quartile of the timing samples", "s"),
    Column("q3_s", "the third quartile of the timing samples", "s"),
    Column("min_s", "the fastest timing sample", "s"),
    Column("max_s", "the slowest timing sample", "s"),
    Column("n_samples", "the number of timing samples", "count"),
    Column("wide_spread", f"the interquartile range is above {WIDE_SPREAD:.0%} of the median, or graphs were compiled "
           "while timed", "true/false"),
    Column("compilations", "graphs compiled while the samples were timed (torch_xla; empty: not counted)", "count"),
    Column("n_devices", "the devices one measurement used (data-parallel runs)", "count"),
    Column("energy_measured", "energy was metered for this measurement (empty: not attempted)", "true/false"),
    Column("energy_reason", "why energy was not metered"),
    Column("idle_watts", "the device's power drawn at rest, before measuring", "W"),
    Column("peak_chip", "the chip whose vendor peak fraction_of_peak or mfu divides by"),
    Column("peak_value", "that vendor peak", "peak_unit"),
    Column("peak_unit", "the unit of peak_value"),
]
PARAM_MEANING = "a parameter of the measurement, as the workload's snippet defines it"

def metric_columns() -> list[Column]:
    return [Column(f"m_{m.name}", m.doc, m.unit) for m in METRICS.values()]


def record_rows(records: pd.DataFrame) -> tuple[list[dict], list[str]]:
    """Every stored record, one row each, oldest run first: provenance, parameters flattened into
    ``param_<name>`` columns, statistics and metrics with units in the names. Returns (rows, columns)."""
    if records.empty:
        return [], [*(c.name for c in RECORD_COLUMNS), *(c.name for c in metric_columns())]
    params = list(dict.fromkeys(k for p in records["params"] for k in p))
    ordered = records.assign(_i=range(len(records))).sort_values(["created_at", "run_id", "_i"], kind="stable")
    rows, metrics = [], metric_columns()
    for r in ordered.to_dict("records"):  # plain dicts: iterrows would cost seconds on 200 runs
        row = {}
        for c in RECORD_COLUMNS:
            if c.name == "date":
                row[c.name] = r["created_at"].strftime("%Y-%m-%d")
            elif c.name == "created_at":
                row[c.name] = r["created_at"].strftime("%Y-%m-%dT%H:%M:%SZ")
            elif c.name == "run_file":
                row[c.name] = Path(r["file"]).name
            else:
                row[c.name] = raw(r.get(c.name))
                if c.unit == "count" and isinstance(row[c.name], float):  # a column with gaps is float in pandas
                    row[c.name] = int(row[c.name])
        row.update({f"param_{p}": raw(r["params"].get(p)) for p in params})
        row.update({c.name: raw(r.get(c.name)) for c in metrics})
        rows.append(row)
    names = [c.name for c in RECORD_COLUMNS]
    split = names.index("status")  # the parameters read best beside the workload and device
    columns = [*names[:split], *(f"param_{p}" for p in params), *names[split:], *[c.name for c in metrics]]
    return rows, columns


def dictionary(columns: list[str], declared: list[Column]) -> list[Column]:
    """The declared meaning and unit of each of ``columns`` (a file's header), in its order; a
    ``param_`` column is a snippet's parameter. A column declared nowhere is a bug: KeyError."""
    known = {c.name: c for c in [*declared, *metric_columns()]}
    return [Column(name, PARAM_MEANING) if name.startswith("param_") and name not in known else known[name]
            for name in columns]
