"""Facts (judge/facts.py) as judgement.json writes them, back, and their JSON schema, all read from
the dataclasses' own fields and type hints, so that a field is declared once.

``python -m accelbench.judge.fact_schema`` writes the facts' ``$defs`` into judge/judgement.schema.json;
tests/test_facts.py fails while the file and the classes differ."""

from __future__ import annotations

import json
import sys
import types
import typing
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from functools import cache
from pathlib import Path

from accelbench.judge.buyer import Case
from accelbench.judge.fact_records import FrozenMap
from accelbench.judge.facts import TOPICS, Fact
from accelbench.judge.recommendation import FIGURES

FACT_REF = "#/$defs/fact_"  # a topic's definition: fact_<topic>; a record's: record_<class name>
RECORD_REF = "#/$defs/record_"


@cache
def _hints(cls: type) -> dict:
    return typing.get_type_hints(cls)


def _fields(cls: type):
    hints = _hints(cls)
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


# a class with a definition of its own, written by hand (its offers are indexes into judgement.json's offers)
NAMED = {Case: "#/$defs/case"}
_SCALARS = {str: "string", int: "integer", float: "number", bool: "boolean"}


def _schema(hint, records: dict) -> dict:
    if hint in NAMED:
        return {"$ref": NAMED[hint]}
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        kinds = [a for a in args if a is not type(None)]
        return {"anyOf": [_schema(kinds[0], records), {"type": "null"}]}
    if origin is tuple:
        return {"type": "array", "items": _schema(args[0], records)}
    if origin is FrozenMap:
        return {"type": "object", "additionalProperties": _schema(args[1], records)}
    if is_dataclass(hint):
        records[hint.__name__] = hint
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


def schema_defs() -> dict:
    """The ``$defs`` of every topic (fact_<topic>) and of every record a fact holds (record_<Class>), and ``facts``:
    null, or one of the topics; and of each condition's figures (figures_<topic>, ``figures``: one of them)."""
    records: dict[str, type] = {}  # every record the facts and figures hold, filled as their fields are typed
    defs = {f"fact_{topic}": _object(cls, records, topic) for topic, cls in TOPICS.items()}
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


def write(path) -> bool:
    """Put the facts' definitions into the schema at PATH (the others kept as they are); True if it changed."""
    schema = json.loads(path.read_text(encoding="utf-8"))
    kept = {k: v for k, v in schema["$defs"].items()
            if not k.startswith(("fact_", "record_", "figures_")) and k not in ("facts", "figures")}
    new = {**schema, "$defs": {**kept, **schema_defs()}}
    if new == schema:
        return False
    path.write_text(json.dumps(new, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return True


if __name__ == "__main__":
    SCHEMA = Path(__file__).with_name("judgement.schema.json")  # judgement.SCHEMA, which imports this module
    print(f"{SCHEMA}: {'written' if write(SCHEMA) else 'already up to date'}")
    sys.exit(0)
