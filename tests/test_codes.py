"""The judgement's codes (judge/codes.py) are declared once: each is an identifier, never an English
phrase; judgement.schema.json lists exactly them; and the wording module has words for every one,
so that a new code cannot reach a page unworded."""

import json
import re

from accelbench.judge.codes import Direction, Holds, Strength, Verdict
from accelbench.judge.judgement import SCHEMA
from accelbench.publish.wording.sentences import HOLDS
from accelbench.publish.wording.terms import DIRECTION_WORDS, STRENGTHS, VERDICT_WORDS

SCHEMA_DATA = json.loads(SCHEMA.read_text(encoding="utf-8"))


def enums(node, path=""):
    """Every enum of the schema with where it is."""
    if isinstance(node, dict):
        if "enum" in node:
            yield path, node["enum"]
        for key, child in node.items():
            yield from enums(child, f"{path}/{key}")
    elif isinstance(node, list):
        for child in node:
            yield from enums(child, path)


def test_every_code_is_an_identifier_not_a_phrase():
    for codes in (Verdict, Direction, Strength, Holds):
        assert all(re.fullmatch(r"[a-z_]+", c.value) for c in codes), codes


def test_the_schema_lists_exactly_the_codes():
    found = dict(enums(SCHEMA_DATA))
    assert found["/properties/claims/items/properties/direction"] == [d.value for d in Direction]
    assert found["/properties/claims/items/properties/strength"] == [*(s.value for s in Strength), ""]
    assert set(found["/properties/claims/items/properties/kinds/items/properties/verdict"]) <= {v.value for v in Verdict}
    assert found["/$defs/statement/properties/verdict"] == [v.value for v in Verdict]
    assert found["/$defs/sentence/properties/holds"] == [h.value for h in Holds]
    # "mixed" once stood for a tie, a half-true sentence and kinds that disagree: each now has its own code
    assert not any("mixed" in values for path, values in found.items() if "verdict" in path or "direction" in path)


def test_the_wording_says_every_code():
    assert set(VERDICT_WORDS) == set(Verdict) and set(DIRECTION_WORDS) == set(Direction) and set(HOLDS) == set(Holds)
    assert set(STRENGTHS) == set(Strength) - {Strength.STRONG}  # a strong answer says how many kinds agree
