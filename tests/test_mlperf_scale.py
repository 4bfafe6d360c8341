"""MLPerf at scale (sources/mlperf_training/scale.py, reference/scale_domains.csv): the largest system
each chip entered per benchmark and round, the scaling curves of one submitter's sizes with their
efficiency, and the size of each chip's pod or NVLink domain as its vendor states it; queries on
small synthetic rounds with exact values, the reference file read and refused, the fragments
rendered and escaped."""

import csv
import shutil
from pathlib import Path

import pytest

from accelbench.core.reference import Reference
from accelbench.core.scale_domains import ScaleDomainError, quotes, read_scale_domains
from accelbench.publish.fragments import Context, Links, render
from accelbench.registry import FRAGMENT_TYPES
from accelbench.sources.mlperf_training.format import KIND, load
from accelbench.sources.mlperf_training.scale import (
    Largest,
    ScalingPoint,
    domains_spanned,
    largest_by_chip,
    largest_systems,
    scaling_curves,
)
from accelbench.store.published import Published, load_published

from conftest import ROOT

REFERENCE_DIR = ROOT / "build_data" / "reference"
REFERENCE = Reference(REFERENCE_DIR)
COMMIT = "0" * 40


def entry(chips, minutes=None, *, chip="TPU v5p", accelerator="TPU-v5p", platform="tpu", benchmark="gpt3",
          submitter="Google", system=None, availability="available"):
    """One entry of a round file: scored where MINUTES is given (one run of that time), else listed
    without its run logs (as round v6.0, read from a mirror)."""
    found = {"benchmark": benchmark, "submitter": submitter, "system": system or f"{submitter}-{chips}",
             "division": "closed", "status": availability, "availability": availability, "accelerator": accelerator,
             "chip": chip, "platform": platform, "family": chip or accelerator, "nodes": 1,
             "accelerators_per_node": chips, "chips": chips, "framework": "JAX"}
    if minutes is None:
        return {**found, "required_runs": 3, "files": [], "runs_listed": 3}
    return {**found, "runs": [{"file": "result_0.txt", "minutes": minutes, "status": "success"}], "required_runs": 3,
            "olympic_minutes": minutes, "scaling_factor": 1.0, "score_minutes": minutes,
            "chip_hours": chips * minutes / 60, "files": ["result_0.txt"]}


def rounds(**entries_by_round):
    """MLPerf Training data of synthetic rounds (round name with '_' for '.': v4_0=[...]), loaded as
    the committed files are (re-listed entries found, unscored entries kept apart)."""
    files = []
    for name, entries in entries_by_round.items():
        name = name.replace("_", ".")
        files.append((Path(f"mlperf-training-{name}.json"), {
            "round": name, "source": {"repository": f"mlcommons/training_results_{name}", "commit": COMMIT},
            "results": [e for e in entries if "runs" in e], "entered": [e for e in entries if "runs" not in e],
            "left_out": []}))
    return load(files)


def test_the_largest_system_per_chip_benchmark_and_round_with_its_time_and_entries():
    data = rounds(v4_0=[entry(512, 114.0), entry(6144, 12.5), entry(1536, 40.0),
                        entry(11616, 3.4, chip="H100 SXM", accelerator="NVIDIA H100-SXM5-80GB", platform="gpu",
                              submitter="NVIDIA", system="eos"),
                        entry(64, 9.6, benchmark="stable_diffusion")])
    assert largest_systems(data) == [
        Largest(chip="H100 SXM", accelerator="NVIDIA H100-SXM5-80GB", platform="gpu", benchmark="gpt3", round="v4.0",
                availability="available", chips=11616, submitter="NVIDIA", system="eos", minutes=3.4, entries=1,
                repository="mlcommons/training_results_v4.0", commit=COMMIT),
        Largest(chip="TPU v5p", accelerator="TPU-v5p", platform="tpu", benchmark="gpt3", round="v4.0",
                availability="available", chips=6144, submitter="Google", system="Google-6144", minutes=12.5, entries=3,
                repository="mlcommons/training_results_v4.0", commit=COMMIT),
        Largest(chip="TPU v5p", accelerator="TPU-v5p", platform="tpu", benchmark="stable_diffusion", round="v4.0",
                availability="available", chips=64, submitter="Google", system="Google-64", minutes=9.6, entries=1,
                repository="mlcommons/training_results_v4.0", commit=COMMIT),
    ]


