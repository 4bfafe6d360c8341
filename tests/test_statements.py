"""Every claim of the article, not only its table's rows, is answered where it is read: each
statement (judge/claims.py STATEMENTS) has its include right after the article's words on its
page, its own rules judge it from the data (Epoch AI's database, MLPerf's entries), a prediction is
never decided, a statement that repeats a table claim links that claim's answer instead of saying
it again, and the comparison page lists every claim with its verdict."""

import json
import re
from pathlib import Path

import jsonschema
import pandas as pd
import pytest
from test_epoch_models import imported

from accelbench.core.reference import Reference
from accelbench.judge import judgement
from accelbench.judge.claims import CHOOSING, CLAIMS, STATEMENTS
from accelbench.judge.judging import CONTRADICTED, LINKED, NOT_MEASURED, SPLIT, SUPPORTED, TIE, UNDECIDABLE
from accelbench.prebuild import context
from accelbench.publish import wording
from accelbench.publish.fragments import Links, render
from accelbench.registry import RULES
from accelbench.sources import load_published
from accelbench.sources.epoch_models.format import load
from accelbench.sources.mlperf_training.format import MLPerfTraining
from accelbench.store.published import Published
from accelbench.store.store import Store

from conftest import ROOT

REFERENCE = Reference(ROOT / "build_data" / "reference")
INCLUDE = re.compile(r'^--8<-- "generated/article/statement\.([a-z0-9-]+)\.md"$', re.M)


def epoch(rows=None):
    data = imported()
    return load([(Path("x.json"), data if rows is None else {**data, "rows": rows(data["rows"])})])


def judged(slug, kind, data):
    return RULES[(slug, kind)].judge(data, REFERENCE)


