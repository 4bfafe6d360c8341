"""Verdicts on the article's comparison table, computed by the written rules from stored runs."""

import pytest

from accelbench.reference import Reference
from accelbench.store import load_store
from accelbench.verdicts import CONTRADICTED, MIXED, NOT_MEASURED, RULES, SUPPORTED, all_verdicts

from conftest import ROOT, make_record, make_run, write_run

GPU, TPU = ("NVIDIA H200", "gpu"), ("TPU v6 lite", "tpu")
REFERENCE = Reference(ROOT / "build_data" / "reference")


def rec(workload, device, framework, params, **metrics):
    from accelbench.snippet import source_hash

    from conftest import SNIPPETS

    return make_record(workload=workload, device=device[0], platform=device[1], framework=framework, params=params,
                       snippet_hash=source_hash(SNIPPETS / f"{workload}.py"), metrics=metrics)


def matmul(device, tflops, framework="jax"):
    return rec("matmul", device, framework, {"n": 8192, "dtype": "bfloat16"}, tflops=tflops)


def gpt2(device, tokens, framework="jax", **extra):
    return rec("transformer_train", device, framework, {"config": "gpt2-small", "variant": "compiled",
                                                        "dtype": "bfloat16"}, tokens_per_s=tokens, **extra)


def general(device, op, eps, status="ok"):
    r = rec("general_compute", device, "jax", {"op": op, "n": 2**24}, elements_per_s=eps)
    return r if status == "ok" else {**r, "status": "failed", "reason": "boom", "samples_s": [], "stats": None, "metrics": {}}


def verdicts_for(data_dir, records):
    write_run(data_dir, make_run(records=records))
    return {v.feature: v for v in all_verdicts(load_store(data_dir, ROOT / "snippets"), REFERENCE)}


def test_every_row_of_the_article_has_a_rule_in_its_order():
    assert [r.feature for r in RULES.values()] == ["Designed For", "Speed (for AI)", "Flexibility", "Availability",
                                                   "Cost", "Energy Efficiency", "Supported Frameworks"]
    for r in RULES.values():
        assert r.text and r.gpu_claim and r.tpu_claim and (ROOT / "docs" / r.page).exists()


def test_without_tpu_runs_every_measured_row_is_not_measured_yet(data_dir):
    v = verdicts_for(data_dir, [matmul(GPU, 700), gpt2(GPU, 400_000)])
    for feature in ("Designed For", "Speed (for AI)", "Flexibility", "Cost", "Energy Efficiency", "Supported Frameworks"):
        assert v[feature].verdict == NOT_MEASURED, feature
    assert "GPU: 700 TFLOP/s (NVIDIA H200, jax)" in v["Speed (for AI)"].evidence[0]
    assert "TPU: not measured yet" in v["Speed (for AI)"].evidence[0]
    assert v["Availability"].verdict == SUPPORTED  # from the dated price list


@pytest.mark.parametrize("tpu_matmul, tpu_tokens, expected", [
    (900, 500_000, SUPPORTED),  # faster on both
    (500, 300_000, CONTRADICTED),  # slower on both
    (900, 300_000, MIXED),  # faster on one, slower on the other
    (710, 405_000, MIXED),  # within 5%: a tie
])
def test_speed(data_dir, tpu_matmul, tpu_tokens, expected):
    v = verdicts_for(data_dir, [matmul(GPU, 700), gpt2(GPU, 400_000), matmul(TPU, tpu_matmul), gpt2(TPU, tpu_tokens)])
    assert v["Speed (for AI)"].verdict == expected
    assert len(v["Speed (for AI)"].runs) == 1  # all from the one synthetic run, linked once


@pytest.mark.parametrize("tpu_eps, tpu_status, expected", [
    (1e8, "ok", SUPPORTED),  # a tenth of the GPU: "focused on AI tasks only"
    (2e9, "ok", CONTRADICTED),  # as fast as the GPU
    (7e8, "ok", MIXED),
    (1e9, "failed", SUPPORTED),  # an operation that fails on the TPU
])
def test_flexibility(data_dir, tpu_eps, tpu_status, expected):
    records = [general(GPU, op, 1e9) for op in ("fft", "sort")] + \
              [general(TPU, "fft", tpu_eps), general(TPU, "sort", tpu_eps, tpu_status)]
    v = verdicts_for(data_dir, records)
    assert v["Flexibility"].verdict == expected
    assert v["Designed For"].verdict == expected


def test_cost_uses_measured_tokens_and_the_cheapest_on_demand_price(data_dir):
    # H200 cheapest on demand: 4.50/h (Nebius); TPU v6e on demand: 2.70/h
    v = verdicts_for(data_dir, [gpt2(GPU, 500_000), gpt2(TPU, 250_000)])
    gpu_cost, tpu_cost = 4.50 / (500_000 * 3600) * 1e6, 2.70 / (250_000 * 3600) * 1e6
    assert v["Cost"].verdict == (SUPPORTED if tpu_cost < gpu_cost * 0.95 else CONTRADICTED)
    assert f"${gpu_cost:.2f} per million tokens" in v["Cost"].evidence[0]
    assert "Nebius 2026-09-25 at $4.50/h" in v["Cost"].evidence[0]


