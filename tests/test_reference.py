"""The reference data: every vendor figure and price carries its source and date (and prices their
region), so a reader can check it; nothing in it is ever shown as a measurement."""

import csv
from datetime import date

import pytest

from accelbench.core.prices import TIERS
from accelbench.core.profiles import PROFILES
from accelbench.core.reference import Reference
from accelbench.frameworks.hardware import Device
from accelbench.measure.measurement import measure
from accelbench.measure.plan import Planned
from accelbench.workloads.discovery import discover

from conftest import ROOT, SNIPPETS

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
    assert row["platform"] in ("gpu", "tpu")
    # a peak is declared once, in number_formats.csv: accelerators.csv holds none that could disagree with it
    assert not {"bf16_dense_tflops", "fp8_dense_tflops", "fp32_tflops", "tf32_dense_tflops"} & set(row)
    assert Reference(REFERENCE_DIR).peak_of(row["chip"], "bf16_dense_tflops") > 0, row["chip"]


@pytest.mark.parametrize("row", rows("prices.csv"), ids=lambda r: f"{r['chip']} {r['provider']} {r['tier']}")
def test_every_hand_entered_price_names_its_source_its_address_and_the_day_it_was_read(row):
    assert row["source"].strip() and row["source_url"].startswith("https://") and is_date(row["retrieved"])
    assert row["from_catalog"] == "no" and row["tier"] in TIERS and float(row["usd_per_chip_hour"]) > 0
    assert "price dataset" not in row["source"]  # a source is named, never "a public price dataset"


def test_every_priced_and_named_chip_has_a_spec_row():
    reference = Reference(REFERENCE_DIR)
    for price in reference.prices.prices:
        assert reference.chip_for(price.chip) is not None, price.chip
    for row in rows("device_names.csv"):
        assert reference.chip_for(row["reported_name"]) is not None, row["reported_name"]


@pytest.mark.parametrize("row", rows("accelerators.csv"), ids=lambda r: r["chip"])
def test_a_tf32_peak_exists_only_on_a_gpu_and_below_its_bf16_peak(row):
    """TPUs have no tf32 mode; a GPU's dense tf32 figure (number_formats.csv) is below its bf16 one."""
    reference = Reference(REFERENCE_DIR)
    tf32 = reference.peak_of(row["chip"], "tf32_dense_tflops")
    if row["platform"] == "tpu":
        assert tf32 is None
    elif tf32 is not None:
        assert 0 < tf32 < reference.peak_of(row["chip"], "bf16_dense_tflops")


def tf32_matmul_record(device_name):
    """A tf32 matmul measured on this CPU, as the runner would record it for a device of that name."""
    matmul = discover(SNIPPETS, ["matmul"])[0]
    device = Device("torch", "gpu", device_name, 1, None, handle="cpu")
    return measure(Planned(matmul, "torch", device, {"n": 64, "dtype": "tfloat32"}, None), PROFILES["test"],
                   Reference(REFERENCE_DIR))


def test_a_tf32_result_is_a_fraction_of_the_tf32_peak():
    record = tf32_matmul_record("NVIDIA H200")
    assert record["status"] == "ok", record["reason"]
    assert record["peak"] == {"chip": "H200 SXM", "value": 494.5, "unit": "TFLOP/s", "column": "tf32_dense_tflops"}
    assert record["metrics"]["fraction_of_peak"] == pytest.approx(record["metrics"]["tflops"] / 494.5)


def test_a_device_without_a_tf32_figure_gets_no_fraction():
    reference = Reference(REFERENCE_DIR)
    # AMD states tf32 support for the MI325X with no figure (number_formats.csv): no peak, so no fraction
    assert reference.peak("AMD Instinct MI325X", "tfloat32") is None
    assert reference.peak("TPU v6 lite", "tfloat32") is None
    record = tf32_matmul_record("AMD Instinct MI325X")
    assert record["status"] == "ok" and record["peak"] is None and "fraction_of_peak" not in record["metrics"]
