"""Each page loads only the scripts it uses (overrides/main.html): the charts' scripts (about
960 KiB) only where a chart is, the tables' only where a table is; each once, deferred, in the
order mkdocs.yml lists them, by a path relative to the page (the site also works opened from disk).
What a page then weighs in a browser: tests/test_browser.py."""

import re
from html.parser import HTMLParser

import pytest
import yaml

from conftest import ROOT

CONFIG = yaml.load((ROOT / "mkdocs.yml").read_text(), Loader=yaml.BaseLoader)  # !ENV tags stay text
CHART_SCRIPTS = CONFIG["extra"]["chart_javascript"]
CHART_LIBRARIES = CONFIG["extra"]["chart_libraries"]  # fetched by charts.js, never by a <script> of the page
TABLE_SCRIPTS = CONFIG["extra"]["table_javascript"]
CHART = '<figure class="ab-chart">'


@pytest.fixture(scope="module")
def built_site(committed_site):
    return committed_site  # the session's one build of the committed run files


class Scripts(HTMLParser):
    """The <script src> of a page, in order: (src, attributes)."""

    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and attrs.get("src"):
            self.found.append((attrs["src"], attrs))


def scripts(html: str) -> list[tuple[str, dict]]:
    parser = Scripts()
    parser.feed(html)
    return parser.found


def has_table(html: str) -> bool:
    """What tablesort-init.js sorts: the tables of the article."""
    article = re.search(r"<article\b.*?</article>", html, re.S)
    return bool(article) and "<table" in article.group(0)


def pages(site):
    return sorted(p for p in site.rglob("*.html") if p.name != "404.html")


def test_every_page_references_the_chart_and_table_scripts_only_if_it_has_charts_or_tables(built_site):
    counted = {"charts": 0, "no charts": 0, "tables": 0, "no tables": 0}
    for page in pages(built_site):
        html = page.read_text(encoding="utf-8")
        found = scripts(html)
        srcs = [src for src, _ in found]
        name = page.relative_to(built_site).as_posix()
        for wanted, group, label in ((CHART in html, CHART_SCRIPTS, "charts"), (has_table(html), TABLE_SCRIPTS, "tables")):
            counted[label if wanted else f"no {label}"] += 1
            # each by its path from this page's folder, the file beside it (works opened from disk)
            expected = [(page.parent / src).resolve() for src in srcs]
            for path in group:
                target = (built_site / path).resolve()
                uses = [i for i, p in enumerate(expected) if p == target]
                if not wanted:
                    assert uses == [], f"{name} has no {label} but loads {path}"
                    continue
                assert len(uses) == 1, f"{name} loads {path} {len(uses)} times"
                src, attrs = found[uses[0]]
                assert "defer" in attrs and "async" not in attrs, f"{name}: {src} is not deferred"
                assert not src.startswith(("/", "http:", "https:")), f"{name}: {src} is not relative"
            if wanted and label == "charts":  # the libraries are named for charts.js, relative to the page, in order
                (attrs,) = [a for src, a in found if (page.parent / src).resolve() == (built_site / CHART_SCRIPTS[0]).resolve()]
                named = [(page.parent / u).resolve() for u in attrs["data-ab-vega"].split()]
                assert named == [(built_site / s).resolve() for s in CHART_LIBRARIES], name
                assert not [s for s in srcs if (page.parent / s).resolve() in named], f"{name} loads Vega up front"
            if wanted:  # in the listed order, after Material's bundle (document$ is defined by then)
                order = [next(i for i, p in enumerate(expected) if p == (built_site / s).resolve()) for s in group]
                assert order == sorted(order), name
                bundle = next(i for i, s in enumerate(srcs) if "/javascripts/bundle." in f"/{s}")
                assert bundle < order[0], name
    # the site has pages of each kind, or this test proves nothing
    assert all(n > 0 for n in counted.values()), counted


def test_the_home_page_and_an_evidence_page_load_the_charts_an_article_page_does_not(built_site):
    def names(page):
        return [src.rsplit("/", 1)[-1] for src, _ in scripts((built_site / page).read_text(encoding="utf-8"))]

    for page in ("index.html", "evidence/matmul.html"):
        assert "charts.js" in names(page) and not any("vega" in n for n in names(page)), page  # Vega on demand
    for page in ("article/tpus.html", "article/choosing.html", "article/conclusion.html"):
        assert not any("vega" in n or n == "charts.js" for n in names(page)), page
    assert "tablesort-init.js" in names("article/tpus.html")  # it has a table
    assert "tablesort-init.js" not in names("article/conclusion.html")  # it has none
