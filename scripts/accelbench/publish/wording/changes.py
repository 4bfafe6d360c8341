"""What changed between two judgements (judge/changes.py), in words, one line each:

    Speed, vendor pair Ironwood vs DGX-GB300, DeepSeek-V3 671B, 256 chips, FP8: 0.47 → 0.46; verdict unchanged

as `accelbench refresh` prints it, the weekly pull request's body lists it and the "What changed" page
shows it. A name an older judgement wrote with a template this build no longer has is said as its values."""

from __future__ import annotations

from accelbench.judge.changes import Change
from accelbench.judge.claims import CLAIMS, STATEMENTS
from accelbench.judge.judging import Line
from accelbench.publish.wording.lines import text
from accelbench.publish.wording.sentences import CHOICES, HOLDS
from accelbench.publish.wording.terms import DIRECTION_WORDS, STRENGTHS
from accelbench.store.published import SOURCES

SIDES = {"tpu": "favours the TPU", "gpu": "favours the GPU", "either": "a tie"}
UNITS = {"measured": "benchmark run here", "vendor-specs": "specification", "price-list": "price"}
NOTHING = "No verdict, comparison, sentence or condition changed."


def _name(value) -> str:
    if isinstance(value, dict) and "key" in value:
        try:
            return text(Line(value["key"], value.get("values", {})))
        except (KeyError, ValueError, TypeError):  # a template this build no longer has
            return ", ".join(str(v.get("name", v)) if isinstance(v, dict) else str(v)
                             for v in value.get("values", {}).values())
    return str(value)


def _claim(slug: str) -> str:
    return CLAIMS[slug].short if slug in CLAIMS else slug


def _unit(kind: str) -> str:
    source = SOURCES.get(kind)
    return source.unit if source else UNITS.get(kind, "comparison")


def _answer(code) -> str:
    if code is None:
        return "none"
    direction, strength = code
    words = DIRECTION_WORDS.get(direction, direction) if isinstance(direction, str) else direction
    how = {"strong": "strongly: two or more kinds of evidence agree", **STRENGTHS}.get(strength, strength.replace("_", " "))
    return f"{words} ({how})" if how else str(words)


def _holds(code) -> str:
    if code is None:
        return "not read"
    holds, choice = code
    said = HOLDS.get(holds, holds)
    return f"{said}, {CHOICES[choice]}" if choice in CHOICES else str(said)


def line(c: Change) -> str:
    """One change in one line."""
    if c.what == "answer":
        return f"{_claim(c.claim)}, the answer: {_answer(c.old)} → {_answer(c.new)}"
    if c.what == "comparison":
        head = f"{_claim(c.claim)}, {_unit(c.kind)} {_name(c.subject)}"
        if c.old is None:
            return f"{head}: new, {c.new:.3f}" + (f" ({SIDES[c.verdict_new]})" if c.verdict_new in SIDES else "")
        if c.new is None:
            return f"{head}: {c.old:.3f}, gone"
        verdict = ("verdict unchanged" if c.verdict_old == c.verdict_new or not (c.verdict_old and c.verdict_new) else
                   f"verdict {SIDES.get(c.verdict_old, c.verdict_old)} → {SIDES.get(c.verdict_new, c.verdict_new)}")
        return f"{head}: {c.old:.3f} → {c.new:.3f}; {verdict}"
    if c.what == "sentence":
        claim, _, side = str(c.subject).partition(".")
        said = (f"“{STATEMENTS[c.subject].words}”" if c.subject in STATEMENTS else
                f"{_claim(claim)}, the {side.upper()} side of the article's row" if claim in CLAIMS else str(c.subject))
        return f"{said}: {_holds(c.old)} → {_holds(c.new)}"
    topic, side = c.subject
    choose = CHOICES.get(side, side)
    if c.old is None:
        return f"A new condition of the recommendation: {topic.replace('_', ' ')}, {choose}"
    return f"A condition of the recommendation gone: {topic.replace('_', ' ')}, {choose}"


def lines(found: tuple[Change, ...]) -> list[str]:
    return [line(c) for c in found] or [NOTHING]


def sources_line(moved: list[tuple[str, tuple[str, ...], tuple[str, ...]]]) -> list[str]:
    """Each repository whose commits moved: 'AI-Hypercomputer/tpu-recipes: c8cfe2f6 → 604f8070'."""
    def short(commits: tuple[str, ...]) -> str:
        return ", ".join(c[:8] for c in commits) or "none"
    return [f"{repo}: {short(old)} → {short(new)}" for repo, old, new in moved]


# the "What changed" page (publish/fragments/history.py)
THIS_BUILD = "this build"
NO_HISTORY = ("No earlier judgement is kept yet. From now on each deploy keeps the judgement it publishes "
              "(build_data/judgements/), and this page lists what changed between them.")
CAUSE = "Why: {causes}."
NO_CAUSE = "Why: no source commit and no rule's constant moved: the code or the reference data did."
RULES = {"margin": "the margin within which a difference is a tie", "generation_months": "the generation window",
         "schema_version": "the judgement's format"}


def between(was: str, now: str) -> str:
    return f"From {was} to {now}"


def rule_moved(name: str, old, new) -> str:
    return f"{RULES.get(name, name)}: {old} → {new}"
PINS_HEAD = ["Source", "Pinned to", "Its date", "Earlier commits kept"]
NO_PINS = "No data folder is read in this build: no source is pinned."


def dated(date: str, dated_by: str) -> str:
    return f"{date} ({dated_by})" if date else "not recorded"
