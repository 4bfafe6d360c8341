"""Vendor-published training throughput -> published evidence, every row with the repository,
commit, path and line it was read from.

Upstream documents, none audited:

- Google, AI-Hypercomputer/tpu-recipes ``training/ironwood/README.md``: one table of MaxText
  recipes on TPU7x (Ironwood): model, chips, GBS, sequence length, precision, step time, TFLOP/s
  per chip and tokens/s per chip. Where a rule reads a recipe's settings (names.QUALIFIERS), the
  recipe file of a row is declared (``Document.recipes``) and its MaxText settings are imported
  with the row, each with its line.
- Google, the same repository's recipe READMEs for Trillium (TPU v6e, ``training/trillium``) and
  v5p (``training/v5p``), and their archives: no table, but one README per recipe, with the step
  line MaxText logs (seconds, TFLOP/s, tokens/s per device), the command (accelerator type,
  slices) and, for most, the workload configuration quoted (per_device_batch_size,
  max_target_length, dtype). A row is made where all of these are written (recipes.py reads them);
  the chips, the GBS (MaxText's per-device batch × chips) and the precision where the
  configuration sets none (MaxText's default) are worked out from what is written, each said in
  the row's notes with its lines, and checked against the step line's own total_weights. A README
  without a step line (a step time only, or nothing) is left out, naming why.
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

Top-level imports are the standard library and this project's modules that use only it
(sources.git, sources.markdown, this folder's names and recipes): the command line reads this
module on machines that only measure.
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
from accelbench.sources.vendor_training import recipes as maxtext
from accelbench.sources.vendor_training.names import MAXTEXT_DEFAULTS, MAXTEXT_DEFAULTS_READ, model_key, precision_key

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
    # (model, chips, GBS, sequence length, precision as a row writes them) -> the recipe file the row
    # comes from, whose MaxText settings are imported with it (recipes.recipe)
    recipes: tuple[tuple[tuple, str], ...] = ()


@dataclass(frozen=True)
class RecipeFolders:
    """Google's recipe READMEs of one TPU generation: one README per recipe, each logging MaxText's
    step line under the command and configuration that made it."""

    name: str  # its published file: build_data/published/vendor-training-NAME.json
    roots: tuple[str, ...]  # the folders read, in the repository
    family: str  # the accelerator type of its commands: v6e, v5p (recipes.CORES_PER_CHIP)
    system: str
    said_where: str
    vendor: str = "Google"
    kind: str = "tpu"
    task: str = "pre-training"


_DEEPSEEK = "training/ironwood/deepseek3-671b/4k-{}-tpu7x-{}/xpk/run_recipe.sh"
IRONWOOD = Document(
    "tpu-recipes-ironwood", "training/ironwood/README.md", "Google", "tpu", "MaxText", "Ironwood", "pre-training",
    "the document's title ('Training Recipes for Ironwood TPU'); each recipe it lists is a MaxText pretraining "
    "workload (the recipes' own READMEs under training/ironwood/)",
    # the DeepSeek-V3 rows, whose MTP setting decides their pairing with 'DeepSeekV3 (w/o MTP)':
    # the folder names the sequence (4k), the precision and the topology (4x4x8: 128 chips, 4x8x8: 256)
    recipes=tuple(((("deepseek-v3", chips, gbs, 4096, precision), _DEEPSEEK.format(folder, topology)))
                  for chips, gbs, topology in ((128, 2048, "4x4x8"), (256, 4096, "4x8x8"))
                  for precision, folder in (("bf16", "bf16"), ("fp8_full", "fp8"))))
_READMES = ("each README's title ('Instructions for training <model>-MaxText on TPU {0}'), its command "
            "(--device_type, --num_slices) and the MaxText workload it quotes (model_type, per_device_batch_size, "
            "max_target_length, dtype); framework: the recipe's folder (<model>-MaxText) and MaxText's step line; "
            "task: MaxText pre-training on synthetic data (dataset_type)")
TRILLIUM = RecipeFolders("tpu-recipes-trillium", ("training/trillium", "training/archive/trillium"), "v6e", "Trillium",
                         _READMES.format("trillium"))
V5P = RecipeFolders("tpu-recipes-v5p", ("training/v5p", "training/archive/v5p"), "v5p", "TPU v5p",
                    _READMES.format("v5p"))
MEGATRON = tuple(Document(
    name, path, "NVIDIA", "gpu", "Megatron-Bridge (NeMo)", None, None,
    "the document's title and headings: '## <release> NeMo Container', '### Pre-Training Performance' (or SFT, "
    "LoRA), '#### Model: X' or '#### System: X'") for name, path in (
    ("megatron-bridge-performance-summary", "docs/performance-summary.md"),
    ("megatron-bridge-performance-summary-archive", "docs/performance-summary-archive.md")))

# --document NAME -> (repository, its documents)
DOCUMENTS: dict[str, tuple[str, tuple[Document | RecipeFolders, ...]]] = {
    "ironwood": ("AI-Hypercomputer/tpu-recipes", (IRONWOOD,)),
    "trillium": ("AI-Hypercomputer/tpu-recipes", (TRILLIUM,)),
    "v5p": ("AI-Hypercomputer/tpu-recipes", (V5P,)),
    "megatron-bridge": ("NVIDIA-NeMo/Megatron-Bridge", MEGATRON),
}

# The systems the documents name -> the chip in build_data/reference/accelerators.csv (a name that
# file does not hold is dropped at import: the row's chip is null). A system missing here has no
# chip in the reference data (DGX-B300: sources disagree on the B300's figures, so it has no row).
SYSTEM_CHIPS = {
    "Ironwood": "TPU7x (Ironwood)",  # Google's name for TPU7x (cloud.google.com/tpu/docs/tpu7x)
    "Trillium": "TPU v6e (Trillium)",  # Google's name for TPU v6e (cloud.google.com/tpu/docs/v6e)
    "TPU v5p": "TPU v5p",
    "DGX-H100": "H100 SXM",  # DGX H100: eight H100 SXM5 80GB
    "DGX-B200": "B200 (HGX 1000 W)",  # DGX B200: eight B200 at 1000 W (as MLPerf's B200-SXM-180GB)
    # a GB200 / GB300 NVL72 rack's GPUs, each one of its superchips' two (Megatron counts per GPU),
    # as mlperf_accelerators.csv maps MLPerf's GB200 and GB300 systems
    "DGX-GB200": "GB200 (one Blackwell GPU)",
    "DGX-GB300": "GB300 (one Blackwell Ultra GPU)",
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
        left_out.append(_leave(document.path, line, why))

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
    for row in rows:
        _with_recipe(source, document, row)
    described = {"path": document.path, "title": title, "vendor": document.vendor, "kind": document.kind,
                 "framework": document.framework, "said_where": document.said_where}
    return _published(source, document.name, described, entries, rows, left_out)


def _published(source: Source, name: str, described: dict, entries: list[dict], rows: list[dict],
               left_out: list[dict]) -> dict:
    """A published file, its rows and left-out lines in document order (the same bytes every time)."""
    return {
        "schema_version": SCHEMA_VERSION, "kind": KIND, "name": name,
        "source": {"repository": source.repository, "commit": source.commit,
                   "url": f"https://github.com/{source.repository}"},
        "document": described,
        "tables": entries,
        "rows": sorted(rows, key=lambda r: (r["path"], r["line"], r["alternative"])),
        "left_out": sorted(left_out, key=lambda x: (x["path"], x["line"], x["reason"])),
    }


def _with_recipe(source: Source, document: Document, row: dict) -> None:
    """The MaxText settings of the recipe file the document declares for a row, read at the commit,
    recorded on the row (a rule reads them: names.QUALIFIERS). A declared file that is missing, or
    that runs another sequence length or precision than its row, is an error: the declaration no
    longer holds, and nothing is written."""
    path = dict(document.recipes).get((row["model"], row["chips"], row["gbs"], row["seq_len"], row["precision"]))
    if path is None:
        return
    text = source.read(path)
    found = maxtext.recipe(path, text) if text is not None else None
    where = f"{source.repository} at {source.commit}: {path}, declared for {document.path} line {row['line']}"
    if found is None:
        raise ValueError(f"{where}, is missing or passes no MaxText settings")
    settings = found["settings"]
    runs = (settings["max_target_length"]["value"], settings["quantization"]["value"] or "")
    wants = (str(row["seq_len"]), "" if row["precision_key"] == "bf16" else row["precision"])
    if runs != wants:
        raise ValueError(f"{where}, runs max_target_length {runs[0]} and quantization {runs[1]!r}, where the row "
                         f"has {wants[0]} and {row['precision']}")
    row["recipe"] = found


def import_recipes(source: Source, folders: RecipeFolders, reference_dir: Path) -> dict:
    """Every README under the folders -> one published file: a row per MaxText step line whose
    README says the chips, the GBS and the sequence length; every other README left out, naming
    its line and why. No README at all, or no row from any, is an error: the layout has changed."""
    paths = [p for p in source.paths() if p.endswith("README.md") and p.startswith(tuple(r + "/" for r in folders.roots))]
    chips_known, rows, left_out, entries = reference_chips(reference_dir), [], [], []
    for path in paths:
        found, lost, logged = _readme_rows(source, path, folders, chips_known)
        rows, left_out, entries = rows + found, left_out + lost, entries + logged
    if not rows:
        raise ValueError(f"{source.repository} at {source.commit}: no README under {', '.join(folders.roots)} logs "
                         f"MaxText's step line with tokens/s (its layout has changed?)")
    described = {"path": folders.roots[0], "title": None, "vendor": folders.vendor, "kind": folders.kind,
                 "framework": "MaxText", "said_where": folders.said_where}
    return _published(source, folders.name, described, entries, rows, left_out)


def _leave(path: str, line: int, why: str) -> dict:
    return {"path": path, "line": line, "reason": f"line {line}: {why}"}


def _readme_rows(source, path, folders, chips_known) -> tuple[list[dict], list[dict], list[dict]]:
    """One README's rows, its lines left out, and an entry per step line read."""
    text = source.read(path) or ""
    lines = text.splitlines()
    logs = maxtext.log_lines(lines)
    if not logs:
        step = maxtext.step_time_line(lines)
        why = "no MaxText step line with Tokens/s/device: the README publishes no throughput"
        if step:
            why += (f"; line {step} speaks of a step time only, and tokens/s from it would be a derivation (GBS × "
                    f"sequence length / step time / chips), not made")
        return [], [_leave(path, step or 1, why)], []
    title = next((t[2:].strip() for t in lines if t.startswith("# ")), path)
    document = Document(folders.name, path, folders.vendor, folders.kind, "MaxText", folders.system, folders.task,
                        folders.said_where)
    context = {"release": None, "task": folders.task, "model": None, "system": folders.system, "section": title}
    dates, found, rows, lost = line_dates(source, path), maxtext.recipe(path, text), [], []
    for line, match in logs:
        try:
            values, notes = _logged(lines, match, found, path, folders.family)
        except BadCell as exc:
            lost.append(_leave(path, line, str(exc)))
            continue
        rows.append({**_row(line, values, False, document, context, notes, chips_known, dates), "recipe": found})
    entries = [{"line": line, "section": path, "columns": ["seconds", "TFLOP/s/device", "Tokens/s/device",
                                                           "total_weights"], "ignored": ["step", "loss"]}
               for line, _ in logs]
    return rows, lost, entries


