"""How the site speaks (publish/wording.py), checked by the parts of each sentence rather than its
whole text: the opening sentence gives the direction, the count and the range on the evidence that
decides, then one clause on the rest, in at most MAX_WORDS words; chips and benchmarks by the names
readers know; no identifier, "(s)", citation twice, or "not measured yet" for a source that does not
measure; the number formats, plurals and lists; submitters counted once however they are spelled."""

import re

import pytest

from accelbench.core.reference import Reference
from accelbench.core.text import listed, plural
from accelbench.judge.answers import TO_GPU, KindAnswer, KindInfo, answer
from accelbench.judge.claims import CLAIMS
from accelbench.judge.generations import by_generation
from accelbench.judge.judging import CONTRADICTED, TOKENS_PER_S_PER_CHIP, Comparison, Finding, favoured
from accelbench.prebuild import context
from accelbench.publish import wording
from accelbench.publish.fragments import Links
from accelbench.publish.render.answers import lead
from accelbench.publish.wording.fact_clauses import fact_clause
from accelbench.publish.wording.terms import TIE_BAND
from accelbench.store.published import load_published
from accelbench.store.store import Store

from conftest import ROOT
from helpers import FIGURES, findings_of, named

REFERENCE = Reference(ROOT / "build_data" / "reference")
VENDOR = KindInfo("vendor-reported", "Vendor-published training throughput", vendor=True, noun="the vendors' own figures",
                  unit="vendor pair")
IDENTIFIER = re.compile(r"TPU-trillium|stable_diffusion|\bgpt3\b|llama3\.1-|deepseek-v3|qwen3-|DGX-|_|\(s\)")


@pytest.fixture(scope="module")
def answers():
    ctx = context(Store.of_runs([], {}), REFERENCE, {}, Links(""), published=load_published(ROOT / "build_data"))
    return {a.claim.slug: a for a in ctx.answers()}


def vendor_pair(gpu: str, advantage: float, model: str = "Llama 3.1 70B") -> Comparison:
    return Comparison(named(f"Ironwood vs {gpu}"), advantage, TOKENS_PER_S_PER_CHIP, "TPU7x (Ironwood)", gpu, FIGURES,
                      chips=64, precision="FP8", model=model)


def speed_answer(pairs: list[Comparison]) -> object:
    finding = by_generation("speed", Finding(CONTRADICTED, [], comparisons=pairs), REFERENCE)
    return answer(CLAIMS["speed"], {"vendor-training": finding}, {"vendor-training": VENDOR})


def test_numbers_plurals_and_lists():
    assert (wording.times(2.4817), wording.times(0.95), wording.times(1.0)) == ("2.5×", "0.95×", "1.00×")
    assert wording.span([(1.21, 1.3), (1.9, 2.07)]) == "1.2–2.1×" and wording.span([(2.1, 2.1)]) == "2.1×"
    assert (plural(1, "benchmark"), plural(2, "benchmark"), plural(3, "TPU family")) == \
        ("1 benchmark", "2 benchmarks", "3 TPU families")
    assert (listed(["A"]), listed(["A", "B"]), listed(["A", "B", "C"], "or")) == ("A", "A and B", "A, B or C")


def test_the_opening_gives_direction_count_range_and_one_clause_on_older_chips():
    same = [vendor_pair("GB300 (one Blackwell Ultra GPU)", a) for a in (0.5, 0.8, 0.9)]
    old = [vendor_pair("H100 SXM", 2.5), vendor_pair("H100 SXM", 2.8, "Qwen3 235B-A22B")]
    a = speed_answer(same + old)
    assert a.direction == TO_GPU  # the three-year-older H100 does not turn it
    said = wording.opening(a)
    gpu_wins = [1 / c.advantage for c in same if favoured(c.advantage) == "gpu"]
    assert len(gpu_wins) == len(same)
    assert said.startswith("Per chip, GPUs of the same generation trained faster")  # the direction
    assert f"in all {len(same)} vendor pairs" in said  # the count
    assert f"({min(gpu_wins):.1f}–{max(gpu_wins):.1f}×)" in said  # the range, of the GPU's lead
    assert "Ironwood beat the three-year-older H100 2.5–2.8×" in said  # the clause on the rest
    assert wording.words(said) <= wording.MAX_WORDS and said.endswith(".")


