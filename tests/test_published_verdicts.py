"""The second verdict column, from results published by others (MLPerf Training): every rule with its
outcomes, on synthetic entries shaped like the imported ones."""

import re

import pandas as pd
import pytest

from accelbench.core.prices import dollars
from accelbench.core.reference import Reference
from accelbench.judge.claims import CLAIMS
from accelbench.judge.judging import CONTRADICTED, NOT_MEASURED, SPLIT, SUPPORTED, TIE, rules_of
from accelbench.registry import RULES
from accelbench.sources.mlperf_training.format import KIND, MLPerfTraining
from accelbench.sources.mlperf_training.rules import nearest_gpu

from conftest import ROOT
from helpers import lines_of, reference_with_prices

REFERENCE = Reference(ROOT / "build_data" / "reference")


def entry(platform, chips, minutes, submitter=None, chip="", framework=None, status="Available cloud", round_name="v4.1",
          benchmark="gpt3", system=None):
    tpu = platform == "tpu"
    return {"benchmark": benchmark, "round": round_name, "platform": platform, "chips": chips, "score_minutes": minutes,
            "chip_hours": minutes / 60 * chips, "submitter": submitter or ("Google" if tpu else "NVIDIA"),
            "system": system or f"{platform}-{chips}", "chip": chip if chip != "" else ("TPU v5p" if tpu else "H100 SXM"),
            "accelerator": "TPU-v5p" if tpu else "NVIDIA H100-SXM5-80GB", "status": status,
            "availability": "preview" if "preview" in status.lower() else "available",
            "framework": framework or ("maxtext" if tpu else "NeMo"),
            "software": {"JAX": "0.4.26"} if tpu else {"PyTorch": "2.3"},
            "repository": f"mlcommons/training_results_{round_name}", "commit": "0" * 40, "runs": []}


def verdicts(*entries, reference=REFERENCE):
    """Every MLPerf rule applied to the entries, by the feature it judges."""
    data = MLPerfTraining([], pd.DataFrame(list(entries)))
    return {r.claim.feature: r.judge(data, reference) for r in rules_of(RULES, KIND) if r.claim.slug in CLAIMS}


@pytest.mark.parametrize("tpu_minutes, expected", [
    (40.0, SUPPORTED),  # 512 TPU chips in 40 min against 512 GPUs in 50: fewer chip-hours
    (60.0, CONTRADICTED),
    (51.0, TIE),  # within 5%
])
def test_speed_compares_chip_hours_at_the_nearest_chip_count(tpu_minutes, expected):
    v = verdicts(entry("tpu", 512, tpu_minutes), entry("gpu", 512, 50.0), entry("gpu", 11616, 3.4))
    assert v["Speed (for AI)"].verdict == expected
    assert "GPU/TPU" in lines_of(v["Speed (for AI)"])[0] and v["Speed (for AI)"].links


def test_the_nearest_gpu_is_nearest_on_a_log_scale():
    rows = pd.DataFrame([entry("gpu", 512, 50.0), entry("gpu", 4096, 8.0), entry("tpu", 1024, 60.0)])
    assert nearest_gpu(rows, 1024)["chips"] == 512  # twice away, against four times away


def test_only_the_newest_round_with_both_kinds_counts():
    older = entry("tpu", 512, 200.0, round_name="v4.0")  # far slower, but an older round
    v = verdicts(older, entry("gpu", 512, 50.0, round_name="v4.0"), entry("tpu", 512, 40.0), entry("gpu", 512, 50.0))
    assert v["Speed (for AI)"].verdict == SUPPORTED and "(v4.1)" in lines_of(v["Speed (for AI)"])[0]


@pytest.mark.parametrize("tpu_minutes, expected", [
    (30.0, SUPPORTED),  # $1,024.00 against $1,642.67 per run
    (50.0, TIE),  # $1,706.67 against $1,642.67: within 5%
    (70.0, CONTRADICTED),
])
def test_cost_is_dollars_per_training_run(tmp_path, tpu_minutes, expected):
    # both at GCP (where the claim is made); the GPU's cheaper offer elsewhere is context only
    reference = Reference(reference_with_prices(tmp_path, [("TPU v5p", "GCP", 4.00, "us-central1"),
                                                           ("H100 SXM", "GCP", 3.85, "us-central1"),
                                                           ("H100 SXM", "Nebius", 1.00)]))
    cost = verdicts(entry("tpu", 512, tpu_minutes), entry("gpu", 512, 50.0), reference=reference)["Cost"]
    assert cost.verdict == expected
    line = lines_of(cost)[0]
    # every amount to the cent (core.prices.dollars): the TPU's run, the GPU's, and the GPU's elsewhere
    assert f"{dollars(4.00 * tpu_minutes / 60 * 512)} per run at $4.00 per chip-hour (GCP us-central1, on-demand)" \
        in line
    assert f"{dollars(3.85 * 50.0 / 60 * 512)} at $3.85 per chip-hour (GCP us-central1, on-demand)" in line
    assert f"context, not in the verdict: the GPU's cheapest offer elsewhere, $1.00 per chip-hour (Nebius " \
           f"test-region, on-demand), is {dollars(1.00 * 50.0 / 60 * 512)} per run" in line
    assert "$1,642.67 at $3.85 per chip-hour" in line  # the rule's figure, not the function's alone