def test_preview_and_available_are_kept_apart_each_labelled():
    data = rounds(v4_1=[entry(3072, 20.8, chip="TPU v6e (Trillium)", accelerator="TPU-trillium", availability="preview"),
                        entry(256, 4.4, chip="TPU v6e (Trillium)", accelerator="TPU-trillium")])
    assert [(r.availability, r.chips, r.minutes) for r in largest_systems(data)] == [("preview", 3072, 20.8),
                                                                                      ("available", 256, 4.4)]
    assert [(r.availability, r.chips) for r in largest_by_chip(largest_systems(data))] == [("preview", 3072),
                                                                                           ("available", 256)]


def test_an_unscored_entry_counts_by_its_size_and_a_tie_prefers_the_scored_then_faster_entry():
    data = rounds(v6_0=[entry(8192, chip="GB200 (one Blackwell GPU)", accelerator="NVIDIA Blackwell GPU (GB200)",
                              platform="gpu", submitter="NVIDIA", benchmark="deepseekv3_671b"),
                        entry(256, 30.0, chip="GB200 (one Blackwell GPU)", accelerator="NVIDIA Blackwell GPU (GB200)",
                              platform="gpu", submitter="NVIDIA", benchmark="deepseekv3_671b")],
                  v5_1=[entry(512, submitter="A"), entry(512, 9.0, submitter="B"), entry(512, 8.0, submitter="C")])
    got = {(r.round, r.chip): r for r in largest_systems(data)}
    assert (got["v6.0", "GB200 (one Blackwell GPU)"].chips, got["v6.0", "GB200 (one Blackwell GPU)"].minutes) == (8192, None)
    assert got["v6.0", "GB200 (one Blackwell GPU)"].entries == 2
    assert (got["v5.1", "TPU v5p"].submitter, got["v5.1", "TPU v5p"].minutes) == ("C", 8.0)  # scored, then faster


def test_a_chip_without_a_reference_row_is_named_by_its_accelerator_and_relisted_entries_count_once():
    data = rounds(v4_0=[entry(8, 5.0, chip=None, accelerator="NVIDIA L40S", platform="gpu", benchmark="bert")],
                  v4_1=[entry(16, 5.0, chip=None, accelerator="NVIDIA L40S", platform="gpu", benchmark="bert"),  # re-listed
                        entry(4, 7.0, chip=None, accelerator="NVIDIA L40S", platform="gpu", benchmark="bert")])
    assert [(r.chip, r.round, r.chips) for r in largest_systems(data)] == [("NVIDIA L40S", "v4.1", 4),
                                                                           ("NVIDIA L40S", "v4.0", 8)]


def test_the_largest_per_chip_overall_takes_the_most_chips_then_the_newer_round():
    data = rounds(v4_0=[entry(6144, 12.5), entry(4096, 16.3, benchmark="stable_diffusion")],
                  v4_1=[entry(6144, 11.8), entry(1024, 2.4, benchmark="stable_diffusion")])
    assert [(r.round, r.benchmark, r.chips) for r in largest_by_chip(largest_systems(data))] == [("v4.1", "gpt3", 6144)]