def test_all_of_a_count_is_said_as_all_and_two_as_both():
    two = speed_answer([vendor_pair("GB300 (one Blackwell Ultra GPU)", a) for a in (0.5, 0.6)])
    assert "in both vendor pairs (1.7–2.0×)" in wording.opening(two)
    three = speed_answer([vendor_pair("GB300 (one Blackwell Ultra GPU)", a) for a in (0.5, 0.6, 0.7)])
    assert "in all 3 vendor pairs" in wording.opening(three)


def test_a_clause_that_would_pass_the_word_limit_is_left_out():
    assert wording._fit("a " * 30, ["one two three four five six"]) == capital("a " * 30)
    assert wording._fit("a b", ["c d"]) == "A b; c d."


def capital(text):
    return text[0].upper() + text[1:] + "."


def test_every_built_opening_is_short_and_free_of_identifiers(answers):
    for slug, a in answers.items():
        said = wording.opening(a)
        assert wording.words(said) <= wording.MAX_WORDS, (slug, said)
        assert not IDENTIFIER.search(said), (slug, said)


def test_the_speed_opening_counts_the_same_generation_vendor_pairs_it_is_built_from(answers):
    a = answers["speed"]
    vendor = next(k for k in a.kinds if k.kind == "vendor-training")
    same = [c for c in vendor.finding.comparisons if c.same_generation]
    said = wording.opening(a)
    assert a.direction == TO_GPU and said.startswith("Per chip, GPUs of the same generation trained faster")
    wins = [c for c in same if c.favours == "gpu"]
    if vendor in a.deciding:
        count = f"all {len(same)} vendor pairs" if len(wins) == len(same) else f"{len(wins)} of {len(same)} vendor pairs"
    else:  # pairs pointing both ways: the kind is named with its own count, apart from the deciding one
        count = f"the vendors' own figures split: the GPU faster in {len(wins)} of {len(same)} vendor pairs"
    assert count in said and "both MLPerf benchmarks" in said  # GPT-3 175B (preview with preview) and Stable Diffusion v2
    assert "Trillium (TPU v6e)" not in said or "Ironwood" in said


def test_no_sentence_of_a_card_says_not_measured_yet_of_a_source_that_does_not_measure(answers):
    for a in answers.values():
        for line in [wording.bears_on(a), *wording.unknown(a), *wording.would_change(a), wording.apart(a)]:
            assert "not measured yet" not in line, line
            assert not IDENTIFIER.search(line), line


def test_a_paper_is_named_by_its_subject_authors_and_venue_once_per_sentence(answers):
    said = wording.unknown(answers["speed"])
    paper = next(line for line in said if "Jouppi" in line)
    # TPU v4 reached Cloud customers in 2022, the A100 in 2020: the paper is shown and not counted, and says why
    assert paper.startswith("The TPU v4 paper by Google's engineers (Jouppi et al., ISCA 2023) compares TPU v4 of 2022 "
                            "with the two-year-older A100")
    energy = wording.opening(answers["energy"])
    assert energy.count("Jouppi et al.") == 1 and "chips of different generations" in energy
    assert wording.words(energy) <= wording.MAX_WORDS


def test_the_cost_opening_says_what_is_unpriced_and_why(answers):
    said = wording.opening(answers["cost"])
    assert said.startswith("On GCP list prices, ")
    # what is unpriced and why comes after what a buyer can act on (the break-even), where the words allow
    lead, clauses = wording._cost(answers["cost"])
    assert clauses[0].startswith("break-even $")
    assert "none of the 24 vendor pairs is priced: GCP lists no Ironwood" in clauses[-1]


