"""What changed between two judgements, as data: each answer whose direction or strength moved, each
comparison whose ratio or side moved (or that came or went), each sentence of the article whose reading
moved, each condition of the recommendation that came or went, and the source commits behind them.

It reads the public form, judgement.json (judge/judgement.as_data), so that it compares the build in hand
with any judgement kept from an earlier deploy or rebuilt from the repository's history, whatever code
made it: a field an older judgement lacks is read as absent, and the codes an older schema wrote ("mixed")
are kept as they are. `accelbench refresh`, the "What changed" page and the snapshot test word these
changes (publish/wording/changes.py); nothing here is a sentence."""

from __future__ import annotations

import re
from dataclasses import dataclass

RATIO_MOVED = 0.005  # a ratio that moved less than this (either way, relative) is the same ratio printed again
COMMIT_IN_URL = re.compile(r"github\.com/([\w.-]+/[\w.-]+)/(?:tree|blob|commit)/([0-9a-f]{40})")


@dataclass(frozen=True)
class Change:
    """One thing that moved. ``what``: answer, comparison, sentence, condition; ``subject``: the claim
    (answer), the comparison's name as data (a Line's key and values) with its claim and kind, the
    sentence's id, or the condition's topic and side. ``old`` and ``new``: the codes or figures before and
    after (None where it did not exist)."""

    what: str
    claim: str
    kind: str
    subject: object
    old: object
    new: object
    verdict_old: str = ""  # a comparison's side before and after (its verdict on the TPU claim)
    verdict_new: str = ""


# what tells one comparison from another across versions (an older judgement wrote no name): the chips, the
# work and its scale, the format, the round or scenario, and the releases and recipes compared
IDENTITY = ("tpu", "gpu", "model", "chips", "gpu_chips", "precision", "scenario", "round", "tpu_release", "gpu_release",
            "tpu_recipe", "gpu_recipe", "citation")


def _comparisons(data: dict) -> dict[tuple, dict]:
    """(claim, kind, its identity) -> the comparison, for every kind of every claim."""
    out = {}
    for claim in data.get("claims", []):
        for kind in claim.get("kinds", []):
            for c in kind.get("comparisons", []):
                out[(claim["claim"], kind["kind"], repr(tuple(_part(c, f) for f in IDENTITY)))] = c
    return out


def _part(c: dict, field: str) -> str:
    """One part of a comparison's identity; a model by its first word, as a later version may name it more
    fully ("DeepSeek-V3" became "DeepSeek-V3 671B")."""
    value = str(c.get(field) or "")
    return value.split(" ")[0].casefold() if field == "model" else value


def _named(c: dict):
    """A comparison's name as data, or, from a judgement that wrote none, its chips, work, scale and format."""
    if c.get("name"):
        return c["name"]
    said = f"{c.get('tpu_name') or c.get('tpu')} vs {c.get('gpu_name') or c.get('gpu')}"
    rest = [str(c[f]) for f in ("model", "round", "scenario") if c.get(f)]
    rest += [f"{c['chips']} chips"] if c.get("chips") else []
    rest += [c["precision"]] if c.get("precision") else []
    return {"key": "named", "values": {"name": ", ".join([said, *rest])}}


def _moved(old: float, new: float) -> bool:
    return abs(new - old) > RATIO_MOVED * max(abs(old), abs(new), 1e-12)


def _answer_code(claim: dict) -> tuple[str, str]:
    """An answer's direction and strength, in this schema's codes: schema 1 wrote "mixed" with the strength
    "disagree" or "tie" (now the directions disagree and even), and "one kind" with a space."""
    direction, strength = claim["direction"], (claim.get("strength") or "").replace(" ", "_")
    if direction == "mixed":
        return ("disagree" if strength == "disagree" else "even"), ""
    return direction, strength


def answer_changes(old: dict, new: dict) -> list[Change]:
    before = {c["claim"]: c for c in old.get("claims", [])}
    out = []
    for c in new.get("claims", []):
        was = before.get(c["claim"])
        then = _answer_code(was) if was else None
        now = _answer_code(c)
        if then != now:
            out.append(Change("answer", c["claim"], "", c["claim"], then, now))
    return out


def comparison_changes(old: dict, new: dict) -> list[Change]:
    before, after = _comparisons(old), _comparisons(new)
    out = []
    for key in sorted(set(before) | set(after), key=lambda k: (k[0], k[1], k[2])):
        claim, kind, _ = key
        was, now = before.get(key), after.get(key)
        # a side an older judgement did not record is no change of side
        same_side = not (was and now and was.get("side") and now.get("side")) or was["side"] == now["side"]
        if was and now and not _moved(was["advantage"], now["advantage"]) and same_side:
            continue
        name = _named(now or was)
        out.append(Change("comparison", claim, kind, name, was and was["advantage"], now and now["advantage"],
                          (was or {}).get("side", ""), (now or {}).get("side", "")))
    return out


def sentence_changes(old: dict, new: dict) -> list[Change]:
    before = {s["sentence"]: s for s in old.get("sentences", [])}
    out = []
    for s in new.get("sentences", []):
        was = before.get(s["sentence"])
        if was is None and not before:  # an older judgement read no sentence: nothing to compare
            continue
        if was is None or (was["holds"], was.get("choice", "")) != (s["holds"], s.get("choice", "")):
            out.append(Change("sentence", "", "", s["sentence"], was and (was["holds"], was.get("choice", "")),
                              (s["holds"], s.get("choice", ""))))
    return out


def condition_changes(old: dict, new: dict) -> list[Change]:
    def keyed(data: dict) -> set[tuple]:
        return {(c["topic"], c["side"], c.get("claim", "")) for c in data.get("recommendation", [])}
    before, after = keyed(old), keyed(new)
    return ([Change("condition", claim, "", (topic, side), None, side) for topic, side, claim in sorted(after - before)]
            + [Change("condition", claim, "", (topic, side), side, None) for topic, side, claim in sorted(before - after)])


def changes(old: dict, new: dict) -> tuple[Change, ...]:
    """Everything that moved from OLD to NEW (both judgement.json's data), answers first."""
    return tuple(answer_changes(old, new) + comparison_changes(old, new) + sentence_changes(old, new)
                 + condition_changes(old, new))


def source_commits(data: dict) -> dict[str, set[str]]:
    """Repository -> the commits a judgement's comparisons and sources name in their addresses."""
    found: dict[str, set[str]] = {}

    def walk(node) -> None:
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str):
            for repository, commit in COMMIT_IN_URL.findall(node):
                found.setdefault(repository, set()).add(commit)
    walk(data.get("claims", []))
    return found


def moved_sources(old: dict, new: dict) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """The repositories whose commits differ between two judgements: (repository, old commits, new commits)."""
    before, after = source_commits(old), source_commits(new)
    return [(repo, tuple(sorted(before.get(repo, ()))), tuple(sorted(after.get(repo, ()))))
            for repo in sorted(set(before) | set(after)) if before.get(repo) != after.get(repo)]


def rules_moved(old: dict, new: dict) -> list[str]:
    """The judgement-wide rules whose constant differs (the margin, the generation window) or the format."""
    return [name for name in ("schema_version", "margin", "generation_months") if old.get(name) != new.get(name)]


# the values of each line this module records, by key: field -> type hint (judgement.schema.json types each line's
# values from these: accelbench/schema.py writes it; tests/test_line_values.py checks them against the calls)
# "named": a thing by its own name as the data spells it (a model, a submitter, a database), which the sources'
# links and this module's changes both record
LINE_VALUES = {"named": {"name": str}}
