"""The number formats each chip's hardware runs, as its vendor states them (reference data,
build_data/reference/number_formats.csv): one row per chip and format, whether it is supported,
its dense throughput where the vendor states one, and the source. Never a measurement: pages show
it labelled as vendor specifications, and the "Designed For" rule reads it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from accelbench.core.columns import csv_rows

FILE = "number_formats.csv"
FORMATS = ("FP64", "FP64 (matrix)", "FP32", "TF32", "BF16", "FP8", "FP4", "INT8")
SUPPORTED, UNSUPPORTED, NOT_STATED = "yes", "no", "not stated"
_DISPLAY = {f.lower(): f for f in FORMATS}


def format_name(family: str) -> str:
    """A number format as every label, filter and sentence writes it ('bf16' -> 'BF16'); a name this
    list lacks is kept as written."""
    return _DISPLAY.get(family.lower(), family)
COLUMNS = ("chip", "format", "supported", "dense_tflops", "unit", "source", "retrieved", "notes")


class FormatsError(ValueError):
    """A row of number_formats.csv that cannot be read: the message names file, line and field."""


@dataclass(frozen=True)
class NumberFormat:
    chip: str  # accelerators.csv's name
    format: str  # one of FORMATS
    supported: str  # SUPPORTED, UNSUPPORTED or NOT_STATED
    dense_tflops: float | None  # the vendor's dense figure (TOPS for INT8); None where it states none
    unit: str
    source: str
    retrieved: str
    notes: str
    line: int  # its line in the file, for a reader to find it

    @property
    def runs(self) -> bool:
        return self.supported == SUPPORTED


def read_formats(reference_dir: Path, chips: set[str]) -> list[NumberFormat]:
    """Every row, checked: a chip accelerators.csv names, a known format and support word, a number
    or nothing for the throughput, and a source. Absent file: no rows (the rule says so)."""
    path = Path(reference_dir) / FILE
    rows = [_row(path, line, raw, chips) for line, raw in csv_rows(path, COLUMNS, FormatsError)]
    seen: dict[tuple[str, str], int] = {}
    for row in rows:
        first = seen.setdefault((row.chip, row.format), row.line)
        if first != row.line:
            raise FormatsError(f"{path}:{row.line}: format: {row.chip} {row.format} is also on line {first}")
    return rows


def _row(path: Path, line: int, raw: dict, chips: set[str]) -> NumberFormat:
    def bad(field: str, why: str) -> FormatsError:
        return FormatsError(f"{path}:{line}: {field}: {why}")

    values = {c: (raw.get(c) or "").strip() for c in COLUMNS}
    if values["chip"] not in chips:
        raise bad("chip", f"{values['chip']!r} is not a chip of accelerators.csv")
    if values["format"] not in FORMATS:
        raise bad("format", f"{values['format']!r} is not one of {', '.join(FORMATS)}")
    if values["supported"] not in (SUPPORTED, UNSUPPORTED, NOT_STATED):
        raise bad("supported", f"{values['supported']!r} is not yes, no or not stated")
    if not values["source"]:
        raise bad("source", "every row needs the source it was read from")
    tflops = None
    if values["dense_tflops"]:
        try:
            tflops = float(values["dense_tflops"])
        except ValueError:
            raise bad("dense_tflops", f"{values['dense_tflops']!r} is not a number") from None
        if not tflops > 0 or values["supported"] != SUPPORTED:
            raise bad("dense_tflops", "a throughput must be positive, and only for a supported format")
    return NumberFormat(values["chip"], values["format"], values["supported"], tflops, values["unit"],
                        values["source"], values["retrieved"], values["notes"], line)
