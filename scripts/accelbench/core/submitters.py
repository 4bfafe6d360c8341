"""Submitters' names, normalised once (build_data/reference/submitter_names.csv): MLPerf's result
folders spell one organisation several ways across rounds ("Krai" and "krai"; "QCT" and
"Quanta_Cloud_Technology"). Each row names the spelling, the name readers see and where both were
read. Every count or list of submitters reads names through here, so one organisation counts once."""

from __future__ import annotations

from pathlib import Path

from accelbench.core.columns import csv_rows

FILE = "submitter_names.csv"
COLUMNS = ("written", "name", "source")


class SubmitterNameError(ValueError):
    """A row of submitter_names.csv that cannot be read: the message names file, line and field."""


def read_submitter_names(reference_dir: Path) -> dict[str, str]:
    """written -> the name readers see; empty where the file is missing. Raises SubmitterNameError
    naming the file, the line and the field of the first bad row."""
    path = Path(reference_dir) / FILE
    out: dict[str, str] = {}
    for line, row in csv_rows(path, COLUMNS, SubmitterNameError):
        for field in COLUMNS:
            if not (row[field] or "").strip():
                raise SubmitterNameError(f"{path}: line {line}: {field}: is empty (a spelling names the name it "
                                         "stands for and where both were read)")
        if row["written"] in out:
            raise SubmitterNameError(f"{path}: line {line}: written: {row['written']!r} is listed twice")
        out[row["written"]] = row["name"]
    return out