def test_energy_needs_a_tpu_counter(data_dir):
    v = verdicts_for(data_dir, [gpt2(GPU, 500_000, tokens_per_joule=800.0), gpt2(TPU, 600_000)])
    assert v["Energy Efficiency"].verdict == NOT_MEASURED
    assert "TPUs expose no energy counter" in " ".join(v["Energy Efficiency"].evidence)
    v = verdicts_for(data_dir, [gpt2(GPU, 500_000, tokens_per_joule=800.0),
                                gpt2(TPU, 600_000, tokens_per_joule=1200.0)])  # a TPU counter appeared
    assert v["Energy Efficiency"].verdict == SUPPORTED


def test_frameworks(data_dir):
    both_on_gpu = [gpt2(GPU, 400_000, "torch"), gpt2(GPU, 410_000, "jax")]
    assert verdicts_for(data_dir, both_on_gpu + [gpt2(TPU, 500_000, "jax")])["Supported Frameworks"].verdict == SUPPORTED


def test_torch_beating_jax_on_a_tpu_contradicts_best_with_jax(data_dir):
    records = [gpt2(GPU, 400_000, "torch"), gpt2(GPU, 410_000, "jax"), gpt2(TPU, 500_000, "jax"), gpt2(TPU, 550_000, "torch")]
    assert verdicts_for(data_dir, records)["Supported Frameworks"].verdict == CONTRADICTED


def test_a_skipped_row_does_not_hide_a_measured_one(data_dir):
    skipped = {**general(TPU, "fft", 1.0), "framework": "torch", "status": "skipped", "reason": "needs torch_xla",
               "samples_s": [], "stats": None, "metrics": {}}
    records = [general(GPU, "fft", 1e9), general(TPU, "fft", 1e8), skipped]
    assert verdicts_for(data_dir, records)["Flexibility"].verdict == SUPPORTED


def test_sizes_are_compared_only_where_both_were_measured(data_dir):
    small_gpu = rec("general_compute", GPU, "jax", {"op": "fft", "n": 2**16}, elements_per_s=1e9)
    small_tpu = rec("general_compute", TPU, "jax", {"op": "fft", "n": 2**16}, elements_per_s=3e9)
    # the GPU also ran a larger size the TPU did not: the comparison stays at 2**16
    v = verdicts_for(data_dir, [small_gpu, small_tpu, general(GPU, "fft", 1e6)])
    assert v["Flexibility"].verdict == CONTRADICTED


def reference_with_prices(tmp_path, rows):
    import csv
    import shutil

    ref = tmp_path / "reference"
    shutil.copytree(ROOT / "build_data" / "reference", ref)
    with open(ref / "prices.csv", "w", newline="") as fh:
        columns = ["chip", "provider", "offer", "usd_per_chip_hour", "pricing", "source", "source_date", "notes"]
        writer = csv.DictWriter(fh, columns)
        writer.writeheader()
        for chip, provider, price in rows:
            writer.writerow({"chip": chip, "provider": provider, "offer": "x", "usd_per_chip_hour": price,
                             "pricing": "on-demand", "source": "test", "source_date": "2026-11", "notes": ""})
    return Reference(ref)


@pytest.mark.parametrize("rows, expected", [
    ([("TPU v6e", "GCP", 2), ("H200 SXM", "AWS", 8), ("H200 SXM", "Azure", 9), ("H200 SXM", "Lambda", 5)], SUPPORTED),
    ([("TPU v6e", "GCP", 2), ("TPU v6e", "OtherCloud", 2), ("H200 SXM", "AWS", 8)], CONTRADICTED),
    ([("TPU v6e", "GCP", 2), ("H200 SXM", "AWS", 8)], MIXED),  # GPUs from one provider only
])
def test_availability(tmp_path, data_dir, rows, expected):
    assert RULES["availability"].apply(None, reference_with_prices(tmp_path, rows)).verdict == expected


def test_cost_within_five_percent_is_mixed(tmp_path, data_dir):
    reference = reference_with_prices(tmp_path, [("TPU v6e", "GCP", 2.0), ("H200 SXM", "AWS", 4.0)])
    write_run(data_dir, make_run(records=[gpt2(GPU, 400_000), gpt2(TPU, 205_000)]))  # $/Mtok 2.78 vs 2.71
    assert RULES["cost"].apply(load_store(data_dir, ROOT / "snippets"), reference).verdict == MIXED


def test_frameworks_mixed_when_only_pytorch_ran_on_gpus(data_dir):
    records = [gpt2(GPU, 400_000, "torch"), gpt2(TPU, 500_000, "jax")]
    assert verdicts_for(data_dir, records)["Supported Frameworks"].verdict == MIXED
