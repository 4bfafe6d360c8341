"""Every sentence of the article is read in its own words (judge/sentences.py): whether it is true,
with the figure that decides it and the part that does not hold, separate from which chip wins its
row; every situation of "When to use which" and the conclusion ends in one choice; and the figures
say the same counts as the answers and charts beside them."""

from dataclasses import replace
from types import MappingProxyType

import pytest

from accelbench.core.cores import CoresError, cuda_cores, read_cores
from accelbench.core.reference import Reference
from accelbench.judge.claims import CHOOSING, CLAIMS, CONCLUSION, SPECS, STATEMENTS
from accelbench.judge.codes import Direction, Holds, Verdict
from accelbench.judge.fact_records import FrozenMap
from accelbench.judge.judging import Finding
from accelbench.judge.readings import READERS, read_all
from accelbench.judge.sentences import Evidence, cells, same_generation
from accelbench.prebuild import context
from accelbench.publish.fragments import Links, render
from accelbench.publish.wording import sentences as words
from accelbench.publish.wording.lines import text
from accelbench.sources import load_published
from accelbench.store.store import Store

from conftest import ROOT

REFERENCE = Reference(ROOT / "build_data" / "reference")


@pytest.fixture(scope="module")
def ctx():
    return context(Store.of_runs([], {}), REFERENCE, {}, Links("article"), published=load_published(ROOT / "build_data"))


@pytest.fixture(scope="module")
def read(ctx):
    return {r.sentence: r for r in ctx.judgement.sentences}


def evidence(ctx, **findings) -> Evidence:
    """The committed evidence with some findings replaced: {"frameworks__vendor-specs": Finding}."""
    changed = dict(ctx.judgement.findings)
    changed.update({tuple(key.split("__")): f for key, f in findings.items()})
    return Evidence(MappingProxyType({a.claim.slug: a for a in ctx.judgement.answers}), MappingProxyType(changed),
                    ctx.judgement.per_dollar, REFERENCE)


def test_every_sentence_of_the_article_is_read_once_and_worded(read):
    assert list(read) == [*cells(), *STATEMENTS]
    assert len(cells()) == 2 * len(CLAIMS)
    for r in read.values():
        said = words.reading(r, text)
        assert said.startswith(words.holds(r.holds).capitalize()) and "{" not in said, r.sentence
        assert (r.part is not None) or r.holds != Holds.PARTLY, f"{r.sentence}: a partial verdict names its part"


def test_a_sentence_without_a_reader_stops_the_build_and_one_read_twice_too(ctx):
    with pytest.raises(ValueError, match="tpu-gcp"):
        read_all(evidence(ctx), {slug: r for slug, r in READERS.items() if slug != "tpu-gcp"})
    from accelbench.judge.readings import readers_of
    with pytest.raises(ValueError, match="'tpu-gcp' has two readers"):
        readers_of(READERS, {"tpu-gcp": READERS["tpu-gcp"]})


def test_a_true_description_holds_though_its_row_points_to_the_other_chip(ctx, read):
    # "Mostly available through Google Cloud Platform" is so: its row's answer points to the GPU all the same
    assert ctx.judgement.answer("availability").direction == Direction.GPU
    assert read["tpu-gcp"].holds == read["availability.tpu"].holds == Holds.HOLDS
    assert "GCP" in text(read["tpu-gcp"].figure)
    # "Libraries like TensorFlow and PyTorch optimize well for GPUs": stated for every GPU, so it holds
    assert read["gpu-ecosystem"].holds == Holds.HOLDS and "10 of 10 GPUs" in text(read["gpu-ecosystem"].figure)


def test_best_with_tensorflow_and_jax_partly_holds_naming_the_part_that_does_not(ctx, read):
    r = read["frameworks.tpu"]
    assert r.holds == Holds.PARTLY
    part = text(r.part)
    assert part.startswith("TensorFlow is not supported on Ironwood") and "TPU v5p" in part and "Trillium" in part
    # the vendors' specifications alone: half of the claim is a split, not a contradiction
    assert ctx.judgement.findings[("frameworks", SPECS)].verdict == Verdict.SPLIT
    # were TensorFlow stated for Ironwood, the sentence would hold in full
    found = ctx.judgement.findings[("frameworks", SPECS)]
    supported = replace(found.facts, support=FrozenMap({**found.facts.support, "TensorFlow": "supported"}))
    changed = read_all(evidence(ctx, **{"frameworks__vendor-specs": replace(found, facts=supported)}))
    assert next(r for r in changed if r.sentence == "frameworks.tpu").holds == Holds.HOLDS


