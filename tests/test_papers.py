"""Peer-reviewed papers as published evidence: a small reviewed file per paper, refused without the
authors' affiliation or a quotation; figures read from phrases quoted word for word (never typed);
the label follows from the affiliation; the rules and the fragment that shows the figures."""

import copy
import json
import subprocess
import sys

import pytest

from accelbench.core.availability import month_of
from accelbench.core.reference import Reference
from accelbench.core.runfile import RunFileError
from accelbench.judge.generations import GENERATION_MONTHS, by_generation
from accelbench.judge.judgement import newest_chips
from accelbench.judge.judging import CONTRADICTED, NOT_MEASURED, SUPPORTED, TIE
from accelbench.publish.wording.lines import text
from accelbench.publish.wording.terms import generation
from accelbench.registry import RULES
from accelbench.sources.git import DirSource
from accelbench.sources.papers.format import (
    KIND,
    PEER_REVIEWED,
    SCHEMA,
    VENDOR_AUTHORED,
    Papers,
    figure_of,
    label,
    load,
    write,
)
from accelbench.sources.papers.importer import read_paper
from accelbench.store.published import load_published, problems_in

from conftest import ROOT
from helpers import lines_of

PAPER = ROOT / "build_data" / "published" / "paper-tpu-v4.json"
QUOTE = ("For similar sized systems, it is ~4.3x-4.5x faster than the Graphcore IPU Bow and is 1.2x-1.7x faster and "
         "uses 1.3x-1.9x less power than the Nvidia A100.")


def paper() -> dict:
    return json.loads(PAPER.read_text(encoding="utf-8"))


def test_the_reviewed_file_quotes_the_abstract_and_names_its_authors_affiliation():
    data = paper()
    assert problems_in(data, PAPER, SCHEMA) == []
    assert data["quotation"]["text"] == QUOTE
    assert data["citation"]["doi"] == "10.1145/3579371.3589350" and data["citation"]["arxiv"] == "2304.01433"
    assert data["affiliation"]["organisations"] == ["Google"]
    loaded = load_published(ROOT / "build_data")[KIND]
    assert [(f.claim, f.low, f.high) for _, f in loaded.figures()] == [("speed", 1.2, 1.7), ("energy", 1.3, 1.9)]


@pytest.mark.parametrize("drop, field", [
    ("affiliation", "'affiliation' is a required property"),
    ("quotation", "'quotation' is a required property"),
])
def test_the_schema_refuses_a_paper_without_affiliation_or_quotation(drop, field):
    data = paper()
    del data[drop]
    assert any(field in p for p in problems_in(data, "paper-x.json", SCHEMA))


def test_the_schema_refuses_an_empty_affiliation_and_a_typed_number():
    data = paper()
    data["affiliation"]["organisations"] = []
    assert any("affiliation.organisations: [] should be non-empty" in p for p in problems_in(data, "p.json", SCHEMA))
    data = paper()
    data["figures"][0]["low"] = 1.2  # numbers are read from the phrase, never typed beside it
    assert any("figures[0]: Additional properties are not allowed ('low' was unexpected)" in p
               for p in problems_in(data, "p.json", SCHEMA))


@pytest.mark.parametrize("change, problem", [
    (lambda d: d["figures"][0].update(phrase="1.2x-1.8x faster"),
     "p.json: figures[0].phrase: '1.2x-1.8x faster' appears 0 times in quotation.text (it must appear once, word for word)"),
    (lambda d: d["figures"][1].update(claim="speed"),
     "p.json: figures[1].claim: 'speed', but 'less power' bears on 'energy'"),
    (lambda d: d["figures"][0].update(phrase="much faster"),
     "p.json: figures[0].phrase: 'much faster' is not a figure like '1.2x-1.7x faster'"),
    (lambda d: d["chips"]["gpu"].update(name="Nvidia H100"),
     "p.json: chips.gpu.name: 'Nvidia H100' is in neither citation.title nor quotation.text"),
])
def test_a_figure_that_is_not_in_the_quotation_is_refused_naming_file_and_field(change, problem):
    data = paper()
    change(data)
    with pytest.raises(RunFileError) as info:
        load([("p.json", data)])
    assert info.value.problems == [problem]


def test_phrases_are_read_as_ranges():
    assert figure_of("1.2x-1.7x faster").low == 1.2 and figure_of("1.2x–1.7x faster").high == 1.7  # en dash too
    assert (figure_of("~4.3x-4.5x faster").approximate, figure_of("2x less power").high) == (True, 2.0)
    assert figure_of("1.2 times faster") is None


def test_the_label_follows_from_the_affiliation():
    data = paper()
    assert label(data) == VENDOR_AUTHORED  # Google authors, Google's TPU
    data["affiliation"]["organisations"] = ["University of Somewhere"]
    assert label(data) == PEER_REVIEWED
    data["affiliation"]["organisations"] = ["University of Somewhere", "nvidia"]  # the GPU's vendor counts too
    assert label(data) == VENDOR_AUTHORED


def judge(claim, papers):
    return RULES[(claim, KIND)].judge(papers, None)


