"""End to end: measure matmul at a tiny size into a temporary data directory, build the site with
--strict into tmp_path, and check the measured table and chart are in the HTML."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, make_run, new_data_dir, write_run
from helpers import chart_lines, chart_specs, chart_svgs, copy_project, mkdocs_build


def docs_listing():
    """What docs/ holds, but for the downloads the render step keeps in docs/data/files/ (ignored
    by git; written only where their bytes change)."""
    files = ROOT / "docs" / "data" / "files"
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").rglob("*") if files not in (p, *p.parents))


@pytest.fixture(scope="module")
def measured(tmp_path_factory):
    """A real tiny matmul run (both frameworks, CPU) and the site built from it."""
    tmp = tmp_path_factory.mktemp("e2e")
    data_dir = new_data_dir(tmp)
    run = subprocess.run([sys.executable, "-m", "accelbench", "--data-dir", str(data_dir), "run",
                          "--profile", "test", "--only", "matmul"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stderr
    run_file = Path(run.stdout.strip().splitlines()[-1])
    before = docs_listing()
    build = mkdocs_build(tmp / "site", data_dir, notebooks=True)
    assert build.returncode == 0, build.stderr
    assert docs_listing() == before, "the build wrote into docs/"
    return json.loads(run_file.read_text()), tmp / "site"


def test_matmul_page_holds_the_measured_table(measured):
    run, site = measured
    html = (site / "evidence" / "matmul.html").read_text()
    for rec in run["records"]:
        assert rec["status"] == "ok"
        value = f'{rec["metrics"]["tflops"]:.3g}'
        assert re.search(rf'title="[^"]*run {run["run_id"]}">{re.escape(value)}</a>', html), value
    assert html.count(f'href="../about/runs.html#run-{run["run_id"]}"') >= 2
    assert "<th>TFLOP/s</th>" in html


def test_chart_is_inlined_into_the_page_with_its_description(measured):
    _, site = measured
    page = (site / "evidence" / "matmul.html").read_text()
    throughput = chart_svgs(page)[0]
    assert chart_lines(throughput) == 2  # torch and jax on the CPU, float32
    assert re.search(r'<svg role="img" aria-label="Matrix multiplication throughput: TFLOP/s against[^"]*"', throughput)
    # the interactive chart is drawn from the same specification, with the same description
    spec = chart_specs(page)[0]
    assert spec["description"].startswith("Matrix multiplication throughput: TFLOP/s against")
    assert {row["framework"] for rows in spec["datasets"].values() for row in rows if "series" in row} == {"torch", "jax"}
    # the home page leads with the answers' chart, not with what a CPU measured
    assert throughput not in (site / "index.html").read_text()


def test_home_page_shows_the_article_the_answers_and_which_devices_were_measured(measured):
    run, site = measured
    home = (site / "index.html").read_text()
    assert "TPUs vs GPUs: Which Is Better for AI Model Training?" in home
    assert home.count('class="ab-answer__direction') == 7  # the seven answers at a glance
    device = run["records"][0]["device"]
    assert f"<strong>Measured here so far:</strong> CPUs ({device})" in home and "no GPU yet; no TPU yet" in home
    best = max(r["metrics"]["tflops"] for r in run["records"])
    assert f">{best:.3g}</a>" in (site / "article" / "tpus.html").read_text()  # the CPU's numbers, on the evidence


def test_article_sections_are_all_published(measured):
    _, site = measured
    text = " ".join(p.read_text() for p in (site / "article").glob("*.html"))
    for heading in ("What Are GPUs?", "Advantages of GPUs", "What Are TPUs?", "Advantages of TPUs",
                    "Side-by-Side Comparison", "When Should You Use a GPU?", "When Should You Use a TPU?",
                    "Real-World Examples", "Future Trends", "Conclusion: Which One Should You Choose?"):
        assert heading in text, heading
    # the source's broken "-\n item" lists are repaired into real lists
    gpus = (site / "article" / "gpus.html").read_text()
    assert re.search(r"<li><span class=\"twemoji\"><svg [^>]*>.*?</svg></span> Excel at parallel processing", gpus)


def test_runs_page_lists_the_run_with_its_anchor(measured):
    run, site = measured
    html = (site / "about" / "runs.html").read_text()
    assert f'id="run-{run["run_id"]}"' in html and "torch 2.13" in html


def test_site_loads_nothing_from_other_hosts(measured):
    _, site = measured
    for page in site.rglob("*.html"):
        for url in re.findall(r'<(?:script|link|img)[^>]+(?:src|href)="(https?://[^"]+)"', page.read_text()):
            pytest.fail(f"{page} loads {url}")


def test_no_data_renders_not_measured_yet(tmp_path, data_dir):
    build = mkdocs_build(tmp_path / "site", data_dir)
    assert build.returncode == 0, build.stderr
    html = (tmp_path / "site" / "evidence" / "matmul.html").read_text()
    content = html.split('<article class="md-content__inner')[1]
    results = content.split('id="results"')[1].split('id="the-code-that-was-timed"')[0]
    assert "Not measured yet" in results and "<table>" not in results and "<svg" not in results


def test_malformed_run_file_fails_the_strict_build_naming_it(tmp_path, data_dir):
    write_run(data_dir, make_run())
    bad = data_dir / "runs" / "broken.json"
    bad.write_text('{"schema_version": 1, "records": [')
    build = mkdocs_build(tmp_path / "site", data_dir)
    assert build.returncode != 0
    assert f"{bad}: (file): not valid JSON" in build.stderr + build.stdout


def test_lenient_build_leaves_the_bad_file_out_with_a_warning(tmp_path, data_dir):
    write_run(data_dir, make_run())
    bad = data_dir / "runs" / "broken.json"
    bad.write_text("[]")
    build = mkdocs_build(tmp_path / "site", data_dir, strict=False)
    assert build.returncode == 0, build.stderr
    assert f"left out {bad}" in build.stderr
    assert "synthetic-test-host" in (tmp_path / "site" / "about" / "runs.html").read_text()


@pytest.mark.parametrize("include, message", [
    ('--8<-- "generated/tabel.matmul.md"', "docs-page.md:3: unknown fragment type 'tabel'"),
    ('--8<-- "generated/table.nonesuch.md"', "docs-page.md:3: 'table' takes one of data_parallel, general_compute, matmul, "
                                              "memory_bandwidth, transformer_train, got ['nonesuch']"),
    ('--8<-- "generated/chart.matmul.nonesuch.md"', "docs-page.md:3: matmul has no chart of 'nonesuch'"),
    ('--8<-- "generated/evidence/table.matmul.md"', "docs-page.md:3: this page's fragments are rendered for its own "
                                                     "folder: generated/table.matmul.md"),
    ('    --8<-- "generated/table.matmul.md"', "docs-page.md:3: a fragment include must start at the beginning"),
])
def test_a_bad_fragment_include_fails_the_build_naming_the_page(tmp_path, data_dir, include, message):
    config = copy_project(tmp_path / "project")
    (config.parent / "docs" / "docs-page.md").write_text(f"# Page\n\n{include}\n")
    build = mkdocs_build(tmp_path / "site", data_dir, config=config)
    assert build.returncode != 0
    assert message in build.stderr + build.stdout


def test_an_escaped_include_is_shown_not_rendered(tmp_path, data_dir):
    config = copy_project(tmp_path / "project")
    (config.parent / "docs" / "docs-page.md").write_text('# Page\n\n```\n;--8<-- "generated/nonsense.md"\n```\n')
    build = mkdocs_build(tmp_path / "site", data_dir, config=config, strict=False)
    assert build.returncode == 0, build.stderr
    assert '--8&lt;-- "generated/nonsense.md"' in (tmp_path / "site" / "docs-page.html").read_text()


def test_notebooks_are_executed_on_the_stored_data_and_downloadable(measured):
    run, site = measured
    html = (site / "notebooks" / "explore.html").read_text()
    assert f"1 run file(s), {len(run['records'])} record(s)" in html  # output of the executed cell
    assert "data:image/png;base64" in html  # the plot, embedded
    assert '<a class="md-button" href="explore.ipynb">' in html  # the download button
    assert '<span class="kn">import</span>' in html  # input cells as highlighted Python
    assert html.index("<h1") < html.index('class="md-button"')  # the button under the title
    assert (site / "notebooks" / "explore.ipynb").exists()
    assert (site / "notebooks" / "run_on_your_hardware.ipynb").exists()
    guide = (site / "notebooks" / "run_on_your_hardware.html").read_text()
    assert "would run: accelbench" in guide  # guarded: nothing ran at build time
    assert "TCP without encryption" not in html  # the kernel's own stderr stays out of the page


def test_a_failing_notebook_stops_the_build(tmp_path, data_dir):
    import nbformat

    config = copy_project(tmp_path / "project")
    book = nbformat.v4.new_notebook()
    book.cells = [nbformat.v4.new_code_cell("raise RuntimeError('this notebook is broken')")]
    book.metadata = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
    nbformat.write(book, config.parent / "docs" / "notebooks" / "broken.ipynb")
    (config.parent / "docs" / "notebooks" / "broken.md").write_text('--8<-- "generated/notebooks/notebook.broken.md"\n')
    build = mkdocs_build(tmp_path / "site", data_dir, config=config, notebooks=True, strict=False)
    assert build.returncode != 0
    assert "this notebook is broken" in build.stderr + build.stdout


def test_published_results_are_built_apart_from_the_measured_ones(committed_site):
    """On the session's one build of the committed data (measured runs and published files together)."""
    from accelbench.core.reference import Reference
    from accelbench.registry import RULES
    from accelbench.store.published import load_published

    data_dir, site = ROOT / "build_data", committed_site
    gpt3 = (site / "published" / "gpt3.html").read_text()
    assert "(gpt3), MLPerf Training v4.1" in gpt3 and "(gpt3), MLPerf Training v3.1" in gpt3
    assert 'id="published-gpt3-v4-1"' in gpt3  # the anchor the coverage view links to
    assert "https://github.com/mlcommons/training_results_v4.0/tree/6fe954378efe4a1a1bd665550b18ff8f26018def/" \
           "Google/results/cloud-tpu-v5p-1024-maxtext/gpt3" in gpt3
    assert len(chart_svgs(gpt3)) == 1 and "Published by others" in gpt3
    comparison = (site / "article" / "comparison.html").read_text()
    assert "<th>Measured here</th><th>Published (MLPerf Training)</th>" in comparison
    speed = RULES[("speed", "mlperf-training")].judge(load_published(data_dir)["mlperf-training"],
                                                      Reference(data_dir / "reference"))
    speed_row = re.search(r"<tr><td><strong>Speed \(for AI\)</strong>.*?</tr>", comparison, re.S).group(0)
    mlperf_cell = speed_row.split("<td>")[1 + 5]  # Feature, the article's two sides, evidence, measured, MLPerf
    assert f'ab-verdict--{speed.verdict.replace(" ", "-")}">' in mlperf_cell
    assert "GPU at the nearest chip count" in (site / "published" / "index.html").read_text()