def test_the_kinds_that_disagree_are_named_apart_from_a_half_true_sentence(ctx):
    own = STATEMENTS["tpu-scalable"].judged_by
    split = {f"tpu-scalable__{k}": Finding(v, []) for k, v in zip(own, (Verdict.SUPPORTED, Verdict.CONTRADICTED),
                                                                  strict=True)}
    r = next(r for r in read_all(evidence(ctx, **split)) if r.sentence == "tpu-scalable")
    assert r.holds == Holds.DISAGREE
    half = {f"tpu-scalable__{k}": Finding(Verdict.SPLIT, []) for k in own}
    assert next(r for r in read_all(evidence(ctx, **half)) if r.sentence == "tpu-scalable").holds == Holds.PARTLY


def test_every_situation_ends_in_one_choice_with_its_figure(read):
    situations = [slug for slug, s in STATEMENTS.items() if s.page in (CHOOSING, CONCLUSION)]
    assert len(situations) == 10
    for slug in situations:
        r = read[slug]
        assert r.choice in ("gpu", "tpu", "either"), slug
        assert any(ch.isdigit() for ch in text(r.figure)) or r.sentence.startswith("conclusion"), slug
    assert not [slug for slug, r in read.items() if r.choice and slug not in situations]  # a description chooses nothing
    # today's evidence: the TensorFlow situation is half true (not on Ironwood), the price decides very large models
    assert read["use-tpu-tensorflow"].holds == Holds.PARTLY and read["use-tpu-large"].choice == "either"
    assert read["use-gpu-local"].holds == Holds.HOLDS and read["use-gpu-local"].choice == "gpu"


def test_the_speed_sentences_count_what_the_headline_and_its_chart_count(ctx, read):
    chips = next(c for c in ctx.judgement.recommendation if c.topic == "chips")
    counts = same_generation(ctx.judgement.answer("speed"))
    assert counts["compared"] == chips.figures.pairs == read["speed.tpu"].figure.values["compared"]
    assert f"in {counts['gpu_ahead']} of the {counts['compared']} same-generation" in text(read["tpu-ultra-fast"].figure)
    # a kind that splits is named with its own count, never added to the deciding count
    split = counts["split"]
    assert split["kinds"] == [k.kind for k in ctx.judgement.answer("speed").split]
    assert not split["compared"] or f"of {split['compared']}" in text(read["speed.tpu"].figure)


def test_the_cores_sentence_reads_the_vendors_counts_and_keeps_each_unit_apart(read):
    r = read["gpu-parallel"]
    assert r.holds == Holds.HOLDS and "A100 6,912" in text(r.figure)
    assert cuda_cores(REFERENCE.cores)["GB300 (one Blackwell Ultra GPU)"] == 160 * 128  # SMs times cores per SM, both stated
    assert "compute units" in text(r.part) and "TensorCores" in text(r.part)


def test_a_bad_cores_row_names_the_file_line_and_field(tmp_path):
    (tmp_path / "cores.csv").write_text("chip,unit,count,source,quote,retrieved,notes\n"
                                        "H100 SXM,cores,12,https://x,q,2026-12-06,\n", encoding="utf-8")
    with pytest.raises(CoresError, match=r"cores.csv: line 2: unit: 'cores'"):
        read_cores(tmp_path, {"H100 SXM"})
    (tmp_path / "cores.csv").write_text("chip,unit,count,source,quote,retrieved,notes\n"
                                        "H100 SXM,SMs,many,https://x,q,2026-12-06,\n", encoding="utf-8")
    with pytest.raises(CoresError, match="count: 'many'"):
        read_cores(tmp_path, {"H100 SXM"})


def test_each_page_shows_the_reading_beside_the_sentence(ctx, read):
    box = render(ctx, "statement", ["tpu-gcp"]).text
    assert '<strong class="ab-holds ab-holds--holds">Holds</strong>: every TPU price' in box
    situation = render(ctx, "statement", ["use-gpu-clouds"]).text
    assert situation.index("Choose GPUs.") < situation.index(">Holds</strong>:")
    table = render(ctx, "statements", []).text
    # a row of the article's table: whether each side holds, then who wins it
    assert table.count("ab-holds--") >= len(read) and "Who wins the row" in table
    situations = render(ctx, "situations", []).text
    assert situations.count("<strong>Choose") + situations.count("<strong>Either") == 8


def test_what_tpus_are_built_for_holds_apart_from_whether_they_beat_a_gpu(read):
    """'Built to accelerate matrix computations' describes the chip: it holds on its vendor's pages, and the
    speed comparison is named beside it, never in its place."""
    r = read["tpu-matrix-speed"]
    assert r.holds == Holds.HOLDS and "MXUs" in text(r.figure) and "Ironwood" in text(r.figure)
    assert r.part is not None and text(r.part) == text(read["speed.tpu"].figure)
    assert read["speed.tpu"].holds == Holds.DOES_NOT_HOLD  # "even faster" is the comparison, and it does not hold
