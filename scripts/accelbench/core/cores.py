"""How many parallel units each chip has, as its vendor states them (build_data/reference/cores.csv):
FP32 CUDA cores and SMs, compute units, TensorCores and their matrix units. Reference data with its
source, never a measurement; it answers the article's "thousands of cores work simultaneously". The
units differ by vendor (an SM, a compute unit and a TensorCore are not one thing), so each count keeps
its own unit and none is summed across them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from accelbench.core.columns import csv_rows

FILE = "cores.csv"
COLUMNS = ("chip", "unit", "count", "source", "quote", "retrieved", "notes")
# the units a count may be in; "per SM" and "per TensorCore" multiply the count of the unit they name
UNITS = ("FP32 CUDA cores", "SMs", "CUDA cores per SM", "Tensor Cores", "compute units", "TensorCores per chip",
         "MXUs per TensorCore", "SparseCores per chip")


class CoresError(ValueError):
    """A row of cores.csv that cannot be read: the message names file, line and field."""


@dataclass(frozen=True)
class Cores:
    chip: str
    unit: str  # one of UNITS
    count: int
    url: str
    quote: str


def read_cores(reference_dir: Path, chips: set[str]) -> tuple[Cores, ...]:
    """Every stated count, in the file's order; raises CoresError naming the file, line and field."""
    path = Path(reference_dir) / FILE
    if not path.exists():
        return ()
    out = []
    for line, row in csv_rows(path, COLUMNS, CoresError):
        where = f"{path}: line {line}"
        if row["chip"] not in chips:
            raise CoresError(f"{where}: chip: {row['chip']!r} is not in accelerators.csv")
        if row["unit"] not in UNITS:
            raise CoresError(f"{where}: unit: {row['unit']!r} is not one of {', '.join(UNITS)}")
        if not row["count"].isdigit() or int(row["count"]) < 1:
            raise CoresError(f"{where}: count: {row['count']!r} is not a whole number above 0")
        for name in ("source", "quote", "retrieved"):
            if not row[name].strip():
                raise CoresError(f"{where}: {name}: empty (a count names the vendor's page, its words and the day read)")
        out.append(Cores(row["chip"], row["unit"], int(row["count"]), row["source"], row["quote"]))
    return tuple(out)


def cuda_cores(cores: tuple[Cores, ...]) -> dict[str, int]:
    """chip -> its FP32 CUDA cores, as stated or as its SMs times the cores per SM its vendor states."""
    by = {(c.chip, c.unit): c.count for c in cores}
    out = {}
    for chip in dict.fromkeys(c.chip for c in cores):
        if (chip, "FP32 CUDA cores") in by:
            out[chip] = by[(chip, "FP32 CUDA cores")]
        elif (chip, "SMs") in by and (chip, "CUDA cores per SM") in by:
            out[chip] = by[(chip, "SMs")] * by[(chip, "CUDA cores per SM")]
    return out
