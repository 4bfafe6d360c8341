"""Every CSV reader of the project reads through one function (core.columns.csv_rows), which refuses
a row with more or fewer fields than its header, naming the file, the line and the field: a value
holding an unquoted comma would otherwise shift every later value under the wrong column, and a
short row would leave fields silently empty. Every committed reference CSV passes it."""

import re
import shutil

import pytest

from accelbench.core.catalog import import_catalog, read_fixes, read_names
from accelbench.core.columns import CsvRowError, csv_rows
from accelbench.core.reference import Reference, read_csv
from accelbench.sources.git import DirSource
from accelbench.sources.mlperf_training.importer import Accelerators, submitters

from conftest import ROOT

REFERENCE = ROOT / "build_data" / "reference"
COMMITTED = sorted(REFERENCE.glob("*.csv"))


def chips(d):
    return {row["chip"] for row in read_csv(d / "accelerators.csv")}


# each committed reference file -> a reader that reads it as the project does
READ_BY_REFERENCE = ("accelerators.csv", "device_names.csv", "number_formats.csv", "availability.csv", "frameworks.csv",
                     "scale_domains.csv", "submitter_names.csv", "prices.csv", "catalog_prices.csv",
                      "mlperf_round_dates.csv", "on_offer.csv", "cores.csv")
READERS = {
    **dict.fromkeys(READ_BY_REFERENCE, Reference),
    "catalog_names.csv": lambda d: read_names(d, chips(d)),
    "catalog_fixes.csv": lambda d: read_fixes(d, "aws"),
    "mlperf_accelerators.csv": Accelerators.load,
    "mlperf_rounds.csv": lambda d: submitters(DirSource(d, "mlcommons/training_results_v5.0", "0" * 40), "v5.0", d),
}


@pytest.mark.parametrize("path", COMMITTED, ids=lambda p: p.name)
def test_every_committed_reference_csv_has_as_many_fields_on_every_row_as_its_header(path):
    rows = list(csv_rows(path))
    assert rows, f"{path.name} has no rows"


def test_every_committed_reference_csv_has_a_reader_checked_here():
    assert {p.name for p in COMMITTED} == set(READERS)


def test_the_device_names_row_citing_the_tpu_v4_paper_keeps_its_whole_text():
    names = {row["reported_name"]: row for row in read_csv(REFERENCE / "device_names.csv")}
    assert names["Nvidia A100"]["source"].startswith("the name the TPU v4 paper (Jouppi et al., ISCA 2023) gives")
    assert names["Nvidia A100"]["source"].endswith("the first-availability date is the A100's)")


def with_row(tmp_path, name: str, values: list[str]):
    """A copy of the reference folder whose NAME ends with a row of VALUES; its path and line."""
    d = tmp_path / "reference"
    shutil.copytree(REFERENCE, d)
    path = d / name
    text = path.read_text(encoding="utf-8")
    path.write_text(text + ("" if text.endswith("\n") else "\n") + ",".join(values) + "\n", encoding="utf-8")
    return d, path, len(path.read_text(encoding="utf-8").splitlines())


def header_of(name: str) -> list[str]:
    return next(iter(csv_rows(REFERENCE / name)))[1].keys()


@pytest.mark.parametrize("name", sorted(READERS))
def test_a_row_with_an_extra_field_is_refused_naming_file_line_and_the_extra_value(tmp_path, name):
    header = list(header_of(name))
    d, path, line = with_row(tmp_path, name, ["x"] * len(header) + [" ISCA 2023)"])
    with pytest.raises(ValueError) as refused:
        READERS[name](d)
    assert str(refused.value) == (f"{path}: line {line}: {len(header) + 1} fields where the header has {len(header)}: "
                                  f"extra value ' ISCA 2023)' (a value holding a comma must be quoted)")


@pytest.mark.parametrize("name", sorted(READERS))
def test_a_row_missing_fields_is_refused_naming_file_line_and_the_first_missing_field(tmp_path, name):
    header = list(header_of(name))
    d, path, line = with_row(tmp_path, name, ["x", "y"])
    with pytest.raises(ValueError) as refused:
        READERS[name](d)
    assert str(refused.value) == (f"{path}: line {line}: {header[2]}: missing (the row has 2 of the header's "
                                  f"{len(header)} fields)")


def test_a_quoted_comma_is_one_field_and_what_the_csv_module_cannot_read_is_refused_naming_file_and_line(tmp_path):
    path = tmp_path / "device_names.csv"
    path.write_text('reported_name,chip,source\nA,B,"one, two"\n', encoding="utf-8")
    assert read_csv(path) == [{"reported_name": "A", "chip": "B", "source": "one, two"}]
    path.write_text(f"reported_name,chip,source\nA,B,C\nA,B,{'x' * 200_000}\n", encoding="utf-8")
    with pytest.raises(CsvRowError, match=rf"^{re.escape(str(path))}: line 3: field larger than field limit"):
        read_csv(path)


def test_a_skypilot_catalog_row_with_an_extra_field_is_refused_naming_file_and_line(tmp_path):
    path = tmp_path / "vms.csv"
    path.write_text("InstanceType,AcceleratorName,AcceleratorCount,Region,Price,SpotPrice\n"
                    "p5.48xlarge,H100,8,us-east-1,98.32,\n"
                    "p5.48xlarge,H100,8,us-east-1,98.32,,stray\n", encoding="utf-8")
    refused = rf"^{re.escape(str(path))}: line 3: 7 fields where the header has 6: extra value 'stray'"
    with pytest.raises(ValueError, match=refused):
        import_catalog(path, REFERENCE, chips(REFERENCE), provider="aws", repository="skypilot-org/skypilot-catalog",
                       commit="0" * 40, upstream_path="catalogs/v7/aws/vms.csv", excerpt=None, retrieved="2025-01-01")