def test_the_rules_point_to_the_tpu_labelled_and_naming_the_chips():
    loaded = load_published(ROOT / "build_data")[KIND]
    for claim, phrase in (("energy", "“1.3x-1.9x less power”"), ("speed", "“1.2x-1.7x faster”")):
        found = judge(claim, loaded)
        assert found.verdict == SUPPORTED, claim
        [sentence] = lines_of(found)
        assert sentence.startswith("Peer-reviewed, vendor-authored (authors at Google): Jouppi et al., ISCA 2023, "
                                   "TPU v4 against Nvidia A100")
        assert f"the figure used: TPU v4 {phrase}" in sentence and QUOTE in sentence
        assert "older" not in sentence and "generation" not in sentence  # how old they are: the generation step's
        assert ("Jouppi et al., ISCA 2023 (doi:10.1145/3579371.3589350)", "https://doi.org/10.1145/3579371.3589350") \
            in [(text(link.text), link.url) for link in found.links]


def test_how_old_the_papers_chips_are_comes_from_the_generation_data_not_from_the_rule():
    """The rule says nothing of the chips' age: the generation step dates each comparison from the
    reference data (availability.csv), which is what shows the paper's chips to be two years apart for
    customers (TPU v4 in Cloud preview in 2022, the A100 shipping in 2020), and both older than the site's
    newest chips."""
    reference = Reference(ROOT / "build_data" / "reference")
    loaded = load_published(ROOT / "build_data")[KIND]
    newest = newest_chips(reference)
    for claim in ("speed", "energy"):
        [c] = by_generation(claim, judge(claim, loaded), reference).comparisons
        assert (c.tpu_available, c.gpu_available) == (reference.available(c.tpu).date, reference.available(c.gpu).date)
        assert not c.same_generation and generation(c) == "the GPU is 2 years older"
        assert all(newest[side] - month_of(date) > GENERATION_MONTHS
                   for side, date in (("tpu", c.tpu_available), ("gpu", c.gpu_available)))


@pytest.mark.parametrize("phrase, verdict", [
    ("1.2x-1.7x faster", SUPPORTED),
    ("1.02x-1.7x faster", TIE),  # the low end within 5%: not decisive
])
def test_the_rules_outcomes(phrase, verdict):
    data = paper()
    data["quotation"]["text"] = f"It is {phrase} than the Nvidia A100."
    data["figures"] = [{"claim": "speed", "phrase": phrase}]
    papers = load([("p.json", data)])
    assert judge("speed", papers).verdict == verdict
    assert judge("energy", papers).verdict == NOT_MEASURED  # no figure on this claim
    assert CONTRADICTED not in {judge(c, Papers([])).verdict for c in ("speed", "energy")}


def test_the_importer_checks_a_reviewed_file_and_writes_the_same_bytes(tmp_path):
    drafts = tmp_path / "drafts"
    drafts.mkdir()
    (drafts / "paper-tpu-v4.json").write_text(PAPER.read_text(encoding="utf-8"), encoding="utf-8")
    data = read_paper(DirSource(drafts, "x/y"), "paper-tpu-v4.json")
    written = write(tmp_path / "data", data)
    assert written == tmp_path / "data" / "published" / "paper-tpu-v4.json"
    assert written.read_bytes() == PAPER.read_bytes()  # the committed file is already in the written form
    (drafts / "bad.json").write_text('{\n "kind": "paper",\n}\n')
    with pytest.raises(ValueError, match=r"bad.json:3: malformed JSON"):
        read_paper(DirSource(drafts, "x/y"), "bad.json")
    broken = copy.deepcopy(data)
    broken["figures"][0]["phrase"] = "9x faster"
    (drafts / "broken.json").write_text(json.dumps(broken))
    with pytest.raises(ValueError, match=r"broken.json: figures\[0\].phrase: '9x faster' appears 0 times"):
        read_paper(DirSource(drafts, "x/y"), "broken.json")


def test_the_command_line_checks_and_writes_a_paper(tmp_path):
    data_dir = tmp_path / "data"
    command = [sys.executable, "-m", "accelbench", "--data-dir", str(data_dir), "import", "paper",
               str(PAPER.parent), "--file", PAPER.name, "--commit", "0" * 40]
    out = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(data_dir / "published" / "paper-tpu-v4.json")
    assert "2 figure(s) quoted from" in out.stderr and "left out quotation: '~4.3x-4.5x faster" in out.stderr


def test_the_figures_stand_beside_the_affiliation_and_names_stay_text(tmp_path):
    from accelbench.core.reference import Reference
    from accelbench.prebuild import context
    from accelbench.publish.fragments import FragmentError, Links, render
    from accelbench.store.store import load_store
    from accelbench.workloads.discovery import workload_settings

    from conftest import SNIPPETS, new_data_dir

    evil = '<script>alert(1)</script>"><img src=x onerror=alert(2)>'
    data = paper()
    data["affiliation"].update(organisations=[evil], as_written=evil)
    data["citation"]["title"] += evil
    data_dir = new_data_dir(tmp_path)
    write(data_dir, data)
    ctx = context(load_store(data_dir, SNIPPETS), Reference(data_dir / "reference"), workload_settings(SNIPPETS),
                  Links("evidence"), published=load_published(data_dir))
    made = render(ctx, "paper-figures", ["energy"])
    assert "<script>" not in made.text and "<img src=x" not in made.text and "&lt;script&gt;" in made.text
    assert "“1.3x-1.9x less power”" in made.text and "1.2x-1.7x faster”" not in made.text.split("<q>")[0]
    assert "<strong>peer-reviewed</strong>" in made.text  # no longer the vendor's own authors
    assert sorted(made.downloads) == ["data/files/paper-figures-energy.csv", "data/files/paper-figures-energy.json"]
    with pytest.raises(FragmentError, match="'paper-figures' takes no argument or one of energy, speed"):
        render(ctx, "paper-figures", ["cost"])
