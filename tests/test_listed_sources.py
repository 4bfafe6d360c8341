"""A repository read file by file (a public mirror of MLCommons' results that cannot be fetched):
its listing and the copies of some of its files. Entries whose logs it lists but does not hold are
entered, never scored; a mirror's round file says what it mirrors and which submitters it holds;
MLPerf Inference falls back on the summary where no detail log was read; and the verdicts that
count entries say which rounds came from a mirror."""

import json
import shutil
import subprocess
import sys

import pytest

from accelbench.core.reference import Reference
from accelbench.publish.wording.fact_clauses import fact_clause
from accelbench.registry import RULES
from accelbench.sources.git import DirSource, ListedSource, open_source
from accelbench.sources.mlperf_inference import importer as inference
from accelbench.sources.mlperf_inference.importer import Problem, read_summary_only
from accelbench.sources.mlperf_training import importer as training
from accelbench.sources.mlperf_training.coverage import coverage
from accelbench.sources.mlperf_training.format import SCHEMA, load
from accelbench.store.published import problems_in

from conftest import ROOT
from helpers import lines_of

REFERENCE = ROOT / "build_data" / "reference"
TRAINING = ROOT / "tests" / "fixtures" / "mlperf" / "training_results_v5.0"
INFERENCE = ROOT / "tests" / "fixtures" / "mlperf_inference" / "inference_results_v4.1"
COMMIT = "0fdc28f013256aea84fa36fdaf1e0fa46094b18c"
MIRROR = "someone/training_results_v5.0"


def copy_of(tmp_path, fixture, keep) -> tuple:
    """A copy of FIXTURE holding only the files KEEP accepts, and a listing of every one of its files."""
    root = tmp_path / "copy"
    listed = []
    for file in sorted(p for p in fixture.rglob("*") if p.is_file()):
        path = file.relative_to(fixture).as_posix()
        listed.append(f"{path}\t{COMMIT}")
        if keep(path):
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(file, root / path)
    root.mkdir(exist_ok=True)
    (root / "_listing.tsv").write_text("\n".join(listed) + "\n")
    return root, root / "_listing.tsv"


class Args:
    round = "v5.0"


def test_a_listed_file_without_a_copy_reads_as_absent_and_the_copys_own_records_are_not_the_repositorys(tmp_path):
    root, listing = copy_of(tmp_path, TRAINING, lambda p: "/systems/" in p)
    (root / "_files.tsv").write_text("tinycorp/systems/tinybox_green.json\t1234\n")
    listing.write_text(listing.read_text() + f"_files.tsv\t{COMMIT}\n")  # a copy's own record, listed by mistake
    source = open_source(root, MIRROR, COMMIT, listing)
    assert isinstance(source, ListedSource)
    assert len(source.paths()) == 11 and "_files.tsv" not in source.paths()
    assert source.read("tinycorp/results/tinybox_green/bert/result_0.txt") is None
    assert json.loads(source.read("tinycorp/systems/tinybox_green.json"))["submitter"] == "tinycorp"
    assert source.read("_files.tsv") is None


def test_a_bad_listing_line_is_refused_with_its_file_and_line_and_a_listing_needs_its_commit(tmp_path):
    root, listing = copy_of(tmp_path, TRAINING, lambda p: False)
    listing.write_text(f"tinycorp/systems/tinybox_green.json\t{COMMIT}\n../outside\t{COMMIT}\n")
    with pytest.raises(ValueError, match=r"_listing\.tsv:2: not 'path<TAB>commit'"):
        open_source(root, MIRROR, COMMIT, listing).paths()
    with pytest.raises(ValueError, match="needs --commit"):
        open_source(root, MIRROR, "HEAD", listing)
    listing.write_text(f"tinycorp/systems/tinybox_green.json\t{'1' * 40}\n")
    with pytest.raises(ValueError, match=r"_listing\.tsv:1: tinycorp/systems/tinybox_green\.json listed at 1{40}, not at"):
        open_source(root, MIRROR, COMMIT, listing).paths()
    listing.write_text("tinycorp/systems/tinybox_green.json\n")
    with pytest.raises(ValueError, match=r"_listing\.tsv:1: not 'path<TAB>commit'"):
        open_source(root, MIRROR, COMMIT, listing).paths()


def test_entries_whose_logs_are_listed_but_not_held_are_entered_never_scored(tmp_path):
    root, listing = copy_of(tmp_path, TRAINING, lambda p: "/systems/" in p)
    published = training.import_files(open_source(root, MIRROR, COMMIT, listing), Args, REFERENCE)[0]
    assert published["results"] == []
    [entry] = published["entered"]
    assert (entry["benchmark"], entry["runs_listed"], entry["required_runs"], entry["chips"]) == ("bert", 10, 10, 6)
    assert "score_minutes" not in entry and "none in the source read" in entry["reason"]
    assert published["benchmarks"] == ["bert"]
    assert problems_in(published, "x", SCHEMA) == []