def test_scaling_efficiency_is_the_smallest_sizes_chip_time_over_each_sizes():
    (curve,) = scaling_curves(rounds(v4_0=[entry(64, 16.0), entry(8, 100.0), entry(512, 4.0)]))
    assert (curve.chip, curve.submitter, curve.benchmark, curve.round, curve.availability) == \
        ("TPU v5p", "Google", "gpt3", "v4.0", "available")
    assert curve.points == (ScalingPoint(8, 100.0, "Google-8", speedup=1.0, efficiency=1.0),
                            ScalingPoint(64, 16.0, "Google-64", speedup=6.25, efficiency=800 / 1024),
                            ScalingPoint(512, 4.0, "Google-512", speedup=25.0, efficiency=800 / 2048))
    assert curve.largest.efficiency == 0.390625
    assert [row["efficiency"] for row in curve.rows()] == [1.0, 0.78125, 0.390625]


def test_a_size_entered_twice_is_the_faster_entry():
    (curve,) = scaling_curves(rounds(v4_0=[entry(8, 100.0), entry(16, 60.0, system="slow"), entry(16, 50.0, system="fast")]))
    assert [(p.chips, p.system, p.entries, p.efficiency) for p in curve.points] == [(8, "Google-8", 1, 1.0),
                                                                                    (16, "fast", 2, 1.0)]


def test_entries_of_different_submitters_are_never_joined_into_one_curve():
    assert scaling_curves(rounds(v4_0=[entry(8, 100.0, submitter="A"), entry(64, 16.0, submitter="B")])) == []
    curves = scaling_curves(rounds(v4_0=[entry(8, 100.0, submitter="A"), entry(64, 16.0, submitter="A"),
                                         entry(8, 90.0, submitter="B"), entry(32, 30.0, submitter="B")]))
    assert [(c.submitter, [p.chips for p in c.points], c.largest.efficiency) for c in curves] == \
        [("A", [8, 64], 0.78125), ("B", [8, 32], 0.75)]


def test_preview_with_available_other_rounds_other_chips_and_unscored_entries_make_no_curve():
    assert scaling_curves(rounds(v4_1=[entry(512, 100.0, availability="preview"), entry(1024, 50.0)])) == []
    assert scaling_curves(rounds(v4_0=[entry(512, 100.0)], v4_1=[entry(1024, 51.0)])) == []
    assert scaling_curves(rounds(v4_0=[entry(512, 100.0), entry(1024, 50.0, chip="TPU v5e", accelerator="TPU-v5e")])) == []
    assert scaling_curves(rounds(v6_0=[entry(512), entry(1024)])) == []
    (curve,) = scaling_curves(rounds(v4_1=[entry(512, 100.0, availability="preview"), entry(1024, 50.0, availability="preview")]))
    assert (curve.availability, curve.largest.efficiency) == ("preview", 1.0)


def test_the_pods_or_nvlink_domains_an_entry_fills():
    domain, n = domains_spanned("TPU v5p", 6144, REFERENCE.scale_domains)
    assert (domain.domain, domain.chips, n) == ("pod", 8960, 6144 / 8960)
    domain, n = domains_spanned("H100 SXM", 11616, REFERENCE.scale_domains)
    assert (domain.domain, domain.chips, n) == ("NVLink domain", 8, 1452.0)
    assert domains_spanned("NVIDIA L40S", 64, REFERENCE.scale_domains) is None


def test_the_committed_rounds_largest_systems():
    largest = largest_systems(load_published(ROOT / "build_data")[KIND])
    overall = {(r.chip, r.availability): r for r in largest_by_chip(largest)}
    assert (overall["TPU v5p", "available"].chips, overall["TPU v5p", "available"].round) == (6144, "v4.1")
    assert overall["TPU v5e", "available"].chips == 4096
    assert (overall["TPU v6e (Trillium)", "preview"].chips, overall["TPU v6e (Trillium)", "available"].chips) == (3072, 256)
    assert (overall["H100 SXM", "available"].chips, overall["H100 SXM", "available"].benchmark) == (11616, "gpt3")
    assert overall["GB200 (one Blackwell GPU)", "available"].minutes is None  # v6.0: entered, not scored


# reference/scale_domains.csv

