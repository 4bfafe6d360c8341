"""Chips compared with their contemporaries: every comparison carries both chips' first-availability
dates (availability.csv), a per-chip verdict is decided by the same-generation comparisons of its
kind, and an older TPU generation's verdict does not turn today's answer."""

import csv
import shutil
from dataclasses import replace

import pytest

from accelbench.core.availability import AvailabilityError, read_availability
from accelbench.core.reference import Reference
from accelbench.judge.answers import TO_GPU, KindAnswer, KindInfo, answer, current
from accelbench.judge.claims import CLAIMS
from accelbench.judge.generations import GENERATION_MONTHS, by_generation, dated
from accelbench.judge.judging import CONTRADICTED, NOT_MEASURED, SUPPORTED, TOKENS_PER_S_PER_CHIP, Comparison, Finding
from accelbench.publish import wording
from accelbench.publish.wording.terms import generation

from conftest import ROOT
from helpers import FIGURES, named

REFERENCE = Reference(ROOT / "build_data" / "reference")


def pair(tpu: str, gpu: str, advantage: float) -> Comparison:
    return Comparison(named(f"{tpu} vs {gpu}"), advantage, TOKENS_PER_S_PER_CHIP, tpu, gpu, FIGURES)


def test_every_chip_of_the_reference_data_has_a_first_availability_date_with_its_source():
    chips = {row["chip"] for row in REFERENCE.accelerators}
    assert set(REFERENCE.availability) == chips
    for found in REFERENCE.availability.values():
        assert found.url.startswith("http") and found.quote and found.how


def test_tpu_v4_is_dated_by_its_cloud_preview_two_years_after_the_a100_and_ironwood_three_after_the_h100():
    # one date for TPU v4, the day Cloud customers could first rent it: Google's own use from 2020 does not count
    v4 = REFERENCE.available("TPU v4")
    assert (v4.date, v4.how) == ("2022-05-11", "preview for customers")
    assert generation(dated(pair("TPU v4", "A100 SXM 80GB", 1.4), REFERENCE)) == "the GPU is 2 years older"
    ironwood = dated(pair("TPU7x (Ironwood)", "H100 SXM", 2.5), REFERENCE)
    assert generation(ironwood) == "the GPU is 3 years older" and not ironwood.same_generation
    assert (ironwood.tpu_available, ironwood.gpu_available) == (REFERENCE.available("TPU7x (Ironwood)").date,
                                                                REFERENCE.available("H100 SXM").date)
    assert dated(pair("TPU7x (Ironwood)", "GB300 (one Blackwell Ultra GPU)", 0.7), REFERENCE).same_generation


@pytest.mark.parametrize("months, same, words", [(0, True, "same generation"), (GENERATION_MONTHS, True, "same generation"),
                                                 (13, False, "the GPU is a year older"),
                                                 (37, False, "the GPU is 3 years older"),
                                                 (-30, False, "the TPU is 2 years older")])
def test_the_gap_in_words(months, same, words):
    """The words say what the generation step decided (same_generation), else which chip is older and by how much."""
    assert generation(replace(pair("TPU v4", "A100 SXM 80GB", 1.0), gap_months=months, same_generation=same)) == words


def test_an_h100_pair_no_longer_turns_a_same_generation_verdict():
    """Ironwood loses to its own year's GB300 and beats the three-year-older H100: slower, not mixed."""
    found = Finding(CONTRADICTED, [], comparisons=[pair("TPU7x (Ironwood)", "GB300 (one Blackwell Ultra GPU)", 0.7),
                                                        pair("TPU7x (Ironwood)", "H100 SXM", 2.5)])
    judged = by_generation("speed", found, REFERENCE)
    assert judged.verdict == CONTRADICTED
    assert [generation(c) for c in judged.comparisons] == ["same generation", "the GPU is 3 years older"]
    assert len(judged.comparisons) == 2  # the other comparison stays, labelled
    # cost is judged on every comparison: a price already reflects the chip's age
    assert by_generation("cost", found, REFERENCE).verdict == CONTRADICTED
    # without the same-generation pair, nothing decides a per-chip verdict
    only_old = Finding(SUPPORTED, [], comparisons=[pair("TPU7x (Ironwood)", "H100 SXM", 2.5)])
    assert by_generation("speed", only_old, REFERENCE).verdict == NOT_MEASURED


