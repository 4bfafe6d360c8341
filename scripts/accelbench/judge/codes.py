"""The judgement's codes: what a verdict, an answer's direction and strength, and a sentence's
verdict can be. Each is an enum whose values are the codes judgement.json writes; no code is an
English phrase, and publish/wording/ says each in words. Declared once here, so that the rules, the
answers, the schema and the wording share one list."""

from __future__ import annotations

from enum import StrEnum


class Verdict(StrEnum):
    """One kind of evidence's verdict on one claim: on the article's TPU claim for a row of its table,
    on the sentence itself for its other claims."""

    SUPPORTED = "supported"
    CONTRADICTED = "contradicted"
    TIE = "tie"  # a difference within the margin: neither side is ahead
    SPLIT = "split"  # part holds and part does not: comparisons pointing both ways, one of two things stated
    NOT_MEASURED = "not_measured"  # nothing of this kind bears on it yet
    PREDICTION = "prediction"  # a statement about the future: the evidence shows the trend so far
    LINKED = "linked"  # a statement with no rule of its own: the claims it repeats answer it


DECISIVE = (Verdict.SUPPORTED, Verdict.CONTRADICTED)


class Direction(StrEnum):
    """Which chip a row of the article's table points the reader to, over every kind of evidence."""

    TPU = "tpu"
    GPU = "gpu"
    DISAGREE = "disagree"  # decisive kinds point to different chips: the only "mixed" answer
    EVEN = "even"  # no kind is decisive, and one ties or splits
    NONE = "none"  # no evidence yet


class Strength(StrEnum):
    """How strongly an answer points to a chip ("" where it points to none)."""

    STRONG = "strong"  # two or more kinds agree
    ONE_KIND = "one_kind"
    WEAK = "weak"  # every deciding kind is vendor-reported or vendor-authored


class Holds(StrEnum):
    """Whether one sentence of the article is true, as its own words say it (judge/sentences.py)."""

    HOLDS = "holds"
    PARTLY = "partly"  # part of it holds: the reading names the part that does not
    DOES_NOT_HOLD = "does_not_hold"
    DISAGREE = "disagree"  # kinds of evidence disagree on the same question: each is named
    UNDECIDED = "undecided"  # a prediction, or no evidence yet
