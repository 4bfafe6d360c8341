"""The rest of an answer's card, in words: its heading's direction and strength, each kind's verdict,
what the evidence makes of the article's own words, what is shown apart (inference, chips of other
generations), what is not known yet and what would change it, the two-sentence summary and how recent
the evidence is. publish/wording/__init__.py re-exports each (the opening sentence is made there)."""

from __future__ import annotations

from accelbench.core.text import capitalised, listed
from accelbench.judge.answers import (
    DECISIVE,
    DISAGREE,
    EVEN,
    NO_EVIDENCE,
    STALE_MONTHS,
    STRONG,
    TO_GPU,
    TO_TPU,
    Answer,
    KindAnswer,
)
from accelbench.judge.claims import MEASURED, PRICES
from accelbench.judge.judging import NOT_MEASURED, SPLIT, TIE
from accelbench.publish.wording.terms import (
    DIRECTION_WORDS,
    NO_COMPARISON,
    OTHER,
    SIDE_OF,
    STRENGTHS,
    TIE_BAND,
    TOPICS,
    as_of,
    chip,
    factor,
    noun,
    noun_of,
    older,
    span,
    verdict_words,
)


def direction(a: Answer) -> str:
    """The verdict words of the answer's heading: 'Points to the GPU'; a tie is no disagreement. A claim
    that describes what a chip is ('deep learning only') is answered by whether the description holds."""
    if a.direction == EVEN:
        return f"Within {TIE_BAND}" if all(k.finding.verdict == TIE for k in a.split) else capitalised(DIRECTION_WORDS[EVEN])
    if a.claim.describes and a.direction in SIDE_OF:
        holds = SIDE_OF[a.direction] == a.claim.supported_favours
        return "The description holds" if holds else "The description does not hold"
    return capitalised(DIRECTION_WORDS[a.direction])


def verdict(k: KindAnswer) -> str:
    """A kind's own verdict word; a source that does not measure has 'no evidence yet', never 'not measured'."""
    return NO_COMPARISON if k.finding.verdict == NOT_MEASURED and k.kind != MEASURED else verdict_words(k.finding.verdict)


def strength(a: Answer) -> str:
    """How strongly, in words ('' when there is no evidence)."""
    if a.direction == DISAGREE:
        return DIRECTION_WORDS[DISAGREE]
    if not a.strength:
        return ""
    said = f"strongly: {len(a.deciding)} kinds of evidence agree" if a.strength == STRONG else STRENGTHS[a.strength]
    split = [noun(k) for k in a.split]
    return said + (f"; {listed(split)} split" if split else "")


def bears_on(a: Answer) -> str:
    """What the answer says of the article's own words, and the older generation named apart."""
    words_of = f"The article's “{a.claim.tpu}” for TPUs (against “{a.claim.gpu}” for GPUs)"
    if not a.deciding:
        said = (f"{words_of} is neither confirmed nor contradicted here: the comparisons lie within {TIE_BAND} "
                "or point both ways." if a.direction == EVEN else f"{words_of} is neither confirmed nor contradicted here yet.")
    else:
        by = {v: [noun(k) for k in a.deciding if k.finding.verdict == v] for v in DECISIVE}
        said = f"{words_of} is " + " and ".join(f"{v} by {listed(n)}" for v, n in by.items() if n) + "."
    return said + "".join(f" {_of_an_older_generation(k)}" for k in a.older)


def _of_an_older_generation(k: KindAnswer) -> str:
    c = next((c for c in k.finding.comparisons if c.same_generation), k.finding.comparisons[0])
    year = (c.tpu_available or "")[:4]
    # no verb to agree: a kind's noun is singular ("the TPU v4 paper") or plural ("our own runs")
    return (f"{capitalised(noun(k))}: {verdict_words(k.finding.verdict)} for {chip(c, 'tpu')} against the {chip(c, 'gpu')}"
            f"{f' ({year})' if year else ''}, an older generation, shown and not counted.")


def apart(a: Answer) -> str:
    """Inference results, shown beside a training answer and never counted in it."""
    said = []
    for k in a.kinds:
        if not k.info.for_training and k.finding.comparisons:
            c = k.finding.comparisons[0]
            won = c.favours or "gpu"
            said.append(f"{capitalised(noun(k))}, shown apart and never counted: per chip, the {chip(c, won)} served "
                        f"{c.model} {span([factor(x, won) for x in k.finding.comparisons])} as fast as "
                        f"{chip(c, OTHER[won])}.")
    return " ".join(said)