def _logged(lines, match, found, path, family) -> tuple[dict, list[str]]:
    """A step line, what its README's command says and the settings of its configuration
    (``found``: recipes.recipe) -> the row's values and its notes (every figure not read off the
    step line, with its lines); a BadCell naming all that is missing or does not agree."""
    problems, notes = [], []
    if "maxtext" not in path.lower():
        problems.append("the recipe's folder does not name MaxText, the framework its step line is from")
    chips = _chips(lines, family, problems, notes)
    if found is None:
        raise BadCell("; ".join([*problems, "no MaxText workload configuration is quoted (MaxTextModel, tuning_params): "
                                 "per_device_batch_size and max_target_length are not stated in this README"]))
    model = maxtext.setting(lines, found["first_line"], found["last_line"], "model_type")
    problems += _unset(found, model)
    if problems:
        raise BadCell("; ".join(problems))
    batch, seq = found["settings"]["per_device_batch_size"], found["settings"]["max_target_length"]
    gbs = figure(batch["value"], "per_device_batch_size", maximum=BOUNDS["gbs"]) * chips
    if gbs != int(gbs):
        raise BadCell(f"per_device_batch_size {batch['value']} × {chips} chips is no whole batch")
    values = {"model": model.value, "chips": chips, "gbs": int(gbs),
              "seq_len": number(seq["value"], "max_target_length", "seq_len"),
              "step_time_s": number(match["seconds"], "seconds", "step_time_s"),
              "tflops_per_chip": number(match["tflops"], "TFLOP/s/device", "tflops_per_chip"),
              "tokens_per_s_per_chip": number(match["tokens"], "Tokens/s/device", "tokens_per_s_per_chip")}
    _check_step_line(match, values)
    values["precision"], said = _precision(found)
    notes += [f"model: model_type (line {model.line})",
              f"GBS: per_device_batch_size {batch['value']} (line {batch['line']}) × {chips} chips, as MaxText counts "
              f"its global batch; the step line's total_weights is GBS × sequence length",
              f"sequence length: max_target_length (line {seq['line']})", said,
              "tokens/s per chip: the step line's Tokens/s/device (one JAX device per chip: Tokens/s/device × "
              "seconds × chips gives the step line's total_weights within 1%)"]
    return values, notes


