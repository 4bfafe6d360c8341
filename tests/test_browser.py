"""A real browser (Debian's Chromium via Playwright) on the built site, served over HTTP:
pages load without console errors, charts show, search finds a workload, dark mode works.
Screenshots are saved under test-artifacts/ for a person to look at."""

from pathlib import Path

import pytest

from conftest import ON_CI, ROOT
from helpers import LOADED, chromium, require_chromium, served

ARTIFACTS = ROOT / "test-artifacts"
WORKLOAD_PAGES = [f"evidence/{w}.html" for w in ("matmul", "memory_bandwidth", "transformer_train", "general_compute",
                                              "data_parallel", "energy")]
PAGES = ["", "article/tpus.html", "article/comparison.html", "guide.html", "about/hardware.html", "about/runs.html",
         "notebooks/explore.html", "published/index.html", "published/gpt3.html", *WORKLOAD_PAGES]
# a page of each template and each kind of fragment: the answers, the chart, the tables, a notebook
TEMPLATE_SAMPLE = {"index.html", "article/comparison.html", "article/tpus.html", "guide.html", "evidence/matmul.html",
                   "published/gpt3.html", "published/vendor_training.html", "about/runs.html", "data/index.html",
                   "notebooks/explore.html"}


def sampled(paths, sample=TEMPLATE_SAMPLE) -> list[str]:
    """Every one of PATHS under CI=true; on a contributor's machine those in SAMPLE, so that `make test` checks
    each template and kind of fragment in its time ("" is the home page)."""
    return list(paths) if ON_CI else [p for p in paths if (p or "index.html") in sample]

require_chromium("the browser tests")


@pytest.fixture(scope="module")
def built_site(committed_site):
    return committed_site  # the session's one build of the committed run files


@pytest.fixture(scope="module")
def site_url(built_site):
    """The built site, served on a free local port."""
    with served(built_site) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.errors, pg.requests = [], []
    pg.on("console", lambda msg: pg.errors.append(msg.text) if msg.type == "error" else None)
    pg.on("pageerror", lambda exc: pg.errors.append(str(exc)))
    pg.on("request", lambda request: pg.requests.append(request.url))
    yield pg
    context.close()


def draw_charts(pg):
    """Charts draw once the reader interacts and each is in view (charts.js): move the pointer, then
    bring each chart into view and wait until it is drawn; back to the top afterwards."""
    pg.mouse.move(5, 5)
    pg.evaluate("document.querySelectorAll('article details').forEach(d => { d.open = true; })")  # folded detail: one click away
    for i in range(pg.locator("figure.ab-chart").count()):
        pg.locator("figure.ab-chart").nth(i).scroll_into_view_if_needed()
        pg.wait_for_function("i => document.querySelectorAll('figure.ab-chart')[i].classList.contains('ab-chart--live')",
                             arg=i)
    pg.evaluate("window.scrollTo(0, 0)")


def shot(pg, name):
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("path", sampled(PAGES))
def test_page_loads_without_console_errors_and_its_images_load(page, site_url, path):
    response = page.goto(site_url + path, wait_until="networkidle")
    assert response.status == 200
    draw_charts(page)
    widths = page.eval_on_selector_all("article img", "imgs => imgs.map(i => [i.src, i.complete && i.naturalWidth])")
    for src, width in widths:
        assert width and width > 0, f"{src} did not load"
    assert page.errors == []
    assert [url for url in page.requests if not url.startswith((site_url, "data:", "blob:"))] == []
    assert page.locator("figure.ab-chart:not(.ab-chart--live)").count() == 0  # every chart drawn
    shot(page, (path.removesuffix(".html").replace("/", "-") or "home") + "-light")


def test_home_and_matmul_pages_show_their_charts(page, site_url):
    for path, charts in (("", 1), ("evidence/matmul.html", 2)):  # matmul: throughput and roofline
        page.goto(site_url + path, wait_until=LOADED)
        draw_charts(page)
        # (an answers' chart has a phone layout's SVG too, shown on a phone's screen instead)
        assert page.locator("figure.ab-chart .ab-chart__static:not(.ab-chart__static--phone) svg[role=img]").count() == charts
        page.locator("figure.ab-chart--live").nth(charts - 1).wait_for()
        assert page.locator("figure.ab-chart--live .ab-chart__live svg").count() == charts