def test_without_published_files_the_published_pages_say_so(tmp_path, data_dir):
    build = mkdocs_build(tmp_path / "site", data_dir)
    assert build.returncode == 0, build.stderr
    assert "Not measured yet" in (tmp_path / "site" / "published" / "gpt3.html").read_text()


def test_the_plugin_names_materials_search_dialog_once_and_warns_where_it_cannot(caplog):
    from accelbench.mkdocs_plugin import SEARCH_DIALOG, named_search_dialog

    page = f'<header>{SEARCH_DIALOG}><input></div></header>'
    named = named_search_dialog(page, "index.md")
    assert named.count('role="dialog" aria-label="Search">') == 1
    assert named_search_dialog(named, "index.md") == named  # named already: left as it is, no warning
    other = '<div role="dialog" class="md-search" data-md-component="search">'  # written otherwise
    with caplog.at_level("WARNING", logger="mkdocs.plugins.accelbench"):
        assert named_search_dialog(other, "guide.md") == other
        assert named_search_dialog(named, "index.md") == named
    assert [r.getMessage() for r in caplog.records] == [
        "accelbench: guide.md: the search dialog is not written as Material 9.8 writes it; not named"]
    assert named_search_dialog("<urlset></urlset>", "sitemap.xml") == "<urlset></urlset>"  # no dialog: nothing said