def test_a_mirrors_round_names_what_it_mirrors_and_the_submitters_it_holds_against_those_reported(tmp_path):
    root, listing = copy_of(tmp_path, TRAINING, lambda p: "/systems/" in p)
    reference = tmp_path / "reference"
    shutil.copytree(REFERENCE, reference)
    (reference / "mlperf_rounds.csv").write_text(
        "suite,round,organisations,results,source,quote,read\n"
        'training,v5.0,3,9,https://example.org/round,"9 results from 3 organizations",2026-12-03\n')
    published = training.import_files(open_source(root, MIRROR, COMMIT, listing), Args, reference)[0]
    assert published["source"]["mirror_of"] == "mlcommons/training_results_v5.0"
    assert published["submitters"]["present"] == ["tinycorp"]
    assert published["submitters"]["reported"]["count"] == 3 and published["submitters"]["lacking"] == 2
    assert problems_in(published, "x", SCHEMA) == []
    # MLCommons' own repository is no mirror: its file is as it always was
    own = training.import_files(open_source(root, "mlcommons/training_results_v5.0", COMMIT, listing), Args, reference)[0]
    assert "mirror_of" not in own["source"] and "submitters" not in own


def test_a_snapshot_without_its_logs_leaves_its_entries_out_it_lists_none_as_entered(tmp_path):
    # a snapshot (any source but a listing) that lacks its largest files: left out, as before
    root, _ = copy_of(tmp_path, TRAINING, lambda p: "/systems/" in p)

    class Snapshot(DirSource):
        def paths(self):
            return [p.relative_to(TRAINING).as_posix() for p in TRAINING.rglob("*") if p.is_file()]

    published = training.import_files(Snapshot(root, "mlcommons/training_results_v5.0", COMMIT), Args, REFERENCE)[0]
    assert "entered" not in published and published["results"] == []
    assert any("10 of 10 logs not in the source read" in x["reason"] for x in published["left_out"])


def test_a_partly_held_entry_is_left_out_not_entered(tmp_path):
    root, listing = copy_of(tmp_path, TRAINING, lambda p: not p.endswith("result_9.txt"))
    published = training.import_files(open_source(root, MIRROR, COMMIT, listing), Args, REFERENCE)[0]
    assert published["results"] == [] and "entered" not in published
    assert any("1 of 10 logs not in the source read" in x["reason"] for x in published["left_out"])


def test_entered_entries_count_for_coverage_and_the_sentence_says_the_round_came_from_a_mirror(tmp_path):
    root, listing = copy_of(tmp_path, TRAINING, lambda p: "/systems/" in p)
    published = training.import_files(open_source(root, MIRROR, COMMIT, listing), Args, REFERENCE)[0]
    data = load([(tmp_path / "mlperf-training-v5.0.json", published)])
    assert data.results.empty and len(data.entered) == 1 and data.mirrored() == {"v5.0": published["source"]}
    cover = coverage(data)
    assert list(cover.entries) == [("NVIDIA Ada Lovelace", "BERT")] and list(cover.entries[list(cover.entries)[0]]) == ["v5.0"]
    finding = RULES[("frameworks", "mlperf-training")].judge(data, Reference(REFERENCE))
    assert finding.facts.mirrored == ("v5.0",)
    assert any("read from a public mirror" in line and MIRROR in line for line in lines_of(finding))
    assert fact_clause(finding.facts, "frameworks").endswith("(v5.0 read from a public mirror of MLCommons' results)")


def summary_only(tmp_path):
    root = tmp_path / "copy"
    listed = []
    for file in sorted(p for p in INFERENCE.rglob("*") if p.is_file()):
        path = file.relative_to(INFERENCE).as_posix()
        listed.append(f"{path}\t198fc46799b3328b36ee4bcbdebfa2db5a8e6183")
        if not path.endswith("mlperf_log_detail.txt"):
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(file, root / path)
    (root / "_listing.tsv").write_text("\n".join(listed) + "\n")
    return root


def test_inference_reads_the_summary_where_no_detail_log_was_read_and_says_so(tmp_path):
    root = summary_only(tmp_path)
    source = open_source(root, "someone/inference_results_v4.1", "198fc46799b3328b36ee4bcbdebfa2db5a8e6183",
                         root / "_listing.tsv")

    class V41:
        round = "v4.1"

    published = inference.import_files(source, V41, REFERENCE)[0]
    assert published["source"]["mirror_of"] == "mlcommons/inference_results_v4.1"
    tpu = next(r for r in published["results"] if r["submitter"] == "Google" and r["scenario"] == "Offline")
    # the summary prints 5.43896 on line 7, as the detail log gives it on line 76
    assert (tpu["value"], tpu["read_from"], tpu["at"]["value"]["line"]) == (5.43896, "summary", 7)
    assert tpu["at"]["value"]["path"].endswith("mlperf_log_summary.txt")
    assert not any(f.endswith("mlperf_log_detail.txt") for f in tpu["files"])
    assert published["rules"]["rule"].endswith(inference.SUMMARY_RULE)
    assert problems_in(published, "x", inference_schema()) == []


def inference_schema():
    from accelbench.sources.mlperf_inference.format import SCHEMA as INFERENCE_SCHEMA
    return INFERENCE_SCHEMA