POINTS = ".ab-chart__live g.mark-symbol.role-mark path"  # the drawn points, not the legend's
BARS = ".ab-chart__live g.mark-rect.role-mark path"


def _hover_first_point(page, figure) -> dict[str, str]:
    """The tooltip of the chart's first point, as {field: value}."""
    figure.scroll_into_view_if_needed()
    figure.locator(f"{POINTS}, {BARS}").first.hover(force=True)
    tooltip = page.locator("#vg-tooltip-element.visible")
    tooltip.wait_for()
    keys = tooltip.locator("td.key").all_inner_texts()
    return dict(zip(keys, tooltip.locator("td.value").all_inner_texts(), strict=True))


def _cell(table, row, header: str) -> str:
    heads = [h.strip() for h in table.locator("thead th").all_inner_texts()]
    return row.locator("td").nth(heads.index(header)).inner_text().strip()


def test_a_matmul_points_tooltip_shows_the_number_its_table_row_shows(page, site_url):
    page.goto(site_url + "evidence/matmul.html", wait_until=LOADED)
    draw_charts(page)
    figure = page.locator("figure.ab-chart--live").first
    figure.wait_for()
    tip = _hover_first_point(page, figure)
    assert {"value", "device", "framework", "parameters", "run id", "date"} <= set(tip)
    params = dict(p.split("=") for p in tip["parameters"].split(", "))
    table = page.locator("table").filter(has=page.locator("th", has_text="TFLOP/s")).first
    # the row of the same measurement: device, framework and every parameter equal, whichever runs
    # are stored (another machine's run adds rows that differ only in the device)
    wanted = {"Device": tip["device"], "Framework": tip["framework"], **params}
    matching = [row for row in _rows(table) if all(row.get(k) == v for k, v in wanted.items())]
    assert len(matching) == 1, (tip, matching)
    assert matching[0]["TFLOP/s"] == tip["value"]
    assert page.errors == []


def _rows(table) -> list[dict[str, str]]:
    """Every body row of a table as {header: cell text}."""
    heads = [h.strip() for h in table.locator("thead th").all_inner_texts()]
    return [dict(zip(heads, (c.strip() for c in cells), strict=False))
            for cells in table.locator("tbody tr").evaluate_all("rows => rows.map(r => [...r.cells].map(c => c.innerText))")]


def test_clicking_a_legend_entry_hides_its_series_and_a_second_click_shows_it(page, site_url):
    page.goto(site_url + "evidence/matmul.html", wait_until=LOADED)
    draw_charts(page)
    figure = page.locator("figure.ab-chart--live").first
    figure.wait_for()
    figure.scroll_into_view_if_needed()
    before = figure.locator(POINTS).count()
    entry = figure.locator(".ab-chart__live g.role-legend-label text").first
    entry.click()
    page.wait_for_timeout(300)
    hidden = figure.locator(POINTS).count()
    assert 0 < hidden < before
    entry.click()
    page.wait_for_timeout(300)
    assert figure.locator(POINTS).count() == before
    assert page.errors == []


@pytest.mark.parametrize("scheme", ["default", "slate"])
@pytest.mark.parametrize("path", ["evidence/matmul.html", "evidence/transformer_train.html"])
def test_screenshot_of_a_chart_with_its_tooltip(browser, site_url, path, scheme):
    """For a person to look at (test-artifacts/): the matmul and GPT-2 charts with a tooltip,
    in both palettes; the dark one is drawn on the dark theme's background."""
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  color_scheme="dark" if scheme == "slate" else "light")
    page = context.new_page()
    page.goto(site_url + path, wait_until=LOADED)
    draw_charts(page)
    figure = page.locator("figure.ab-chart--live").first
    figure.wait_for()
    background = figure.locator(".ab-chart__live svg").evaluate("svg => svg.style.backgroundColor")
    assert background == ("rgb(30, 33, 41)" if scheme == "slate" else "rgb(255, 255, 255)")
    _hover_first_point(page, figure)
    ARTIFACTS.mkdir(exist_ok=True)
    name = path.removeprefix("evidence/").removesuffix(".html")
    page.screenshot(path=str(ARTIFACTS / f"chart-{name}-tooltip-{'dark' if scheme == 'slate' else 'light'}.png"))
    context.close()