def test_every_chip_has_its_pod_or_nvlink_domain_from_its_vendors_page_with_the_figure_quoted():
    rows = {r.chip: r for r in REFERENCE.scale_domains}
    assert set(rows) == {row["chip"] for row in REFERENCE.accelerators}
    assert {c: rows[c].chips for c in ("TPU v4", "TPU v5e", "TPU v5p", "TPU v6e (Trillium)", "TPU7x (Ironwood)",
                                       "H100 SXM", "H200 SXM", "GB200 (one Blackwell GPU)",
                                       "GB300 (one Blackwell Ultra GPU)")} == \
        {"TPU v4": 4096, "TPU v5e": 256, "TPU v5p": 8960, "TPU v6e (Trillium)": 256, "TPU7x (Ironwood)": 9216,
         "H100 SXM": 8, "H200 SXM": 8, "GB200 (one Blackwell GPU)": 72, "GB300 (one Blackwell Ultra GPU)": 72}
    for r in rows.values():
        assert r.url.startswith("https://") and quotes(r.quote, r.chips) and r.retrieved == "2026-12-03"
        assert (r.domain == "pod") == r.chip.startswith("TPU")
    assert "9,216-chip footprint per Pod" in rows["TPU7x (Ironwood)"].quote


@pytest.mark.parametrize("text, count, held", [
    ("There are 8960 chips in a v5p Pod.", 8960, True), ("With a 9,216-chip footprint", 9216, True),
    ("There are 8960 chips", 896, False), ("18960 chips", 8960, False), ("8960.5 chips", 8960, False),
    ("NVIDIA HGX H100 8-GPU baseboard", 8, True), ("(72-GPU NVL domain)", 72, True), ("NVL720", 72, False),
])
def test_a_quote_holds_the_figure_as_a_number_of_its_own(text, count, held):
    assert quotes(text, count) is held


