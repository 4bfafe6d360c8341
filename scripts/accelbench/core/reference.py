"""Vendor specifications and prices from build_data/reference/, with their sources.

These are vendor figures, never measurements: they are only ever shown labelled as such, and
used as the denominator of 'fraction of peak'.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from accelbench.core.availability import Availability, read_availability
from accelbench.core.columns import csv_rows
from accelbench.core.cores import read_cores
from accelbench.core.formats import NumberFormat, read_formats
from accelbench.core.framework_support import FrameworkSupport, read_framework_support
from accelbench.core.on_offer import read_on_offer
from accelbench.core.price_files import read_prices
from accelbench.core.prices import Price
from accelbench.core.round_dates import read_round_dates
from accelbench.core.scale_domains import ScaleDomain, read_scale_domains
from accelbench.core.submitters import read_submitter_names

# Which spec column is the dense peak for the dtype a measurement actually ran. float16 on
# NVIDIA and AMD matrix units runs at the bf16 rate; tf32 (float32 inputs through the matrix units)
# has its own column, filled only where the vendor publishes a dense TF32 figure.
PEAK_COLUMN = {"bfloat16": "bf16_dense_tflops", "float16": "bf16_dense_tflops", "float32": "fp32_tflops",
               "tfloat32": "tf32_dense_tflops"}
# each peak is read from number_formats.csv alone (the vendors' dense figure per format, with its source): one
# table holds each peak, so that two never disagree (accelerators.csv keeps memory, power and interconnect)
PEAK_FORMAT = {"bf16_dense_tflops": "BF16", "fp32_tflops": "FP32", "tf32_dense_tflops": "TF32", "fp8_dense_tflops": "FP8"}


@dataclass(frozen=True)
class Peak:
    chip: str
    value: float
    unit: str  # "TFLOP/s" or "GB/s"
    column: str  # the accelerators.csv column it came from

    def as_dict(self) -> dict:
        return {"chip": self.chip, "value": self.value, "unit": self.unit, "column": self.column}


class Reference:
    def __init__(self, reference_dir: Path):
        self.dir = Path(reference_dir)
        self.accelerators = read_csv(self.dir / "accelerators.csv")
        self.device_names = {row["reported_name"]: row["chip"] for row in read_csv(self.dir / "device_names.csv")}
        self.prices = read_prices(self.dir, lambda name: (self.chip_for(name) or {}).get("chip"))
        self.formats = read_formats(self.dir, {row["chip"] for row in self.accelerators})
        self.availability = read_availability(self.dir, {row["chip"] for row in self.accelerators})
        self.frameworks: list[FrameworkSupport] = read_framework_support(self.dir, {r["chip"] for r in self.accelerators})
        self.scale_domains: list[ScaleDomain] = read_scale_domains(self.dir, {r["chip"] for r in self.accelerators})
        self.submitter_names = read_submitter_names(self.dir)
        self.round_dates = read_round_dates(self.dir)
        self.offered = read_on_offer(self.dir, {r["chip"] for r in self.accelerators})
        self.cores = read_cores(self.dir, {r["chip"] for r in self.accelerators})

    def round_date(self, suite: str, round_name: str) -> str:
        """When an MLPerf round's results were published ("" where the reference data does not say)."""
        return self.round_dates.get((suite, round_name), "")

    def submitter(self, written: str) -> str:
        """A submitter as readers know it, however a round's folder spells it."""
        return self.submitter_names.get(written, written)

    def available(self, name: str) -> Availability | None:
        """When a chip (by any name chip_for knows) was first available; None where it is not dated."""
        row = self.chip_for(name)
        return self.availability.get(row["chip"]) if row else None

    def on_offer(self, name: str) -> bool:
        """Whether one can rent or buy the chip today: a list price holds it, or a provider's page says
        it is offered (on_offer.csv); a system of no chip here is not known to be."""
        row = self.chip_for(name)
        if row is None:
            return False
        listed = self.offered.get(row["chip"])
        if listed is not None:
            return listed.status != "withdrawn"
        return bool(self.prices.of(row["chip"]))

    def display_name(self, name: str) -> str:
        """A chip as sentences and charts name it (accelerators.csv's display_name: "Trillium (TPU
        v6e)", "H100"); a system of no chip here keeps its source's name ("DGX-B300": a system, which
        the reference data does not say is one chip's)."""
        row = self.chip_for(name)
        return row["display_name"] if row and row.get("display_name") else name

    def short_name(self, name: str) -> str:
        """A chip as a clause names it once the sentence has introduced it (accelerators.csv's
        short_name: "Trillium", "H100"); a system of no chip here as display_name gives it."""
        row = self.chip_for(name)
        return row["short_name"] if row and row.get("short_name") else self.display_name(name)

    def formats_of(self, chip: str) -> dict[str, NumberFormat]:
        """A chip's number formats (number_formats.csv), by format."""
        return {f.format: f for f in self.formats if f.chip == chip}

    def chip_for(self, device_name: str) -> dict | None:
        """The accelerators.csv row for a device name a framework reports (device_names.csv), or for
        a chip as accelerators.csv names it; None for any other name (no name is guessed by cutting
        another: a table names its chips as accelerators.csv does)."""
        chip = self.device_names.get(device_name, device_name)
        return next((row for row in self.accelerators if row["chip"] == chip), None)

    def peak(self, device_name: str, dtype: str) -> Peak | None:
        """The dense compute peak for ``dtype`` on this device, if the vendor publishes one."""
        row = self.chip_for(device_name)
        column = PEAK_COLUMN.get(dtype)
        if row is None or column is None:
            return None
        if dtype == "float16" and row.get("platform") == "tpu":
            return None  # TPUs have no float16 matrix rate to divide by
        value = self.peak_of(row["chip"], column)
        return None if value is None else Peak(chip=row["chip"], value=value, unit="TFLOP/s", column=column)

    def peak_of(self, chip: str, column: str) -> float | None:
        """A chip's dense peak of one kind (PEAK_FORMAT's keys), as number_formats.csv states it; None where it
        states none."""
        stated = self.formats_of(chip).get(PEAK_FORMAT[column])
        return stated.dense_tflops if stated and stated.dense_tflops else None

    def cheapest_price(self, chip: str, provider: str | None = None) -> Price | None:
        """The cheapest on-demand offer for a chip (accelerators.csv's name, or a name it knows)."""
        row = self.chip_for(chip)
        return self.prices.cheapest(row["chip"], provider) if row else None

    def bandwidth(self, device_name: str) -> Peak | None:
        """The memory (HBM) bandwidth of this device, in GB/s."""
        row = self.chip_for(device_name)
        if row is None or not row.get("hbm_tbps"):
            return None
        return Peak(chip=row["chip"], value=float(row["hbm_tbps"]) * 1000, unit="GB/s", column="hbm_tbps")


def read_csv(path: Path) -> list[dict]:
    """A reference table's rows, by column name; none where the file is missing. A row whose fields
    do not match the header raises columns.CsvRowError naming file, line and field."""
    return [row for _, row in csv_rows(path)]