ANSWER_PAGES = {"": 7, "article/comparison.html": 7}  # page -> answers it shows (the guide links to them)


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
@pytest.mark.parametrize("path", list(ANSWER_PAGES))
def test_every_answer_is_visible_and_the_page_does_not_scroll_sideways(browser, site_url, path, width, height):
    """The answers read on a phone and on a desktop: the document never scrolls sideways (only a
    focusable scroll region may), and every claim's answer is on the page, visible, inside the
    viewport's width."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(site_url + path, wait_until=LOADED)
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    overflowing = page.evaluate("""() => [...document.querySelectorAll('article *')].filter(e => {
        const style = getComputedStyle(e);
        const scrolls = ['auto', 'scroll'].includes(style.overflowX);
        return scrolls && e.scrollWidth > e.clientWidth + 1 && e.getAttribute('tabindex') === null
            && !e.closest('details:not([open])');
    }).map(e => e.className || e.tagName)""")
    assert overflowing == [], f"scrolls sideways without taking the keyboard's focus: {overflowing}"
    page.evaluate("document.querySelectorAll('article details').forEach(d => { d.open = true; })")  # folded: one click away
    directions = page.locator(".ab-answer__direction")
    assert directions.count() == ANSWER_PAGES[path]
    for i in range(directions.count()):
        answer = directions.nth(i)
        answer.scroll_into_view_if_needed()
        box = answer.bounding_box()
        assert answer.is_visible() and box["x"] >= 0 and box["x"] + box["width"] <= width, answer.inner_text()
        assert any(word in answer.inner_text() for word in ("Points to the", "Mixed", "Within ±", "No evidence yet",
                                                            "The description holds", "The description does not hold"))
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"answers-{path.removesuffix('.html').replace('/', '-') or 'home'}-{width}.png"),
                    full_page=True)
    if path == "article/comparison.html":  # the speed and cost answers, each on its own, for a person to look at
        draw_charts(page)
        page.add_style_tag(content=".md-header { position: static; }")  # a sticky header would cover the answer's top
        for slug in ("speed", "cost"):
            page.locator(f"#answer-{slug}").screenshot(path=str(ARTIFACTS / f"answer-{slug}-{width}.png"))
    context.close()


def test_the_measured_comparison_table_has_a_verdict_in_every_row(page, site_url):
    from accelbench.publish.wording.terms import VERDICT_WORDS

    page.goto(site_url + "article/comparison.html", wait_until=LOADED)
    page.locator("details.ab-whole-table summary").click()  # the whole table is one click away
    table = page.locator("table").filter(has_text="Published (MLPerf Training)")
    headers = table.locator("thead th").all_inner_texts()
    from accelbench.registry import RULES
    from accelbench.sources import SOURCES

    JUDGING = [k for k in SOURCES if any(kind == k for _, kind in RULES)]  # the sources with a verdict column
    assert headers[4:] == ["Measured here", *(f"Published ({SOURCES[k].title})" for k in JUDGING)]
    rows = table.locator("tbody tr")
    assert rows.count() == 7  # one per row of the article's table
    for i in range(rows.count()):
        measured = rows.nth(i).locator("td").nth(4).locator(".ab-verdict").inner_text()
        assert any(v in measured for v in VERDICT_WORDS.values()), measured
        for n in range(5, len(headers)):  # each published source in its own column, never merged
            published = rows.nth(i).locator("td").nth(n).locator(".ab-verdict").inner_text()
            # a source measures nothing: where it holds nothing on a claim it says "no evidence yet"
            assert any(v in published for v in (*VERDICT_WORDS.values(), "no evidence yet",
                                                "not covered")), published
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
    page.goto(site_url + "evidence/matmul.html", wait_until=LOADED)
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
    draw_charts(page)
    assert page.locator(".ab-glance a").count() == 7  # each answer, linked to its card
    # the interactive charts are drawn from disk too: their data is in the page, the scripts beside it
    page.locator("figure.ab-chart--live").first.wait_for()
    assert page.locator("figure.ab-chart:not(.ab-chart--live)").count() == 0
    width = page.eval_on_selector("figure.ab-chart .ab-chart__live svg", "svg => svg.getBoundingClientRect().width")
    assert width and width > 100
    page.locator("a", has_text="See the evidence").first.click()
    page.wait_for_load_state()
    assert page.url.endswith("evidence/index.html") and "Evidence" in page.title()


CHART_SCRIPTS = ("vega.min.js", "vega-lite.min.js", "vega-embed.min.js", "charts.js")
LIGHT_PAGE_BYTES = 600 * 1024  # what a page without a chart may fetch in all (it was 1.3 MiB with the charts')


def _fetched_file(built_site, site_url, url) -> Path:
    from urllib.parse import unquote, urlsplit

    return built_site / unquote(urlsplit(url.removeprefix(site_url)).path)


@pytest.mark.parametrize("path", ["article/tpus.html", "article/conclusion.html"])  # with a table, and without one
def test_a_page_without_a_chart_fetches_no_chart_script_and_under_600_kib(page, site_url, built_site, path):
    """The bytes are those of the files the page fetched (the test server sends them as they are,
    uncompressed), the search worker's included; the figure is written to test-artifacts/."""
    page.goto(site_url + path, wait_until="networkidle")
    assert page.locator("figure.ab-chart").count() == 0
    fetched = [url for url in page.requests if url.startswith(site_url)]
    assert [url for url in fetched if url.rsplit("/", 1)[-1] in CHART_SCRIPTS] == []
    total = sum(_fetched_file(built_site, site_url, url).stat().st_size for url in fetched)
    line = f"{path}: {len(fetched)} requests, {total} bytes ({total / 1024:.0f} KiB)"
    print(line)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"page-weight-{path.removesuffix('.html').replace('/', '-')}.txt").write_text(line + "\n")
    assert total <= LIGHT_PAGE_BYTES, line
    assert page.errors == []


