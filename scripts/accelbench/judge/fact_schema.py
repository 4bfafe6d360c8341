"""Facts (judge/facts.py) as judgement.json writes them, back, and their JSON schema, all read from
the dataclasses' own fields and type hints, so that a field is declared once; and the schema of each
line's values, read from the hints its key declares (each line-making module's LINE_VALUES, which
accelbench/registry.py gathers: the judge knows no source).

``python -m accelbench.schema`` writes these ``$defs`` into judge/judgement.schema.json;
tests/test_facts.py fails while the file and the classes differ."""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from functools import cache

from accelbench.judge.buyer import Case
from accelbench.judge.fact_records import FrozenMap
from accelbench.judge.facts import TOPICS, Fact
from accelbench.judge.judging import Line
from accelbench.judge.recommendation import FIGURES

FACT_REF = "#/$defs/fact_"  # a topic's definition: fact_<topic>; a record's: record_<class name>
RECORD_REF = "#/$defs/record_"
LINE_REF = "#/$defs/line_"  # the values of one key's lines: line_<key>


@cache
def _hints(cls: type) -> dict:
    return typing.get_type_hints(cls)


def _fields(cls: type):
    hints = _hints(cls)
    if typing.is_typeddict(cls):  # the shape of a dict a line holds: its keys' hints, in their order
        return [(name, hint, "") for name, hint in hints.items()]
    return [(f.name, hints[f.name], f.metadata.get("doc", "")) for f in fields(cls)]


