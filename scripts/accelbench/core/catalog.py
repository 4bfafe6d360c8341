"""Import a SkyPilot price catalog file (skypilot-org/skypilot-catalog, catalogs/v*/<cloud>/vms.csv)
into build_data/reference/catalog_prices.csv: one price per chip-hour for each chip, provider,
region and tier (on-demand, spot), each with its repository, commit, path and line.

What the catalog's rows mean, and how each becomes a price per chip:
- A VM row (AWS, Azure, Lambda, ...) prices the whole VM, host included: divided by its
  AcceleratorCount.
- GCP prices a GPU apart from the VM that holds it: an accelerator row (empty InstanceType) is the
  GPUs alone, and the VM row of the machine type that carries them (catalog_names.csv's host_vm,
  say a3-highgpu-8g) is the host. Their sum over the GPU count is the price per GPU with its host
  share; without the VM row in that zone the GPU price stands alone, marked host not included.
- A GCP TPU row prices a slice (tpu-v6e-8), host included; the number in the name counts chips, or
  TensorCores where a chip has two (v4, v5p: catalog_names.csv's units_per_chip).
Refused, each with its file and line, and never written: a row whose price is missing or not a
number, a placeholder price (the catalog writes 700.0 for a region without the offer), and an
accelerator catalog_names.csv does not map to a chip of accelerators.csv.
"""

from __future__ import annotations

import csv
import os
import re
import tempfile
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from accelbench.core.columns import csv_rows
from accelbench.core.prices import CATALOG_COLUMNS, CATALOG_FILE, PriceError

PLACEHOLDER_PRICES = {700.0}  # what the catalog writes where a region has no such offer
NAMES_FILE = "catalog_names.csv"
CATALOG = "SkyPilot catalog"
REPOSITORY = "skypilot-org/skypilot-catalog"
FIXES_FILE = "catalog_fixes.csv"
NAMES_COLUMNS = ("name", "providers", "exclude_instances", "chip", "units_per_chip", "host_vm")
FIXES_COLUMNS = ("provider", "instance_type", "field", "catalog_value", "corrected", "source")
NEEDED = ["InstanceType", "AcceleratorName", "AcceleratorCount", "Region", "Price", "SpotPrice"]  # and a zone, where
# the cloud has them (Azure's file has none: its region is the zone)


@dataclass(frozen=True)
class CatalogName:
    name: str  # the catalog's AcceleratorName; a TPU slice family ends in "-" (tpu-v6e-)
    providers: tuple[str, ...]  # the providers whose files mean this chip by the name (empty: every one)
    exclude: str  # a pattern of instance types the name covers that are another chip (a PCIe card)
    chip: str
    units_per_chip: int  # what a slice's size counts per chip (2: TensorCores on v4 and v5p)
    host_vm: str  # GCP: the machine type carrying these GPUs, {count} for their number


@dataclass
class Imported:
    rows: list[dict]  # catalog_prices.csv rows, one per chip, region and tier
    refused: list[str]  # "file:line: why", one per refused row
    notes: list[str]  # what was read but gives no price (no spot price), said once each


def read_names(reference_dir: Path, known_chips: set[str]) -> list[CatalogName]:
    path = Path(reference_dir) / NAMES_FILE
    names = []
    for line, row in csv_rows(path, NAMES_COLUMNS, PriceError, optional=False):  # without it no chip is known
        if row["chip"] not in known_chips:
            raise PriceError(f"{path}: line {line}: chip: {row['chip']!r} is not in accelerators.csv")
        names.append(CatalogName(row["name"], tuple(p for p in row["providers"].split(";") if p),
                                 row["exclude_instances"], row["chip"], int(row["units_per_chip"] or 1),
                                 row["host_vm"]))
    return names


def read_fixes(reference_dir: Path, provider: str) -> dict[tuple[str, str], dict]:
    """(instance type, field) -> the correction of a catalog value known to be wrong, with its source."""
    rows = csv_rows(Path(reference_dir) / FIXES_FILE, FIXES_COLUMNS, PriceError)
    return {(r["instance_type"], r["field"]): r for _, r in rows if r["provider"] == provider}


def _fixed(row: dict, fixes: dict) -> tuple[dict, str]:
    """The row with the known corrections applied, and a note of each."""
    notes = []
    for (instance, name), fix in fixes.items():
        if row["InstanceType"] == instance and row.get(name) == fix["catalog_value"]:
            row = {**row, name: fix["corrected"]}
            notes.append(f"{name} corrected from {fix['catalog_value']} to {fix['corrected']}: {fix['source']}")
    return row, "; ".join(notes)


def _chip(names: list[CatalogName], provider: str, row: dict) -> tuple[CatalogName, int | None] | None:
    """(name, chips in a TPU slice of that name, else None) for a row's AcceleratorName at PROVIDER."""
    accelerator = row["AcceleratorName"]
    for n in names:
        if (n.providers and provider not in n.providers) or \
                (n.exclude and re.search(n.exclude, row["InstanceType"], re.IGNORECASE)):
            continue
        if n.name == accelerator:
            return n, None
        if n.name.endswith("-") and re.fullmatch(re.escape(n.name) + r"\d+", accelerator):
            return n, int(accelerator[len(n.name):]) // n.units_per_chip
    return None


def _price(text: str) -> float | None:
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return value if value > 0 else None