def test_an_evidence_pages_charts_draw_from_disk_each_chart_script_fetched_once(page, built_site):
    page.goto((built_site / "evidence" / "matmul.html").as_uri())
    draw_charts(page)
    charts = page.locator("figure.ab-chart")
    assert charts.count() == 2  # throughput and roofline
    page.wait_for_function("document.querySelectorAll('figure.ab-chart:not(.ab-chart--live)').length === 0")
    widths = page.eval_on_selector_all("figure.ab-chart .ab-chart__live svg",
                                       "svgs => svgs.map(s => s.getBoundingClientRect().width)")
    assert len(widths) == 2 and all(w > 100 for w in widths)
    fetched = [url.rsplit("/", 1)[-1] for url in page.requests if url.startswith("file:")]
    assert sorted(name for name in fetched if name in CHART_SCRIPTS) == sorted(CHART_SCRIPTS)
    assert [e for e in page.errors if "chart" in e] == []  # (search cannot fetch its index from disk)


def site_pages(site) -> list[str]:
    """Every page of the built site but the 404 page, as paths under it."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html") if p.name != "404.html")


AXE = ROOT / "tests" / "assets" / "axe-core" / "axe.min.js"
# the pages whose fragments bring colours of their own (the answers and their chart, the verdicts and tables, a
# measured chart, a published one): the dark palette's sample on a contributor's machine
PALETTE_SAMPLE = {"index.html", "article/comparison.html", "evidence/matmul.html", "published/gpt3.html"}
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


# the axe rules Lighthouse 12.8 weighs in its accessibility score (its default-config.js, every
# audit of weight above 0): WCAG's and the best practices beside them (aria-dialog-name, heading-order)
LIGHTHOUSE_RULES = ["accesskeys", "aria-allowed-attr", "aria-allowed-role", "aria-command-name",
                    "aria-conditional-attr", "aria-deprecated-role", "aria-dialog-name", "aria-hidden-body",
                    "aria-hidden-focus", "aria-input-field-name", "aria-meter-name", "aria-progressbar-name",
                    "aria-prohibited-attr", "aria-required-attr", "aria-required-children", "aria-required-parent",
                    "aria-roles", "aria-text", "aria-toggle-field-name", "aria-tooltip-name", "aria-treeitem-name",
                    "aria-valid-attr-value", "aria-valid-attr", "button-name", "bypass", "color-contrast",
                    "definition-list", "dlitem", "document-title", "duplicate-id-aria", "form-field-multiple-labels",
                    "frame-title", "heading-order", "html-has-lang", "html-lang-valid", "html-xml-lang-mismatch",
                    "image-alt", "image-redundant-alt", "input-button-name", "input-image-alt", "label",
                    "link-in-text-block", "link-name", "list", "listitem", "meta-refresh", "meta-viewport",
                    "object-alt", "select-name", "skip-link", "tabindex", "table-duplicate-name", "target-size",
                    "td-headers-attr", "th-has-data-cells", "valid-lang", "video-caption"]
LIGHTHOUSE_PAGES = ["index.html", "article/comparison.html", "guide.html", "published/vendor_training.html"]
# one axe run per page for both checks: WCAG's rules, of which a serious or critical violation fails, and
# Lighthouse's, of which any violation fails (each costs its score points)
AXE_RUN = """async ([tags, lighthouse]) => {
  // WCAG's rules as a run by tag picks them: its experimental ones left out
  const wcag = axe.getRules(tags).filter(r => !r.tags.includes('experimental')).map(r => r.ruleId);
  const rules = [...new Set([...wcag, ...lighthouse])];
  const found = (await axe.run(document, {runOnly: {type: 'rule', values: rules}})).violations;
  const named = v => [v.id, v.nodes.map(n => n.target.join(' '))];
  return {wcag: found.filter(v => v.tags.some(t => tags.includes(t)) && ['serious', 'critical'].includes(v.impact)).map(named),
          lighthouse: found.filter(v => lighthouse.includes(v.id)).map(named)};
}"""


def test_the_sampled_pages_are_the_sites_and_ci_checks_every_one(built_site, monkeypatch):
    """A page renamed or gone would leave a sample silently: each sampled page is a page of the built site; a
    contributor's machine checks some of each list, CI every one."""
    pages = set(site_pages(built_site))
    assert TEMPLATE_SAMPLE | PALETTE_SAMPLE | set(LIGHTHOUSE_PAGES) | {p or "index.html" for p in PAGES} <= pages
    monkeypatch.setitem(globals(), "ON_CI", False)
    assert 0 < len(sampled(PAGES)) < len(PAGES) and set(sampled(PAGES)) < set(PAGES)
    monkeypatch.setitem(globals(), "ON_CI", True)
    assert sampled(PAGES) == PAGES


