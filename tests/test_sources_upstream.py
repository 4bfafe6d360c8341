"""Evidence that stays current: `accelbench sources` lists each pin and, where upstream answers, marks
the stale ones (offline, it says it could not check and exits 0); `accelbench refresh` fetches a local
upstream git repository that has a new commit, imports it through the source's own importer, keeps the
earlier figures as history and names the change in words; the judgement's changes are said line by line."""

import json
import shutil
import subprocess
import urllib.error

import pytest

from accelbench.cli import main
from accelbench.judge.changes import changes, moved_sources
from accelbench.publish.wording.changes import NOTHING, line, lines
from accelbench.sources.upstream import CURRENT, STALE, UNCHECKED, Pin, Upstream, check, pins, table

from conftest import ROOT

FIXTURE = ROOT / "tests" / "fixtures" / "vendor_training" / "tpu-recipes"
README = "training/ironwood/README.md"
NAME = "vendor-training-tpu-recipes-ironwood"


def git(repo, *args):
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=True).stdout.strip()


@pytest.fixture
def upstream(tmp_path):
    """A local copy of tpu-recipes' files as one commit, the way a fetched repository is read."""
    repo = tmp_path / "tpu-recipes"
    shutil.copytree(FIXTURE, repo)
    git(repo, "init", "-q", "-b", "main")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "add", ".")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "recipes")
    return repo


@pytest.fixture
def data_dir(tmp_path, upstream):
    """The committed reference data and the GPU side's published files, with Ironwood imported from UPSTREAM."""
    data = tmp_path / "build_data"
    shutil.copytree(ROOT / "build_data" / "reference", data / "reference")
    (data / "published").mkdir(parents=True)
    (data / "runs").mkdir()
    for path in (ROOT / "build_data" / "published").glob("vendor-training-megatron-*.json"):
        shutil.copy(path, data / "published" / path.name)
    assert main(["--data-dir", str(data), "import", "vendor-training", str(upstream / ".git"), "--document",
                 "ironwood"]) == 0
    return data


def test_the_pins_name_each_published_file_its_commit_and_what_dates_it():
    found = {p.name: p for p in pins(ROOT / "build_data")}
    ironwood = found[NAME]
    assert (ironwood.repository, ironwood.path) == ("AI-Hypercomputer/tpu-recipes", README)
    assert len(ironwood.commit) == 40 and ironwood.dated_by == "newest line" and ironwood.date
    assert found["mlperf-training-v5.1"].dated_by == "round published"
    assert any(name.startswith("catalog ") for name in found)


def test_a_source_behind_upstream_is_stale_and_one_that_cannot_be_asked_is_not_checked():
    pinned = [Pin("a", "o/a", "1" * 40, "x.md", "", ""), Pin("b", "o/b", "2" * 40, "", "", "")]

    def newest(repository, path):
        if repository == "o/b":
            raise urllib.error.URLError("no network")
        return Upstream("3" * 40, "2026-12-01")
    found = check(pinned, newest)
    assert [c.status for c in found] == [STALE, UNCHECKED] and found[1].why == "no network"
    assert [c.status for c in check(pinned, lambda r, p: Upstream(pinned[0].commit if r == "o/a" else "4" * 40, ""))] == \
        [CURRENT, STALE]
    said = table(check(pinned, None))
    assert "not checked" in said and said.endswith("upstream could not be checked for 2 source(s): offline")


def test_sources_offline_lists_every_pin_and_exits_0(capsys):
    assert main(["sources", "--offline"]) == 0
    out = capsys.readouterr().out
    assert NAME in out and "c8cfe2f68908" in out and "offline" in out


