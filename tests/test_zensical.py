"""The same site from the same fragments under Zensical, Material's successor, which runs no
MkDocs plugin: every measured table, chart and verdict is there, as MkDocs builds it, and every
link between pages resolves (Zensical checks none of the links fragments bring)."""

import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from helpers import rendered_project

ZENSICAL = Path(sys.executable).with_name("zensical")
PAGES = ["index.html", "article/comparison.html", "article/tpus.html", "guide.html", "evidence/matmul.html",
         "evidence/transformer_train.html", "evidence/energy.html", "about/runs.html", "about/hardware.html",
         "published/index.html", "published/gpt3.html", "published/stable_diffusion.html"]


@pytest.fixture(scope="module")
def both(tmp_path_factory, committed_site):
    """The session's MkDocs build of the committed run files (committed_site), and Zensical's build of the same
    rendered pages: a copy of the project that build rendered (its generated/ and downloads), so that both show
    one render (a render of the committed data takes about 15 s here; Zensical's build under 2)."""
    if not ZENSICAL.exists():
        pytest.fail(f"zensical is not installed beside {sys.executable} (pip install -e '.[dev]')", pytrace=False)
    project = tmp_path_factory.mktemp("zensical") / "project"
    shutil.copytree(rendered_project(committed_site), project)
    zensical = subprocess.run([str(ZENSICAL), "build", "--strict"], cwd=project, capture_output=True, text=True,
                              timeout=300)
    assert zensical.returncode == 0, zensical.stdout + zensical.stderr
    return project / "site", committed_site


def measured_parts(html: str) -> list[str]:
    """The tables, charts and verdict notes of a page, as the fragments made them."""
    wrapped = r'<div class="md-typeset__scrollwrap[^"]*"[^>]*><div class="md-typeset__table">\s*(<table[^>]*>.*?</table>)'
    tables = re.findall(wrapped, html, re.S)
    charts = re.findall(r'<figure class="ab-chart">.*?</figure>', html, re.S)
    notes = re.findall(r'<p class="admonition-title">[^<]*(?:supported|contradicted|mixed|not measured yet)[^<]*</p>', html)
    answers = re.findall(r'<div class="ab-answer" id="answer-[a-z]+"[^>]*>.*?\n</div>', html, re.S)
    # a search-index hint each generator writes its own way (or drops): not what the page shows
    return [re.sub(r' data-search-exclude(="")?', "", part) for part in tables + charts + notes + answers]


@pytest.mark.parametrize("page", PAGES)
def test_zensical_shows_what_mkdocs_shows(both, page):
    zensical, mkdocs = both
    z, m = (zensical / page).read_text(), (mkdocs / page).read_text()
    assert measured_parts(m), f"{page}: nothing measured found in the MkDocs build"
    assert measured_parts(z) == measured_parts(m)


def test_every_fragment_reached_the_zensical_pages(both):
    zensical, _ = both
    for page in zensical.rglob("*.html"):
        text = page.read_text()
        assert "--8&lt;--" not in text.split('<article', 1)[-1] or page.name == "contribute.html", page
        assert "<!-- accelbench:" not in text, page
    comparison = (zensical / "article" / "comparison.html").read_text()
    whole_table = comparison.split('<details class="ab-whole-table">', 1)[1].split("</details>", 1)[0]
    from accelbench.registry import RULES
    from accelbench.sources import SOURCES

    JUDGING = [k for k in SOURCES if any(kind == k for _, kind in RULES)]  # the sources with a verdict column
    # measured here, and each published source
    assert whole_table.count('class="ab-verdict ab-verdict--') == (1 + len(JUDGING)) * 7
    assert comparison.count('<div class="ab-answer" id="answer-') == 7  # one answer per claim
    assert (zensical / "search.json").exists()
    assert (zensical / "notebooks" / "explore.ipynb").exists()
    explore = (zensical / "notebooks" / "explore.html").read_text()
    assert re.search(r"<h1[^>]*>Explore the results", explore) and 'href="explore.ipynb"' in explore


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])


def test_every_link_between_zensical_pages_resolves(both):
    zensical, _ = both
    parsed = {}
    for page in zensical.rglob("*.html"):
        parser = Links()
        parser.feed(page.read_text())
        parsed[page] = parser
    broken = []
    for page, parser in parsed.items():
        if page.name == "404.html":  # served at any address, so its links are root-absolute by design
            continue
        for href in parser.hrefs:
            url = urlsplit(href)
            if url.scheme or url.netloc or href.startswith(("#__", "mailto:")):
                continue
            target = (page.parent / unquote(url.path)).resolve() if url.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(zensical)}: {href}")
            elif url.fragment and target.suffix == ".html" and url.fragment not in parsed[target].ids:
                broken.append(f"{page.relative_to(zensical)}: {href} (no such anchor)")
    assert broken == [], "\n".join(broken)


def page_scripts(site: Path, page: str) -> list[str]:
    """The scripts of a page that are the site's own (not the generator's bundle), by their path in
    the site, with 'defer' where they are deferred."""
    found = []
    for before, src, after in re.findall(r'<script\b([^>]*)\bsrc="([^"]+)"([^>]*)>', (site / page).read_text()):
        path = ((site / page).parent / src).resolve().relative_to(site.resolve()).as_posix()
        if not path.startswith("assets/javascripts/"):
            found.append(path + (" defer" if "defer" in before + after else ""))
    return found


@pytest.mark.parametrize("page", PAGES)
def test_zensical_pages_load_the_scripts_mkdocs_pages_load(both, page):
    """overrides/main.html serves both: the chart scripts on chart pages only, the tables' on table pages."""
    zensical, mkdocs = both
    assert page_scripts(zensical, page) == page_scripts(mkdocs, page)
    has_chart = '<figure class="ab-chart">' in (mkdocs / page).read_text()
    assert ("assets/charts.js defer" in page_scripts(mkdocs, page)) == has_chart
