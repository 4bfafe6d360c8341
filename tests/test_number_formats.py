"""The number formats each chip runs (reference data, vendor specifications): every row carries its
source, bad rows are refused naming file, line and field, and the "Designed For" rule judges from
them, labelled reference data, never a measurement."""

import csv
import shutil

import pytest

from accelbench.core.formats import COLUMNS, FORMATS, FormatsError, read_formats
from accelbench.core.reference import Reference
from accelbench.judge.claims import SPECS
from accelbench.judge.facts import Fp64
from accelbench.judge.judging import CONTRADICTED, NOT_MEASURED, SPLIT, SUPPORTED
from accelbench.registry import RULES

from conftest import ROOT
from helpers import lines_of

REFERENCE_DIR = ROOT / "build_data" / "reference"


def committed():
    with open(REFERENCE_DIR / "number_formats.csv", newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


@pytest.mark.parametrize("row", committed(), ids=lambda r: f"{r['chip']}-{r['format']}")
def test_every_committed_row_names_its_source_and_the_day_it_was_read(row):
    assert row["source"].strip() and len(row["retrieved"]) == 10
    assert row["supported"] in ("yes", "no", "not stated") and row["format"] in FORMATS


def test_every_chip_of_the_reference_has_its_fp64_status_and_no_tpu_runs_fp64():
    reference = Reference(REFERENCE_DIR)
    for row in reference.accelerators:
        fp64 = reference.formats_of(row["chip"]).get("FP64")
        assert fp64 is not None, row["chip"]
        if row["platform"] == "tpu":
            assert fp64.supported == "no", row["chip"]


def reference_with(tmp_path, rows):
    folder = tmp_path / "reference"
    shutil.copytree(REFERENCE_DIR, folder)
    with open(folder / "number_formats.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(dict.fromkeys(COLUMNS, "") | {"source": "https://example.invalid/spec", "retrieved": "2026-12-01"}
                         | row for row in rows)
    return folder


@pytest.mark.parametrize("row, message", [
    ({"chip": "Abacus 9000", "format": "FP64", "supported": "yes"}, "number_formats.csv:2: chip: 'Abacus 9000' is not a chip"),
    ({"chip": "H100 SXM", "format": "FP16x", "supported": "yes"}, "number_formats.csv:2: format: 'FP16x' is not one of"),
    ({"chip": "H100 SXM", "format": "FP64", "supported": "maybe"}, "number_formats.csv:2: supported: 'maybe' is not yes"),
    ({"chip": "H100 SXM", "format": "FP64", "supported": "yes", "source": ""}, "number_formats.csv:2: source: every row needs"),
    ({"chip": "H100 SXM", "format": "FP64", "supported": "yes", "dense_tflops": "fast"},
     "number_formats.csv:2: dense_tflops: 'fast' is not a number"),
    ({"chip": "TPU v4", "format": "FP64", "supported": "no", "dense_tflops": "1"},
     "number_formats.csv:2: dense_tflops: a throughput must be positive, and only for a supported format"),
])
def test_a_bad_row_is_refused_naming_file_line_and_field(tmp_path, row, message):
    folder = reference_with(tmp_path, [row])
    with pytest.raises(FormatsError) as info:
        read_formats(folder, {r["chip"] for r in Reference(REFERENCE_DIR).accelerators})
    assert str(folder / "number_formats.csv") in str(info.value) and message in str(info.value)


def test_a_chip_and_format_given_twice_is_refused_with_both_lines(tmp_path):
    row = {"chip": "H100 SXM", "format": "FP64", "supported": "yes", "dense_tflops": "34"}
    folder = reference_with(tmp_path, [row, row])
    with pytest.raises(FormatsError, match=r"number_formats.csv:3: format: H100 SXM FP64 is also on line 2"):
        Reference(folder)


def judged(tmp_path, rows):
    reference = Reference(reference_with(tmp_path, rows))
    return RULES[("designed", SPECS)].judge(reference, reference)


def fp64(chip, supported, tflops=""):
    return {"chip": chip, "format": "FP64", "supported": supported, "dense_tflops": tflops}


@pytest.mark.parametrize("rows, verdict", [
    ([fp64("TPU v5p", "no"), fp64("H100 SXM", "yes", "34")], SUPPORTED),
    ([fp64("TPU v5p", "yes", "1"), fp64("H100 SXM", "yes", "34")], CONTRADICTED),  # a TPU that ran FP64
    ([fp64("TPU v5p", "not stated"), fp64("H100 SXM", "yes", "34")], SPLIT),  # nobody says the TPU lacks it
    ([fp64("TPU v5p", "no"), fp64("H100 SXM", "no")], SPLIT),  # no GPU runs it either
    ([{"chip": "H100 SXM", "format": "BF16", "supported": "yes"}], NOT_MEASURED),
])
def test_the_designed_for_rule_judges_fp64_from_the_vendors_formats(tmp_path, rows, verdict):
    finding = judged(tmp_path, rows)
    assert finding.verdict == verdict
    if verdict != NOT_MEASURED:
        assert "H100 SXM" in lines_of(finding)[0] and lines_of(finding)[-1].startswith("Reference data")


def test_the_committed_formats_support_the_claim_and_name_every_chip():
    reference = Reference(REFERENCE_DIR)
    finding = RULES[("designed", SPECS)].judge(reference, reference)
    assert finding.verdict == SUPPORTED
    for row in reference.accelerators:
        assert row["chip"] in lines_of(finding)[0]
    assert "TPU7x (Ironwood) no FP64 units" in lines_of(finding)[0]


def test_the_answer_says_how_many_chips_of_each_kind_run_fp64(tmp_path):
    finding = judged(tmp_path, [fp64("TPU v5p", "no"), fp64("TPU v4", "no"), fp64("H100 SXM", "yes", "34")])
    tpus = sum(row["platform"] == "tpu" for row in Reference(REFERENCE_DIR).accelerators)
    gpus = sum(row["platform"] == "gpu" for row in Reference(REFERENCE_DIR).accelerators)
    assert finding.facts == Fp64(tpus=tpus, tpus_with=0, gpus=gpus, gpus_with=1)
