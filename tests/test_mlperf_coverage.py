"""The coverage view (chip family × benchmark × round, audited MLPerf Training results) and the two
claims it feeds, Flexibility and Designed For: built from the entries, never typed, each cell linked
to the round's entries, and a benchmark not entered never read as one the chips cannot run."""

import re

import pandas as pd
import pytest

from accelbench.core.reference import Reference
from accelbench.judge.fact_records import Breadth
from accelbench.judge.facts import AuditedBreadth
from accelbench.judge.judging import CONTRADICTED, NOT_MEASURED, SPLIT, SUPPORTED, TIE
from accelbench.registry import RULES
from accelbench.sources.mlperf_training.benchmarks import BENCHMARKS
from accelbench.sources.mlperf_training.coverage import coverage
from accelbench.sources.mlperf_training.format import KIND, MLPerfTraining
from accelbench.store.published import load_published

from conftest import ROOT
from helpers import lines_of

REFERENCE = Reference(ROOT / "build_data" / "reference")


def committed() -> MLPerfTraining:
    return load_published(ROOT / "build_data")[KIND]


def test_every_cell_holds_exactly_the_entries_of_its_family_model_and_round():
    data = committed()
    cover = coverage(data)
    entered = data.entered  # scored or entered without their logs (v6.0, read from a mirror)
    run_anew = entered[entered["relisted_from"].isna()]
    assert sum(len(rows) for cell in cover.entries.values() for rows in cell.values()) == len(run_anew)
    for (family, model), cell in cover.entries.items():
        for round_name, rows in cell.items():
            assert set(rows["family"]) == {family} and set(rows["round"]) == {round_name}
            assert {BENCHMARKS[b].name for b in rows["benchmark"]} == {model}
    # RetinaNet is one model under two folder names (ssd to v4.1, retinanet from v5.0)
    hopper = cover.entries[("NVIDIA Hopper", "RetinaNet")]
    assert set(hopper["v4.1"]["benchmark"]) == {"ssd"} and set(hopper["v5.0"]["benchmark"]) == {"retinanet"}
    assert cover.families()[:3] == ["Google TPU v5e", "Google TPU v5p", "Google TPU v6e (Trillium)"]
    assert {"AMD CDNA 3", "AMD CDNA 4"} <= set(cover.families("gpu"))
    assert "Intel Gaudi2" in cover.others and cover.others["Intel Gaudi2"] == ("other", ["v3.1"])


def frame(entries):
    """Entries as the loaded rounds hold them: (family, platform, benchmark, round)."""
    rows = [{"family": f, "platform": p, "benchmark": b, "round": r, "relisted_from": None, "accelerator": f, "chips": 8,
             "submitter": "S", "system": f"{f}-{b}"} for f, p, b, r in entries]
    rounds = sorted({r for *_, r in entries})
    return MLPerfTraining([{"round": r, "left_out": []} for r in rounds], pd.DataFrame(rows))


@pytest.mark.parametrize("entries, verdict", [
    ([("T", "tpu", "gpt3", "v4.0"), ("G", "gpu", "gpt3", "v4.0"), ("G", "gpu", "resnet", "v4.0")], SUPPORTED),
    ([("T", "tpu", "gpt3", "v4.0"), ("T", "tpu", "resnet", "v4.0"), ("G", "gpu", "gpt3", "v4.0")], CONTRADICTED),
    ([("T", "tpu", "gpt3", "v4.0"), ("G", "gpu", "bert", "v4.0")], TIE),  # the same field, language
    ([("T", "tpu", "gpt3", "v4.0"), ("G", "gpu", "resnet", "v4.0")], SPLIT),  # neither covers the other's
    ([("G", "gpu", "gpt3", "v4.0")], NOT_MEASURED),
])
def test_flexibility_judges_the_fields_each_platform_trained_under_audit(entries, verdict):
    finding = RULES[("flexibility", KIND)].judge(frame(entries), REFERENCE)
    assert finding.verdict == verdict
    assert "A benchmark a vendor did not enter is not a benchmark its chips cannot run." in lines_of(finding)
    # what vendors entered says nothing of what a chip is built for: no MLPerf rule on Designed For
    assert ("designed", KIND) not in RULES


def test_the_committed_rounds_answer_flexibility_with_every_family_named():
    finding = RULES[("flexibility", KIND)].judge(committed(), REFERENCE)
    assert finding.verdict == SUPPORTED
    lines = lines_of(finding)
    text = lines[0]
    assert "3 TPU families" in text and "AMD CDNA 4" in text and "v3.1 to v6.0" in text
    assert "DeepSeek-V3 671B" in text and "GPT-OSS 20B" in text  # v6.0's new benchmarks, entered by GPUs only
    assert "No TPU entry in rounds v5.1 and v6.0." in lines
    assert any(e.startswith("Round v6.0 read from a public mirror of MLCommons' results: "
                            "Richardyu114/training_results_v6.0") for e in lines)
    assert finding.facts == AuditedBreadth(Breadth(benchmarks=2, fields=2), Breadth(benchmarks=16, fields=6), ("v6.0",))


def test_each_cell_links_to_the_heading_of_its_rounds_entries(tmp_path):
    from accelbench.prebuild import context
    from accelbench.publish.fragments import Links, render
    from accelbench.store.store import load_store
    from accelbench.workloads.discovery import workload_settings

    from conftest import SNIPPETS, new_data_dir

    data_dir = new_data_dir(tmp_path)
    ctx = context(load_store(data_dir, SNIPPETS), REFERENCE, workload_settings(SNIPPETS), Links("published"),
                  published=load_published(ROOT / "build_data"))
    html = render(ctx, "mlperf-coverage", []).text
    links = set(re.findall(r'href="([a-z0-9_]+)\.(?:md|html)#(published-[a-z0-9_-]+)"', html))
    assert ("gpt3", "published-gpt3-v4-1") in links and ("retinanet", "published-ssd-v4-1") in links
    for page, anchor in links:
        benchmark = anchor.removeprefix("published-").rsplit("-v", 1)[0]
        assert f"published/{page}.md" == BENCHMARKS[benchmark].page_path  # the page that holds its tables
        assert f"{{ #{anchor} data-search-exclude }}" in render(ctx, "published", [benchmark]).text, anchor
    assert "Left out, being neither GPUs nor TPUs: Intel Gaudi2 (neither GPU nor TPU, v3.1)" in html
    assert "N/A (a CPU-only system, v3.1)" in html


def test_an_entry_without_a_spec_row_shows_no_chip_line_once_rounds_are_joined(tmp_path):
    """Joined rounds turn a missing chip into NaN: the table shows nothing for it, never 'nan'."""
    from accelbench.prebuild import context
    from accelbench.publish.fragments import Links, render
    from accelbench.store.store import load_store
    from accelbench.workloads.discovery import workload_settings

    from conftest import SNIPPETS, new_data_dir

    ctx = context(load_store(new_data_dir(tmp_path), SNIPPETS), REFERENCE, workload_settings(SNIPPETS),
                  Links("published"), published=load_published(ROOT / "build_data"))
    html = render(ctx, "published", ["llama2_70b_lora"]).text
    assert "Blackwell Ultra GPU (B300-SXM-270GB)" in html  # an accelerator with no row in accelerators.csv
    assert "<small>nan</small>" not in html and "<small>MI355X</small>" in html