def test_each_statement_is_included_once_on_its_page_right_after_the_articles_words():
    seen = {}
    for page in sorted((ROOT / "docs" / "article").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for match in INCLUDE.finditer(text):
            slug = match.group(1)
            assert slug not in seen, f"{slug} included twice"
            seen[slug] = page.relative_to(ROOT / "docs").as_posix()
            before = text[: match.start()].rstrip().splitlines()[-1]
            words = STATEMENTS[slug].words
            assert words.split("—")[0].strip(" .") in before.replace("**", ""), (slug, before)
    assert seen == {slug: s.page for slug, s in STATEMENTS.items()}


def test_every_kind_a_statement_lists_has_a_rule_and_every_linked_claim_exists():
    for s in STATEMENTS.values():
        assert all((s.slug, k) in RULES for k in s.judged_by), s.slug
        assert all(other in CLAIMS or other in STATEMENTS for other in s.answered_by), s.slug
        assert s.judged_by or s.answered_by or s.prediction, s.slug  # no claim is left unanswered


def test_openai_early_gpt_is_partly_true_when_one_of_the_three_was_trained_on_tpus():
    found = judged("openai-gpus", "epoch-notable-models", epoch())
    assert found.verdict == SPLIT and (found.facts.matching, found.facts.stated) == (2, 3)
    only_gpus = epoch(lambda rows: [r for r in rows if r["model"] != "GPT-2 (1.5B)"])
    assert judged("openai-gpus", "epoch-notable-models", only_gpus).verdict == SUPPORTED
    none = epoch(lambda rows: [r for r in rows if not r["model"].startswith("GPT")])
    assert judged("openai-gpus", "epoch-notable-models", none).verdict == NOT_MEASURED


def test_deepmind_game_players_on_tpus_and_the_labs_share_of_gpus():
    deepmind = judged("deepmind-tpus", "epoch-notable-models", epoch())
    assert deepmind.verdict == SUPPORTED and deepmind.facts.counts.tpu == 2 and deepmind.facts.counts.not_stated == 1
    on_gpus = epoch(lambda rows: [{**r, "platform": "gpu"} if r["model"] == "AlphaZero" else r for r in rows])
    assert judged("deepmind-tpus", "epoch-notable-models", on_gpus).verdict == TIE  # one each: as many
    labs = judged("labs-gpus", "epoch-notable-models", epoch())
    assert labs.verdict in (SUPPORTED, SPLIT, CONTRADICTED) and labs.facts.labs.gpu >= 1


def test_a_prediction_is_never_decided_and_shows_the_trend_so_far():
    trend = judged("custom-chips", "epoch-notable-models", epoch())
    years = [y.year for y in trend.facts.years]
    assert trend.verdict == UNDECIDABLE and years == sorted(years)
    sentence = wording.statement_sentence(trend)
    assert "the years to come decide it" in sentence
    # a trend only from years with enough models of recorded hardware, each share with its count
    assert bool(re.search(r"\d+%", sentence)) == (sum(
        y.stated >= trend.facts.min_known for y in trend.facts.years) >= 2)


def _mlperf(rows: list[dict]) -> MLPerfTraining:
    base = {"submitter": "S", "system": "x", "availability": "available", "round": "v5.0", "score_minutes": 10.0,
            "repository": "mlcommons/training_results_v5.0", "commit": "0" * 40, "files": [], "accelerator": "a"}
    return MLPerfTraining(pd.DataFrame(), pd.DataFrame([{**base, **r} for r in rows]))


def test_pods_scale_by_the_largest_tpu_system_that_trained_a_large_model():
    rows = [{"benchmark": "gpt3", "platform": "tpu", "chip": "TPU v5p", "chips": 6144},
            {"benchmark": "gpt3", "platform": "gpu", "chip": "H100 SXM", "chips": 11616},
            {"benchmark": "bert", "platform": "tpu", "chip": "TPU v5p", "chips": 8}]
    found = judged("tpu-scalable", "mlperf-training", _mlperf(rows))
    assert found.verdict == SUPPORTED
    tpu = found.facts.of("tpu")
    assert (tpu.chips, tpu.benchmark) == (6144, "gpt3")
    assert "6,144 chips" in wording.statement_sentence(found) and "11,616" in wording.statement_sentence(found)
    small = [{**rows[0], "chips": 256}, rows[1]]
    assert judged("tpu-scalable", "mlperf-training", _mlperf(small)).verdict == SPLIT
    assert judged("tpu-scalable", "mlperf-training", _mlperf(rows[1:])).verdict == CONTRADICTED


def test_gpu_brands_counts_entries_by_the_chips_vendor():
    rows = [{"benchmark": "bert", "platform": "gpu", "chip": "H100 SXM", "chips": 8},
            {"benchmark": "bert", "platform": "gpu", "chip": "MI300X", "chips": 8}]
    found = judged("gpu-brands", "mlperf-training", _mlperf(rows))
    assert found.verdict == SUPPORTED and found.facts.entries == {"AMD": 1, "NVIDIA": 1}
    assert judged("gpu-brands", "mlperf-training", _mlperf(rows[:1])).verdict == SPLIT


@pytest.fixture(scope="module")
def committed():
    return context(Store.of_runs([], {}), REFERENCE, {}, Links("article"), published=load_published(ROOT / "build_data"))


def test_the_judgement_holds_every_statement_and_its_data_follow_the_schema(committed):
    assert [s.statement.slug for s in committed.judgement.statements] == list(STATEMENTS)
    data = judgement.as_data(committed.judgement)
    jsonschema.validate(data, json.loads(judgement.SCHEMA.read_text()))
    verdicts = {s["statement"]: s["verdict"] for s in data["statements"]}
    assert verdicts["custom-chips"] == verdicts["hybrid"] == verdicts["open-tpu-access"] == "prediction"
    assert verdicts["tpu-ultra-fast"] == "linked" and verdicts["openai-gpus"] in ("supported", "split", "contradicted")


def test_a_statement_that_repeats_a_table_claim_links_its_answer_and_says_it_once(committed):
    box = render(committed, "statement", ["tpu-ultra-fast"]).text
    assert 'href="comparison.html#claim-speed"' in box
    assert wording.direction(committed.judgement.answer("speed")) in box
    assert wording.opening(committed.judgement.answer("speed")) not in box  # the answer's sentence stays on its card
    assert committed.judgement.statement("tpu-ultra-fast").verdict == LINKED


def test_the_comparison_page_lists_every_claim_of_the_article_with_a_link_to_its_answer(committed):
    table = render(committed, "statements", []).text
    assert table.count("<tr>") - 1 == len(CLAIMS) + len(STATEMENTS)
    for slug in STATEMENTS:
        assert f'#statement-{slug}"' in table, slug
    for slug in CLAIMS:
        assert f'comparison.html#claim-{slug}"' in table


def test_each_statements_sentence_is_short_and_escaped(committed):
    for s in committed.judgement.statements:
        for _, finding in s.kinds:
            assert wording.words(wording.statement_sentence(finding)) <= 45, s.statement.slug
    evil = epoch(lambda rows: [{**r, "model": "<script>x</script>"} if r["platform"] == "mixed" else r for r in rows])
    published = Published({"epoch-notable-models": evil})
    ctx = context(Store.of_runs([], {}), REFERENCE, {}, Links("article"), published=published)
    box = render(ctx, "statement", ["hybrid"]).text
    assert "<script>x" not in box and "&lt;script&gt;" in box


def test_the_guide_is_one_row_per_situation_each_linking_its_answer_and_repeats_no_answer(committed):
    situations = [slug for slug, s in STATEMENTS.items() if s.page == CHOOSING]
    table = render(committed, "situations", []).text
    assert table.count("<tr>") - 1 == len(situations) == 8
    for slug in situations:
        assert f'choosing.html#statement-{slug}"' in table, slug
    guide = (ROOT / "docs" / "guide.md").read_text()
    assert '"generated/answer.' not in guide and '"generated/situations.md"' in guide  # the answers live on their pages


def test_a_trend_by_year_is_drawn_in_its_box_with_a_phone_layout_and_alt_text_from_its_facts(committed):
    box = render(committed, "statement", ["custom-chips"]).text
    years = committed.judgement.statement("custom-chips").kinds[0][1].facts.years
    assert box.count('<figure class="ab-chart">') == 1 and "ab-chart__static--phone" in box
    assert f"{years[0].year} to {years[-1].year}" in box and wording.TREND_CAPTION.replace("'", "&#x27;") in box
    assert wording.words(wording.TREND_CAPTION) <= wording.CAPTION_WORDS
    assert '<figure class="ab-chart">' not in render(committed, "statement", ["hybrid"]).text  # a count, no trend
