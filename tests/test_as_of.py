"""How recent the evidence is, said beside each answer: every finding is dated by the newest thing it
rests on (our runs by the newest run, MLPerf by its round's announcement in the reference data,
vendor recipes by their lines' commits, a paper by its year, reference data by the day it was read),
an answer by the newest of its kinds on training that hold a verdict; a bad row of the round dates
is refused naming file, line and field."""

from __future__ import annotations

import re
import shutil

import pytest

from accelbench.core.reference import Reference
from accelbench.core.round_dates import FILE, RoundDateError, read_round_dates
from accelbench.judge.judging import NOT_MEASURED
from accelbench.prebuild import context
from accelbench.publish import wording
from accelbench.publish.fragments import Links, render
from accelbench.publish.wording.terms import when
from accelbench.store.published import load_published
from accelbench.store.store import Store

from conftest import ROOT

REFERENCE_DIR = ROOT / "build_data" / "reference"


@pytest.fixture(scope="module")
def committed():
    return context(Store.of_runs([], {}), Reference(REFERENCE_DIR), {}, Links("article"),
                   published=load_published(ROOT / "build_data"))


def test_mlperf_comparisons_are_dated_by_their_rounds_announcement(committed):
    reference = committed.reference
    finding = committed.judgement.findings[("speed", "mlperf-training")]
    assert finding.comparisons
    for c in finding.comparisons:
        assert c.round and c.tpu_published == c.gpu_published == reference.round_date("training", c.round)
    assert finding.as_of == max(c.tpu_published for c in finding.comparisons)


def test_vendor_pairs_are_dated_by_each_sides_line_and_say_when_months_apart(committed):
    finding = committed.judgement.findings[("speed", "vendor-training")]
    assert finding.as_of == max(d for c in finding.comparisons for d in (c.tpu_published, c.gpu_published))
    apart = [c for c in finding.comparisons if abs(int(c.gpu_published[:4]) * 12 + int(c.gpu_published[5:7])
                                                   - int(c.tpu_published[:4]) * 12 - int(c.tpu_published[5:7])) >= 3]
    assert apart, "the committed pairs hold figures published months apart"
    lines = wording.lines.texts(finding.lines)
    assert f"on {len(apart)} of them the two sides' figures" in lines[0]


def test_an_answer_is_as_recent_as_its_newest_kind_on_training_and_says_so_beside_its_direction(committed):
    speed = committed.judgement.answer("speed")
    counted = [k.finding.as_of for k in speed.kinds if k.info.for_training and k.finding.verdict != NOT_MEASURED]
    assert speed.as_of == max(counted) and speed.as_of != committed.judgement.findings[("speed", "mlperf-inference")].as_of
    card = render(committed, "answers", []).text
    assert f"evidence as of {when(speed.as_of)}" in card
    glance = render(committed, "answers-glance", []).text
    assert glance.count("evidence as of ") == sum(1 for a in committed.judgement.answers if a.as_of)


def test_dates_read_at_the_precision_their_source_gives():
    assert (when("2026-08-11"), when("2024-11"), when("2023")) == ("11 August 2026", "November 2024", "2023")


def test_runs_are_dated_by_the_newest_one(tmp_path):
    from accelbench.store.store import load_store

    from conftest import SNIPPETS, make_run, write_run
    from helpers import GPU, matmul
    (tmp_path / "runs").mkdir()
    for n, day in enumerate(("2026-11-02", "2026-11-30")):
        write_run(tmp_path, make_run(run_id=f"2026{day[5:7]}{day[8:]}T000000Z-synthetic-0000000{n}",
                                     created_at=f"{day}T12:00:00Z", records=[matmul(GPU, 700)]))
    store = load_store(tmp_path, SNIPPETS)
    assert store.newest_date([r["run_id"] for r in store.runs]) == "2026-11-30" and store.newest_date([]) == ""


@pytest.mark.parametrize("row, field", [
    ("training,v9.9,2026-13,https://x,q,2026-12-03", "published"),
    ("serving,v9.9,2026-06-01,https://x,q,2026-12-03", "suite"),
    ("training,v9.9,2026-06-01,,q,2026-12-03", "source"),
    ("training,v4.1,2024-11,https://x,q,2026-12-03", "round"),  # listed twice
])
def test_a_bad_round_date_is_refused_naming_file_line_and_field(tmp_path, row, field):
    shutil.copy(REFERENCE_DIR / FILE, tmp_path / FILE)
    with open(tmp_path / FILE, "a") as fh:
        fh.write(row + "\n")
    lines = (tmp_path / FILE).read_text().count("\n")
    with pytest.raises(RoundDateError, match=rf"{re.escape(FILE)}: line {lines}: {field}:"):
        read_round_dates(tmp_path)


def test_an_answer_whose_newest_evidence_is_over_a_year_behind_the_builds_says_so(committed):
    from dataclasses import replace

    from accelbench.judge.answers import STALE_MONTHS, dated
    from accelbench.judge.judgement import as_data
    from accelbench.publish.render.answers import headline

    speed = committed.judgement.answer("speed")
    # the committed evidence: cost rests on MLPerf's 2024 round, the rest on 2026's figures
    stale = {c["claim"]: c["stale"] for c in as_data(committed.judgement)["claims"]}
    assert stale["cost"] and not stale["speed"] and committed.judgement.answer("cost").as_of.startswith("2024")
    # the same answer a little over the window behind the build's newest evidence, and just within it
    newest = f"{int(speed.as_of[:4]) + 1}{speed.as_of[4:7]}"
    year, month = int(speed.as_of[:4]), int(speed.as_of[5:7])
    later = f"{year + 1}-{month + 1:02d}" if month < 12 else f"{year + 2}-01"
    assert STALE_MONTHS == 12 and not dated(speed, newest).stale and dated(speed, later).stale
    said = headline(dated(speed, later))
    assert f"evidence {wording.as_of(speed.as_of)}, {wording.STALE}" in said and "12 months" in wording.STALE
    assert wording.STALE not in headline(replace(speed, stale=False))
