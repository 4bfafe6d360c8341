"""Tables from the store: contents, provenance links, escaping, not-measured notes."""

import re

from accelbench.publish.render import coverage, results, runs, tables
from accelbench.store.queries import best_per_series, scaling_pairs
from accelbench.store.store import load_store

from conftest import SNIPPETS, make_record, make_run, write_run


def store_with(data_dir, records, **run):
    write_run(data_dir, make_run(records=records, **run))
    return load_store(data_dir, SNIPPETS)


def best_tflops(latest):
    """The best TFLOP/s per device, framework and dtype, as the 'best' fragment asks for it."""
    return results.best_table(best_per_series(latest, "tflops", ["dtype"]), "tflops", ["dtype"], "n", "runs/")


def grid_records(device="Synthetic CPU"):
    return [make_record(device=device, framework=fw, params={"n": n, "dtype": "float32"},
                        samples_s=[t, t * 1.1, t * 0.9, t, t * 1.05])
            for fw in ("torch", "jax") for n, t in ((256, 0.001), (512, 0.006), (1024, 0.04))]


def test_results_table_has_a_row_per_result_with_linked_numbers(data_dir):
    store = store_with(data_dir, grid_records())
    html = results.results_table(store.latest("matmul"), "../../about/runs/").html
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html)
    assert len(rows) == 1 + 6  # header + 2 frameworks x 3 sizes
    assert "<th>TFLOP/s</th>" in rows[0] and "<th>Median time</th>" in rows[0]
    # dtype is float32 in every row: said once, not repeated in a column
    assert "<th>dtype</th>" not in rows[0] and "Every row: dtype = float32." in html
    first = rows[1]  # sorted: jax before torch, sizes ascending
    assert "<td>jax</td>" in first and '<td data-sort="256">256</td>' in first
    tflops = 2 * 256**3 / 0.001 / 1e12
    assert f">{tflops:.3g}</a>" in first
    assert 'href="../../about/runs/#run-20261130T000000Z-synthetic-00000001"' in first
    assert 'title="Synthetic CPU · host synthetic-test-host · 2026-11-30 00:00 UTC · torch 2.13.0+cpu' in first


def test_failed_rows_show_the_reason(data_dir):
    store = store_with(data_dir, [make_record(status="failed", reason="out of memory", samples_s=[], metrics={})])
    html = results.results_table(store.latest("matmul"), "runs/").html
    assert "failed: out of memory" in html


def test_stale_results_carry_a_badge(data_dir):
    store = store_with(data_dir, [make_record(snippet_hash="f" * 64)])
    assert "ab-badge--stale" in results.results_table(store.latest("matmul"), "runs/").html


def test_hostile_strings_are_escaped_everywhere(data_dir):
    evil = "<script>alert(1)</script> | --- |"
    store = store_with(data_dir, [make_record(device=evil)], host=evil)
    outputs = [results.results_table(store.latest("matmul"), "runs/").html, runs.runs_table(store.runs),
               best_tflops(store.latest("matmul")).html]
    for out in outputs:
        assert "<script>" not in out and "| --- |" not in out
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out


def test_best_table_picks_the_maximum_per_series(data_dir):
    store = store_with(data_dir, grid_records())
    html = best_tflops(store.latest("matmul")).html
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html)[1:]
    assert len(rows) == 2
    best_torch = max(2 * n**3 / t / 1e12 for n, t in ((256, 0.001), (512, 0.006), (1024, 0.04)))
    assert any(f">{best_torch:.3g}</a>" in r and "<td>torch</td>" in r for r in rows)


def test_not_measured_note_links_to_how_to_measure():
    note = tables.not_measured("Dense matrix multiplication", "../about/reproduce.md")
    assert note.startswith('!!! note "Not measured yet"') and "(../about/reproduce.md)" in note