def test_a_tie_is_headed_within_the_margin_not_mixed(answers):
    a = answers["cost"]
    assert wording.direction(a) == f"Within {TIE_BAND}" and f"cost the same within {TIE_BAND}" in wording.opening(a)


def test_submitters_are_counted_once_however_a_round_spells_them(answers):
    mlperf = next(k for k in answers["availability"].kinds if k.kind == "mlperf-training")
    names = mlperf.finding.facts.gpu
    assert "Krai" in names and "krai" not in names
    assert "Quanta Cloud Technology" in names and "QCT" not in names and "Quanta_Cloud_Technology" not in names
    said = fact_clause(mlperf.finding.facts, "availability")
    assert f"{len(names)} submitters entered GPUs" in said
    assert said.endswith("(v6.0 read from a public mirror of MLCommons' results)")  # v6.0 came from a mirror


def test_the_frameworks_opening_quotes_the_vendors_page_for_the_newest_tpu(answers):
    said = wording.opening(answers["frameworks"])
    # it leads the split answer, before what rounds of MLPerf pooled, and links the page it quotes
    assert said.startswith("GPUs run more frameworks: Google's page for Ironwood (TPU7x) says TensorFlow is not supported")
    html = lead(answers["frameworks"])
    assert html.endswith(' (<a href="https://docs.cloud.google.com/tpu/docs/tpu7x.md.txt">Google&#x27;s page</a>)</p>')


def test_the_summary_names_each_direction_once(answers):
    said = wording.summary(list(answers.values()))
    assert said.count("points to the GPU") <= 1 and "Designed For" not in said
    assert said.startswith("Of the article's 7 claims, the evidence here points to the GPU on ")


def test_a_kind_the_answer_does_not_know_is_named_as_a_noun():
    k = KindAnswer("someone-new", KindInfo("vendor-reported", "New Bench"), Finding(CONTRADICTED, []))
    assert wording.noun(k) == "vendor-reported (New Bench)"


def test_the_findings_carry_the_facts_the_sentences_are_made_from():
    found = findings_of(Store.of_runs([], {}), load_published(ROOT / "build_data"), REFERENCE)
    assert found[("designed", "vendor-specs")].facts.topic == "fp64"
    coverage = found[("flexibility", "mlperf-training")].facts
    assert coverage.topic == "coverage" and coverage.gpu.fields > coverage.tpu.fields


def test_a_kind_that_decides_without_ratios_is_never_said_to_be_of_one_generation():
    from accelbench.judge.answers import measured_kind
    from accelbench.judge.claims import MEASURED

    a = answer(CLAIMS["speed"], {MEASURED: Finding(CONTRADICTED, [])}, {MEASURED: measured_kind()})
    said = wording.opening(a)
    assert said == "Per chip, GPUs trained faster by our own runs." and "generation" not in said


def test_the_frameworks_answer_says_whom_the_choice_affects(answers):
    """Not a grade of the article's wording: what runs on the newest TPU and on the GPUs, and who must choose GPUs."""
    import re

    said = wording.opening(answers["frameworks"])
    assert "Ironwood (TPU7x) says TensorFlow is not supported" in said and "JAX and PyTorch are" in said
    assert re.search(r"all three are stated for (\d+) of \1 GPUs: only TensorFlow teams must choose GPUs", said), said


def test_the_cost_answer_opens_with_the_break_even_price_and_the_tier_that_flips_it(answers):
    import re

    from accelbench.core.prices import break_even

    said = wording.opening(answers["cost"])
    mlperf = next(k for k in answers["cost"].kinds if k.kind == "mlperf-training")
    (pair,) = mlperf.finding.facts.pairs
    (item,) = [c for c in mlperf.finding.costed if c.tpu_chip and c.gpu_chip][:1]
    gpu_price = REFERENCE.prices.cheapest(item.gpu_chip, pair.provider, pair.tier).usd_per_chip_hour
    assert pair.break_even == pytest.approx(break_even("runs", gpu_price, item.gpu_quantity, item.tpu_quantity))
    assert re.search(r"break-even \$\d+\.\d\d per chip-hour against its \$\d+\.\d\d list", said), said
    assert all(f.tier != pair.tier for f in pair.flips)
    if pair.flips:
        assert f"{pair.flips[0].tier} prices favour" in said


