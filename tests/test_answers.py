"""The reader's answer per claim, from every kind of evidence's finding: each combination of
kinds gives the expected direction, strength and deciding kinds (their sentences are
tests/test_wording.py's); inference is shown but never counted; the HTML escapes what comes from data."""

import dataclasses

from accelbench.core.reference import Reference
from accelbench.judge.answers import (
    DISAGREE,
    NO_EVIDENCE,
    ONE_KIND,
    STRONG,
    TO_GPU,
    TO_TPU,
    WEAK,
    KindInfo,
    answer,
    measured_kind,
)
from accelbench.judge.claims import CLAIMS, MEASURED
from accelbench.judge.judgement import judge
from accelbench.judge.judging import CONTRADICTED, NOT_MEASURED, SPLIT, SUPPORTED, Finding, said
from accelbench.publish import wording
from accelbench.publish.render import answers as render
from accelbench.registry import RULES
from accelbench.store.published import Published
from accelbench.store.store import load_store

from conftest import ROOT, SNIPPETS, make_run, write_run
from helpers import GPU, TPU, gpt2, matmul

AUDITED = KindInfo("audited benchmark results", "MLPerf Training", noun="MLPerf's audited results")
VENDOR = KindInfo("vendor-reported", "Vendor-published training throughput", vendor=True, noun="the vendors' own figures")
FRAGMENTS = {MEASURED: measured_kind(), "mlperf-training": AUDITED}
# speed as judged by the two kinds these tests hold (others are tested through their own sources)
SPEED = dataclasses.replace(CLAIMS["speed"], judged_by=(MEASURED, "mlperf-training"))


LINKS = {"runs": "runs.html", "page": lambda src: src, "reproduce": "reproduce.html", "published": {}}


def found(verdict, operations=("fft",)):
    """A finding with one line of detail (any template: these tests read the answer, not its lines)."""
    return Finding(verdict, [said("measured.general_ops.left_out",
                                  operations=[{"operation": op, "categories": ["oom"]} for op in operations])])


def test_no_evidence_at_all():
    a = answer(SPEED, {MEASURED: found(NOT_MEASURED), "mlperf-training": found(NOT_MEASURED)}, FRAGMENTS)
    assert (a.direction, a.strength, a.deciding) == (NO_EVIDENCE, "", ())
    assert "Nothing here decides it yet" in render.lead(a)
    assert wording.bears_on(a) == ("The article's “Even faster for large tensor ops” for TPUs (against “Very fast” for "
                                   "GPUs) is neither confirmed nor contradicted here yet.")
    assert wording.unknown(a) == ["Our own runs: not measured on a TPU and a GPU yet",
                                  "MLPerf's audited results: no comparison on this claim yet"]
    assert wording.would_change(a)[0] == ("A TPU run of the matrix-multiplication and GPT-2 benchmarks would add the "
                                          "first evidence measured here.")


def test_measured_only():
    a = answer(SPEED, {MEASURED: found(SUPPORTED)}, FRAGMENTS)
    assert (a.direction, a.strength, [k.kind for k in a.deciding]) == (TO_TPU, ONE_KIND, [MEASURED])
    assert wording.bears_on(a).endswith("is supported by our own runs.")
    assert render.lead(a).startswith('<p class="ab-answer__lead">Per chip, TPUs ')
    assert wording.would_change(a)[0] == ("Our own runs decide on the chips measured so far: a TPU run of the "
                                          "matrix-multiplication and GPT-2 benchmarks on other chips would test it.")
    assert wording.unknown(a) == []


def test_mlperf_only():
    a = answer(SPEED, {MEASURED: found(NOT_MEASURED), "mlperf-training": found(CONTRADICTED)},
               FRAGMENTS)
    assert (a.direction, a.strength) == (TO_GPU, ONE_KIND)
    assert wording.bears_on(a).endswith("is contradicted by MLPerf's audited results.")
    assert "Points to the GPU" in render.card(a, LINKS) and "Points to the GPU" not in render.lead(a)
    assert wording.unknown(a) == ["Our own runs: not measured on a TPU and a GPU yet"]


def test_vendor_published_only_is_a_weak_answer():
    kinds = {**FRAGMENTS, "vendor-training": VENDOR}
    claim = CLAIMS["cost"]
    a = answer(claim, {MEASURED: found(NOT_MEASURED), "vendor-training": found(SUPPORTED)}, kinds)
    assert (a.direction, a.strength) == (TO_TPU, WEAK)
    assert wording.strength(a) == "weakly: only on evidence from a chip's vendor"