def _sorted_rows(path: Path, lines: list[str], names: list[CatalogName], fixes: dict, provider: str):
    """The catalog's rows sorted: GCP's GPU hosts (a VM alone) by machine type and zone, the rows of
    a known chip with their corrections as (line, row, note, name, slice chips), and the refused
    rows, each with its file, line, field and why."""
    hosts, accelerated, refused, unknown = {}, [], [], defaultdict(list)
    for number, row in csv_rows(path, NEEDED, PriceError, lines=lines):
        row = {**row, "AvailabilityZone": row.get("AvailabilityZone") or row["Region"]}
        if not row["AcceleratorName"]:
            price = _price(row["Price"])
            if price is not None:  # a VM alone: a GCP GPU's host, by machine type and zone
                hosts[(row["InstanceType"], row["AvailabilityZone"])] = (price, _price(row["SpotPrice"]), number)
            continue
        found = _chip(names, provider, row)
        if found is None:
            unknown[row["AcceleratorName"] + (f" ({row['InstanceType']})" if row["InstanceType"] else "")].append(number)
            continue
        if _price(row["Price"]) is None:
            refused.append(f"{path}:{number}: Price: {row['Price']!r} is not a price")
            continue
        if float(row["Price"]) in PLACEHOLDER_PRICES:
            refused.append(f"{path}:{number}: Price: {row['Price']} is the catalog's placeholder for a region "
                           f"without the offer")
            continue
        row, note = _fixed(row, fixes)
        accelerated.append((number, row, note, *found))
    refused += [f"{path}:{numbers[0]}: AcceleratorName: {name} is no chip of accelerators.csv at {provider} (by "
                f"{NAMES_FILE}); {len(numbers)} row(s), lines {_lines(numbers)}" for name, numbers in unknown.items()]
    return hosts, accelerated, refused


def import_catalog(path: Path, reference_dir: Path, known_chips: set[str], *, provider: str, repository: str,
                   commit: str, upstream_path: str, excerpt: str | None, retrieved: str,
                   commit_date: str = "") -> Imported:
    """Read one catalog file. EXCERPT: where PATH holds rows copied from the catalog file rather
    than the whole file, its path in this repository (the catalog's own line is then not known,
    and each price quotes its row instead)."""
    names, fixes = read_names(reference_dir, known_chips), read_fixes(reference_dir, provider)
    with open(path, newline="", encoding="utf-8") as fh:
        lines = fh.read().splitlines()  # kept: each price quotes its row
    hosts, accelerated, refused = _sorted_rows(path, lines, names, fixes, provider)
    prices, notes = [], []
    for number, row, note, name, slice_chips in accelerated:
        chips = slice_chips or int(float(row["AcceleratorCount"] or 0))
        if chips <= 0:
            refused.append(f"{path}:{number}: AcceleratorCount: {row['AcceleratorCount']!r} is not a count of chips")
            continue
        host_type = name.host_vm.format(count=chips) if name.host_vm and not row["InstanceType"] else ""
        host = hosts.get((host_type, row["AvailabilityZone"])) if host_type else None
        for tier, column, host_column in (("on-demand", "Price", 0), ("spot", "SpotPrice", 1)):
            offer_price = _price(row[column])
            if offer_price is None or offer_price in PLACEHOLDER_PRICES:
                if tier == "spot":
                    notes.append(f"{path}:{number}: no spot price for {row['AcceleratorName']} in "
                                 f"{row['AvailabilityZone']}")
                continue
            host_price = host[host_column] if host else None
            whole = offer_price + (host_price or 0)
            offer = row["InstanceType"] or (f"{host_type} ({chips} × {row['AcceleratorName']})" if host_type
                                            else row["AcceleratorName"])
            prices.append({
                "chip": name.chip, "provider": provider, "region": row["Region"], "zone": row["AvailabilityZone"],
                "tier": tier, "usd_per_chip_hour": f"{whole / chips:.10g}", "offer": offer,
                "chips_per_offer": str(chips), "usd_per_offer_hour": f"{whole:.10g}",
                "host_included": "yes" if (not host_type or host_price is not None) else "no",
                "catalog": CATALOG, "repository": repository, "commit": commit, "path": upstream_path,
                "line": "" if excerpt else str(number), "excerpt": excerpt or "",
                "excerpt_line": str(number) if excerpt else "", "row": lines[number - 1],
                "commit_date": commit_date, "retrieved": retrieved, "notes": note})
    return Imported(_cheapest_zone(prices), refused, notes)


def _lines(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers[:5])) + (", ..." if len(numbers) > 5 else "")


def _cheapest_zone(prices: list[dict]) -> list[dict]:
    """One price per chip, region and tier: its cheapest zone's (a region's zones rarely differ)."""
    best = {}
    for p in prices:
        key = (p["chip"], p["region"], p["tier"])
        if key not in best or float(p["usd_per_chip_hour"]) < float(best[key]["usd_per_chip_hour"]):
            best[key] = p
    return sorted(best.values(), key=lambda p: (p["chip"], p["region"], p["tier"]))


def write_catalog(reference_dir: Path, provider: str, rows: list[dict]) -> Path:
    """Replace PROVIDER's rows of catalog_prices.csv with ROWS, keeping every other provider's; one
    atomic write, and none at all when the import priced nothing (nothing stored is lost)."""
    if not rows:
        raise PriceError(f"no price to import for {provider}: catalog_prices.csv is left as it was")
    path = Path(reference_dir) / CATALOG_FILE
    kept = [r for _, r in csv_rows(path, CATALOG_COLUMNS, PriceError) if r["provider"] != provider]
    every = sorted(kept + rows, key=lambda r: (r["provider"], r["chip"], r["region"], r["tier"]))
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".catalog_prices.", suffix=".csv")
    with os.fdopen(fd, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, CATALOG_COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(every)
    os.replace(tmp, path)
    return path