def as_data(value):
    """A fact, or any value of the judgement, as plain JSON data: a fact's topic code first, dataclasses and maps
    as objects, tuples as lists."""
    if is_dataclass(value):
        data = {f.name: as_data(getattr(value, f.name)) for f in fields(value)}
        return {"topic": value.topic, **data} if isinstance(value, Fact) else data
    if isinstance(value, Mapping):
        return {str(k): as_data(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [as_data(v) for v in value]
    return value


def fact_from_data(data: Mapping) -> Fact:
    """A fact from its JSON data (``topic`` names its class): what :func:`as_data` wrote, back."""
    cls = TOPICS[data["topic"]]
    return _build(cls, {k: v for k, v in data.items() if k != "topic"})


def _build(cls: type, data: Mapping):
    return cls(**{name: _value(hint, data[name]) for name, hint, _ in _fields(cls) if name in data})


def _value(hint, data):
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if data is None:
            return None
        return _value(next(a for a in args if a is not type(None)), data)
    if origin is tuple:
        return tuple(_value(args[0], v) for v in data)
    if origin is FrozenMap:
        return FrozenMap({k: _value(args[1], v) for k, v in data.items()})
    if is_dataclass(hint):
        return _build(hint, data)
    return data


# a class with a definition of its own: written by hand (a case's offers are indexes into judgement.json's offers),
# a line (one of the keyed lines below), or any fact (one of the topics)
NAMED = {Case: "#/$defs/case", Line: "#/$defs/line", Fact: "#/$defs/facts"}
_SCALARS = {str: "string", int: "integer", float: "number", bool: "boolean"}


def _schema(hint, records: dict) -> dict:
    if hint in NAMED:
        return {"$ref": NAMED[hint]}
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        kinds = [_schema(a, records) for a in args if a is not type(None)]
        return {"anyOf": kinds + [{"type": "null"}] * (type(None) in args)}
    if origin is tuple:
        return {"type": "array", "items": _schema(args[0], records)}
    if origin is FrozenMap:
        return {"type": "object", "additionalProperties": _schema(args[1], records)}
    if is_dataclass(hint) or typing.is_typeddict(hint):
        if records.setdefault(hint.__name__, hint) is not hint:  # one definition per name
            raise ValueError(f"two records named {hint.__name__}: {hint.__module__}, {records[hint.__name__].__module__}")
        return {"$ref": RECORD_REF + hint.__name__}
    if hint is float:
        return {"type": "number"}
    return {"type": _SCALARS[hint]}


def _object(cls: type, records: dict, topic: str | None = None) -> dict:
    props = {"topic": {"const": topic, "description": "The topic's code."}} if topic else {}
    for name, hint, meaning in _fields(cls):
        props[name] = {**_schema(hint, records), "description": meaning}
    return {"type": "object", "description": " ".join((cls.__doc__ or "").split()), "required": list(props),
            "additionalProperties": False, "properties": props}


def _values(declared: Mapping[str, object], records: dict) -> dict:
    """One key's values, each field typed by its hint; a field hinted NotRequired[...] may be left out."""
    props, required = {}, []
    for name, hint in declared.items():
        optional = typing.get_origin(hint) is typing.NotRequired
        props[name] = _schema(typing.get_args(hint)[0] if optional else hint, records)
        required += [] if optional else [name]
    return {"type": "object", "required": required, "additionalProperties": False, "properties": props}


def _lines(line_values: Mapping[str, Mapping[str, object]], records: dict) -> dict:
    """``line``: a key and its values, typed by the key (line_<key>: the fields its makers declare)."""
    keys = sorted(line_values)
    line = {"type": "object", "required": ["key", "values"], "additionalProperties": False,
            "description": "One line of a finding's detail, as data: the wording package words it by its key.",
            "properties": {
                "key": {"enum": keys, "description": "The template's key, prefixed with the rule's source "
                                                     "(mlperf_training.speed.pair)."},
                "values": {"description": "The values the template is filled from, as the key declares them "
                                          "(line_<key>): numbers, ids, names as the data spells them, lists, nested lines."}},
            # a key picks its values' definition, so that a wrong field is reported against its own key
            "allOf": [{"if": {"properties": {"key": {"const": k}}},
                       "then": {"properties": {"values": {"$ref": LINE_REF + k}}}} for k in keys]}
    return {"line": line, **{f"line_{k}": _values(line_values[k], records) for k in keys}}


def schema_defs(line_values: Mapping[str, Mapping[str, object]]) -> dict:
    """The ``$defs`` of every topic (fact_<topic>) and of every record a fact or a line holds (record_<Class>), and
    ``facts``: null, or one of the topics; of each condition's figures (figures_<topic>, ``figures``: one of them);
    and of ``line``, whose values LINE_VALUES (key -> field -> hint) types by key (line_<key>)."""
    records: dict[str, type] = {}  # every record the facts, figures and lines hold, filled as their fields are typed
    defs = {f"fact_{topic}": _object(cls, records, topic) for topic, cls in TOPICS.items()}
    defs.update(_lines(line_values, records))
    defs.update({f"figures_{topic}": _object(cls, records) for topic, cls in FIGURES.items()})
    done: set[str] = set()
    while set(records) - done:  # a record may hold records
        for name in sorted(set(records) - done):
            defs[f"record_{name}"] = _object(records[name], records)
            done.add(name)
    defs["figures"] = {"description": "A condition's figures, by its topic: a cost condition's cases (figures_cost), "
                                      "or the figures of chips, framework, cloud or scale.",
                       "anyOf": [{"$ref": f"#/$defs/figures_{t}"} for t in FIGURES]}
    defs["facts"] = {"description": "What the rule found where it compares no number, as data (its topic names it); "
                                    "null where it has nothing to say.",
                     "anyOf": [{"type": "null"}, *({"$ref": FACT_REF + t} for t in TOPICS)]}
    return dict(sorted(defs.items()))


def write(path, line_values: Mapping[str, Mapping[str, object]]) -> bool:
    """Put the facts' and lines' definitions into the schema at PATH (the others kept as they are); True if it
    changed."""
    schema = json.loads(path.read_text(encoding="utf-8"))
    kept = {k: v for k, v in schema["$defs"].items()
            if not k.startswith(("fact_", "record_", "figures_", "line_")) and k not in ("facts", "figures", "line")}
    new = {**schema, "$defs": {**kept, **schema_defs(line_values)}}
    if new == schema:
        return False
    path.write_text(json.dumps(new, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return True
