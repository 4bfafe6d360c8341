"""Which chips one can rent or buy today (build_data/reference/on_offer.csv), for the chips no price
list holds: a chip with a list price is on offer by that price; one without is on offer where a
provider's own page says it is generally available or shipping. Reference data with its source,
never a measurement: it tells which comparisons a buyer can act on (judge/per_dollar.py)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from accelbench.core.columns import csv_rows

FILE = "on_offer.csv"
COLUMNS = ("chip", "status", "provider", "offer", "source", "source_url", "source_date", "quote", "retrieved", "notes")
STATUS = ("generally available", "shipping", "withdrawn")  # withdrawn: no longer offered, though once priced


class OnOfferError(ValueError):
    """A row of on_offer.csv that cannot be read: the message names file, line and field."""


@dataclass(frozen=True)
class OnOffer:
    chip: str
    status: str  # one of STATUS
    provider: str
    offer: str  # the VM, slice or system offered
    url: str
    date: str  # the page's own date ("" where it states none)
    quote: str


def read_on_offer(reference_dir: Path, chips: set[str]) -> dict[str, OnOffer]:
    """chip -> its row; raises OnOfferError naming the file, line and field."""
    path = Path(reference_dir) / FILE
    out: dict[str, OnOffer] = {}
    for line, row in csv_rows(path, COLUMNS, OnOfferError):
        where = f"{path}: line {line}"
        if row["chip"] not in chips:
            raise OnOfferError(f"{where}: chip: {row['chip']!r} is not in accelerators.csv")
        if row["status"] not in STATUS:
            raise OnOfferError(f"{where}: status: {row['status']!r} is not one of {', '.join(STATUS)}")
        for name in ("source_url", "quote", "retrieved"):
            if not row[name].strip():
                raise OnOfferError(f"{where}: {name}: empty (a chip on offer names the page, its words and the day read)")
        if row["chip"] in out:
            raise OnOfferError(f"{where}: chip: {row['chip']!r} is listed twice")
        out[row["chip"]] = OnOffer(row["chip"], row["status"], row["provider"], row["offer"], row["source_url"],
                                   row["source_date"], row["quote"])
    return out