def _axe(page, site_url, paths, scheme) -> dict[str, list[str]]:
    """Each check's violations on each page, worded: 'rule on page: first node (and n more)'."""
    found = {"wcag": [], "lighthouse": []}
    for path in paths:
        page.goto(site_url + path, wait_until=LOADED)  # axe reads the page as built: nothing it checks arrives late
        assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == scheme
        page.add_script_tag(path=str(AXE))
        for check, violations in page.evaluate(AXE_RUN, [WCAG_AA, LIGHTHOUSE_RULES]).items():
            found[check] += [f"{rule} on {path}: {nodes[0]} (and {len(nodes) - 1} more)" for rule, nodes in violations]
    return found


def test_in_the_light_palette_no_page_has_a_serious_violation_nor_fails_a_rule_of_lighthouses_score(page, built_site,
                                                                                                   site_url):
    """axe-core, once per page: no serious or critical violation of WCAG 2.1 A and AA, and no violation of any
    impact of a rule Lighthouse's accessibility score weighs (Material's search dialog had no name, which left
    every page at 96 or 97; headings one level too deep cost three published pages one). Every page under
    CI=true; else the pages Lighthouse scores and one of each template (TEMPLATE_SAMPLE), to keep `make test` quick."""
    paths = sampled(site_pages(built_site), TEMPLATE_SAMPLE | set(LIGHTHOUSE_PAGES)) + ["404.html"]
    found = _axe(page, site_url, paths, "default")
    assert found == {"wcag": [], "lighthouse": []}, "\n".join(found["wcag"] + found["lighthouse"])


def test_the_one_axe_run_finds_what_each_check_looks_for(page, tmp_path):
    """A page with a serious WCAG violation (an image without alt text) and a minor one Lighthouse weighs (a
    heading two levels down): each check reports its own, so the merged run above can fail."""
    (tmp_path / "bad.html").write_text('<!doctype html><html lang="en"><head><title>t</title></head><body '
                                       'data-md-color-scheme="default"><main><h1>a</h1><h4>b</h4>'
                                       '<img src="x.png"></main></body></html>')
    with served(tmp_path) as url:
        found = _axe(page, url, ["bad.html"], "default")
    assert any(v.startswith("image-alt on bad.html") for v in found["wcag"]), found
    assert any(v.startswith("heading-order on bad.html") for v in found["lighthouse"]), found
    assert not any(v.startswith("heading-order") for v in found["wcag"])  # moderate: Lighthouse's alone


