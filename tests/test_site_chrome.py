"""What every page around its content gets right, on the session's one build of the committed run
files: headings draw without an emoji font, no page's title names the site twice, About the data
names each kind of evidence and where it comes from, and the 404 page's links work when the site is
served under a path, as a GitHub project site is (<owner>.github.io/<project>/)."""

import functools
import html
import re
import threading
import urllib.error
import urllib.request
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from conftest import ON_CI, ROOT
from helpers import CHROMIUM, chromium

SITE_NAME = re.search(r'^site_name: "(.+)"$', (ROOT / "mkdocs.yml").read_text(), re.M).group(1)
# what only an emoji font draws (a system without one shows an empty box): the pictographic and
# dingbat blocks, and the variation selector that asks for the emoji form of a symbol
EMOJI = re.compile("[\u2600-\u27bf\u2b00-\u2bff\ufe0f\U0001f000-\U0001faff]")
PREFIX = "/sub/"  # where the site is served, as a project site under its repository's name


@pytest.fixture(scope="module")
def site(committed_site):
    return committed_site


class Headings(HTMLParser):
    """Each heading's text as a reader's fonts must draw it (an inline SVG icon's markup is no text),
    and whether it holds an inline SVG."""

    def __init__(self):
        super().__init__()
        self.open, self.in_svg, self.headings = None, 0, []

    def handle_starttag(self, tag, attrs):
        if re.fullmatch(r"h[1-6]", tag):
            self.open = {"text": "", "svg": False, "img": False}
        elif self.open is not None:
            self.in_svg += tag == "svg"
            self.open["svg"] |= tag == "svg"
            self.open["img"] |= tag == "img"

    def handle_endtag(self, tag):
        if re.fullmatch(r"h[1-6]", tag) and self.open is not None:
            self.headings.append(self.open)
            self.open = None
        elif tag == "svg" and self.in_svg:
            self.in_svg -= 1

    def handle_data(self, data):
        if self.open is not None and not self.in_svg:
            self.open["text"] += data


def headings(page: Path) -> list[dict]:
    parser = Headings()
    parser.feed(page.read_text())
    return parser.headings


def test_no_heading_needs_an_emoji_font(site):
    found = [(str(page.relative_to(site)), h["text"].strip()) for page in sorted(site.rglob("*.html"))
             for h in headings(page) if EMOJI.search(h["text"])]
    assert found == []


def page_text(page: Path) -> str:
    """What a page shows as text: its HTML less scripts, styles and tags (an SVG's title aside)."""
    markup = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", page.read_text(), flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def test_no_page_shows_text_that_needs_an_emoji_font(site):
    """The article's list items and table heads too: each emoji is Material's icon, inlined."""
    found = [(str(page.relative_to(site)), EMOJI.findall(page_text(page))[:3]) for page in sorted(site.rglob("*.html"))
             if EMOJI.search(page_text(page))]
    assert found == []


def test_the_article_headings_keep_their_emoji_as_inline_icons(site):
    """The article's heading emoji are Material's icons, inlined: nothing fetched, from no other host."""
    for path, text in [("index.html", "TPUs vs GPUs: Which Is Better for AI Model Training?"),
                       ("article/gpus.html", "What Are GPUs?"), ("article/tpus.html", "What Are TPUs?"),
                       ("article/comparison.html", "TPUs vs GPUs: Side-by-Side Comparison"),
                       ("article/choosing.html", "When Should You Use a GPU?"),
                       ("article/choosing.html", "When Should You Use a TPU?"),
                       ("article/examples.html", "Real-World Examples"), ("article/future.html", "Future Trends"),
                       ("article/conclusion.html", "Conclusion: Which One Should You Choose?")]:
        [heading] = [h for h in headings(site / path) if h["text"].startswith(text)]
        assert heading["svg"] and not heading["img"], (path, text)
    # the section's own ids (the comparison table and other pages link to them) are unchanged
    choosing = (site / "article" / "choosing.html").read_text()
    assert 'id="when-should-you-use-a-gpu"' in choosing and 'id="when-should-you-use-a-tpu"' in choosing


def title(page: Path) -> str:
    [text] = re.findall(r"<title>(.*?)</title>", page.read_text(), re.S)
    return html.unescape(text.strip())


def test_no_page_title_names_the_same_thing_twice(site):
    assert title(site / "index.html") == SITE_NAME  # the home page's front-matter title is the site's
    assert title(site / "about" / "index.html") == f"About the data - {SITE_NAME}"
    for page in site.rglob("*.html"):
        parts = title(page).split(" - ")
        assert len(parts) == len(set(parts)), f"{page.relative_to(site)}: {title(page)}"