def test_refresh_imports_the_new_commit_keeps_the_old_figures_and_says_what_changed(tmp_path, upstream, data_dir,
                                                                                      capsys):
    first = git(upstream, "rev-parse", "HEAD")
    readme = upstream / README
    readme.write_text(readme.read_text(encoding="utf-8").replace("2,968.49", "2,953.14"), encoding="utf-8")
    git(upstream, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-am", "a new figure")
    second = git(upstream, "rev-parse", "HEAD")
    argv = ["--data-dir", str(data_dir), "refresh", NAME, "--upstream", str(upstream), "--cache", str(tmp_path / "cache")]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"{NAME}: {first[:12]} → {second[:12]}" in out
    # the figure moved on every pair it is in; the verdicts stay
    moved = [said for said in out.splitlines() if "DeepSeek-V3" in said and "FP8" in said]
    assert moved and all(said.startswith("- Speed, vendor pair Ironwood vs DGX-") for said in moved)
    assert any(said.endswith("; verdict unchanged") for said in moved)
    now = json.loads((data_dir / "published" / f"{NAME}.json").read_text(encoding="utf-8"))
    assert now["source"]["commit"] == second
    assert any(r["tokens_per_s_per_chip"] == 2953.14 for r in now["rows"])
    kept = json.loads((data_dir / "published" / "history" / f"{NAME}@{first[:12]}.json").read_text(encoding="utf-8"))
    assert kept["source"]["commit"] == first and any(r["tokens_per_s_per_chip"] == 2968.49 for r in kept["rows"])
    # again: nothing new upstream
    assert main(argv) == 0
    assert capsys.readouterr().out.strip() == f"{NAME}: current at {second[:12]}"


def test_changes_are_said_in_words_and_none_is_said_as_none():
    name = {"key": "named", "values": {"name": "Ironwood vs DGX-GB300, DeepSeek-V3 671B, 256 chips, FP8"}}
    old = {"claims": [{"claim": "speed", "direction": "gpu", "strength": "one_kind", "kinds": [
        {"kind": "vendor-training", "comparisons": [{"name": name, "advantage": 0.472, "side": "gpu",
                                                     "url": "https://github.com/o/r/blob/" + "a" * 40 + "/x"}]}]}]}
    new = json.loads(json.dumps(old).replace("0.472", "0.469").replace("a" * 40, "b" * 40))
    found = changes(old, new)
    assert [line(c) for c in found] == [
        "Speed, vendor pair Ironwood vs DGX-GB300, DeepSeek-V3 671B, 256 chips, FP8: 0.472 → 0.469; verdict unchanged"]
    assert moved_sources(old, new) == [("o/r", ("a" * 40,), ("b" * 40,))]
    assert lines(changes(old, old)) == [NOTHING]
    # a schema-1 judgement's "mixed" is read in this schema's codes: no change where none happened
    older = json.loads(json.dumps(old).replace('"gpu", "strength": "one_kind"', '"mixed", "strength": "disagree"'))
    newer = json.loads(json.dumps(old).replace('"gpu", "strength": "one_kind"', '"disagree", "strength": ""'))
    assert changes(older, newer) == ()


def test_the_what_changed_page_lists_each_versions_changes_with_their_cause(tmp_path):
    from accelbench.core.reference import Reference
    from accelbench.judge.judgement import as_data
    from accelbench.prebuild import context
    from accelbench.publish.fragments import Links, render
    from accelbench.sources import load_published
    from accelbench.store.store import Store

    data = tmp_path / "build_data"
    shutil.copytree(ROOT / "build_data" / "published", data / "published")
    ctx = context(Store.of_runs([], {}), Reference(ROOT / "build_data" / "reference"), {}, Links("about"),
                  published=load_published(data), data_dir=data)
    assert "No earlier judgement is kept yet" in render(ctx, "changes", []).text
    # a kept version whose Ironwood figures came from another commit and one ratio was lower
    now = as_data(ctx.judgement)
    speed = next(c for c in now["claims"] if c["claim"] == "speed")
    vendor = next(k for k in speed["kinds"] if k["kind"] == "vendor-training")
    pinned = next(p for p in pins(data) if p.name == NAME).commit
    earlier = json.loads(json.dumps(now).replace(pinned, "0" * 40))
    moved = next(c for c in next(k for k in next(c for c in earlier["claims"] if c["claim"] == "speed")["kinds"]
                                 if k["kind"] == "vendor-training")["comparisons"] if "Ironwood" in c["tpu"])
    moved["advantage"] *= 0.9
    (data / "judgements").mkdir()
    (data / "judgements" / "2026-11-30-1200-00000000.json").write_text(json.dumps(earlier), encoding="utf-8")
    page = render(ctx, "changes", []).text
    assert "From 2026-11-30-1200-00000000 to this build" in page
    assert f"AI-Hypercomputer/tpu-recipes: 00000000 → {pinned[:8]}" in page
    assert page.count("Speed, vendor pair Ironwood vs ") == 1 and vendor["comparisons"]
    pinned_table = render(ctx, "pins", []).text
    assert NAME in pinned_table and pinned[:12] in pinned_table