def test_in_the_dark_palette_no_page_has_a_serious_accessibility_violation(browser, built_site, site_url):
    """The same WCAG check in the dark palette: on one page of each template under CI=true (a palette changes
    colours, which every template shares), else on those whose fragments bring colours of their own."""
    context = browser.new_context(color_scheme="dark")
    found = _axe(context.new_page(), site_url, sampled(sorted(TEMPLATE_SAMPLE), PALETTE_SAMPLE), "slate")
    context.close()
    assert found["wcag"] == [], "\n".join(found["wcag"])


def _matmul_results_table(page):
    return page.locator("table").filter(has=page.locator("th", has_text="Median time")).first


def test_a_tables_csv_download_holds_the_rows_the_table_shows(page, site_url):
    import csv
    import io

    from accelbench.core.text import fmt

    page.goto(site_url + "evidence/matmul.html", wait_until=LOADED)
    table = _matmul_results_table(page)
    link = page.locator("p.ab-downloads").first.locator("a", has_text="CSV")
    with page.expect_download() as download:
        link.click()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    shown = table.locator("tbody tr")
    assert len(rows) == shown.count() > 0
    for i, row in enumerate(rows):
        assert _cell(table, shown.nth(i), "Device") == row["device"]
        assert _cell(table, shown.nth(i), "Framework") == row["framework"]
        assert _cell(table, shown.nth(i), "TFLOP/s") == fmt(float(row["tflops"]), "tflops")


@pytest.mark.parametrize(("path", "header"), [("evidence/matmul.html", "TFLOP/s"),
                                            ("evidence/transformer_train.html", "Median time")])
def test_clicking_a_column_header_sorts_the_table_by_it_as_numbers(page, site_url, path, header):
    """Both ways, by the raw number (not its text: "830" after "95.3"); a failed measurement's row,
    one cell spanning the columns, keeps its place (transformer_train has skipped rows)."""
    page.goto(site_url + path, wait_until=LOADED)
    table = page.locator("table").filter(has=page.locator("th", has_text="Median time")).first
    heads = [h.strip() for h in table.locator("thead th").all_inner_texts()]
    column = heads.index(header)

    def values():
        return [float(v) for v in table.locator(f"tbody tr:not(:has(td[colspan])) td:nth-child({column + 1})")
                .evaluate_all("cells => cells.map(c => c.dataset.sort)")]

    def spanning_rows():
        return table.locator("tbody tr").evaluate_all(
            "rows => rows.map((r, i) => r.querySelector('td[colspan]') ? i : -1).filter(i => i >= 0)")

    before, spanning = values(), spanning_rows()
    assert len(set(before)) > 1  # something to sort
    header_cell = table.locator("thead th").nth(column)
    header_cell.click()
    first = values()
    header_cell.click()
    second = values()
    assert {tuple(first), tuple(second)} == {tuple(sorted(before)), tuple(sorted(before, reverse=True))}
    assert spanning_rows() == spanning
    assert page.errors == []


COMPARISONS = ".ab-chart__live g.comparisons_marks path"  # an answer chart's rings: one per comparison


def _answers_from_the_committed_data():
    """The answers the site's build gives the committed data (the render step's own Context)."""
    from accelbench.core.reference import Reference
    from accelbench.prebuild import context
    from accelbench.publish.fragments import Links
    from accelbench.store.published import load_published
    from accelbench.store.store import load_store
    from accelbench.workloads.discovery import workload_settings

    data = ROOT / "build_data"
    return context(load_store(data, ROOT / "snippets"), Reference(data / "reference"), workload_settings(ROOT / "snippets"),
                   Links(""), published=load_published(data)).answers()


def test_each_answers_chart_draws_one_point_per_comparison_of_its_findings(page, site_url):
    # on training only: inference results are said beside the chart, never drawn in it
    expected = {a.claim.slug: sum(len(k.finding.comparisons) for k in a.kinds if k.info.for_training)
                for a in _answers_from_the_committed_data()}
    page.goto(site_url + "article/comparison.html", wait_until=LOADED)
    draw_charts(page)
    folded = 0
    for slug, count in expected.items():
        figure = page.locator(f"#answer-{slug} figure.ab-chart")
        if count < 2:  # one comparison is said in a sentence: no chart of one point
            assert figure.count() == 0, slug
            assert page.locator(f"#answer-{slug} .ab-chart__one").count() == count, slug
            continue
        every = page.locator(f"#answer-{slug} details.ab-chart__all figure.ab-chart")  # under a per-chip card's counted ones
        folded += every.count()
        assert (every if every.count() else figure).locator(COMPARISONS).count() == count, slug
    forests = page.locator(".ab-answer figure.ab-chart--live", has=page.locator(COMPARISONS))  # not the timelines
    assert sum(1 for c in expected.values() if c > 1) + folded == forests.count() > 0
    assert page.errors == []


