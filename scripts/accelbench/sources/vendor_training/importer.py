"""Vendor-published training throughput -> published evidence, every row with the repository,
commit, path and line it was read from: the importer `accelbench import vendor-training` runs.

The documents are declared in documents.py; their tables are read by megatron.py (Megatron-Bridge's
performance summaries, and Ironwood's README table), the recipe READMEs of Trillium and v5p by
maxtext.py; the day each line was first published comes from git blame (sources.git.line_dates),
the chips the reference data knows from accelerators.csv (core.reference). This module turns a
document into its published file and keeps the contract every importer keeps with the command.

Bad input (a row whose cells do not match its header, a number that is not one or is out of range,
a text cell a spreadsheet would run as a formula) is left out with its reason, naming file and line;
the importer never stops on it. A document with no throughput table at all is an error: its format
has changed, and nothing is written.

Top-level imports are the standard library and this project's modules that use only it
(core.reference, sources.git, sources.markdown, this folder's documents, megatron, maxtext, names
and recipes): the command line reads this module on machines that only measure.
"""

from __future__ import annotations

from pathlib import Path

from accelbench.core.reference import read_csv
from accelbench.sources.git import Source, line_dates
from accelbench.sources.markdown import parse_markdown
from accelbench.sources.vendor_training import recipes
from accelbench.sources.vendor_training.documents import DOCUMENTS, Document, RecipeFolders
from accelbench.sources.vendor_training.maxtext import readme_rows
from accelbench.sources.vendor_training.megatron import FIELD_OF, read_table, table_context

SCHEMA_VERSION = 2  # 2: the chip's platform (gpu, tpu) is `platform`, was `kind`
KIND = "vendor-training"


def reference_chips(reference_dir: Path) -> set[str]:
    """The chips of build_data/reference/accelerators.csv, read as core.reference reads it; but
    where core.reference reads a missing file as empty, an import without it is an error."""
    path = Path(reference_dir) / "accelerators.csv"
    if not path.exists():
        raise FileNotFoundError(2, "No such file or directory", str(path))
    return {row["chip"] for row in read_csv(path)}


def import_document(source: Source, document: Document, reference_dir: Path) -> dict:
    """One upstream document -> its published file (the rows and the rows left out)."""
    text = source.read(document.path)
    if text is None:
        raise ValueError(f"{source.repository} at {source.commit}: no file {document.path}")
    title, tables, footnotes = parse_markdown(text, FIELD_OF.get)
    if document.system and document.system.lower() not in (title or "").lower():
        raise ValueError(f"{source.repository} at {source.commit}: the title of {document.path} ({title!r}) no longer "
                         f"names {document.system}, the system every row is given")
    chips_known, dates = reference_chips(reference_dir), line_dates(source, document.path)
    rows, left_out, entries, usable = [], [], [], False
    for table in tables:
        found, lost, ok = read_table(table, document, title, footnotes, chips_known, dates)
        rows, left_out, usable = rows + found, left_out + lost, usable or ok
        ignored = [c for c, f in zip(table.header, table.fields, strict=True) if f is None]
        entries.append({"line": table.line, "section": table_context(table, document, title)["section"],
                        "columns": table.header, "ignored": ignored})
    if not usable:
        raise ValueError(f"{source.repository} at {source.commit}: {document.path} has no table of training "
                         f"throughput (its format has changed?)")
    for row in rows:
        _with_recipe(source, document, row)
    described = {"path": document.path, "title": title, "vendor": document.vendor, "platform": document.platform,
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
    found = recipes.recipe(path, text) if text is not None else None
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
        found, lost, logged = readme_rows(source, path, folders, chips_known)
        rows, left_out, entries = rows + found, left_out + lost, entries + logged
    if not rows:
        raise ValueError(f"{source.repository} at {source.commit}: no README under {', '.join(folders.roots)} logs "
                         f"MaxText's step line with tokens/s (its layout has changed?)")
    described = {"path": folders.roots[0], "title": None, "vendor": folders.vendor, "platform": folders.platform,
                 "framework": "MaxText", "said_where": folders.said_where}
    return _published(source, folders.name, described, entries, rows, left_out)


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


def refresh_arguments(published: dict):
    """The arguments that import a published file again (`accelbench refresh`): the document it was read from."""
    from argparse import Namespace

    key = next((key for key, (_, documents) in DOCUMENTS.items() if any(d.name == published["name"] for d in documents)),
               None)
    return None if key is None else Namespace(document=key)


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