def _unset(found: dict, model) -> list[str]:
    """What a row needs of the configuration and it does not say: the model, the per-device batch,
    the sequence length; and gradient accumulation, which would make the GBS more than batch × chips."""
    needed = {"model_type": model.value if model else None,
              **{name: found["settings"][name]["value"] for name in ("per_device_batch_size", "max_target_length")}}
    unset = [f"the configuration (lines {found['first_line']}-{found['last_line']}) sets no {name}"
             for name, value in needed.items() if value is None]
    if found["settings"]["gradient_accumulation_steps"]["value"] not in (None, "1"):
        unset.append("gradient accumulation is set: the GBS is not per_device_batch_size × chips alone")
    return unset


def _chips(lines, family, problems, notes) -> int:
    """The chips the README's command asks for: the accelerator type (its TensorCores, over the
    family's per chip) × the slices, each written once; what is missing goes to ``problems``."""
    types = {f.value: f for f in maxtext.found(lines, maxtext.DEVICE, "type")}
    slices = {f.value: f for f in maxtext.found(lines, maxtext.SLICES, "slices")}
    for what, seen in (("accelerator type (--device_type=...)", types), ("number of slices (--num_slices=...)", slices)):
        if len(seen) != 1:
            problems.append(f"{'no' if not seen else 'more than one'} {what} written in the README"
                            + (f" ({', '.join(sorted(seen))}: which one logged the line is not said)" if seen else ""))
    if problems:
        return 0
    (kind, at), (count, where) = next(iter(types.items())), next(iter(slices.items()))
    name, cores = kind.split("-")[0], int(kind.split("-")[1])
    per_chip = maxtext.CORES_PER_CHIP.get(name)
    if name != family or per_chip is None or cores % per_chip:
        problems.append(f"the accelerator type {kind} (line {at.line}) is not one of {family}'s")
        return 0
    chips = cores // per_chip * int(count)
    notes.append(f"chips: {kind} (line {at.line}) × {count} slice(s) (line {where.line}); the number in a {family} type "
                 f"counts TensorCores, {per_chip} per chip")
    return chips


