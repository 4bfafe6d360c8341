"""Which frameworks each chip's vendor (or the framework's own install page) says run on it
(build_data/reference/frameworks.csv): one row per chip and framework, supported, not supported or
not stated, the route (torch_xla, TorchTPU, CUDA, ROCm), the page and the sentence it rests on.
Reference data, vendor-stated, never a measurement: the Supported Frameworks rule of the
specifications reads it (judge/reference_rules.py), and the hardware page shows it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from accelbench.core.columns import csv_rows

FILE = "frameworks.csv"
FRAMEWORKS = ("TensorFlow", "PyTorch", "JAX")
SUPPORTED, UNSUPPORTED, NOT_STATED = "supported", "not supported", "not stated"
COLUMNS = ("chip", "framework", "support", "route", "source", "quote", "retrieved", "notes")


class FrameworkSupportError(ValueError):
    """A row of frameworks.csv that cannot be read: the message names file, line and field."""


@dataclass(frozen=True)
class FrameworkSupport:
    chip: str  # accelerators.csv's name
    framework: str  # one of FRAMEWORKS
    support: str  # SUPPORTED, UNSUPPORTED or NOT_STATED
    route: str  # how the framework reaches the chip ("" where not supported or not stated)
    url: str  # the page's address (the file's source column)
    quote: str  # the sentence or table row the row rests on
    retrieved: str
    notes: str = ""


def read_framework_support(reference_dir: Path, chips: set[str]) -> list[FrameworkSupport]:
    """Every row of frameworks.csv (none where the file is missing). Raises FrameworkSupportError
    naming the file, the line and the field of a bad row."""
    path = Path(reference_dir) / FILE
    out, seen = [], set()
    for line, row in csv_rows(path, COLUMNS, FrameworkSupportError):
        found = _row(path, line, row, chips)
        if (found.chip, found.framework) in seen:
            raise FrameworkSupportError(f"{path}: line {line}: framework: {found.framework!r} is given twice for "
                                        f"{found.chip!r}")
        seen.add((found.chip, found.framework))
        out.append(found)
    return out


def _row(path: Path, line: int, row: dict, chips: set[str]) -> FrameworkSupport:
    def bad(field: str, why: str):
        return FrameworkSupportError(f"{path}: line {line}: {field}: {row.get(field)!r} {why}")
    if row["chip"] not in chips:
        raise bad("chip", "is not in accelerators.csv")
    if row["framework"] not in FRAMEWORKS:
        raise bad("framework", f"is not one of {', '.join(FRAMEWORKS)}")
    if row["support"] not in (SUPPORTED, UNSUPPORTED, NOT_STATED):
        raise bad("support", f"is not one of {SUPPORTED}, {UNSUPPORTED}, {NOT_STATED}")
    if row["support"] == SUPPORTED and not row["route"].strip():
        raise bad("route", "is empty (a supported framework says how it reaches the chip)")
    for name in ("source", "retrieved") + (("quote",) if row["support"] != NOT_STATED else ()):
        if not (row[name] or "").strip():
            raise bad(name, "is empty (a row names its page, the sentence it rests on and the day it was read)")
    return FrameworkSupport(row["chip"], row["framework"], row["support"], row["route"], row["source"],
                            row["quote"], row["retrieved"], row["notes"])
