"""Vendor-published training throughput -> published evidence, every row with the repository,
commit, path and line it was read from.

Two upstream documents, each a Markdown page of tables, neither audited:

- Google, AI-Hypercomputer/tpu-recipes ``training/ironwood/README.md``: one table of MaxText
  recipes on TPU7x (Ironwood): model, chips, GBS, sequence length, precision, step time, TFLOP/s
  per chip and tokens/s per chip.
- NVIDIA, NVIDIA-NeMo/Megatron-Bridge ``docs/performance-summary.md`` (the newest release) and
  ``docs/performance-summary-archive.md`` (the older ones): one section per NeMo container release,
  with tables whose columns change from release to release, grouped by model in some releases and
  by system in others (the group is a heading, ``#### Model: X`` or ``#### System: X``, not a
  column).

Tables are read by the NAME of each column, never its position (the names each field accepts are
declared in ``HEADERS``); cells take thousands separators (``4,121.02`` beside ``4127.56``),
``N/A``, footnote marks and HTML. A line whose throughput cell reads ``x (y)`` holds two results
(the document says what the figures in parentheses are): it becomes two rows, the second taking
each cell's figure in parentheses, or the cell itself where it has none.

Bad input (a row whose cells do not match its header, a number that is not one or is out of range,
a text cell a spreadsheet would run as a formula) is left out with its reason, naming file and line;
the importer never stops on it. A document with no throughput table at all is an error: its format
has changed, and nothing is written.

Top-level imports are the standard library and accelbench.sources.git only: the command line
reads this module on machines that only measure.
"""

from __future__ import annotations

import csv
import re
import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from accelbench.sources.git import GitSource, Source
from accelbench.sources.markdown import FOOTNOTE_MARK, BadCell, Table, alternatives, figure, parse_markdown, text_value
from accelbench.sources.vendor_training.names import model_key, precision_key

SCHEMA_VERSION = 1
KIND = "vendor-training"


@dataclass(frozen=True)
class Document:
    """One upstream document and what it says of all its tables at once."""

    name: str  # its published file: build_data/published/vendor-training-NAME.json
    path: str  # in its repository
    vendor: str
    kind: str  # gpu or tpu
    framework: str
    system: str | None  # the system of every table, where the document names one for all of them
    task: str | None  # the task of every table, where the document has one for all of them
    said_where: str  # where ``framework``, ``system`` and ``task`` come from


IRONWOOD = Document(
    "tpu-recipes-ironwood", "training/ironwood/README.md", "Google", "tpu", "MaxText", "Ironwood", "pre-training",
    "the document's title ('Training Recipes for Ironwood TPU'); each recipe it lists is a MaxText pretraining "
    "workload (the recipes' own READMEs under training/ironwood/)")
MEGATRON = tuple(Document(
    name, path, "NVIDIA", "gpu", "Megatron-Bridge (NeMo)", None, None,
    "the document's title and headings: '## <release> NeMo Container', '### Pre-Training Performance' (or SFT, "
    "LoRA), '#### Model: X' or '#### System: X'") for name, path in (
    ("megatron-bridge-performance-summary", "docs/performance-summary.md"),
    ("megatron-bridge-performance-summary-archive", "docs/performance-summary-archive.md")))

# --document NAME -> (repository, its documents)
DOCUMENTS: dict[str, tuple[str, tuple[Document, ...]]] = {
    "ironwood": ("AI-Hypercomputer/tpu-recipes", (IRONWOOD,)),
    "megatron-bridge": ("NVIDIA-NeMo/Megatron-Bridge", MEGATRON),
}

# The systems the documents name -> the chip in build_data/reference/accelerators.csv (a name that
# file does not hold is dropped at import: the row's chip is null). A system missing here has no
# chip in the reference data (DGX-B300, DGX-GB200, DGX-GB300 have no row there).
SYSTEM_CHIPS = {
    "Ironwood": "TPU7x (Ironwood)",  # Google's name for TPU7x (cloud.google.com/tpu/docs/tpu7x)
    "DGX-H100": "H100 SXM",  # DGX H100: eight H100 SXM5 80GB
    "DGX-B200": "B200 (HGX 1000 W)",  # DGX B200: eight B200 at 1000 W (as MLPerf's B200-SXM-180GB)
}


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
_FIELD_OF = {name: field for field, names in HEADERS.items() for name in names}
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


def _context(table: Table, document: Document, title: str | None) -> dict:
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
        left_out.append({"path": document.path, "line": line, "reason": f"line {line}: {why}"})

    fields = [f for f in table.fields if f]
    duplicated = sorted({f for f in fields if fields.count(f) > 1})
    context = _context(table, document, title)
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
        out.append(_row(line, values, second, document, context, notes, chips_known, dates))
    return out


