"""When each MLPerf round was published (build_data/reference/mlperf_round_dates.csv): the day its
results were announced, or the month where only that is known, each with the page it was read from.
A finding on MLPerf results is as recent as the newest round it rests on (Finding.as_of)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from accelbench.core.columns import csv_rows

FILE = "mlperf_round_dates.csv"
COLUMNS = ("suite", "round", "published", "source", "quote", "read")
SUITES = ("training", "inference")
DATES = ("%Y-%m-%d", "%Y-%m")  # a day, or a month where only the month is known


class RoundDateError(ValueError):
    """A row of mlperf_round_dates.csv that cannot be read: the message names file, line and field."""


def _is_date(text: str) -> bool:
    for form in DATES:
        try:
            datetime.strptime(text, form)
            return True
        except ValueError:
            pass
    return False


def read_round_dates(reference_dir: Path) -> dict[tuple[str, str], str]:
    """(suite, round) -> its publication date; empty where the file is missing. Raises RoundDateError
    naming the file, the line and the field of the first bad row."""
    path = Path(reference_dir) / FILE
    out: dict[tuple[str, str], str] = {}
    for line, row in csv_rows(path, COLUMNS, RoundDateError):
        if row["suite"] not in SUITES:
            raise RoundDateError(f"{path}: line {line}: suite: {row['suite']!r} is not one of {', '.join(SUITES)}")
        if not _is_date(row["published"]):
            raise RoundDateError(f"{path}: line {line}: published: {row['published']!r} is not YYYY-MM-DD or YYYY-MM")
        for field in ("source", "quote", "read"):
            if not row[field].strip():
                raise RoundDateError(f"{path}: line {line}: {field}: is empty (a date names the page it was read from)")
        if (row["suite"], row["round"]) in out:
            raise RoundDateError(f"{path}: line {line}: round: {row['suite']} {row['round']} is listed twice")
        out[(row["suite"], row["round"])] = row["published"]
    return out
