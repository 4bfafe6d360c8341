"""When each chip was first available (build_data/reference/availability.csv): the first day customers
outside its vendor could rent or buy it (a cloud preview, general availability, or shipping), with the
source that dates it; a vendor's own use and engineering samples to one customer do not count. Reference
data, never a measurement: it tells which chips are of one generation, so that a verdict compares a
chip with its contemporaries (judge/generations.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from accelbench.core.columns import csv_rows

FILE = "availability.csv"
COLUMNS = ("chip", "first_available", "precision", "how", "source", "quote", "retrieved", "notes")
# how customers first got it; a vendor's own production use is not among them (judge/generations.py DATE_RULE)
HOW = ("generally available", "preview for customers", "shipping to customers")
FORMS = {"day": r"\d{4}-\d{2}-\d{2}", "month": r"\d{4}-\d{2}", "year": r"\d{4}"}


class AvailabilityError(ValueError):
    """A row of availability.csv that cannot be read: the message names file, line and field."""


@dataclass(frozen=True)
class Availability:
    chip: str  # accelerators.csv's name
    date: str  # YYYY-MM-DD, YYYY-MM or YYYY, as precisely as the source dates it
    precision: str  # day, month or year
    how: str  # one of HOW
    url: str  # the address it was read from (the file's source column)
    quote: str

    @property
    def month(self) -> int:
        return month_of(self.date)

    @property
    def year(self) -> int:
        return int(self.date[:4])


MIDYEAR = 7  # a date known only to its year counts as July, its middle


def month_of(date: str) -> int:
    """A date of any precision as months since year 0, for gaps between chips (a year-only date
    counts as MIDYEAR)."""
    parts = [int(p) for p in date.split("-")[:2]]
    return parts[0] * 12 + (parts[1] if len(parts) > 1 else MIDYEAR) - 1


def day_of(date: str) -> str:
    """A date of any precision as a day a chart can place: a year-only date as the first of MIDYEAR,
    a month as its first day; '' where not dated."""
    if not date:
        return ""
    parts = date.split("-")
    return "-".join([parts[0], parts[1] if len(parts) > 1 else f"{MIDYEAR:02d}", parts[2] if len(parts) > 2 else "01"])


def read_availability(reference_dir: Path, chips: set[str]) -> dict[str, Availability]:
    """chip -> its first availability; none where the file is missing. Raises AvailabilityError
    naming the file, the line and the field of the first bad row."""
    path = Path(reference_dir) / FILE
    out = {}
    for line, row in csv_rows(path, COLUMNS, AvailabilityError):
        found = _row(path, line, row, chips)
        if found.chip in out:
            raise AvailabilityError(f"{path}: line {line}: chip: {found.chip!r} is dated twice")
        out[found.chip] = found
    return out


def _row(path: Path, line: int, row: dict, chips: set[str]) -> Availability:
    def bad(field: str, why: str):
        return AvailabilityError(f"{path}: line {line}: {field}: {row.get(field)!r} {why}")
    if row["chip"] not in chips:
        raise bad("chip", "is not in accelerators.csv")
    if row["precision"] not in FORMS:
        raise bad("precision", f"is not one of {', '.join(FORMS)}")
    if not re.fullmatch(FORMS[row["precision"]], row["first_available"] or ""):
        raise bad("first_available", f"is not a date of {row['precision']} precision")
    if row["how"] not in HOW:
        raise bad("how", f"is not one of {', '.join(HOW)}")
    for name in ("source", "quote", "retrieved"):
        if not (row[name] or "").strip():
            raise bad(name, "is empty (a date names its source, the sentence that dates it and the day it was read)")
    return Availability(row["chip"], row["first_available"], row["precision"], row["how"], row["source"], row["quote"])
