"""Typed facts: every topic a rule hands the wording, and every condition's figures, is a frozen dataclass,
frozen to the bottom (tuples and read-only maps, no list or dict), whose schema in judgement.schema.json is
made from its fields; the committed evidence's facts follow it and come back from judgement.json as they
went in; and the judgement as a whole holds no list, dict or function."""

import dataclasses
import json
import typing

import jsonschema
import pytest

from accelbench.core.reference import Reference
from accelbench.judge.fact_records import FrozenMap, TrainingEntry, TrainingPair
from accelbench.judge.fact_schema import FACT_REF, as_data, fact_from_data, schema_defs, write
from accelbench.judge.facts import TOPICS, Fact, Offers, TrainingPairs
from accelbench.judge.judgement import SCHEMA, as_json, judge
from accelbench.judge.recommendation import FIGURES
from accelbench.registry import LINE_VALUES, REGISTRY
from accelbench.store.published import load_published
from accelbench.store.store import load_store

from conftest import ROOT, SNIPPETS

SCHEMA_DATA = json.loads(SCHEMA.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def committed():
    """The judgement of everything committed: the run files too, so that our own runs' lines meet the schema."""
    return judge(load_store(ROOT / "build_data", SNIPPETS), load_published(ROOT / "build_data"),
                 Reference(ROOT / "build_data" / "reference"), REGISTRY.rules)


def test_the_schema_file_holds_the_definitions_the_classes_make(tmp_path):
    made = schema_defs(LINE_VALUES)
    assert {k: v for k, v in SCHEMA_DATA["$defs"].items() if k in made} == made, \
        "run: PYTHONPATH=scripts python -m accelbench.schema"
    # the writer keeps every other definition and reports no change on a file already current
    copy = tmp_path / "schema.json"
    copy.write_text(SCHEMA.read_text(encoding="utf-8"), encoding="utf-8")
    assert write(copy, LINE_VALUES) is False
    stale = {**SCHEMA_DATA, "$defs": {**SCHEMA_DATA["$defs"], "fact_offers": {"type": "object"}}}
    copy.write_text(json.dumps(stale), encoding="utf-8")
    assert write(copy, LINE_VALUES) is True and json.loads(copy.read_text(encoding="utf-8")) == SCHEMA_DATA


def test_no_fact_and_no_condition_is_an_untyped_object_in_the_schema():
    untyped = []

    def walk(node, path):
        if isinstance(node, dict):
            if node.get("type") == "object" and not ({"properties", "additionalProperties"} & set(node)):
                untyped.append(path)
            for k, v in node.items():
                walk(v, f"{path}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{path}[{i}]")
    walk(SCHEMA_DATA, "")
    # a Line's values too are typed, by its key (tests/test_line_values.py)
    assert untyped == [], untyped
    figures = SCHEMA_DATA["$defs"]["figures"]["anyOf"]
    assert [r["$ref"].removeprefix("#/$defs/figures_") for r in figures] == list(FIGURES)
    facts = SCHEMA_DATA["$defs"]["facts"]["anyOf"]
    assert [r["$ref"].removeprefix(FACT_REF) for r in facts[1:]] == list(TOPICS) and facts[0] == {"type": "null"}


@pytest.mark.parametrize("cls", list(TOPICS.values()), ids=list(TOPICS))
def test_each_topic_is_frozen_to_the_bottom_and_every_field_says_what_it_means(cls):
    assert issubclass(cls, Fact) and dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen
    seen = set()

    def check(owner):
        if owner in seen:
            return
        seen.add(owner)
        hints = typing.get_type_hints(owner)
        for f in dataclasses.fields(owner):
            assert f.metadata.get("doc"), f"{owner.__name__}.{f.name} has no meaning (facts.doc)"
            for t in _types(hints[f.name]):
                assert t not in (list, dict, set), f"{owner.__name__}.{f.name} is a {t.__name__}: a tuple or a FrozenMap"
                if dataclasses.is_dataclass(t) and t.__module__.startswith("accelbench.judge.fact"):
                    assert t.__dataclass_params__.frozen, t
                    check(t)
    check(cls)


def _types(hint):
    yield typing.get_origin(hint) or hint
    for arg in typing.get_args(hint):
        if arg is not Ellipsis:
            yield from _types(arg)


def test_the_committed_facts_follow_the_schema_and_come_back_as_they_went_in(committed):
    jsonschema.validate(json.loads(as_json(committed)), SCHEMA_DATA)
    assert '"key": "measured.' in as_json(committed).decode()  # our runs' lines are among those the schema checked
    facts = [f.facts for f in committed.findings.values() if f.facts is not None]
    assert {f.topic for f in facts} >= {"fp64", "offers", "frameworks", "pairs", "break_even", "coverage", "trend"}
    for fact in facts:
        assert fact_from_data(json.loads(json.dumps(as_data(fact)))) == fact, fact.topic
    # a finding with nothing to say has no fact: null, never an empty object
    assert all(json.loads(as_json(committed))["claims"][0]["kinds"][i]["facts"] is None
               for i, k in enumerate(committed.answers[0].kinds) if k.finding.facts is None)


def test_a_fact_is_immutable_and_a_value():
    offers = Offers(tpu=("GCP",), gpu=("AWS", "GCP"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        offers.tpu = ()
    support = FrozenMap({"JAX": "supported"})
    with pytest.raises(TypeError):
        support["JAX"] = "not supported"
    assert support == {"JAX": "supported"} and hash(support) == hash(FrozenMap({"JAX": "supported"}))
    entry = TrainingEntry("TPU v5p", 512, "Google", "available", "tpu-v5p", 10.0, 1.5, "https://x")
    pair = TrainingPairs((TrainingPair("gpt3", "v4.1", entry, entry, 1.0, "either"),))
    assert as_data(pair) == {"topic": "pairs", "pairs": [{"benchmark": "gpt3", "round": "v4.1", "tpu": as_data(entry),
                                                          "gpu": as_data(entry), "advantage": 1.0, "side": "either"}]}
    assert fact_from_data(as_data(pair)) == pair and {pair: 1}[pair] == 1  # hashable: usable as a key


def test_a_fact_of_the_wrong_shape_is_refused_by_the_schema():
    facts = {"$defs": SCHEMA_DATA["$defs"], "$ref": "#/$defs/facts"}
    data = {"topic": "offers", "tpu": ["GCP"], "gpu": "AWS"}
    for wrong in (data, {**data, "gpu": ["AWS"], "extra": 1}, {"topic": "offers", "tpu": ["GCP"]}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(wrong, facts)
    jsonschema.validate({**data, "gpu": ["AWS"]}, facts)


def _loose(value, path: str, seen: set) -> list[str]:
    """Every list, dict or function inside VALUE, by its path."""
    if id(value) in seen or isinstance(value, (str, int, float, bool, type(None))):
        return []
    seen.add(id(value))
    if isinstance(value, (list, dict, set)) or callable(value) and not isinstance(value, type):
        return [f"{path}: {type(value).__name__}"]
    if dataclasses.is_dataclass(value):
        return [p for f in dataclasses.fields(value) for p in _loose(getattr(value, f.name), f"{path}.{f.name}", seen)]
    if isinstance(value, tuple):
        return [p for i, v in enumerate(value) for p in _loose(v, f"{path}[{i}]", seen)]
    if isinstance(value, typing.Mapping):  # read-only: MappingProxyType, FrozenMap
        return [p for k, v in value.items() for p in _loose(v, f"{path}[{k!r}]", seen)]
    return []


def test_the_judgement_holds_tuples_and_read_only_maps_and_no_function(committed):
    found = _loose(committed, "judgement", set())
    assert not found, found[:20]