def test_about_the_data_names_each_kind_of_evidence_and_where_it_comes_from(site):
    about = (site / "about" / "index.html").read_text()
    content = about.split('<article class="md-content__inner')[1].split("</article>")[0]
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", "", content)).split())
    for kind in ("Measured here", "Audited benchmark results (MLPerf)", "Vendor-reported figures",
                 "Peer-reviewed papers", "What notable models were trained on", "Reference data, not results"):
        assert kind in text, kind
    for where in ("build_data/runs/", "MLCommons' result repositories", "build_data/published/",
                  "Megatron-Bridge", "authors' affiliation", "Epoch AI", "vendors' specifications",
                  "build_data/reference/", "SkyPilot catalog", "typed by hand with their source"):
        assert where in text, where
    for link in ("../published/index.html", "../published/vendor_training.html", "../published/papers.html",
                 "../published/epoch_models.html", "hardware.html"):
        assert f'href="{link}"' in content, link
    # the claim it replaces was false: the verdicts rest on more than run files
    for page in site.rglob("*.html"):
        assert "Every number on this site comes from" not in page.read_text(), page


class ProjectPages(SimpleHTTPRequestHandler):
    """GitHub Pages serving a project site: the site under PREFIX, and for an address under it that
    holds nothing the site's own 404.html, with status 404."""

    def log_message(self, *args):
        pass

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / PREFIX.strip("/") / "404.html"
        if code != 404 or not self.path.startswith(PREFIX):
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@pytest.fixture(scope="module")
def served_under_a_path(site, tmp_path_factory):
    """The built site served at http://127.0.0.1:<port>/sub/, GitHub Pages' way."""
    root = tmp_path_factory.mktemp("pages")
    (root / PREFIX.strip("/")).symlink_to(site, target_is_directory=True)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(ProjectPages, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def http_status(url: str) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method="HEAD"), timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def broken_links(base: str, page_url: str, urls: list[str]) -> list[str]:
    """Each of the page's links, stylesheets and scripts that does not lead to a file of the site
    under PREFIX (links to other sites, and to the page itself, aside)."""
    broken = []
    for url in sorted({u.split("#")[0] for u in urls} - {page_url.split("#")[0], ""}):
        if urlsplit(url).netloc != urlsplit(base).netloc:
            continue  # a link to another site ("Made with Material for MkDocs"), loaded by nothing
        if not url.startswith(base + PREFIX) or http_status(url) != 200:
            broken.append(url)
    return broken


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("a", "link") and attrs.get("href"):
            self.urls.append(attrs["href"])
        if tag == "script" and attrs.get("src"):
            self.urls.append(attrs["src"])


def test_the_404_page_links_into_the_site_under_a_path_without_javascript(served_under_a_path):
    """A missing page at the top of the site: its links, stylesheets and scripts resolve against the
    address's own folder, the site's root, with no script run."""
    base = served_under_a_path
    url = base + PREFIX + "nonexistent"
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(url, timeout=10)
    assert missing.value.code == 404
    page = missing.value.read().decode()
    assert "There is no page at this address" in page
    parser = Links()
    parser.feed(page)
    assert len(parser.urls) > 20  # the navigation, the stylesheets, the scripts
    assert broken_links(base, url, [urljoin(url, u) for u in parser.urls]) == []


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        message = f"no Chromium at {CHROMIUM} (`sudo apt-get install chromium`, or set ACCELBENCH_CHROMIUM)"
        if ON_CI:
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    with chromium() as b:
        yield b


def test_the_404_page_finds_the_site_root_at_any_depth_under_a_path(browser, served_under_a_path):
    """A missing page deep under the site: the page finds the site's root and links, styles and
    searches from there."""
    base = served_under_a_path
    url = base + PREFIX + "no/such/deep/page.html"
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    response = page.goto(url, wait_until="networkidle")
    assert response.status == 404
    assert page.evaluate("document.baseURI") == base + PREFIX
    urls = page.evaluate("""() => [...document.querySelectorAll('a[href], link[href]')].map(e => e.href)
        .concat([...document.querySelectorAll('script[src]')].map(e => e.src))""")
    assert len(urls) > 20
    assert broken_links(base, url, urls) == []
    # Material's stylesheet applied (an unstyled page has no coloured header), nothing from another host
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).backgroundColor") != "rgba(0, 0, 0, 0)"
    assert [r for r in requests if not r.startswith(base + "/")] == []
    # search loads its index from the site's root too
    search = page.locator("input.md-search__input")
    search.click()
    search.press_sequentially("matrix multiplication", delay=30)
    result = page.locator(".md-search-result__link[href*='evidence/matmul']").first
    result.wait_for(timeout=10_000)
    assert page.evaluate("document.querySelector('.md-search-result__link').href").startswith(base + PREFIX)
    context.close()
