"""The reference data: every vendor figure and price carries its source and date (and prices their
region), so a reader can check it; nothing in it is ever shown as a measurement."""

import csv
from datetime import date

import pytest

from accelbench.reference import Reference

from conftest import ROOT

REFERENCE_DIR = ROOT / "build_data" / "reference"


def rows(name):
    with open(REFERENCE_DIR / name, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def is_date(text):
    try:
        date.fromisoformat(text if len(text) == 10 else text + "-01")
        return True
    except ValueError:
        return False


@pytest.mark.parametrize("row", rows("accelerators.csv"), ids=lambda r: r["chip"])
def test_every_spec_row_has_its_sources_and_retrieval_date(row):
    assert row["sources"].strip() and is_date(row["retrieved"]), row["chip"]
    assert row["kind"] in ("gpu", "tpu") and float(row["bf16_dense_tflops"]) > 0


@pytest.mark.parametrize("row", rows("prices.csv"), ids=lambda r: f"{r['chip']} {r['provider']} {r['offer']}")
def test_every_price_row_has_its_source_date_and_region(row):
    assert row["source"].strip() and is_date(row["source_date"]) and row["region"].strip()
    assert row["pricing"] in ("on-demand", "committed", "spot") and float(row["usd_per_chip_hour"]) > 0


def test_every_priced_and_named_chip_has_a_spec_row():
    reference = Reference(REFERENCE_DIR)
    for row in rows("prices.csv"):
        assert reference.chip_for(row["chip"]) is not None, row["chip"]
    for row in rows("device_names.csv"):
        assert reference.chip_for(row["reported_name"]) is not None, row["reported_name"]
