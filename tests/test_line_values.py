"""Every line's values are typed by its key: each key a rule or a reader records declares its fields and their
types once, where the lines are made (LINE_VALUES, gathered by accelbench/registry.py), and judgement.schema.json's
``line`` types each line's values by them (line_<key>). Read from the source code as tests/test_keys.py reads the
keys: every key recorded is declared, every declaration is recorded, and each call names the fields declared."""

import ast
import json
import typing

import jsonschema
import pytest
from test_keys import SENTENCE, constants

from accelbench.judge.judgement import SCHEMA
from accelbench.registry import LINE_VALUES

from conftest import ROOT

PACKAGE = ROOT / "scripts" / "accelbench"
WORDING = PACKAGE / "publish" / "wording"
SCHEMA_DATA = json.loads(SCHEMA.read_text(encoding="utf-8"))
READING_OWN = {"part", "choice", "rests_on"}  # judge/sentences.reading's own parameters, no values of its line


def _constant(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _rule_text(key: str) -> bool:
    """A rule's text (@rule(..., text=said("<source>.rule.<claim>")), or a phrase of the rules' texts ("rules.*"):
    the methodology page words it, and it is no line of the judgement."""
    return key.startswith("rules.") or ".rule." in key


def calls() -> list[tuple[str, set[str] | None, str]]:
    """Each line made with a constant key: (key, the fields its call names, None where it passes **values; where)."""
    found = []
    for path in sorted(p for p in PACKAGE.rglob("*.py") if WORDING not in p.parents):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name, args = getattr(node.func, "id", getattr(node.func, "attr", "")), node.args
            key = (_constant(args[0]) if name == "said" and args else
                   _constant(args[1]) if name == "linked" and len(args) > 1 else
                   SENTENCE + _constant(args[1]) if name == "reading" and len(args) > 1 and _constant(args[1]) else None)
            if key and not _rule_text(key):
                named = {k.arg for k in node.keywords} - (READING_OWN if name == "reading" else set())
                found.append((key, None if None in named else named, f"{path.relative_to(PACKAGE)}:{node.lineno}"))
    return found


def _required(fields: dict) -> set[str]:
    return {f for f, hint in fields.items() if typing.get_origin(hint) is not typing.NotRequired}


def test_the_search_finds_the_lines_and_leaves_out_the_rules_texts():
    keys = {key for key, _, _ in calls()}
    assert "mlperf_training.speed.pair" in keys and "named" in keys and SENTENCE + "coverage" in keys
    assert not any(_rule_text(key) for key in keys)


def test_every_key_recorded_declares_its_values():
    missing = {key: where for key, _, where in calls() if key not in LINE_VALUES}
    assert not missing, f"lines whose values no LINE_VALUES declares (declare them where they are made): {missing}"


def test_every_declared_key_is_recorded():
    names = constants()
    unused = [key for key in LINE_VALUES if key not in names and key.removeprefix(SENTENCE) not in names]
    assert not unused, f"declared line keys no module records: {unused}"


def test_each_call_names_the_fields_its_key_declares():
    wrong = [f"{where}: {key} names {sorted(named)}, declared {sorted(LINE_VALUES[key])}"
             for key, named, where in calls() if named is not None and key in LINE_VALUES
             and not _required(LINE_VALUES[key]) <= named <= set(LINE_VALUES[key])]
    assert not wrong, "\n".join(wrong)


def _line(data) -> None:
    jsonschema.validate(data, {"$defs": SCHEMA_DATA["$defs"], "$ref": "#/$defs/line"})


ENTRY = {"name": "TPU v5p", "chips": 512, "submitter": "Google", "availability": "available"}
PAIR = {"benchmark": "GPT-3 175B", "round": "v4.1", "tpu": ENTRY, "tpu_chip_hours": 10.0, "gpu": ENTRY,
        "gpu_chip_hours": 12.0, "advantage": 1.2}


def test_the_schema_types_each_keys_values():
    _line({"key": "mlperf_training.speed.pair", "values": PAIR})
    _line({"key": "measured.cost.figures", "values": {"lines": [{"key": "named", "values": {"name": "JAX"}}]}})
    _line({"key": "mlperf_training.name", "values": {k: PAIR[k] for k in ("benchmark", "round", "tpu", "gpu")}})


@pytest.mark.parametrize("wrong", [
    {"key": "mlperf_training.speed.pair", "values": {k: v for k, v in PAIR.items() if k != "advantage"}},  # a field missing
    {"key": "mlperf_training.speed.pair", "values": {**PAIR, "extra": 1}},  # a field not declared
    {"key": "mlperf_training.speed.pair", "values": {**PAIR, "advantage": "1.2"}},  # a field of the wrong type
    {"key": "mlperf_training.speed.pair", "values": {**PAIR, "tpu": {**ENTRY, "chips": "512"}}},  # a nested one
    {"key": "measured.cost.figures", "values": {"lines": [{"key": "named", "values": {"name": 1}}]}},  # a nested line
    {"key": "no.such.key", "values": {}},  # a key not declared
], ids=["missing", "undeclared", "wrong-type", "nested-field", "nested-line", "unknown-key"])
def test_a_line_of_the_wrong_shape_is_refused_by_the_schema(wrong):
    with pytest.raises(jsonschema.ValidationError):
        _line(wrong)