def _copy_with(folder: Path, which: str, **change) -> Path:
    for path in REFERENCE_DIR.glob("*.csv"):
        shutil.copy(path, folder / path.name)
    with open(folder / "scale_domains.csv", newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        fields, rows = reader.fieldnames, list(reader)
    for row in rows:
        if row["chip"] == which:
            row.update(change)
    with open(folder / "scale_domains.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fields)
        writer.writeheader()
        writer.writerows(rows)
    return folder


@pytest.mark.parametrize("change, named", [
    ({"chip": "TPU v9"}, "chip: 'TPU v9' is not in accelerators.csv"),
    ({"domain": "rack"}, "domain: 'rack' is not one of pod, NVLink domain, Infinity Fabric domain"),
    ({"chips": "0"}, "chips: '0' is not a positive whole number"),
    ({"chips": "8.5"}, "chips: '8.5' is not a positive whole number"),
    ({"chips": "4096"}, "quote: .* does not hold the count 4096"),
    ({"source": ""}, "source: '' is empty"),
    ({"retrieved": "last week"}, "retrieved: 'last week' is not a date"),
])
def test_a_bad_row_is_refused_naming_file_line_and_field(tmp_path, change, named):
    folder = _copy_with(tmp_path, "TPU v5p", **change)
    with pytest.raises(ScaleDomainError, match=r"scale_domains.csv: line 4: " + named):
        read_scale_domains(folder, {row["chip"] for row in REFERENCE.accelerators})
    with pytest.raises(ScaleDomainError):
        Reference(folder)  # the reference data every page reads refuses it too


def test_a_chip_and_unit_given_twice_is_refused(tmp_path):
    with open(REFERENCE_DIR / "scale_domains.csv", encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    for path in REFERENCE_DIR.glob("*.csv"):
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "scale_domains.csv").write_text("\n".join(lines + [lines[1]]) + "\n", encoding="utf-8")
    with pytest.raises(ScaleDomainError, match=rf"line {len(lines) + 1}: domain: 'pod' is given twice for 'TPU v4'"):
        read_scale_domains(tmp_path, {row["chip"] for row in REFERENCE.accelerators})


def test_a_missing_file_has_no_rows(tmp_path):
    assert read_scale_domains(tmp_path, {"TPU v5p"}) == []


# the fragments

def context(data, reference=REFERENCE) -> Context:
    return Context(store=None, reference=reference, workloads={}, links=Links("published"), judgement=None,
                   fragment_types=dict(FRAGMENT_TYPES), published=Published({KIND: data}))


HOSTILE = '<script>alert("x")</script> & co'


def test_the_largest_systems_fragment_labels_its_kind_links_each_entry_and_escapes_names():
    data = rounds(v4_0=[entry(6144, 12.5, system=HOSTILE), entry(512, 114.0),
                        entry(64, 20.0, chip=None, accelerator=HOSTILE, platform="gpu", submitter=HOSTILE)])
    made = render(context(data), "mlperf-largest", [])
    html = made.text
    assert "Audited benchmark results (MLPerf Training), published by others, not measured here." in html
    assert "<script>" not in html and "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co" in html
    assert "0.69 × 8,960-chip pod" in html  # 6144 TPU v5p chips: 0.69 of one pod
    assert 'href="https://github.com/mlcommons/training_results_v4.0/tree/' + COMMIT + '/Google/results/' in html
    assert sorted(made.downloads) == ["data/files/mlperf-largest-per-benchmark.csv",
                                      "data/files/mlperf-largest-per-benchmark.json",
                                      "data/files/mlperf-largest-per-chip.csv", "data/files/mlperf-largest-per-chip.json"]
    assert b"TPU v5p,TPU-v5p,tpu,available,gpt3,v4.0,6144" in made.downloads["data/files/mlperf-largest-per-chip.csv"]


def test_the_scaling_fragment_has_its_table_its_chart_of_the_large_models_and_its_rows_per_size():
    data = rounds(v4_0=[entry(512, 114.0), entry(1024, 57.0), entry(6144, 12.5, submitter=HOSTILE),
                        entry(6144, 12.4, submitter=HOSTILE, system="b"),
                        entry(8, 40.0, benchmark="bert", submitter="S"), entry(16, 25.0, benchmark="bert", submitter="S")])
    made = render(context(data), "mlperf-scaling", [])
    html = made.text
    assert html.count('<tr id="scaling-') == 2  # Google's GPT-3 curve and S's BERT curve; HOSTILE has one size
    assert "512 → 1,024" in html and "1.00×" not in html and "2.00×" in html and "100%" in html
    assert html.count('<figure class="ab-chart">') == 1 and "1 line on GPT-3 175B" in html  # BERT is not drawn
    assert "<script>alert" not in html
    rows = made.downloads["data/files/mlperf-scaling.csv"].decode().splitlines()
    assert rows[0].split(",")[:3] == ["chip", "accelerator", "platform"] and len(rows) == 1 + 4
    assert "efficiency" in rows[0] and "score_minutes" in rows[0]


def test_no_curve_says_so_instead_of_an_empty_table():
    html = render(context(rounds(v4_0=[entry(512, 114.0)])), "mlperf-scaling", []).text
    assert "<table" not in html and "several sizes" in html


def test_the_scale_domains_fragment_links_each_vendors_page_and_escapes_the_reference_data(tmp_path):
    made = render(context(rounds(v4_0=[entry(512, 114.0)])), "scale-domains", [])
    assert "Vendor specifications (reference data), never results" in made.text
    assert 'href="https://docs.cloud.google.com/tpu/docs/tpu7x.md.txt"' in made.text
    assert made.text.count("<tr id=") == len(REFERENCE.scale_domains)
    assert sorted(made.downloads) == ["data/files/scale-domains.csv", "data/files/scale-domains.json"]
    folder = _copy_with(tmp_path, "TPU v5e", system="<b>Pod</b> & co", quote='<i>"256"</i> chips')
    html = render(context(rounds(v4_0=[entry(512, 114.0)]), Reference(folder)), "scale-domains", []).text
    assert "<b>" not in html and "<i>" not in html
    assert "&lt;b&gt;Pod&lt;/b&gt; &amp; co" in html and "&lt;i&gt;&quot;256&quot;&lt;/i&gt; chips" in html
