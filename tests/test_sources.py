"""Published sources are folders listed in one registry: a second source of a new kind (a small
fixture package, tests/fixtures/second_source/fixture_bench) validates, loads, renders its table
and feeds a rule and the answers without any change to the engine; a file of an unknown kind or
one that breaks its source's schema is refused naming file and field."""

import dataclasses
import json
import sys

import pytest

from accelbench import registry
from accelbench.core.reference import Reference
from accelbench.core.runfile import RunFileError
from accelbench.judge import judgement
from accelbench.judge.claims import CLAIMS, MEASURED
from accelbench.judge.judging import SUPPORTED
from accelbench.prebuild import context
from accelbench.publish import wording
from accelbench.publish.fragments import Links, render
from accelbench.publish.fragments.core import rules_list
from accelbench.store.published import SOURCES, load_published, register
from accelbench.store.store import Store

from conftest import ROOT

FIXTURE = ROOT / "tests" / "fixtures" / "second_source"
REFERENCE = Reference(ROOT / "build_data" / "reference")
FILE = {"schema_version": 1, "kind": "fixture-bench", "source": {"repository": "example/bench", "commit": "0" * 40},
        "rows": [{"chip": "TPU v6e", "platform": "tpu", "tokens_per_s": 1200.0},
                 {"chip": "<b>H200</b>", "platform": "gpu", "tokens_per_s": 1000.0}]}


@pytest.fixture
def second_source(monkeypatch):
    """The fixture source added as a real one is: its folder importable, its declaration's one line in the
    list of sources (register, as accelbench/sources/__init__.py does for LISTED), and the claim it judges
    listing its kind (as claims.py would): the registry that results, built as the real one is."""
    monkeypatch.syspath_prepend(str(FIXTURE))
    import fixture_bench

    register(fixture_bench.SOURCE)  # the one line
    speed = CLAIMS["speed"]
    monkeypatch.setitem(CLAIMS, "speed", dataclasses.replace(speed, judged_by=(*speed.judged_by, "fixture-bench")))
    yield registry.build()
    SOURCES.pop("fixture-bench")
    for name in [m for m in sys.modules if m.startswith("fixture_bench")]:
        del sys.modules[name]


def test_a_second_source_validates_loads_renders_and_feeds_a_rule(tmp_path, second_source):
    path = SOURCES["fixture-bench"].write(tmp_path, FILE)
    assert path == tmp_path / "published" / "fixture-bench.json"
    published = load_published(tmp_path)
    assert published["fixture-bench"] == FILE["rows"]
    ctx = context(Store.of_runs([], {}), REFERENCE, {}, Links(""), published=published, registry=second_source)
    assert ctx.findings()[("speed", "fixture-bench")].verdict == SUPPORTED  # 1200 against 1000 tokens/s
    table = render(ctx, "fixture-bench-table", [])
    assert "&lt;b&gt;H200&lt;/b&gt;" in table.text and "<b>H200" not in table.text
    assert sorted(table.downloads) == ["data/files/fixture-bench-table.csv", "data/files/fixture-bench-table.json"]
    speed = next(a for a in ctx.answers() if a.claim.slug == "speed")
    assert [k.kind for k in speed.kinds if k.kind == "fixture-bench"] == ["fixture-bench"]
    assert "vendor-reported (Fixture Bench)" in wording.bears_on(speed)
    dataset = render(ctx, "dataset", []).text
    assert "Published Fixture Bench entries" in dataset and "2 rows" in dataset
    # its line is data in the judgement and words on the card
    assert "TPU 1200 tokens/s; GPU 1000 tokens/s" in render(ctx, "answers", []).text
    # and so is its rule's text, worded from the margin by its own template
    assert "its GPU row, tokens/s per chip, 5% margin." in rules_list(ctx, "fixture-bench")
    kinds = next(c for c in json.loads(judgement.as_json(ctx.judgement))["claims"] if c["claim"] == "speed")["kinds"]
    assert next(k for k in kinds if k["kind"] == "fixture-bench")["lines"] == [
        {"key": "fixture_bench.pair", "values": {"tpu": 1200.0, "gpu": 1000.0}}]


def test_a_file_of_an_unknown_kind_is_refused_naming_the_file(tmp_path):
    (tmp_path / "published").mkdir()
    (tmp_path / "published" / "x.json").write_text(json.dumps({**FILE, "kind": "nobody-knows"}))
    with pytest.raises(RunFileError, match=r"x\.json: kind: 'nobody-knows' is not a published source"):
        load_published(tmp_path)


