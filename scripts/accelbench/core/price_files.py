"""The two price files read (build_data/reference/): the catalog import's rows (catalog_prices.csv, each
cited by its catalog file's commit and line) and the hand-entered ones (prices.csv, each with its source),
checked row by row (PriceError names file, line and field), each spot price equal to its on-demand one
refused. core/prices.py says what a price is and how it prices work."""

from __future__ import annotations

from pathlib import Path

from accelbench.core.columns import csv_rows
from accelbench.core.prices import (
    CATALOG_COLUMNS,
    CATALOG_FILE,
    HAND_COLUMNS,
    HAND_FILE,
    SOURCE_KINDS,
    TIERS,
    Price,
    PriceError,
    PriceList,
)


def read_prices(reference_dir: Path, chip_name) -> PriceList:
    """Both price files of REFERENCE_DIR, each row's chip through CHIP_NAME (a name as tables write
    it -> accelerators.csv's, or None). Raises PriceError naming the file, line and field."""
    reference_dir = Path(reference_dir)
    catalog, refused = spot_checked(_catalog_prices(reference_dir / CATALOG_FILE))
    return PriceList([*_hand_prices(reference_dir / HAND_FILE, chip_name), *catalog], refused)


SPOT_EQUALS_ON_DEMAND = "spot_equals_on_demand"


def spot_checked(prices: list[Price]) -> tuple[list[Price], tuple[tuple[Price, str], ...]]:
    """The catalog's prices less each spot price equal to the same offer's on-demand price in the same
    region (a catalog that copies the on-demand figure where it has no spot one): refused, never used
    as spot, and listed with the reason."""
    on_demand = {(p.chip, p.provider, p.region, p.offer): p.usd_per_chip_hour for p in prices if p.tier == "on-demand"}
    refused = tuple((p, SPOT_EQUALS_ON_DEMAND) for p in prices
                    if p.tier == "spot" and on_demand.get((p.chip, p.provider, p.region, p.offer)) == p.usd_per_chip_hour)
    kept = [p for p in prices if all(p is not r for r, _ in refused)]
    return kept, refused


def _rows(path: Path, columns: list[str]):
    return csv_rows(path, columns, PriceError)


def _number(path: Path, line: int, row: dict, name: str) -> float:
    try:
        value = float(row[name])
    except (TypeError, ValueError):
        raise PriceError(f"{path}: line {line}: {name}: {row[name]!r} is not a number") from None
    if not value > 0:
        raise PriceError(f"{path}: line {line}: {name}: {row[name]!r} is not a positive price")
    return value


def _tier(path: Path, line: int, row: dict) -> str:
    if row["tier"] not in TIERS:
        raise PriceError(f"{path}: line {line}: tier: {row['tier']!r} is not one of {', '.join(TIERS)}")
    return row["tier"]


HOST = {"yes": True, "no": False, "": None}


def _hand_prices(path: Path, chip_name) -> list[Price]:
    out = []
    for line, row in _rows(path, HAND_COLUMNS):
        chip = chip_name(row["chip"])
        if chip is None:
            raise PriceError(f"{path}: line {line}: chip: {row['chip']!r} is not in accelerators.csv")
        if row["from_catalog"] != "no":
            raise PriceError(f"{path}: line {line}: from_catalog: hand-entered rows say 'no' (catalog prices are "
                             f"imported: accelbench import catalog)")
        for name in ("source", "source_url", "retrieved"):
            if not row[name].strip():
                raise PriceError(f"{path}: line {line}: {name}: empty (a hand-entered price names its source, its "
                                 f"address and the day it was read)")
        if row["source_kind"] not in SOURCE_KINDS:
            raise PriceError(f"{path}: line {line}: source_kind: {row['source_kind']!r} is not one of "
                             f"{', '.join(SOURCE_KINDS)} (a third-party blog is no price)")
        if row["host_included"] not in HOST:
            raise PriceError(f"{path}: line {line}: host_included: {row['host_included']!r} is not yes, no or empty")
        out.append(Price(chip=chip, provider=row["provider"], region=row["region"], tier=_tier(path, line, row),
                         usd_per_chip_hour=_number(path, line, row, "usd_per_chip_hour"), offer=row["offer"],
                         host_included=HOST[row["host_included"]], from_catalog=False, source=row["source"],
                         url=row["source_url"], list_key="hand-entered", date=row["source_date"],
                         retrieved=row["retrieved"], cite=f"{row['source']} ({row['source_url']}), read {row['retrieved']}",
                         notes=row["notes"], origin=row["source_kind"], details={**row, "file": f"{path.name}:{line}"}))
    return out


def catalog_url(row: dict) -> str:
    return f"https://github.com/{row['repository']}/blob/{row['commit']}/{row['path']}" + \
        (f"#L{row['line']}" if row["line"] else "")


def catalog_cite(row: dict) -> str:
    """Repository, commit, path and line; where the line is not known, the row quoted whole, which
    `git show COMMIT:PATH | grep -nF ROW` finds."""
    where = f"{row['repository']} {row['commit'][:12]} {row['path']}"
    return f"{where} line {row['line']}" if row["line"] else f"{where}, the row “{row['row']}”"


def _catalog_prices(path: Path) -> list[Price]:
    out = []
    for line, row in _rows(path, CATALOG_COLUMNS):
        out.append(Price(chip=row["chip"], provider=row["provider"], region=row["region"], tier=_tier(path, line, row),
                         usd_per_chip_hour=_number(path, line, row, "usd_per_chip_hour"), offer=row["offer"],
                         host_included=HOST.get(row["host_included"]), from_catalog=True, source=row["catalog"],
                         url=catalog_url(row), list_key=f"{row['repository']}@{row['commit']}:{row['path']}",
                         date=row["commit_date"], retrieved=row["retrieved"], cite=catalog_cite(row),
                         notes=row["notes"], details={**row, "file": f"{path.name}:{line}"}))
    return out