@pytest.mark.parametrize("edit, problem", [
    (lambda t: t.replace("Result is : VALID", "Result is : INVALID"), "'Result is : INVALID' at s.txt:8"),
    (lambda t: t.replace("Scenario : Offline", "Scenario : Server"), "scenario 'Server' at s.txt:5"),
    (lambda t: t.replace("Samples per second: 5.43896", "Samples per second: -1"), "-1 at s.txt:7 is not a positive"),
])
def test_a_summary_read_alone_is_refused_unless_it_names_its_scenario_says_valid_and_prints_a_figure(edit, problem):
    text = (INFERENCE / "closed/Google/results/tpu_v6_x4_flax/stable-diffusion-xl/offline/performance/run_1/"
            "mlperf_log_summary.txt").read_text()
    assert read_summary_only(text, "s.txt", "Offline") == (5.43896, 7)
    with pytest.raises(Problem, match=problem.replace("(", r"\(")):
        read_summary_only(edit(text), "s.txt", "Offline")


def test_the_command_line_reads_a_listing(tmp_path):
    root, listing = copy_of(tmp_path, TRAINING, lambda p: "/systems/" in p)
    shutil.copytree(REFERENCE, tmp_path / "data" / "reference")
    out = subprocess.run([sys.executable, "-m", "accelbench", "--data-dir", str(tmp_path / "data"), "import",
                          "mlperf-training", str(root), "--round", "v5.0", "--repository", MIRROR,
                          "--commit", COMMIT, "--listing", str(listing)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "1 entered, not scored" in out.stderr
    written = json.loads((tmp_path / "data" / "published" / "mlperf-training-v5.0.json").read_text())
    assert written["source"]["repository"] == MIRROR and len(written["entered"]) == 1


def test_two_copies_that_agree_make_one_and_any_difference_is_named_and_nothing_is_written(tmp_path):
    sys.path.insert(0, str(ROOT / "scripts"))
    import compare_copies

    def part(name, text):
        folder = tmp_path / name
        (folder / "S/systems").mkdir(parents=True)
        (folder / "S/systems/x.json").write_text(text)
        (folder / "_listing.tsv").write_text(f"S/systems/x.json\t{COMMIT}\nS/results/x/b/result_0.txt\t{COMMIT}\n")
        (folder / "_files.tsv").write_text(f"S/systems/x.json\t{len(text)}\t{COMMIT}\n")
        return folder

    a, b, c = part("a", '{"n": 1}\n'), part("b", '{"n": 1}\n'), part("c", '{"n": 2}\n')
    assert compare_copies.main(["--a", str(a), "--b", str(b), "--out", str(tmp_path / "out")]) == 0
    assert (tmp_path / "out/_listing.tsv").read_text().count("\n") == 2
    assert (tmp_path / "out/S/systems/x.json").read_text() == '{"n": 1}\n'
    problems, _, _ = compare_copies.compare([a], [c])
    assert problems == ["S/systems/x.json: the two copies differ"]
    assert compare_copies.main(["--a", str(a), "--b", str(c), "--out", str(tmp_path / "out2")]) == 1
    assert not (tmp_path / "out2").exists()
    (c / "_files.tsv").write_text(f"S/systems/x.json\t99\t{COMMIT}\n")
    assert any("the index gave 99" in p for p in compare_copies.compare([a], [c])[0])
    # a path copied in two parts of one copy, differently; a path that would leave the copy
    d = part("d", '{"n": 3}\n')
    assert any("copied twice in one copy" in p for p in compare_copies.compare([a, d], [b])[0])
    (d / "_listing.tsv").write_text(f"../outside\t{COMMIT}\n")
    assert any("not 'path<TAB>...'" in p for p in compare_copies.compare([d], [b])[0])


def test_the_committed_mirrored_rounds_pages_say_they_were_read_from_a_mirror_and_list_entries_unscored():
    from accelbench.prebuild import context
    from accelbench.publish.fragments import Links
    from accelbench.publish.fragments.core import render
    from accelbench.store.published import load_published
    from accelbench.store.store import Store

    ctx = context(Store.of_runs([], {}), Reference(REFERENCE), {}, Links(""), published=load_published(ROOT / "build_data"))
    page = render(ctx, "published", ["deepseekv3_671b"]).text
    assert "Richardyu114/training_results_v6.0</a>, a public mirror of MLCommons' results" in page
    assert "listed here, not scored" in page and "Run logs listed" in page and "Time to train" not in page
    assert "published-deepseekv3_671b-v6.0-entered" in page  # its CSV and JSON
    assert "No chart yet" in render(ctx, "published-chart", ["deepseekv3_671b"]).text
    assert "Round v6.0 read from a public mirror of MLCommons' results" in render(ctx, "mlperf-coverage", []).text
    inference = render(ctx, "inference-table", []).text
    assert "ntuhpc/mlperf_inference_results_v5.0</a>, a public mirror of MLCommons' results" in inference
    assert "the line of mlperf_log_summary.txt that prints the figure" in inference
    assert "Round v5.0 was read from" in render(ctx, "inference-summary", []).text