def test_a_file_that_breaks_its_sources_schema_is_refused_naming_the_field(tmp_path, second_source):
    """Also once the same file was loaded valid: a valid content is validated once per process, a changed one again."""
    (tmp_path / "published").mkdir()
    (tmp_path / "published" / "fixture-bench.json").write_text(json.dumps(FILE))
    assert len(load_published(tmp_path)["fixture-bench"]) == 2
    bad = json.loads(json.dumps(FILE))
    bad["rows"][1]["tokens_per_s"] = -1
    (tmp_path / "published" / "fixture-bench.json").write_text(json.dumps(bad))
    for _ in range(2):  # a refused content is never taken for valid
        with pytest.raises(RunFileError, match=r"fixture-bench\.json: rows\[1\]\.tokens_per_s: -1 is less than"):
            load_published(tmp_path)


def _as_version_1(data):
    """A file as it was stored before version 2: the chip's platform named ``kind`` in its rows."""
    def back(value):
        if isinstance(value, dict):
            return {("kind" if k == "platform" else k): back(v) for k, v in value.items()}
        return [back(v) for v in value] if isinstance(value, list) else value
    return {**back(data), "schema_version": 1, "kind": data["kind"]}


@pytest.mark.parametrize("name", ["mlperf-training-v5.0.json", "mlperf-inference-v4.1.json",
                                  "vendor-training-tpu-recipes-v5p.json"])
def test_a_stored_file_of_version_1_is_refused_in_one_line_saying_what_changed(tmp_path, name):
    (tmp_path / "published").mkdir()
    old = _as_version_1(json.loads((ROOT / "build_data" / "published" / name).read_text()))
    (tmp_path / "published" / name).write_text(json.dumps(old))
    with pytest.raises(RunFileError) as refused:
        load_published(tmp_path)
    assert refused.value.problems == [
        f"{tmp_path / 'published' / name}: schema_version: 1 is not 2, this source's version: re-import it "
        "(version 2 names the chip's platform (gpu, tpu) `platform`, was `kind`)"]


def test_every_registered_source_declares_what_the_pages_need():
    for kind, source in SOURCES.items():
        assert source.kind == kind and source.title and source.label
        assert source.schema.exists() and source.columns
        assert {"speed", "cost", "energy", "frameworks", "availability", "designed", "flexibility"} >= \
            {c.slug for c in CLAIMS.values() if kind in c.judged_by}
        assert MEASURED not in SOURCES


def test_each_kind_of_evidence_is_named_where_it_is_declared(monkeypatch):
    """A kind's short name in sentences and legends is its declaration's (a source's noun, or one of
    this project's kinds in judge/claims.py): changing it there changes it everywhere, and a source
    that declares none is said by its label and title."""
    from accelbench.judge.answers import measured_kind
    from accelbench.publish.wording import terms

    assert terms.noun_of(MEASURED) == measured_kind().noun == "our own runs"
    assert terms.noun_of("mlperf-training") == SOURCES["mlperf-training"].noun == "MLPerf's audited results"
    kinds = judgement.kinds_of(Reference(ROOT / "build_data" / "reference"), load_published(ROOT / "build_data"))
    assert all(info.noun == SOURCES[kind].noun for kind, info in kinds.items() if kind in SOURCES)
    monkeypatch.setitem(SOURCES, "mlperf-training", dataclasses.replace(SOURCES["mlperf-training"], noun="MLPerf, renamed"))
    assert terms.noun_of("mlperf-training") == "MLPerf, renamed"
    unnamed = dataclasses.replace(kinds["mlperf-training"], noun="")
    assert terms.kind_name(unnamed) == "Audited benchmark results (MLPerf Training)"


def test_a_source_loads_only_the_modules_its_declaration_names():
    """No module is loaded by a naming convention: a name the declaration does not list is refused, naming
    what it does list; a declaration without a format is refused where it is made."""
    source = SOURCES["paper"]
    assert source.module("rules").__name__ == "accelbench.sources.papers.rules"
    with pytest.raises(ValueError, match=r"declares no module 'statements' \(declared: format, importer, rules"):
        source.module("statements")
    with pytest.raises(ValueError, match="its store modules name no format"):
        dataclasses.replace(source, store=("importer",))
    assert set(source.stages()) == {"format", "importer", "rules", "tables", "fragments"}
