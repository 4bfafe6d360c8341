"""Framework support as the vendors state it (frameworks.csv): one row per chip and framework with
its page and quote, a bad row refused naming file, line and field, and the Supported Frameworks rule
of the specifications decided by the newest TPU's statement."""

import csv
import shutil

import pytest

from accelbench.core.framework_support import FRAMEWORKS, FrameworkSupportError, read_framework_support
from accelbench.core.reference import Reference
from accelbench.judge.claims import SPECS
from accelbench.judge.judging import SPLIT, SUPPORTED
from accelbench.registry import RULES

from conftest import ROOT
from helpers import lines_of

REFERENCE_DIR = ROOT / "build_data" / "reference"
REFERENCE = Reference(REFERENCE_DIR)


def test_every_chip_has_a_row_per_framework_with_its_page_and_quote():
    chips = [row["chip"] for row in REFERENCE.accelerators]
    assert {(r.chip, r.framework) for r in REFERENCE.frameworks} == {(c, fw) for c in chips for fw in FRAMEWORKS}
    for r in REFERENCE.frameworks:
        assert r.url.startswith("http") and (r.quote or r.support == "not stated")


def test_googles_tpu7x_page_says_tensorflow_is_not_supported():
    tf = next(r for r in REFERENCE.frameworks if (r.chip, r.framework) == ("TPU7x (Ironwood)", "TensorFlow"))
    assert tf.support == "not supported" and "TensorFlow is not supported" in tf.quote


def _copy_with(folder, chip, framework, **change):
    for name in ("accelerators.csv", "device_names.csv", "availability.csv", "frameworks.csv"):
        shutil.copy(REFERENCE_DIR / name, folder / name)
    with open(folder / "frameworks.csv", newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        fields, rows = reader.fieldnames, list(reader)
    for row in rows:
        if (row["chip"], row["framework"]) == (chip, framework):
            row.update(change)
    with open(folder / "frameworks.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fields)
        writer.writeheader()
        writer.writerows(rows)
    return folder


def test_the_verdict_moves_with_tpu7xs_tensorflow_row(tmp_path):
    rule = RULES[("frameworks", SPECS)]
    as_stated = rule.judge(REFERENCE, REFERENCE)
    # half of "best with TensorFlow, JAX": JAX is, TensorFlow is not (and still is on the older TPUs)
    assert as_stated.verdict == SPLIT and as_stated.facts.support["TensorFlow"] == "not supported"
    assert {"TPU v5p", "Trillium (TPU v6e)"} <= set(as_stated.facts.stated_on["TensorFlow"])
    assert as_stated.facts.chip == "Ironwood (TPU7x)" and as_stated.facts.vendor == "Google"
    assert "TPU7x (Ironwood)" in lines_of(as_stated)[0]
    changed = Reference(_copy_with(tmp_path, "TPU7x (Ironwood)", "TensorFlow", support="supported",
                                   route="TensorFlow (libtpu)"))
    assert rule.judge(changed, changed).verdict == SUPPORTED


@pytest.mark.parametrize("change, named", [
    ({"support": "yes"}, "support: 'yes' is not one of"),
    ({"support": "supported", "route": ""}, "route: '' is empty"),
    ({"source": ""}, "source: '' is empty"),
])
def test_a_bad_row_is_refused_with_its_file_line_and_field(tmp_path, change, named):
    folder = _copy_with(tmp_path, "TPU v4", "JAX", **change)
    with pytest.raises(FrameworkSupportError, match=r"frameworks.csv: line \d+: " + named):
        read_framework_support(folder, {row["chip"] for row in REFERENCE.accelerators})