def test_every_metric_code_is_worded_once_and_listed_in_the_judgements_schema():
    """A comparison's metric is a code (judging.METRIC_CODES): the vocabulary words each, and
    judgement.json's schema lists exactly those."""
    import json

    from accelbench.judge.judgement import SCHEMA
    from accelbench.judge.judging import METRIC_CODES
    from accelbench.publish.wording.terms import COMPARED

    assert set(COMPARED) == set(METRIC_CODES) and len(set(METRIC_CODES)) == len(METRIC_CODES)
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema["$defs"]["comparison"]["properties"]["metric"]["enum"] == list(METRIC_CODES)
    assert not any(" " in code or "/" in code for code in METRIC_CODES)  # codes, never phrases


def test_a_paper_that_reports_power_is_quoted_as_power():
    """The verb follows the metric every deciding comparison shares, where it has one; else the claim's."""
    from accelbench.judge.judging import POWER, SPEED, SUPPORTED

    paper = KindInfo("peer-reviewed", "Peer-reviewed papers", noun="peer-reviewed papers", unit="paper")

    def energy(*metrics):
        comps = [Comparison(named("p"), 1.5, m, "TPU v4", "A100", FIGURES, citation="Jouppi et al., ISCA 2023",
                            same_generation=True) for m in metrics]
        return answer(CLAIMS["energy"], {"paper": Finding(SUPPORTED, [], comparisons=comps)}, {"paper": paper})

    assert "drew less power" in wording.opening(energy(POWER, POWER))
    assert "used less energy" in wording.opening(energy(POWER, SPEED))


def test_each_kind_counts_its_comparisons_by_its_declarations_unit_and_mlperf_and_papers_are_told_by_their_comparisons(
        answers):
    """A count names a kind's comparisons by the unit its declaration gives (a renamed unit renames
    every count); an MLPerf comparison is told by its round, a paper's by its citation, never by a kind's spelling."""
    from accelbench import registry  # noqa: F401  (the sources register their kinds)
    from accelbench.publish.wording.terms import of_mlperf, quoted
    from accelbench.store.published import SOURCES

    units = {k.kind: k.info.unit for a in answers.values() for k in a.kinds if k.finding.comparisons}
    assert units["vendor-training"] == SOURCES["vendor-training"].unit == "vendor pair"
    assert units["mlperf-training"] == "MLPerf benchmark"
    for a in answers.values():
        for k in a.kinds:
            for c in k.finding.comparisons:
                assert of_mlperf(c) == k.kind.startswith("mlperf") and quoted(c) == (k.kind == "paper"), (k.kind, c)


def test_a_kind_that_decides_nothing_is_said_by_what_it_rests_on():
    """Under "Not known yet": a kind judged from comparisons that split or tie says its comparisons point both ways or
    lie within the margin; a kind judged from what its source states (no comparison: a vendor's page on frameworks)
    says part of the claim is borne out, and never speaks of comparisons it does not have."""
    from accelbench.judge.judging import SPLIT

    stated = answer(CLAIMS["frameworks"], {"vendor-specs": Finding(SPLIT, [])}, {"vendor-specs": KindInfo("reference data",
                                                                                                           "vendor specs")})
    compared = answer(CLAIMS["speed"], {"vendor-training": Finding(SPLIT, [], comparisons=[
        vendor_pair("GB300", 1.3), vendor_pair("B200", 0.7, "Llama 3.1 8B")])}, {"vendor-training": VENDOR})
    assert [k.finding.verdict for k in compared.kinds] == [SPLIT]
    (said,) = wording.unknown(stated)
    assert said.endswith("part of the claim is borne out, part is not") and "comparisons" not in said
    assert wording.unknown(compared)[0].endswith(f"the comparisons point both ways, or lie within {TIE_BAND}")
