"""A real browser (Debian's Chromium via Playwright) on the built site, served over HTTP:
pages load without console errors, charts show, search finds a workload, dark mode works.
Screenshots are saved under test-artifacts/ for a person to look at."""

import functools
import os
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from conftest import ROOT
from helpers import mkdocs_build

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = ROOT / "test-artifacts"
WORKLOAD_PAGES = [f"evidence/{w}.html" for w in ("matmul", "memory_bandwidth", "transformer_train", "general_compute",
                                              "data_parallel", "energy")]
PAGES = ["", "article/tpus.html", "article/comparison.html", "guide.html", "about/hardware.html", "about/runs.html",
         "notebooks/explore.html", "published/index.html", "published/gpt3.html", *WORKLOAD_PAGES]

if not Path(CHROMIUM).exists():
    # CI sets ACCELBENCH_REQUIRE_BROWSER, so there a missing browser fails instead of skipping
    message = f"the browser test needs Chromium at {CHROMIUM}: apt-get install chromium (.ci/run does)"
    if os.environ.get("ACCELBENCH_REQUIRE_BROWSER"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message, allow_module_level=True)


@pytest.fixture(scope="module")
def built_site(tmp_path_factory) -> Path:
    """The site built from the committed run files."""
    site = tmp_path_factory.mktemp("browser") / "site"
    build = mkdocs_build(site, ROOT / "build_data", notebooks=True)
    assert build.returncode == 0, build.stderr
    return site


@pytest.fixture(scope="module")
def site_url(built_site):
    """The built site, served on a free local port."""
    handler = functools.partial(QuietHandler, directory=str(built_site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update"])
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.errors = []
    pg.on("console", lambda msg: pg.errors.append(msg.text) if msg.type == "error" else None)
    pg.on("pageerror", lambda exc: pg.errors.append(str(exc)))
    yield pg
    context.close()


def shot(pg, name):
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("path", PAGES)
def test_page_loads_without_console_errors_and_its_images_load(page, site_url, path):
    response = page.goto(site_url + path, wait_until="networkidle")
    assert response.status == 200
    widths = page.eval_on_selector_all("article img", "imgs => imgs.map(i => [i.src, i.complete && i.naturalWidth])")
    for src, width in widths:
        assert width and width > 0, f"{src} did not load"
    assert page.errors == []
    shot(page, (path.removesuffix(".html").replace("/", "-") or "home") + "-light")


def test_home_and_matmul_pages_show_their_charts(page, site_url):
    for path, charts in (("", 1), ("evidence/matmul.html", 2)):  # matmul: throughput and roofline
        page.goto(site_url + path, wait_until="networkidle")
        assert page.locator("figure.ab-chart svg[role=img]").count() == charts


def test_the_measured_comparison_table_has_a_verdict_in_every_row(page, site_url):
    page.goto(site_url + "article/comparison.html", wait_until="networkidle")
    table = page.locator("table").filter(has_text="Published (MLPerf)")
    rows = table.locator("tbody tr")
    assert rows.count() == 7  # one per row of the article's table
    for i in range(rows.count()):
        measured, published = (rows.nth(i).locator("td").nth(n).locator(".ab-verdict").inner_text() for n in (4, 5))
        assert any(v in measured for v in ("supported", "contradicted", "mixed", "not measured yet")), measured
        assert any(v in published for v in ("supported", "contradicted", "mixed", "not measured yet", "not covered")), \
            published
    # no TPU run is stored: TPU-dependent rows say so and link to how to contribute one
    speed = rows.filter(has_text="Speed (for AI)")
    measured_cell = speed.locator("td").nth(4)
    assert "not measured yet" in measured_cell.inner_text()
    assert measured_cell.locator("a", has_text="Contribute a run").count() == 1
    # while the published column judges from MLPerf results, and links to them
    assert speed.locator("td").nth(5).locator("a", has_text="Published results").count() == 1


def test_search_finds_the_matmul_page(page, site_url):
    page.goto(site_url, wait_until="networkidle")
    search = page.locator("input.md-search__input")
    search.click()
    search.press_sequentially("matrix multiplication", delay=30)  # Material listens to key events
    link = page.locator(".md-search-result__link[href*='evidence/matmul']").first
    link.wait_for(timeout=10_000)
    assert link.count() == 1
    shot(page, "search")


def test_dark_palette_toggle_works(page, site_url):
    page.goto(site_url + "evidence/matmul.html", wait_until="networkidle")
    schemes = []
    for _ in range(3):  # the toggle cycles: system preference -> light -> dark
        page.locator("form[data-md-component='palette'] label:visible").first.click()
        page.wait_for_timeout(200)
        schemes.append(page.evaluate("document.body.getAttribute('data-md-color-scheme')"))
        if schemes[-1] == "slate":
            break
    assert "slate" in schemes
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(255, 255, 255)"
    shot(page, "evidence-matmul-dark")
    assert page.errors == []


def test_the_site_opens_straight_from_disk(page, built_site):
    """`site/index.html` opened as a file: the measured numbers, charts and links all work."""
    page.goto((built_site / "index.html").as_uri())
    assert page.locator("table").first.locator("a").count() > 0  # measured numbers, linked to runs
    width = page.eval_on_selector("figure.ab-chart svg", "svg => svg.getBoundingClientRect().width")
    assert width and width > 100
    page.locator("a", has_text="See the evidence").first.click()
    page.wait_for_load_state()
    assert page.url.endswith("evidence/index.html") and "Evidence" in page.title()


AXE = ROOT / "tests" / "assets" / "axe-core" / "axe.min.js"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_no_page_has_a_serious_accessibility_violation(browser, built_site, site_url, scheme):
    """axe-core (WCAG 2.1 A and AA) on every page, in the light and the dark palette."""
    context = browser.new_context(color_scheme="dark" if scheme == "slate" else "light")
    page = context.new_page()
    found = []
    for path in sorted(p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html") if p.name != "404.html"):
        page.goto(site_url + path, wait_until="networkidle")
        assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == scheme
        page.add_script_tag(path=str(AXE))
        violations = page.evaluate("async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags}}))"
                                   ".violations.filter(v => ['serious', 'critical'].includes(v.impact))"
                                   ".map(v => [v.id, v.nodes.map(n => n.target.join(' '))])", WCAG_AA)
        found += [f"{rule} on {path}: {nodes[0]} (and {len(nodes) - 1} more)" for rule, nodes in violations]
    context.close()
    assert found == [], "\n".join(found)