def test_a_filter_narrows_the_chart_and_all_brings_every_row_back(page, site_url):
    page.goto(site_url + "article/comparison.html", wait_until=LOADED)
    draw_charts(page)
    figure = page.locator("#answer-speed details.ab-chart__all figure.ab-chart")  # every comparison, folded (opened)
    figure.scroll_into_view_if_needed()
    every = figure.locator(COMPARISONS).count()
    chip = figure.locator(".vega-bindings select").first
    chip.select_option("TPU v4")
    page.wait_for_timeout(300)
    assert figure.locator(COMPARISONS).count() == 1  # the paper's one comparison of TPU v4
    chip.select_option("all")
    page.wait_for_timeout(300)
    assert figure.locator(COMPARISONS).count() == every
    assert page.errors == []


# page -> its answers' charts (the speed card's counted rows and every row folded, its timeline, the buyer's)
ANSWER_CHARTS = {"": 1, "article/comparison.html": 4}
# every answers' chart's drawn SVG: the box of its marks, and the texts the renderer cut short
CHART_BOXES = """() => [...document.querySelectorAll('figure.ab-chart .ab-chart__live svg')].map(svg => {
  const boxes = [...svg.querySelectorAll('g.role-mark > *')].map(m => m.getBoundingClientRect()).filter(b => b.width);
  return {svg: svg.getBoundingClientRect().toJSON(), left: Math.min(...boxes.map(b => b.left)),
          right: Math.max(...boxes.map(b => b.right)),
          cut: [...svg.querySelectorAll('text')].map(t => t.textContent).filter(t => t.trim().endsWith('…'))};
})"""


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)])
@pytest.mark.parametrize("path", list(ANSWER_CHARTS))
def test_the_answers_charts_fit_the_screen_and_cut_no_label(browser, site_url, path, width, height):
    """On a phone and on a desktop, every answers' chart fits its column: its plot, labels and
    points lie inside the viewport's width, no text is cut with "…", and the page does not scroll
    sideways. Screenshots of the first one for a person to look at."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(site_url + path, wait_until=LOADED)
    draw_charts(page)
    drawn = page.evaluate(CHART_BOXES)
    assert len(drawn) == ANSWER_CHARTS[path]
    for chart in drawn:
        assert chart["cut"] == [], chart["cut"]
        assert chart["svg"]["left"] >= 0 and chart["svg"]["right"] <= width, chart["svg"]
        assert chart["svg"]["left"] <= chart["left"] and chart["right"] <= min(width, chart["svg"]["right"] + 1), chart
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    ARTIFACTS.mkdir(exist_ok=True)
    page.add_style_tag(content=".md-header { position: static; }")
    page.locator("figure.ab-chart").first.screenshot(
        path=str(ARTIFACTS / f"answers-chart-{path.removesuffix('.html').replace('/', '-') or 'home'}-{width}.png"))
    context.close()


def test_the_home_pages_recommendation_is_in_the_first_screen_beside_the_verdicts(browser, site_url):
    """The buyer's answer first: the recommendation on the first screen at 1280 px and within the
    first two at 390 px, the seven verdicts right after it, and the chart after them."""
    for width, height, screens in ((1280, 800, 1), (390, 844, 2)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(site_url, wait_until=LOADED)
        advice = page.locator(".ab-recommendation").bounding_box()
        glance = page.locator(".ab-glance").bounding_box()
        chart = page.locator("figure.ab-chart").first.bounding_box()
        assert advice["y"] + advice["height"] <= screens * height, (width, advice)
        assert page.locator(".ab-recommendation li").count() >= 4 and page.locator(".ab-glance li").count() == 7
        assert advice["y"] + advice["height"] <= glance["y"] < advice["y"] + advice["height"] + 80, (width, glance)
        assert glance["y"] + glance["height"] < chart["y"] < glance["y"] + glance["height"] + 120, (width, chart)
        page.screenshot(path=str(ARTIFACTS / f"home-first-screen-{width}.png"))
        context.close()


def test_no_verdict_or_answer_marker_is_an_emoji(page, site_url):
    import unicodedata

    for path in ("", "article/comparison.html"):  # the guide links to these answers, never repeats them
        page.goto(site_url + path, wait_until=LOADED)
        texts = page.locator(".ab-answer__direction, .ab-verdict, .ab-answer__article dt").all_inner_texts()
        assert texts, path
        emoji = [t for t in texts if any(unicodedata.category(ch) == "So" or ch == "\ufe0f" for ch in t)]
        assert emoji == [], (path, emoji[:3])
        icons = page.locator(".ab-answer__direction .ab-icon[role=img]")
        assert icons.count() > 0 and all(icons.nth(i).get_attribute("aria-label") for i in range(icons.count()))


ROW_LINES = """() => [...document.querySelectorAll('article .ab-table table')].flatMap(t => {
  const lh = parseFloat(getComputedStyle(t.querySelector('td') || t).lineHeight);
  return [...t.querySelectorAll('tbody tr')].map(r => [r.id || r.cells[0].innerText.slice(0, 40),
    Math.max(...[...r.cells].map(c => { const s = getComputedStyle(c);
      return (c.getBoundingClientRect().height - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom)) / lh; }))]);
})"""


@pytest.mark.parametrize("path", ["published/vendor_training.html", "published/gpt3.html", "published/mlperf_inference.html",
                                  "about/runs.html", "article/comparison.html", "evidence/matmul.html", "data/index.html"])
def test_no_row_of_a_generated_table_is_taller_than_two_lines_at_1280(browser, site_url, path):
    """Long text is clipped at two lines with the whole of it in the cell's tooltip; a table wider
    than its column scrolls in its own box, its first column fixed."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(site_url + path, wait_until=LOADED)
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    rows = page.evaluate(ROW_LINES)
    assert rows, path
    tall = [(row, round(lines, 1)) for row, lines in rows if lines > 2.3]
    assert tall == [], f"{path}: rows taller than two lines: {tall[:5]}"
    clipped = page.locator(".ab-table .ab-clip")
    for i in range(min(clipped.count(), 20)):  # a clipped text keeps the whole of it in its tooltip
        assert clipped.nth(i).get_attribute("title").startswith(clipped.nth(i).inner_text()[:20].split("\n")[0].strip())
    first = page.locator(".ab-table table tbody tr > :first-child").first
    assert first.evaluate("c => getComputedStyle(c).position") == "sticky"
    context.close()



