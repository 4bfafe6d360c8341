"""The questions pages, verdicts and the summary ask of the store, answered once."""

import pytest

from accelbench.core.reference import Reference
from accelbench.store.queries import best, best_per_series, cost_rows, scaling_pairs
from accelbench.store.store import load_store

from conftest import ROOT, SNIPPETS, make_record, make_run, write_run

REFERENCE = Reference(ROOT / "build_data" / "reference")


def store_of(data_dir, records):
    write_run(data_dir, make_run(records=records))
    return load_store(data_dir, SNIPPETS)


def mm(device, platform, framework, n, dtype, tflops):
    return make_record(device=device, platform=platform, framework=framework, params={"n": n, "dtype": dtype},
                       metrics={"tflops": tflops, "compile_s": 0.1})


def test_best_filters_by_params_platform_framework_and_chip(data_dir):
    store = store_of(data_dir, [mm("NVIDIA H200", "gpu", "torch", 8192, "bfloat16", 700),
                                mm("NVIDIA H200", "gpu", "jax", 8192, "bfloat16", 650),
                                mm("NVIDIA H200", "gpu", "torch", 1024, "bfloat16", 800),
                                mm("Synthetic CPU", "cpu", "torch", 8192, "bfloat16", 900)])
    latest = store.latest("matmul")
    assert best(latest, "tflops")["m_tflops"] == 900
    assert best(latest, "tflops", platform="gpu")["m_tflops"] == 800
    assert best(latest, "tflops", platform="gpu", where=lambda p: p["n"] >= 4096)["m_tflops"] == 700
    assert best(latest, "tflops", framework="jax")["m_tflops"] == 650
    assert best(latest, "tflops", chip="H200 SXM", reference=REFERENCE)["m_tflops"] == 800
    assert best(latest, "tflops", platform="tpu") is None
    assert best(latest, "tokens_per_s") is None


def test_best_per_series_keeps_the_best_size_of_each_series(data_dir):
    store = store_of(data_dir, [mm("NVIDIA H200", "gpu", "torch", n, d, t)
                                for n, d, t in ((4096, "bfloat16", 600), (8192, "bfloat16", 700), (8192, "float32", 50))])
    rows = best_per_series(store.latest("matmul"), "tflops", ["dtype"])
    assert [(r["params"]["dtype"], r["params"]["n"]) for _, r in rows.iterrows()] == [("bfloat16", 8192), ("float32", 8192)]


def test_scaling_pairs_one_and_all_devices_of_the_same_run(data_dir):
    def dp(devices, tokens, count):
        return make_record(workload="data_parallel", device="NVIDIA H200", platform="gpu",
                           params={"config": "gpt2-small", "devices": devices, "dtype": "bfloat16"},
                           metrics={"tokens_per_s": tokens, "compile_s": 1.0}, notes={"devices": count})
    store = store_of(data_dir, [dp("one", 100_000, 1), dp("all", 720_000, 8)])
    [(one, many, efficiency)] = scaling_pairs(store.latest("data_parallel"))
    assert one["m_tokens_per_s"] == 100_000 and many["n_devices"] == 8 and efficiency == 0.9


def test_cost_rows_label_unmeasured_chips(data_dir):
    gpt2 = make_record(workload="transformer_train", device="NVIDIA H200", platform="gpu",
                       params={"config": "gpt2-small", "variant": "compiled", "dtype": "bfloat16"},
                       metrics={"tokens_per_s": 500_000, "compile_s": 1.0})
    rows = {r["chip"]: r for r in cost_rows(store_of(data_dir, [mm("NVIDIA H200", "gpu", "torch", 8192, "bfloat16", 700),
                                                                gpt2]), REFERENCE)}
    h200 = rows["H200 SXM"]
    assert h200["matmul_row"]["m_tflops"] == 700 and h200["tokens_row"]["m_tokens_per_s"] == 500_000
    assert h200["usd_per_btok"] == pytest.approx(h200["price"].usd_per_chip_hour / (500_000 * 3600) * 1e9)
    assert h200["usd_per_pflop"] == h200["price"].usd_per_chip_hour / (700 * 3600 / 1000)
    assert all(r["matmul_row"] is None for chip, r in rows.items() if chip != "H200 SXM")


def test_what_was_measured_on_a_chip_and_its_vendor_peaks_come_back_as_figures_not_words(data_dir):
    from accelbench.core.reference import PEAK_COLUMN, Peak
    from accelbench.store.queries import measured_on_chips, vendor_peaks

    store = store_of(data_dir, [
        make_record(device="NVIDIA H200", platform="gpu", framework="torch", params={"n": 8192, "dtype": "bfloat16"},
                    metrics={"tflops": 700.0, "compile_s": 0.1, "fraction_of_peak": 700 / 989}),
        make_record(device="NVIDIA H200", platform="gpu", framework="jax", params={"n": 8192, "dtype": "float32"},
                    metrics={"tflops": 50.0, "compile_s": 0.1}),
        mm("TPU v6 lite", "tpu", "jax", 8192, "bfloat16", 800)])
    measured = measured_on_chips(store, REFERENCE)
    assert {c: (m["tflops"], m["fraction_of_peak"]) for c, m in measured.items()} == {
        "H200 SXM": (700.0, pytest.approx(700 / 989)), "TPU v6e (Trillium)": (800.0, None)}  # no fraction: None, not NaN
    assert measured["H200 SXM"]["record"]["framework"] == "torch"
    peaks = vendor_peaks(store.latest("matmul"), REFERENCE)
    assert all(isinstance(p, Peak) and p.column in PEAK_COLUMN.values() for p in peaks)
    assert [(p.chip, p.column) for p in peaks] == [("H200 SXM", "fp32_tflops"), ("TPU v6e (Trillium)", "bf16_dense_tflops"),
                                                   ("H200 SXM", "bf16_dense_tflops")]  # lowest first, one per chip and column