# a kind judged from what its source states (no comparison of numbers) that decides nothing, by its verdict
UNDECIDED_STATED = {SPLIT: "part of the claim is borne out, part is not", TIE: "neither chip is favoured"}


def unknown(a: Answer) -> list[str]:
    """What is not known yet, one line per kind that does not decide, and per kind not imported."""
    out = []
    for k in a.kinds:
        if k.finding.verdict in DECISIVE or k in a.older:
            continue
        if k.finding.verdict == NOT_MEASURED and _apart_generation(k):
            out.append(capitalised(_apart_generation(k)))
        elif k.finding.verdict == NOT_MEASURED:
            out.append(f"{capitalised(noun(k))}: " + ("not measured on a TPU and a GPU yet" if k.kind == MEASURED
                                                       else "no comparison on this claim yet"))
        elif not k.finding.comparisons:  # judged from what a source states, not from numbers: no comparison to name
            out.append(f"{capitalised(noun(k))}: {UNDECIDED_STATED[k.finding.verdict]}")
        else:
            out.append(f"{capitalised(noun(k))}: the comparisons point both ways, or lie within {TIE_BAND}")
    return out + [f"{capitalised(noun_of(k))}: nothing of this kind is imported" for k in a.missing]


def _apart_generation(k: KindAnswer) -> str:
    """A kind whose every comparison is of chips of different generations, said with the chips and their years:
    shown, never counted ('' for a kind with none such)."""
    comps = k.finding.comparisons
    if not comps or any(c.same_generation for c in comps) or not k.info.for_training:
        return ""
    c = comps[0]
    years = f" of {c.tpu_available[:4]}" if c.tpu_available else ""
    return (f"{noun(k)} compares {chip(c, 'tpu')}{years} with {older(c, 'gpu')}, chips of different generations: "
            "shown, not counted")


def would_change(a: Answer) -> list[str]:
    measured = next((k for k in a.kinds if k.kind == MEASURED), None)
    said = capitalised(a.claim.to_measure)
    if PRICES in a.claim.judged_by:  # judged from the price list, not a measurement
        return [f"{said} would change the price lists' verdict."]
    if measured is None or measured.finding.verdict not in DECISIVE:
        return [f"{said} would add the first evidence measured here."]
    return [f"Our own runs decide on the chips measured so far: {a.claim.to_measure} on other chips would test it."]


def summary(answers: list[Answer]) -> str:
    """The title question answered in two sentences, from the answers alone."""
    groups = {d: [TOPICS.get(a.claim.slug, a.claim.feature) for a in answers if a.direction == d]
              for d in (TO_GPU, TO_TPU, DISAGREE, EVEN, NO_EVIDENCE)}
    said = [f"{w} on {listed(groups[d])}" for d, w in ((TO_GPU, "the GPU"), (TO_TPU, "the TPU")) if groups[d]]
    first = (f"Of the article's {len(answers)} claims, the evidence here points to " + " and to ".join(said)
             + (f"; the kinds of evidence disagree on {listed(groups[DISAGREE])}" if groups[DISAGREE] else "")
             + (f"; neither chip is ahead on {listed(groups[EVEN])}" if groups[EVEN] else "") + "."
             if said else f"None of the article's {len(answers)} claims is decided by the evidence here yet.")
    none = f" There is no evidence yet on {listed(groups[NO_EVIDENCE])}." if groups[NO_EVIDENCE] and said else ""
    measured = any(k.kind == MEASURED and k.finding.verdict in DECISIVE for a in answers for k in a.kinds)
    return first + none + ("" if measured else " No claim is decided by a run of ours yet: each needs a TPU run.")


STALE = f"more than {STALE_MONTHS} months older than the newest evidence here"  # beside an answer's date


def evidence_as_of(a: Answer) -> str:
    """How recent an answer's evidence is, where it stands beside the answer: 'evidence as of
    August 2026', the newest source it rests on ('' where none is dated)."""
    if not a.as_of:
        return ""
    return f"evidence {as_of(a.as_of)}" + (f", {STALE}" if a.stale else "")