def test_scaling_efficiency_pairs_one_and_all_devices_of_a_run(data_dir):
    def dp(devices, count, median):
        return make_record(workload="data_parallel", framework="jax", device="Synthetic GPU", platform="gpu",
                           snippet_hash="a" * 64, params={"config": "tiny", "devices": devices, "dtype": "bfloat16"},
                           samples_s=[median] * 3, notes={"devices": count},
                           metrics={"tokens_per_s": count * 1024 / median})
    store = store_with(data_dir, [dp("one", 1, 0.010), dp("all", 4, 0.0125)])
    html = results.scaling_table(scaling_pairs(store.latest("data_parallel")), "runs/").html
    # 4 devices at 0.0125 s per step of 4 batches: 327,680 tokens/s against 4 x 102,400
    assert '<td data-sort="0.8">80%</td>' in html and '<td data-sort="4">4</td>' in html
    assert results.scaling_table(scaling_pairs(store.latest("matmul")), "runs/").html is None


def test_zero_rates_still_have_a_table_row(data_dir):
    store = store_with(data_dir, [make_record(metrics={"tflops": 0.0, "compile_s": 0.1})])
    assert "<td>" in results.results_table(store.latest("matmul"), "runs/").html


def test_coverage_note_comes_from_the_data(data_dir):
    cpu_only = store_with(data_dir, [make_record()])
    note = coverage.coverage_note(cpu_only.records, "contribute.md")
    assert note.startswith('!!! warning "Not measured yet: GPU and TPU"')
    assert "**CPU**: Synthetic CPU" in note and "**TPU**: not measured yet" in note
    tpu = make_record(device="TPU v5 lite", platform="tpu", framework="jax")
    gpu = make_record(device="NVIDIA H200", platform="gpu")
    write_run(data_dir, make_run(run_id="20261201T000000Z-synthetic-00000002", records=[tpu, gpu]))
    from accelbench.store.store import load_store

    note = coverage.coverage_note(load_store(data_dir, SNIPPETS).records, "contribute.md")
    assert note.startswith('!!! success "Measured on CPUs, GPUs and TPUs"') and "**TPU**: TPU v5 lite" in note


def test_partial_and_interrupted_runs_carry_a_badge_saying_why(data_dir):
    write_run(data_dir, make_run(complete=False, finished_at=None, interrupted_by=None))
    write_run(data_dir, make_run(run_id="20261130T010000Z-synthetic-00000002", created_at="2026-11-30T01:00:00Z",
                                 complete=False, interrupted_by="<b>SIGTERM</b>",
                                 records=[make_record(params={"n": 512, "dtype": "float32"})]))
    store = load_store(data_dir, SNIPPETS)
    html = results.results_table(store.latest("matmul"), "runs/").html
    assert html.count("ab-badge--partial") == 2
    assert 'title="the run did not finish: it ended before finishing (killed, or still running)"' in html
    assert 'title="the run did not finish: interrupted by &lt;b&gt;SIGTERM&lt;/b&gt;"' in html
    assert runs.runs_table(store.runs).count("ab-badge--partial") == 2


def test_a_wide_spread_badge_says_whether_compiling_while_timed_caused_it(data_dir):
    from accelbench.measure.timing import summarize

    steady = [0.010, 0.010, 0.0101, 0.010, 0.010]
    recompiled = make_record(params={"n": 512, "dtype": "float32"}, samples_s=steady)
    recompiled["stats"] = summarize(steady, compilations=3)  # tight samples, but graphs compiled while timed
    noisy = make_record(samples_s=[0.010, 0.015, 0.006, 0.013, 0.008])
    html = results.results_table(store_with(data_dir, [recompiled, noisy]).latest("matmul"), "runs/").html
    titles = re.findall(r'ab-badge--wide" title="([^"]+)"', html)
    assert sorted(titles) == ["3 graph compilation(s) while timed: the samples include compiling",
                              "interquartile range above 10% of the median"]


def test_a_table_renderer_returns_its_rows_beside_its_html(data_dir):
    """What the downloads hold comes back from the renderer, row for row in the table's order."""
    store = store_with(data_dir, grid_records())
    table = results.results_table(store.latest("matmul"), "runs/")
    shown = re.findall(r'<tr id="row-([^"]+)"', table.html)
    assert len(table.rows) == len(shown) == 6
    assert [(r["framework"], r["n"]) for r in table.rows] == [(fw, n) for fw in ("jax", "torch") for n in (256, 512, 1024)]
    assert results.scaling_table(scaling_pairs(store.latest("matmul")), "runs/") == (None, [])
