"""A column of a dataset file: its name, what it means and its unit; and the one reader of every
CSV file the project reads (csv_rows), which refuses a row whose fields do not match its header.
Each format declares its columns once (run records here in publish.downloads, each published
source in its format), and the data dictionary and the downloads read them; declared here, below
both, so that a source's format never imports the publishing side."""

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


class CsvRowError(ValueError):
    """A CSV row that cannot be read as its header says: the message names the file, the line and
    the field."""


def csv_rows(path: Path, columns=(), error: type[Exception] = CsvRowError, *, lines=None,
             optional: bool = True) -> Iterator[tuple[int, dict]]:
    """(line, row) of a CSV file, each row by column name: every CSV reader of the project reads
    through this, so every one refuses a bad file in the same words. A file without every one of
    COLUMNS raises ERROR naming the file, line 1 and what is missing; a row with more or fewer
    fields than the header raises it naming file, line and field (check_width). LINES: the file's
    text already read (a reader that also quotes its rows); OPTIONAL: a missing file has no rows,
    else it raises FileNotFoundError."""
    if lines is not None:
        yield from _checked(csv.DictReader(lines), path, columns, error)
        return
    if optional and not Path(path).exists():
        return
    with open(path, newline="", encoding="utf-8") as fh:
        yield from _checked(csv.DictReader(fh), path, columns, error)


def _checked(reader: csv.DictReader, path, columns, error) -> Iterator[tuple[int, dict]]:
    try:
        missing = [c for c in columns if c not in (reader.fieldnames or [])]
        if missing:
            raise error(f"{path}: line 1: missing column(s) {', '.join(missing)}")
        for row in reader:
            check_width(row, reader.fieldnames, f"{path}: line {reader.line_num}", error)
            yield reader.line_num, row
    except csv.Error as exc:  # a field past the csv module's size limit: named like every other refusal
        # (the line the inner reader reached: DictReader counts only the rows it returned)
        raise error(f"{path}: line {reader.reader.line_num}: {exc}") from None


def check_width(row: dict, header: list[str], where: str, error: type[Exception]) -> None:
    """Refuse a row whose field count is not the header's. DictReader files extra values under
    the key None and fills missing fields with None; read on, such a row would put every value
    after a stray comma (an unquoted text) under the wrong column, or leave fields silently
    empty."""
    if None in row:
        extra = row[None]
        raise error(f"{where}: {len(header) + len(extra)} fields where the header has {len(header)}: extra "
                    f"value {extra[0]!r} (a value holding a comma must be quoted)")
    missing = [name for name in header if row[name] is None]
    if missing:
        raise error(f"{where}: {missing[0]}: missing (the row has {len(header) - len(missing)} of the header's "
                    f"{len(header)} fields)")
