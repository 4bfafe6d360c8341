"""A column of a dataset file: its name, what it means and its unit; and the reader of a reference
CSV file's rows (csv_rows). Each format declares its
columns once (run records here in publish.downloads, each published source in its format), and the
data dictionary and the downloads read them; declared here, below both, so that a source's format
never imports the publishing side."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Column:
    name: str
    meaning: str
    unit: str = ""  # empty: a name or a text, without a unit


def csv_rows(path: Path, columns, error: type[Exception]) -> Iterator[tuple[int, dict]]:
    """(line, row) of a reference CSV file, each row by column name; nothing where the file is
    missing. A file without every one of COLUMNS raises ERROR naming the file, line 1 and what is
    missing, so every reference table refuses a bad header in the same words."""
    if not path.exists():
        return
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in columns if c not in (reader.fieldnames or [])]
        if missing:
            raise error(f"{path}: line 1: missing column(s) {', '.join(missing)}")
        for row in reader:
            yield reader.line_num, row