def _row(line, values, second, document, context, notes, chips_known, dates) -> dict:
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
        "vendor": document.vendor, "chip": chip if chip in chips_known else None, "kind": document.kind,
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


def line_dates(source: Source, path: str) -> dict[int, tuple[str, str]]:
    """Line -> (the UTC day of the commit that first published it, that commit), by git blame at
    the imported commit, following lines moved from another file of the same commit (-C: NVIDIA
    moves a release's section from the summary to the archive); empty for a plain folder, which
    has no history."""
    if not isinstance(source, GitSource):
        return {}
    for follow in (["-C"], []):
        out = subprocess.run(["git", "--git-dir", str(source.git_dir), "blame", *follow, "--porcelain", source.commit,
                              "--", path], capture_output=True, text=True)
        if out.returncode == 0:
            break
    else:
        return {}
    lines, found, times, i = out.stdout.splitlines(), {}, {}, 0
    while i < len(lines):
        parts = lines[i].split()
        sha, final = parts[0], int(parts[2])
        i += 1
        while i < len(lines) and not lines[i].startswith("\t"):
            if lines[i].startswith("committer-time "):
                times[sha] = int(lines[i].split()[1])
            i += 1
        i += 1  # the line itself
        found[final] = sha
    return {line: (datetime.fromtimestamp(times[sha], UTC).date().isoformat(), sha)
            for line, sha in found.items() if sha in times}


def reference_chips(reference_dir: Path) -> set[str]:
    with open(Path(reference_dir) / "accelerators.csv", newline="", encoding="utf-8") as fh:
        return {row["chip"] for row in csv.DictReader(fh)}


def import_document(source: Source, document: Document, reference_dir: Path) -> dict:
    """One upstream document -> its published file (the rows and the rows left out)."""
    text = source.read(document.path)
    if text is None:
        raise ValueError(f"{source.repository} at {source.commit}: no file {document.path}")
    title, tables, footnotes = parse_markdown(text, _FIELD_OF.get)
    if document.system and document.system.lower() not in (title or "").lower():
        raise ValueError(f"{source.repository} at {source.commit}: the title of {document.path} ({title!r}) no longer "
                         f"names {document.system}, the system every row is given")
    chips_known, dates = reference_chips(reference_dir), line_dates(source, document.path)
    rows, left_out, entries, usable = [], [], [], False
    for table in tables:
        found, lost, ok = read_table(table, document, title, footnotes, chips_known, dates)
        rows, left_out, usable = rows + found, left_out + lost, usable or ok
        ignored = [c for c, f in zip(table.header, table.fields, strict=True) if f is None]
        entries.append({"line": table.line, "section": _context(table, document, title)["section"],
                        "columns": table.header, "ignored": ignored})
    if not usable:
        raise ValueError(f"{source.repository} at {source.commit}: {document.path} has no table of training "
                         f"throughput (its format has changed?)")
    return {
        "schema_version": SCHEMA_VERSION, "kind": KIND, "name": document.name,
        "source": {"repository": source.repository, "commit": source.commit,
                   "url": f"https://github.com/{source.repository}"},
        "document": {"path": document.path, "title": title, "vendor": document.vendor, "kind": document.kind,
                     "framework": document.framework, "said_where": document.said_where},
        "tables": entries,
        "rows": sorted(rows, key=lambda r: (r["line"], r["alternative"])),
        "left_out": sorted(left_out, key=lambda x: (x["path"], x["line"], x["reason"])),
    }



# The contract every importer keeps with `accelbench import` (cli.py)

REPOSITORY = " or ".join(repo for repo, _ in DOCUMENTS.values()) + " (by --document)"


def add_arguments(parser) -> None:
    parser.add_argument("--document", required=True, choices=sorted(DOCUMENTS),
                        help="which vendor's documents: ironwood (AI-Hypercomputer/tpu-recipes, "
                             "training/ironwood/README.md) or megatron-bridge (NVIDIA-NeMo/Megatron-Bridge, "
                             "docs/performance-summary.md and docs/performance-summary-archive.md)")


def check_arguments(args) -> str | None:
    """What is wrong with the command's arguments, or None."""
    return None if args.document in DOCUMENTS else \
        f"--document {args.document!r} is not one of {', '.join(sorted(DOCUMENTS))}"


def repository(args) -> str:
    return DOCUMENTS[args.document][0]


def import_files(source: Source, args, reference_dir: Path) -> list[dict]:
    return [import_document(source, document, reference_dir) for document in DOCUMENTS[args.document][1]]


def summary(published: dict) -> str:
    releases = sorted({r["release"] for r in published["rows"] if r["release"]})
    return (f"{published['document']['path']}: {len(published['rows'])} row(s) from {len(published['tables'])} "
            f"table(s){' in releases ' + ', '.join(releases) if releases else ''}; "
            f"{len(published['left_out'])} left out")
