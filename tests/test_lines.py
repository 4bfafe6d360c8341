"""A finding's lines of detail are data (judge/judging.Line: a template's key and its values) and
the wording module alone words them (publish/wording/lines.py): every rule's lines, on the real data
and on the test fixtures, name a template that exists and read as a sentence; a key without a
template, or one declared twice, stops the build naming it; the values are plain data that
judgement.json carries as they are."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from fixtures import make_fixtures

from accelbench.core.reference import Reference
from accelbench.judge import judgement
from accelbench.judge.intervals import Ratio
from accelbench.judge.judging import Line, said
from accelbench.prebuild import context
from accelbench.publish.fragments import Links
from accelbench.publish.wording import lines
from accelbench.store.published import load_published
from accelbench.store.store import load_store
from accelbench.workloads.discovery import workload_settings

from conftest import ROOT, SNIPPETS


@pytest.fixture(scope="module")
def judged(tmp_path_factory) -> dict:
    """The judgement of the committed data and of the fixtures (whose measured rules all decide)."""
    real = context(load_store(ROOT / "build_data", SNIPPETS, strict=False), Reference(ROOT / "build_data" / "reference"),
                   workload_settings(SNIPPETS), Links(""), published=load_published(ROOT / "build_data"))
    runs = make_fixtures.data_dir(tmp_path_factory.mktemp("fixtures"), make_fixtures.runs())
    fixture = context(load_store(runs, SNIPPETS), Reference(make_fixtures.REFERENCE), workload_settings(SNIPPETS),
                      Links(""), published=make_fixtures.published())
    return {"real": real.judgement, "fixtures": fixture.judgement}


def every_line(j) -> list[tuple[tuple[str, str], Line]]:
    def nested(line):
        yield line
        for value in line.values.values():
            for v in value if isinstance(value, (list, tuple)) else [value]:
                if isinstance(v, Line):
                    yield from nested(v)
    return [(key, n) for key, f in j.findings.items() for line in f.lines for n in nested(line)] + \
        [(key, n) for key, f in j.findings.items() for c in f.comparisons if isinstance(c.figures, Line)
         for n in nested(c.figures)]


@pytest.mark.parametrize("which", ["real", "fixtures"])
def test_every_rule_records_lines_as_data_and_each_has_its_template(judged, which):
    found = every_line(judged[which])
    assert found, "no finding holds a line"
    for key, line in found:
        assert isinstance(line, Line), f"{key}: a line is {type(line).__name__}, not data"
        assert line.key in lines.templates(), f"{key}: no template for {line.key!r}"
        said_ = lines.text(line)
        assert said_ and "{" not in said_ and "None" not in said_, (key, line.key, said_)


def test_the_fixtures_reach_most_templates(judged):
    """The fixtures exercise the templates (those they cannot reach: a source's empty or failing cases)."""
    used = {line.key for j in judged.values() for _, line in every_line(j)}
    # a sentence's reading (judge/sentences.py) is no finding's line: tests/test_sentences.py words each one; nor
    # is a rule's text (<source>.rule.<claim>, rules.*): tests/test_claims.py words every rule's
    rules = {key for key in lines.templates() if not key.startswith(("sentence.", "rules.")) and ".rule." not in key}
    assert len(used) >= len(rules) // 2, sorted(rules - used)


def test_a_line_without_a_template_stops_naming_its_key():
    with pytest.raises(KeyError, match="no template for the line 'measured.nothing'"):
        lines.text(said("measured.nothing"))


def test_a_template_declared_twice_stops_naming_it():
    with pytest.raises(ValueError, match="'a.b' is declared twice"):
        lines.gathered({"a.b": "x"}, {"a.b": "y"})


def test_values_are_made_plain_frozen_data_and_a_thing_that_is_not_is_refused():
    line = said("measured.cost.ratio", ratio=Ratio(np.float64(1.5), 1.2, 1.8), n=np.int64(3), names=("a", "b"))
    # frozen: a map stays read-only and a list a tuple, equal to the plain data they hold
    assert line.values == {"ratio": {"value": 1.5, "low": 1.2, "high": 1.8}, "n": 3, "names": ("a", "b")}
    with pytest.raises(TypeError):
        line.values["n"] = 4
    assert type(line.values["n"]) is int and lines.text(line) == "GPU cost / TPU cost: 1.5 (95% interval 1.2 to 1.8)"
    with pytest.raises(TypeError, match="plain data"):
        said("x", path=Path("."))


def test_judgement_json_carries_each_kinds_lines_as_key_and_values(judged):
    data = json.loads(judgement.as_json(judged["fixtures"]))
    speed = next(c for c in data["claims"] if c["claim"] == "speed")
    measured = next(k for k in speed["kinds"] if k["kind"] == "measured")
    assert [line["key"] for line in measured["lines"]] == ["measured.like_for_like", "measured.like_for_like"]
    sides = measured["lines"][0]["values"]["sides"]
    assert {s["platform"] for s in sides} == {"gpu", "tpu"} and all(s["measured"]["value"] > 0 for s in sides)


QUOTED = {"quote", "quotation", "reason"}  # source text verbatim (a vendor's page, a paper, a run file), each in its own field


def strings(value):
    """Every string of the judgement's data, but those under a quoted field."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in QUOTED:
                yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)
    elif isinstance(value, str):
        yield value


@pytest.mark.parametrize("which", ["real", "fixtures"])
def test_the_judgement_holds_no_sentence(judged, which):
    """Codes, numbers, ids and names: no string of the judgement's data reads as a sentence of ours
    (quoted source text aside, in fields of its own)."""
    text = [s for s in strings(judgement.as_data(judged[which])) if not s.startswith("http")]
    sentences = [s for s in text if len(s.split()) > 6 or s.rstrip().endswith(".")]
    assert not sentences, sentences[:5]


def test_a_sentence_where_a_line_belongs_is_refused_where_it_is_made():
    """A rule that writes prose into a finding, a link, a comparison's name or figures, or a cost
    item's name is stopped at once, naming the field, before it can reach the judgement."""
    from accelbench.judge.judging import NOT_MEASURED, TOKENS_PER_S_PER_CHIP, Comparison, CostItem, Finding, Link

    line = said("named", name="TPU v5p vs H100")
    with pytest.raises(TypeError, match="a finding's lines are Lines"):
        Finding(NOT_MEASURED, ["Not measured yet."])
    with pytest.raises(TypeError, match="a finding's links are Links"):
        Finding(NOT_MEASURED, [line], links=["https://example.org"])
    with pytest.raises(TypeError, match="Comparison's name is a Line"):
        Comparison("TPU v5p vs H100", 1.2, TOKENS_PER_S_PER_CHIP, "TPU v5p", "H100", line)
    with pytest.raises(TypeError, match="Comparison's figures is a Line"):
        Comparison(line, 1.2, TOKENS_PER_S_PER_CHIP, "TPU v5p", "H100", "1.2x")
    with pytest.raises(ValueError, match="metric is a code of judging.METRIC_CODES"):
        Comparison(line, 1.2, "tokens/s per chip", "TPU v5p", "H100", line)
    with pytest.raises(TypeError, match="CostItem's name is a Line"):
        CostItem("TPU v5p vs H100", "measured", "tokens", "TPU v5p", "H100", 1.0, 1.0)
    # the same values as Lines are taken
    Comparison(line, 1.2, TOKENS_PER_S_PER_CHIP, "TPU v5p", "H100", line)
    Finding(NOT_MEASURED, [line], links=[Link("https://example.org", line)])
