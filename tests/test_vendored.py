"""The scripts shipped with the site: each is the file its README names (checksum), with its
licence beside it, every script the site loads is shipped, and the interactive charts use the
Vega-Lite the static ones are rendered with."""

import hashlib
import re

import yaml

from accelbench.publish.render import chart_theme

from conftest import ROOT

VENDOR = ROOT / "docs" / "assets" / "vendor"
ROW = re.compile(r"^\| `([^`]+)` \| `([^`]+)`.*\((`[^`]+`)\) \| `([0-9a-f]{64})` \|$", re.M)


def test_every_vendored_script_matches_its_checksum_and_has_its_licence():
    rows = ROW.findall((VENDOR / "README.txt").read_text())
    listed = {path for path, *_ in rows}
    shipped = {p.relative_to(VENDOR).as_posix() for p in VENDOR.rglob("*.js")}
    assert listed == shipped and len(listed) == 5
    for path, _package, licence, sha256 in rows:
        assert hashlib.sha256((VENDOR / path).read_bytes()).hexdigest() == sha256, path
        assert (VENDOR / licence.strip("`")).stat().st_size > 500, licence


def test_every_script_the_site_loads_is_shipped_with_it():
    config = yaml.load((ROOT / "mkdocs.yml").read_text(), Loader=yaml.BaseLoader)  # !ENV tags stay text
    # every page's (extra_javascript), and those overrides/main.html adds to the pages that use them
    charts, tables = config["extra"]["chart_javascript"], config["extra"]["table_javascript"]
    libraries = config["extra"]["chart_libraries"]  # what charts.js fetches once the reader interacts
    scripts = [*config.get("extra_javascript", []), *charts, *libraries, *tables]
    assert all(not s.startswith(("http:", "https:", "//")) and (ROOT / "docs" / s).is_file() for s in scripts)
    assert [s.rsplit("/", 1)[-1] for s in charts] == ["charts.js"]
    # in load order: vega before vega-lite before vega-embed
    assert [s.rsplit("/", 1)[-1] for s in libraries] == ["vega.min.js", "vega-lite.min.js", "vega-embed.min.js"]
    assert tables[-1] == "assets/tablesort-init.js"


def test_the_interactive_charts_use_the_vega_lite_of_the_static_ones():
    head = (VENDOR / "vega" / "vega-lite.min.js").read_text()[:2000]
    version = re.search(r'var n="(\d+\.\d+)\.\d+"', head)
    assert version and version.group(1) == chart_theme.VEGA_LITE