def _check_step_line(match, values: dict) -> None:
    """The step line's own total_weights (the tokens of one step) must be GBS × sequence length,
    and Tokens/s/device × seconds × chips must give it back: else the configuration quoted is not
    the one logged, or a device is not a chip."""
    weights = figure(match["weights"], "total_weights", maximum=1e13, whole=True)
    if values["gbs"] * values["seq_len"] != weights:
        raise BadCell(f"total_weights {weights:,} is not GBS {values['gbs']} × sequence length {values['seq_len']}: "
                      f"the configuration quoted is not the one logged")
    back = values["tokens_per_s_per_chip"] * values["step_time_s"] * values["chips"]
    if abs(back / weights - 1) > 0.01:
        raise BadCell(f"Tokens/s/device × seconds × {values['chips']} chips is {back:,.0f}, not total_weights "
                      f"{weights:,}: MaxText's devices are not these chips")


def _precision(found: dict) -> tuple[str, str]:
    """The precision a recipe trains in, and the note that says where from: its quantization, else
    its dtype, else MaxText's default dtype (a recipe that sets neither trains in bfloat16)."""
    quantization, dtype = found["settings"]["quantization"], found["settings"]["dtype"]
    if quantization["value"]:
        return quantization["value"], f"precision: quantization (line {quantization['line']})"
    if dtype["value"]:
        return dtype["value"], f"precision: dtype (line {dtype['line']}), no quantization"
    return MAXTEXT_DEFAULTS["dtype"], (f"precision not written: the configuration (lines {found['first_line']}-"
                                       f"{found['last_line']}) sets neither dtype nor quantization, so MaxText's "
                                       f"defaults apply (dtype bfloat16, no quantization: {MAXTEXT_DEFAULTS_READ})")


