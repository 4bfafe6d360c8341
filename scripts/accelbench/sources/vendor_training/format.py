"""Vendor-published training throughput in build_data/published/ (one file per upstream document):
where the files are, what they load into, and the rows and columns of its dataset file."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from accelbench.core.columns import Column
from accelbench.core.runfile import RunFileError
from accelbench.sources.vendor_training import SOURCE
from accelbench.store.published import write_published

KIND = SOURCE.kind  # as the source declares itself (its __init__)
SCHEMA = Path(__file__).with_name("schema.json")


def published_path(data_dir: Path, name: str) -> Path:
    return Path(data_dir) / "published" / f"vendor-training-{name}.json"


def write(data_dir: Path, published: dict) -> Path:
    """Validate an imported document and replace its file (an import is regenerated, never edited)."""
    return write_published(published_path(data_dir, published["name"]), published, SCHEMA)


def row_url(row: dict) -> str:
    """The row's line on GitHub, at the commit it was imported from (each path part percent-encoded)."""
    path = "/".join(quote(part, safe="") for part in row["path"].split("/"))
    return f"https://github.com/{row['repository']}/blob/{row['commit']}/{path}#L{row['line']}"


def release_key(release: str | None) -> tuple[int, ...]:
    """A release's order: 26.06 < 26.06.01 < 26.08; no release (a document of one table) first."""
    return tuple(int(part) for part in release.split(".")) if release else ()


@dataclass
class VendorTraining:
    """Every imported document, and all their rows, each with its repository, commit and link."""

    documents: list[dict]  # each file's content, with "file": where it was read from
    rows: list[dict]

    def of_platform(self, platform: str) -> list[dict]:
        return [r for r in self.rows if r["platform"] == platform]


def load(files: list[tuple[Path, dict]]) -> VendorTraining:
    """The validated files -> every row. Two files that hold the same release of one repository
    (a release moved from the summary to the archive, and only one of them imported again) are an
    error naming both: both documents are imported together, at one commit."""
    documents, rows, releases, problems = [], [], {}, []
    for path, data in sorted(files, key=lambda f: f[1]["name"]):
        documents.append({**data, "file": str(path)})
        origin = data["source"]
        for release in sorted({r["release"] for r in data["rows"] if r["release"]}, key=release_key):
            seen = releases.setdefault((origin["repository"], release), path)
            if seen != path:
                problems.append(f"{path}: rows: release {release} of {origin['repository']} is also in {seen}: import "
                                f"both documents again, at one commit")
        for row in data["rows"]:
            row = {k: v for k, v in row.items() if k != "date"}  # empty in every file that has it (see the schema)
            full = {**row, "repository": origin["repository"], "commit": origin["commit"], "document": data["name"]}
            rows.append({**full, "url": row_url(full)})
    if problems:
        raise RunFileError(problems)
    return VendorTraining(documents, rows)


COLUMNS = [
    Column("vendor", "who published the figure (the chip's vendor)"),
    Column("platform", "the chip's platform", "gpu or tpu"),
    Column("system", "the system as the document names it"),
    Column("chip", "the chip in the hardware reference (empty: not in it)"),
    Column("framework", "the training framework of the document"),
    Column("release", "the NeMo container release of the section (empty: the document has none)"),
    Column("section", "the headings above the table"),
    Column("task", "pre-training, sft or lora, from the headings (or the document)"),
    Column("line_date", "the day the line was first published (git blame at the imported commit)", "YYYY-MM-DD, UTC"),
    Column("model", "the model as the document writes it"),
    Column("model_key", "the architecture it stands for (the name table)"),
    Column("chips", "accelerators used", "count"),
    Column("gbs", "global batch size", "sequences"),
    Column("mbs", "micro batch size", "sequences"),
    Column("seq_len", "sequence length", "tokens"),
    Column("precision", "the precision as the document writes it"),
    Column("precision_key", "the precision, normalised"),
    Column("tokens_per_s_per_chip", "training throughput per accelerator, as published", "tokens/s"),
    Column("tflops_per_chip", "model TFLOP/s per accelerator as the vendor counts them (not comparable across vendors)",
           "TFLOP/s"),
    Column("step_time_s", "the time of one training step, as published", "s"),
    Column("parallelism", "the parallel layout as published (FSDP, TP, PP, CP, VP, EP, GA; null: n/a)",
           "JSON object, as text"),
    Column("alternative", "true: the figures in parentheses on the line"),
    Column("notes", "the document's footnotes and notes on the row", "texts separated by ' | '"),
    Column("recipe", "a TPU row's recipe file as read at the commit: its path, the lines of the MaxText settings it "
           "passes and each setting read with its line (null: not set, MaxText's default applies); empty: none read",
           "JSON object, as text"),
    Column("repository", "the repository the row was read from"),
    Column("commit", "the commit of that repository"),
    Column("path", "the file in that repository"),
    Column("line", "the line of the row in that file"),
    Column("url", "the line on GitHub, at that commit"),
]


def dataset_rows(data: VendorTraining | None) -> list[dict]:
    """Every imported row, in document order, Google's first."""
    if data is None:
        return []
    columns = [c.name for c in COLUMNS]
    ordered = sorted(data.rows, key=lambda r: (r["vendor"], r["document"], r["line"], r["alternative"]))
    return [flat({c: r.get(c) for c in columns}) for r in ordered]


def flat(row: dict) -> dict:
    """A row as a download holds it: every value a number, a text, a boolean or empty (the layout as
    JSON text, the notes joined), so that its CSV and its JSON say the same."""
    out = dict(row)
    for field in ("parallelism", "recipe"):
        if out.get(field) is not None:
            out[field] = json.dumps(out[field], separators=(",", ":"))
    if "notes" in out:
        out["notes"] = " | ".join(out["notes"]) or None
    return out


def describe(rows: list[dict]) -> str:
    by_vendor = {}
    for r in rows:
        by_vendor[r["vendor"]] = by_vendor.get(r["vendor"], 0) + 1
    return f"{len(rows)} rows ({', '.join(f'{v}: {n}' for v, n in sorted(by_vendor.items()))})"
