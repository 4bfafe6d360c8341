"""The pre-build step: fragments rendered from one registry, per page folder, deterministic, every
include checked; the contribute page lists the registry itself."""

import filecmp
import re

import pytest

from accelbench.prebuild import includes, render_site
from accelbench.publish.fragments import FragmentError, Links
from accelbench.registry import FRAGMENT_TYPES

from conftest import ROOT, SNIPPETS, make_run, write_run
from helpers import copy_project


def render_into(tmp_path, data_dir, name="a"):
    """The real pages rendered into a copy of the project (notebooks converted, not executed)."""
    project = tmp_path / name
    copy_project(project)
    return render_site(project, data_dir, SNIPPETS, execute_notebooks=False)


def test_every_include_of_the_pages_is_rendered_and_every_kind_is_used(tmp_path, data_dir):
    write_run(data_dir, make_run())
    out = render_into(tmp_path, data_dir)
    wanted = includes(ROOT / "docs")
    assert sorted({i.path for i in wanted}) == sorted(p.relative_to(out).as_posix() for p in out.rglob("*.md"))
    assert {i.fragment_type for i in wanted} == set(FRAGMENT_TYPES)  # no type is registered that no page shows


def test_same_data_same_bytes(tmp_path, data_dir):
    write_run(data_dir, make_run())
    first, second = render_into(tmp_path, data_dir, "a"), render_into(tmp_path, data_dir, "b")
    files = sorted(p.relative_to(first) for p in first.rglob("*.md"))
    match, mismatch, errors = filecmp.cmpfiles(first, second, files, shallow=False)
    assert mismatch == [] and errors == [] and len(match) == len(files) > 30


def test_links_are_relative_to_the_folder_of_the_page(tmp_path, data_dir):
    write_run(data_dir, make_run())
    project = tmp_path / "a"
    copy_project(project)
    # the same fragment on a page at the top and on one a folder down (article/tpus.md has it)
    (project / "docs" / "top.md").write_text('# Top\n\n--8<-- "generated/best.matmul.md"\n')
    out = render_site(project, data_dir, SNIPPETS, execute_notebooks=False)
    top = (out / "best.matmul.md").read_text()
    nested = (out / "article" / "best.matmul.md").read_text()
    assert 'href="about/runs.html#run-' in top and 'href="../about/runs.html#run-' in nested
    assert top.replace('href="about/', 'href="../about/').replace('href="data/', 'href="../data/') == nested
    assert 'href="../data/files/best-matmul.csv" download' in nested  # its data, from the page's folder
    assert Links("evidence").md("about/contribute.md") == "../about/contribute.md"
    assert Links("").html("evidence/matmul.md") == "evidence/matmul.html"


def test_a_new_render_replaces_every_old_fragment(tmp_path, data_dir):
    out = render_into(tmp_path, data_dir)
    (out / "stale.md").write_text("left from an earlier render")
    render_site(out.parent, data_dir, SNIPPETS, execute_notebooks=False)
    assert not (out / "stale.md").exists() and (out / "evidence" / "table.matmul.md").exists()
    assert not list(out.parent.glob(".generated.*"))  # no staging folder left behind


@pytest.mark.parametrize("line, message", [
    ('--8<-- "generated/tabel.matmul.md"', "page.md:3: unknown fragment type 'tabel' (known: runs, "),
    ('--8<-- "generated/verdict.speedy.md"', "page.md:3: 'verdict' takes one of designed, speed, flexibility, "),
    ('--8<-- "generated/reference.gpus.md"',
     "page.md:3: 'reference' takes one of accelerators, prices, formats, frameworks, got ['gpus']"),
    ('--8<-- "generated/runs.all.md"', "page.md:3: 'runs' takes no arguments, got ['all']"),
    ('--8<-- "generated/notebook.nowhere.md"', "page.md:3: no notebook "),
    ('--8<-- "generated/table.matmul.txt"', "page.md:3: fragments are .md files, got 'table.matmul.txt'"),
])
def test_bad_includes_are_refused_naming_page_and_line(tmp_path, data_dir, line, message):
    project = tmp_path / "p"
    copy_project(project)
    (project / "docs" / "page.md").write_text(f"# Page\n\n{line}\n")
    with pytest.raises(FragmentError) as info:
        render_site(project, data_dir, SNIPPETS, execute_notebooks=False)
    assert message in str(info.value)
    assert not (project / "generated").exists()  # nothing half-rendered is left to include


def test_the_contribute_page_lists_the_registry(tmp_path, data_dir):
    out = render_into(tmp_path, data_dir)
    listed = re.findall(r"^- `([a-z-]+)", (out / "about" / "kinds.md").read_text(), re.M)
    assert listed == list(FRAGMENT_TYPES)
    assert ';--8<-- "generated/evidence/table.matmul.md"' in (ROOT / "docs" / "about" / "contribute.md").read_text()


def test_charts_on_one_page_have_ids_of_their_own(tmp_path, data_dir):
    from conftest import make_record

    write_run(data_dir, make_run(records=[make_record(params={"n": n, "dtype": "float32"}) for n in (256, 512)]))
    out = render_into(tmp_path, data_dir)
    ids = re.findall(r'id="([^"]+)"', (out / "evidence" / "chart.matmul.md").read_text()
                     + (out / "evidence" / "roofline.md").read_text()
                     + (out / "evidence" / "chart.matmul.tflops_per_watt.md").read_text())
    assert ids and len(ids) == len(set(ids))