def test_kinds_that_disagree_are_mixed_and_each_keeps_its_verdict():
    a = answer(SPEED, {MEASURED: found(SUPPORTED), "mlperf-training": found(CONTRADICTED)}, FRAGMENTS)
    assert (a.direction, a.strength) == (DISAGREE, "")
    assert wording.bears_on(a).endswith("is supported by our own runs and contradicted by MLPerf's audited results.")
    assert [k.finding.verdict for k in a.kinds] == [SUPPORTED, CONTRADICTED]


def test_two_kinds_that_agree_answer_strongly_and_a_mixed_one_is_named():
    a = answer(SPEED, {MEASURED: found(CONTRADICTED), "mlperf-training": found(CONTRADICTED)}, FRAGMENTS)
    assert (a.direction, a.strength) == (TO_GPU, STRONG)
    assert wording.strength(a) == "strongly: 2 kinds of evidence agree"
    b = answer(SPEED, {MEASURED: found(SPLIT), "mlperf-training": found(CONTRADICTED)}, FRAGMENTS)
    assert (b.direction, b.strength) == (TO_GPU, ONE_KIND)
    assert wording.strength(b) == "on one kind of evidence; our own runs split"


def test_a_kind_with_nothing_imported_is_named_as_not_known():
    kinds = {**FRAGMENTS, "vendor-training": dataclasses.replace(VENDOR, held=False)}
    claim = dataclasses.replace(CLAIMS["speed"], judged_by=(MEASURED, "vendor-training"))
    a = answer(claim, {MEASURED: found(NOT_MEASURED)}, kinds)
    assert wording.unknown(a) == ["Our own runs: not measured on a TPU and a GPU yet",
                                  "The vendors' own figures: nothing of this kind is imported"]
    assert [k.kind for k in a.kinds] == [MEASURED]


def test_a_limitation_claim_that_holds_points_to_the_gpu():
    a = answer(CLAIMS["flexibility"], {MEASURED: found(SUPPORTED)}, FRAGMENTS)
    assert a.direction == TO_GPU  # "TPUs: focused on AI tasks only" holds: the GPU is the flexible one


def test_inference_is_shown_but_never_counted_for_training(monkeypatch):
    from accelbench.judge.claims import Claim

    claim = Claim("speed", "Speed (for AI)", "Very fast", "Even faster for large tensor ops", "evidence/matmul.md",
                  (MEASURED, "inference"), "tpu", "a TPU run")
    kinds = {MEASURED: measured_kind(), "inference": KindInfo("audited (inference)", "MLPerf Inference", for_training=False)}
    a = answer(claim, {MEASURED: found(NOT_MEASURED), "inference": found(SUPPORTED)}, kinds)
    assert a.direction == NO_EVIDENCE and [k.kind for k in a.kinds] == [MEASURED, "inference"]


def test_a_stale_measured_result_gives_no_measured_evidence(data_dir):
    """A TPU result from an older snippet source is stale: the answer does not rest on it."""
    stale = {**matmul(TPU, 900), "snippet_hash": "0" * 64}
    write_run(data_dir, make_run(run_id="20261130T000000Z-synthetic-00000000", created_at="2026-11-30T00:00:00Z",
                                 records=[matmul(GPU, 700), gpt2(GPU, 400_000), stale]))
    store = load_store(data_dir, SNIPPETS)
    speed = judge(store, Published(), Reference(ROOT / "build_data" / "reference"), RULES).answer("speed")
    assert speed.direction == NO_EVIDENCE and speed.kinds[0].finding.verdict == NOT_MEASURED


def test_the_summary_paragraph_names_each_direction_and_what_is_missing():
    answers = [answer(SPEED, {"mlperf-training": found(CONTRADICTED)}, FRAGMENTS),
               answer(CLAIMS["energy"], {MEASURED: found(NOT_MEASURED)}, FRAGMENTS)]
    said = wording.summary(answers)
    assert said.startswith("Of the article's 2 claims, the evidence here points to the GPU on speed.")
    assert " There is no evidence yet on energy efficiency. " in said
    assert said.endswith("No claim is decided by a run of ours yet: each needs a TPU run.")
    assert render.summary(answers) == f"<p>{said.replace(chr(39), '&#x27;')}</p>\n"


def test_contradicted_never_appears_without_what_it_contradicts():
    a = answer(SPEED, {"mlperf-training": found(CONTRADICTED, ['<script>alert(1)</script>'])}, FRAGMENTS)
    html = render.card(a, {"runs": "runs.html", "page": lambda s: s, "reproduce": "r.html", "published": {}})
    assert "contradicted by MLPerf&#x27;s audited results" in html and "Even faster for large tensor ops" in html
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "contradicted" not in render.glance([a], lambda slug: f"#{slug}")  # the glance says where it points
