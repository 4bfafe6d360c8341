"""How many chips each chip's vendor puts in one tightly coupled unit (build_data/reference/
scale_domains.csv): a TPU pod (chips joined by Google's inter-chip interconnect), a GPU's NVLink
domain (GPUs joined by NVLink and NVSwitch: an HGX board of 8, an NVL72 rack of 72) or an AMD
Infinity Fabric domain; one row per chip and kind of unit, with the page and the sentence it rests
on. Reference data, vendor-stated, never a measurement: the MLPerf-at-scale page shows it beside the
largest systems entered, and a larger system spans several such units over the data-centre network."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from accelbench.core.columns import csv_rows

FILE = "scale_domains.csv"
POD, NVLINK, INFINITY_FABRIC = "pod", "NVLink domain", "Infinity Fabric domain"
DOMAINS = (POD, NVLINK, INFINITY_FABRIC)
COLUMNS = ("chip", "domain", "system", "chips", "source", "quote", "retrieved", "notes")


class ScaleDomainError(ValueError):
    """A row of scale_domains.csv that cannot be read: the message names file, line and field."""


@dataclass(frozen=True)
class ScaleDomain:
    chip: str  # accelerators.csv's name
    domain: str  # one of DOMAINS
    system: str  # the vendor's name of the unit ("TPU v5p Pod", "GB200 NVL72 rack")
    chips: int  # chips in one unit
    url: str  # the page's address (the file's source column)
    quote: str  # the sentence or table row the figure rests on (it holds the figure)
    retrieved: str  # the day it was read, YYYY-MM-DD
    notes: str = ""


def read_scale_domains(reference_dir: Path, chips: set[str]) -> list[ScaleDomain]:
    """Every row of scale_domains.csv (none where the file is missing). Raises ScaleDomainError
    naming the file, the line and the field of a bad row: a chip not in accelerators.csv, an unknown
    kind of unit, a count that is not a positive whole number, a quote that does not hold the count,
    an empty page or day, or a chip and kind given twice."""
    path = Path(reference_dir) / FILE
    out, seen = [], set()
    for line, row in csv_rows(path, COLUMNS, ScaleDomainError):
        found = _row(path, line, row, chips)
        if (found.chip, found.domain) in seen:
            raise ScaleDomainError(f"{path}: line {line}: domain: {found.domain!r} is given twice for {found.chip!r}")
        seen.add((found.chip, found.domain))
        out.append(found)
    return out


def _row(path: Path, line: int, row: dict, chips: set[str]) -> ScaleDomain:
    def bad(field: str, why: str):
        return ScaleDomainError(f"{path}: line {line}: {field}: {row.get(field)!r} {why}")
    if row["chip"] not in chips:
        raise bad("chip", "is not in accelerators.csv")
    if row["domain"] not in DOMAINS:
        raise bad("domain", f"is not one of {', '.join(DOMAINS)}")
    if not re.fullmatch(r"[1-9][0-9]*", row["chips"].strip()):
        raise bad("chips", "is not a positive whole number")
    for name in ("system", "source", "quote", "retrieved"):
        if not (row[name] or "").strip():
            raise bad(name, "is empty (a row names the unit, its page, the sentence it rests on and the day it was read)")
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", row["retrieved"].strip()):
        raise bad("retrieved", "is not a date (YYYY-MM-DD)")
    count = int(row["chips"])
    if not quotes(row["quote"], count):
        raise bad("quote", f"does not hold the count {count} (the quote is the text the figure is read from)")
    return ScaleDomain(row["chip"], row["domain"], row["system"], count, row["source"], row["quote"],
                       row["retrieved"], row["notes"])


def quotes(text: str, count: int) -> bool:
    """Whether TEXT holds COUNT as a number of its own, with or without a thousands separator
    ("9216", "9,216"), never as a part of another number ("8960" holds no 896)."""
    forms = {str(count), f"{count:,}"}
    return any(re.search(rf"(?<![\d.,]){re.escape(form)}(?![\d]|[.,]\d)", text) for form in forms)