def test_an_older_generations_paper_does_not_turn_todays_answer():
    claim = CLAIMS["speed"]
    paper = KindAnswer("paper", KindInfo("peer-reviewed", "papers", vendor=True),
                       by_generation("speed", Finding(SUPPORTED, [], comparisons=[
                           pair("TPU v5e", "H100 SXM", 1.4)]), REFERENCE))  # both of 2022-23: one generation
    vendor = KindAnswer("vendor-training", KindInfo("vendor-reported", "vendors", vendor=True),
                        by_generation("speed", Finding(CONTRADICTED, [], comparisons=[
                            pair("TPU7x (Ironwood)", "GB300 (one Blackwell Ultra GPU)", 0.7)]), REFERENCE))
    assert current(claim, [paper, vendor]) == [vendor]
    said = answer(claim, {"paper": paper.finding, "vendor-training": vendor.finding},
                  {"paper": paper.info, "vendor-training": vendor.info})
    assert said.direction == TO_GPU
    assert said.older == (paper,) and said.deciding == (vendor,)
    assert "supported for TPU v5e against the H100 (2023), an older generation, shown and not counted." in wording.bears_on(said)
    # two kinds of evidence on one generation that disagree both still count
    same_year = KindAnswer("paper", paper.info, by_generation("speed", Finding(SUPPORTED, [], comparisons=[
        pair("TPU7x (Ironwood)", "GB300 (one Blackwell Ultra GPU)", 1.2)]), REFERENCE))
    assert current(claim, [same_year, vendor]) == [same_year, vendor]


def _write(folder, rows):
    shutil.copy(ROOT / "build_data" / "reference" / "availability.csv", folder / "availability.csv")
    with open(folder / "availability.csv", newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        fields, stored = reader.fieldnames, list(reader)
    stored[0].update(rows)
    with open(folder / "availability.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fields)
        writer.writeheader()
        writer.writerows(stored)


@pytest.mark.parametrize("change, named", [
    ({"chip": "A200"}, "line 2: chip: 'A200' is not in accelerators.csv"),
    ({"first_available": "May 2020"}, "line 2: first_available: 'May 2020' is not a date of day precision"),
    ({"precision": "week"}, "line 2: precision: 'week'"),
    ({"how": "announced"}, "line 2: how: 'announced'"),
    ({"how": "deployed in production"}, "line 2: how: 'deployed in production'"),  # a vendor's own use: not counted
    ({"source": ""}, "line 2: source: '' is empty"),
])
def test_a_bad_row_is_refused_with_its_file_line_and_field(tmp_path, change, named):
    _write(tmp_path, change)
    with pytest.raises(AvailabilityError, match="availability.csv: " + named.replace("(", r"\(")):
        read_availability(tmp_path, {row["chip"] for row in REFERENCE.accelerators})


def test_a_paper_on_chips_two_years_apart_for_customers_decides_no_energy_answer():
    """Energy rests on one paper, on TPU v4 and the A100: by the date customers could get each (2022 and 2020)
    they are of different generations, so the paper is shown and not counted, and energy has no evidence yet;
    its sentences say so rather than 'holds'."""
    from accelbench.judge.codes import Direction, Holds
    from accelbench.prebuild import context
    from accelbench.publish.fragments import Links
    from accelbench.sources import load_published
    from accelbench.store.store import Store

    ctx = context(Store.of_runs([], {}), REFERENCE, {}, Links(""), published=load_published(ROOT / "build_data"))
    energy = ctx.judgement.answer("energy")
    paper = next(k for k in energy.kinds if k.kind == "paper")
    assert [c.same_generation for c in paper.finding.comparisons] == [False]
    assert energy.direction == Direction.NONE and ctx.judgement.reading("energy.tpu").holds == Holds.UNDECIDED