@pytest.mark.parametrize("path", ["guide.html", "article/comparison.html"])
def test_the_answer_tables_read_on_a_phone_without_sideways_scrolling(browser, site_url, path):
    """The every-claim table and the guide's situations at 390 px: each row a block of its cells, each cell
    led by its column's heading, none past the screen's edge (the answer column is never off it)."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(site_url + path, wait_until=LOADED)
    cells = page.evaluate("""() => [...document.querySelectorAll('table[data-ab-stacked] td')].map(td => ({
        right: td.getBoundingClientRect().right, label: td.dataset.label,
        before: getComputedStyle(td, '::before').content}))""")
    assert cells and all(c["right"] <= 390 for c in cells), [c for c in cells if c["right"] > 390][:3]
    assert all(c["label"] and c["label"] in c["before"] for c in cells)
    context.close()


def test_on_a_touch_screen_a_tap_shows_a_points_tooltip_and_a_second_tap_follows_its_link(browser, site_url):
    """A phone has no hover: the first tap on a comparison shows its figures, never opens its source; a second
    tap on the same point goes to the source (charts.js)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    followed = []
    page.route("https://github.com/**", lambda route: (followed.append(route.request.url),
                                                        route.fulfill(status=200, body="source")))
    try:
        page.goto(site_url + "article/comparison.html#claim-speed", wait_until=LOADED)
        page.mouse.wheel(0, 10)  # the first interaction arms the charts
        figure = page.locator("#answer-speed figure.ab-chart").first
        figure.scroll_into_view_if_needed()
        figure.locator(".ab-chart__live svg").wait_for()
        point = figure.locator(POINTS).first
        point.scroll_into_view_if_needed()
        box = point.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.touchscreen.tap(x, y)
        page.locator("#vg-tooltip-element.visible").wait_for(timeout=5000)
        assert page.url.startswith(site_url) and followed == []  # the first tap reads, it does not leave
        page.touchscreen.tap(x, y)
        page.wait_for_url("https://github.com/**", timeout=5000)
        assert followed and followed[0].startswith("https://github.com/")
    finally:
        context.close()
