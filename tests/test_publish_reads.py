"""Publish never judges: the pages are built from the judgement, so no page selects a pair, applies the
margin or says which side a verdict favours by itself. A static search of publish/ and of every source's
fragments and tables finds none of the judge's own steps; each MLPerf summary row is the speed rule's own
pair, with the side the rule found."""

import re

import pytest

from accelbench.core.reference import Reference
from accelbench.prebuild import context
from accelbench.publish.fragments import Links, render
from accelbench.store.published import load_published
from accelbench.store.store import Store

from conftest import ROOT

SCRIPTS = ROOT / "scripts" / "accelbench"
PUBLISHING = sorted([*(SCRIPTS / "publish").rglob("*.py"), *(SCRIPTS / "sources").glob("*/fragments.py"),
                     *(SCRIPTS / "sources").glob("*/tables.py")])
# the judge's steps: the margin rule, the side a verdict or an advantage favours, the pair selections of the
# rules (MLPerf Training's like with like, its best TPU and the GPU nearest in size, MLPerf Inference's best per
# chip), break-even prices
JUDGING = re.compile(r"\b(beyond_margin|favoured|points_to|like_with_like|best_tpu|nearest_gpus?|break_even|break_evens)\(|"
                     r"\bbest\(rows")


@pytest.mark.parametrize("path", PUBLISHING, ids=lambda p: str(p.relative_to(SCRIPTS)))
def test_no_publishing_module_judges(path):
    found = [f"{path.name}:{n}: {line.strip()}" for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if JUDGING.search(line) and not line.lstrip().startswith("#")]
    assert not found, found


def test_the_search_finds_what_it_looks_for():
    assert JUDGING.search("sides = [favoured(a) for a in x]") and JUDGING.search("tpu = best(rows, 'tpu')")
    assert JUDGING.search("gpu = nearest_gpu(rows, 8)")
    assert not JUDGING.search("c.favours") and not JUDGING.search("# beyond_margin is the judge's")


@pytest.fixture(scope="module")
def ctx():
    return context(Store.of_runs([], {}), Reference(ROOT / "build_data" / "reference"), {}, Links("published"),
                   published=load_published(ROOT / "build_data"))


def _rows(html: str) -> list[str]:
    return re.findall(r"<tr>(.*?)</tr>", html.split("<tbody>")[1], re.S)


def test_each_mlperf_training_summary_row_is_the_speed_rules_own_pair(ctx):
    pairs = ctx.findings()[("speed", "mlperf-training")].facts.pairs
    comparisons = ctx.findings()[("speed", "mlperf-training")].comparisons
    rows = _rows(render(ctx, "published-summary", []).text)
    assert len(rows) == len(pairs) == len(comparisons) > 0
    for row, pair, c in zip(rows, pairs, comparisons, strict=True):
        urls = re.findall(r'href="([^"]+/results/[^"]+)"', row)
        assert urls == [pair.tpu.url, pair.gpu.url] and pair.tpu.url == c.url
        assert pair.tpu.availability == pair.gpu.availability  # like with like: never a preview against an available
        assert pair.side == c.side and f"{c.advantage:.2f}" in row


def test_each_mlperf_inference_summary_row_is_the_speed_rules_own_pair(ctx):
    finding = ctx.findings()[("speed", "mlperf-inference")]
    rows = _rows(render(ctx, "inference-summary", []).text)
    assert len(rows) == len(finding.facts.pairs) == len(finding.comparisons) > 0
    for row, pair, c in zip(rows, finding.facts.pairs, finding.comparisons, strict=True):
        assert pair.tpu.url == c.url and pair.tpu.url in row and pair.gpu.url in row
        assert pair.ratio == c.advantage and pair.verdict in row