# The contract every importer keeps with `accelbench import` (cli.py)

REPOSITORY = " or ".join(dict.fromkeys(repo for repo, _ in DOCUMENTS.values())) + " (by --document)"


def add_arguments(parser) -> None:
    parser.add_argument("--document", required=True, choices=sorted(DOCUMENTS),
                        help="which vendor's documents: ironwood (AI-Hypercomputer/tpu-recipes, "
                             "training/ironwood/README.md), trillium or v5p (the same repository's recipe READMEs "
                             "under training/trillium or training/v5p, and their archives) or megatron-bridge "
                             "(NVIDIA-NeMo/Megatron-Bridge, docs/performance-summary.md and "
                             "docs/performance-summary-archive.md)")


def check_arguments(args) -> str | None:
    """What is wrong with the command's arguments, or None."""
    return None if args.document in DOCUMENTS else \
        f"--document {args.document!r} is not one of {', '.join(sorted(DOCUMENTS))}"


def repository(args) -> str:
    return DOCUMENTS[args.document][0]


def import_files(source: Source, args, reference_dir: Path) -> list[dict]:
    return [(import_recipes if isinstance(document, RecipeFolders) else import_document)(source, document, reference_dir)
            for document in DOCUMENTS[args.document][1]]


def summary(published: dict) -> str:
    releases = sorted({r["release"] for r in published["rows"] if r["release"]})
    read = "step line(s)" if published["name"] in {d.name for _, ds in DOCUMENTS.values() for d in ds
                                                   if isinstance(d, RecipeFolders)} else "table(s)"
    return (f"{published['document']['path']}: {len(published['rows'])} row(s) from {len(published['tables'])} "
            f"{read}{' in releases ' + ', '.join(releases) if releases else ''}; "
            f"{len(published['left_out'])} left out")
