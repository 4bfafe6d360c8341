"""A run file from hardware we never saw (a TPU, an AMD GPU) shows up in every table and chart
with its provenance, without a code change; hostile strings in it stay text.

The run files here are synthetic, labelled so in their host, and live only in tmp_path."""

import re
import xml.etree.ElementTree as ET

import pytest

from accelbench.measure.timing import summarize

from conftest import make_record, make_run, new_data_dir, write_run
from helpers import chart_lines, chart_svgs, mkdocs_build

HOST = "synthetic-test-host (not a real measurement)"
EVIL = '<script>alert("x")</script> | --- | **bold** [link](javascript:alert(1)) x](javascript:alert(2))'


def unseen_record(device, platform, dtype, n, median_s, peak):
    samples = [median_s * f for f in (0.98, 1.0, 1.02, 1.0, 0.99)]
    tflops = 2 * n**3 / summarize(samples)["median_s"] / 1e12
    return make_record(device=device, platform=platform, framework="jax", params={"n": n, "dtype": dtype},
                       samples_s=samples,
                       peak={"chip": peak[0], "value": peak[1], "unit": "TFLOP/s", "column": "bf16_dense_tflops"},
                       metrics={"tflops": tflops, "fraction_of_peak": tflops / peak[1], "compile_s": 1.5})


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("unseen")
    data_dir = new_data_dir(tmp)
    tpu = make_run(run_id="20261201T000000Z-synthetic-tpu00001", created_at="2026-12-01T00:00:00Z", host=HOST,
                   records=[unseen_record("TPU v5 lite", "tpu", "bfloat16", n, t, ("TPU v5e", 197.0))
                            for n, t in ((2048, 0.0001), (4096, 0.0008), (8192, 0.0064))])
    tpu["environment"]["versions"].update(libtpu="0.0.99-synthetic")
    tpu["devices"] = [{"framework": "jax", "platform": "tpu", "name": "TPU v5 lite", "count": 4,
                       "memory_bytes": 16 * 2**30, "vendor": "google"}]
    amd = make_run(run_id="20261201T000000Z-synthetic-amd00001", created_at="2026-12-01T00:00:00Z", host=EVIL,
                   records=[unseen_record(EVIL, "gpu", "bfloat16", 4096, 0.0003, ("MI300X", 1307.4))])
    write_run(data_dir, tpu)
    write_run(data_dir, amd)
    build = mkdocs_build(tmp / "site", data_dir)
    assert build.returncode == 0, build.stderr
    return tmp / "site", tpu, amd


def test_unseen_tpu_appears_in_the_results_table_with_fraction_of_peak(built):
    site, tpu, _ = built
    html = (site / "evidence" / "matmul.html").read_text()
    rows = [r for r in re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S) if "TPU v5 lite" in r]
    assert len(rows) == 3
    rec = tpu["records"][2]
    assert f'>{rec["metrics"]["tflops"]:.3g}</a>' in rows[2]
    assert f'>{rec["metrics"]["fraction_of_peak"] * 100:.1f}%</a>' in rows[2]
    assert "host synthetic-test-host (not a real measurement)" in rows[2]
    assert "libtpu 0.0.99-synthetic" in rows[2]
    assert "<th>% of vendor peak</th>" in html


def test_unseen_tpu_appears_in_the_chart_and_best_tables(built):
    site, _, _ = built
    svg = chart_svgs((site / "evidence" / "matmul.html").read_text())[0]
    root = ET.fromstring(svg)
    assert "TPU v5 lite" in "".join(root.itertext())
    assert chart_lines(svg) == 2
    for page in ("index.html", "article/tpus.html", "article/comparison.html"):
        assert "TPU v5 lite" in (site / page).read_text(), page


def test_unseen_runs_are_listed_with_provenance(built):
    site, tpu, amd = built
    html = (site / "about" / "runs.html").read_text()
    assert f'id="run-{tpu["run_id"]}"' in html and f'id="run-{amd["run_id"]}"' in html
    assert "TPU v5 lite (tpu, ×4)" in html


def test_hostile_strings_stay_text_in_every_page(built):
    site, _, _ = built
    escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#124; --- &#124; **bold** [link](javascript:alert(1))"
    pages = ["evidence/matmul.html", "about/runs.html", "article/tpus.html"]
    for page in pages:
        html = (site / page).read_text()
        assert escaped in html, page
    # and where Markdown still parses the text: verdict notes, chart alt text, the home page's line of devices
    for page in [*pages, "index.html", "guide.html", "article/comparison.html", "about/hardware.html"]:
        html = (site / page).read_text()
        assert '<script>alert("x")' not in html, page
        assert "<strong>bold</strong>" not in html, page
        assert not re.search(r'(href|src)="javascript:', html), page
    assert "x](javascript:alert(2))" in (site / "article" / "comparison.html").read_text()  # shown as text
    svg = chart_svgs((site / "evidence" / "matmul.html").read_text())[0]
    ET.fromstring(svg)
    assert "<script>" not in svg