def test_cost_is_not_measured_without_a_price():
    v = verdicts(entry("tpu", 512, 40.0, chip="TPU v6e (Trillium)"), entry("gpu", 512, 50.0, chip=None))
    assert v["Cost"].verdict == NOT_MEASURED and "GPU side unpriced" in lines_of(v["Cost"])[0]


def test_no_energy_rule_reads_mlperf_and_general_compute_is_not_covered():
    """The imported rounds hold no power reading (the importer reads times to train only), so no MLPerf
    rule speaks of energy: a rule says only what the data it reads can change."""
    v = verdicts(entry("tpu", 512, 40.0), entry("gpu", 512, 50.0))
    assert "Energy Efficiency" not in v and ("energy", KIND) not in RULES
    assert KIND not in CLAIMS["energy"].judged_by
    for round_file in sorted((ROOT / "build_data" / "published").glob("mlperf-training-*.json")):
        fields = set(re.findall(r'"([a-z_]+)":', round_file.read_text(encoding="utf-8")))
        assert not {f for f in fields if re.search("power|energy|watt|joule", f)}, round_file.name
    # MLPerf Training has no general-purpose benchmark: its Flexibility speaks of the benchmarks each
    # kind trained (one TPU and one GPU entry on the same benchmark is no breadth), and what vendors
    # entered says nothing of what a chip is built for: no Designed For verdict from it
    assert v["Flexibility"].verdict == TIE and "Designed For" not in v


@pytest.mark.parametrize("tpu_framework, gpu_framework, expected", [
    ("maxtext", "NeMo", SUPPORTED),
    ("pytorch-xla", "NeMo", CONTRADICTED),
    ("maxtext", "maxtext", SPLIT),  # GPUs on JAX only: the claim's contrast does not show
])
def test_frameworks_from_the_software_stacks(tpu_framework, gpu_framework, expected):
    tpu = {**entry("tpu", 512, 40.0, framework=tpu_framework), "software": {}}
    gpu = {**entry("gpu", 512, 50.0, framework=gpu_framework), "software": {}}
    assert verdicts(tpu, gpu)["Supported Frameworks"].verdict == expected


@pytest.mark.parametrize("tpu_submitter, tpu_status, gpu_submitters, expected", [
    ("Google", "Available cloud", ("NVIDIA", "Dell", "Oracle"), SUPPORTED),
    ("Google", "Available on-premise", ("NVIDIA", "Dell", "Oracle"), CONTRADICTED),
    ("Acme", "Available cloud", ("NVIDIA", "Dell", "Oracle"), CONTRADICTED),
    ("Google", "Available cloud", ("NVIDIA",), SPLIT),  # GPUs from one submitter only
    ("Google", "Preview", ("NVIDIA", "Dell", "Oracle"), NOT_MEASURED),  # nothing offered yet
])
def test_availability_from_the_submissions_status(tpu_submitter, tpu_status, gpu_submitters, expected):
    gpus = [entry("gpu", 8 * (i + 1), 50.0, submitter=s) for i, s in enumerate(gpu_submitters)]
    v = verdicts(entry("tpu", 512, 40.0, submitter=tpu_submitter, status=tpu_status), *gpus)
    assert v["Availability"].verdict == expected


def test_nothing_published_is_not_measured():
    v = verdicts()
    assert {f: x.verdict for f, x in v.items()} == {
        "Speed (for AI)": NOT_MEASURED, "Cost": NOT_MEASURED, "Supported Frameworks": NOT_MEASURED,
        "Availability": NOT_MEASURED, "Flexibility": NOT_MEASURED}


def test_the_summary_shows_the_tpu_entry_the_speed_rule_judged():
    """Two TPU entries tie on chip-hours: the home page's summary and the rule pick the same one
    (fewer chips first), so the page never answers with another entry than the verdict's."""
    from accelbench.prebuild import context
    from accelbench.publish.fragments import Links, render
    from accelbench.store.published import Published
    from accelbench.store.store import Store

    big, small = entry("tpu", 1024, 25.0, system="a-tpu-1024"), entry("tpu", 512, 50.0, system="z-tpu-512")
    published = Published({KIND: MLPerfTraining([], pd.DataFrame([big, small, entry("gpu", 512, 50.0)]))})
    assert "TPU v5p × 512 " in lines_of(verdicts(big, small, entry("gpu", 512, 50.0))["Speed (for AI)"])[0]
    ctx = context(Store.of_runs([], {}), REFERENCE, {}, Links(""), published=published)
    summary = render(ctx, "published-summary", []).text
    assert "z-tpu-512" in summary and "a-tpu-1024" not in summary


def test_speed_compares_preview_with_preview_and_available_with_available_never_across():
    preview_tpu = entry("tpu", 512, 40.0, status="Preview")
    assert verdicts(preview_tpu, entry("gpu", 512, 50.0))["Speed (for AI)"].verdict == NOT_MEASURED  # no pair
    both = verdicts(preview_tpu, entry("gpu", 512, 30.0, status="Preview"), entry("tpu", 512, 40.0), entry("gpu", 512, 50.0))
    speed = both["Speed (for AI)"]
    assert sorted(c.preview for c in speed.comparisons) == [False, True] and speed.verdict == SPLIT
