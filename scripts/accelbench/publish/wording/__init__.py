"""How the site speaks: every sentence a reader sees about an answer is made here, from the
structured answers and findings (directions, counts, ranges, chips, kinds, generations); no rule
writes one. It puts together the words of ``terms`` (the kinds of evidence as nouns, the chips as
readers know them, ratios) and ``fact_clauses`` (each kind of fact as a clause) with the verdict words
and the margin, read from the constant the rules use. Every reader-facing word of the site is in this
package; nothing else in publish/ holds a sentence of its own.

Each answer opens with one sentence of at most MAX_WORDS words: the direction, the count and the
range on the evidence that decides it, then one clause on the rest (tests/test_wording.py checks
the parts)."""

from __future__ import annotations

from accelbench.core.prices import dollars
from accelbench.core.text import capitalised, listed, plural
from accelbench.judge.answers import (
    DECISIVE,
    NO_EVIDENCE,
    Answer,
    KindAnswer,
)
from accelbench.judge.facts import BreakEvens, topic_of
from accelbench.judge.generations import PER_CHIP
from accelbench.judge.judging import SPLIT, TIE, Comparison
from accelbench.publish.wording import buyer  # noqa: F401  (wording.buyer: the cost conditions' words)
from accelbench.publish.wording.card_text import (  # noqa: F401  (said once there)
    STALE,
    _apart_generation,
    apart,
    bears_on,
    direction,
    evidence_as_of,
    strength,
    summary,
    unknown,
    verdict,
    would_change,
)
from accelbench.publish.wording.charts import (  # noqa: F401  (said once there)
    CAPTION,
    CAPTION_WORDS,
    CHART_ABOUT,
    HELP,
    ROOFLINE_CAPTION,
    SHORT_CAPTION,
    SHORT_TIMELINE_CAPTION,
    TIMELINE_CAPTION,
    TIMELINE_HELP,
    TREND_CAPTION,
    TREND_TITLE,
    forest_alt,
    home_chart_caption,
    home_chart_note,
    home_chart_title,
    measured_chart_alt,
    measured_chart_caption,
    one_comparison,
    roofline_alt,
    timeline_alt,
    timeline_title,
    trend_alt,
)
from accelbench.publish.wording.conditions import CHOOSE, condition, condition_dated  # noqa: F401  (said once there)
from accelbench.publish.wording.fact_clauses import FACTS, fact_clause
from accelbench.publish.wording.statements import (  # noqa: F401  (said once there)
    STATEMENT_HEAD,
    STATEMENT_VERDICTS,
    prediction,
    statement_sentence,
    statement_verdict,
    statement_where_recorded,
)
from accelbench.publish.wording.terms import (
    CHIPS,
    LEADS,
    METRIC_VERBS,
    OTHER,
    SIDE_OF,
    TIE_BAND,
    VERBS,
    as_of,  # noqa: F401  (wording.as_of: how recent, as the cards say it)
    chip,
    factor,
    noun,
    of_mlperf,
    older,
    paper_noun,
    quoted,
    span,
    times,
    trained,
)

MAX_WORDS = 35  # the opening sentence: one a reader takes in at once


def words(sentence: str) -> int:
    return len(sentence.split())


# --- the opening sentence -----------------------------------------------------------------------


def opening(a: Answer) -> str:
    """The answer in one sentence of at most MAX_WORDS words."""
    if a.direction == NO_EVIDENCE:
        apart = [_apart_generation(k) for k in a.kinds if _apart_generation(k)]
        if apart:  # what is held, and why it does not decide, before what would
            return _fit(f"nothing here decides it yet: {apart[0]}", [f"{a.claim.to_measure} would decide it"])
        return f"Nothing here decides it yet: {a.claim.to_measure} would be the first evidence."
    if a.claim.slug in PER_CHIP:
        lead, rest = _per_chip(a)
    elif a.claim.slug == "cost":
        lead, rest = _cost(a)
    else:
        lead, rest = _from_facts(a)
    return _fit(lead, rest)


def _fit(lead: str, clauses: list[str]) -> str:
    """The lead and as many of the clauses after it as fit in MAX_WORDS words."""
    sentence = lead
    for clause in clauses:
        if words(f"{sentence}; {clause}") <= MAX_WORDS:
            sentence = f"{sentence}; {clause}"
    return capitalised(sentence) + "."


def _deciding(k: KindAnswer, claim: str) -> list[Comparison]:
    """The comparisons of a kind that decide its per-chip verdict: its same-generation ones."""
    return [c for c in k.finding.comparisons if c.same_generation] if claim in PER_CHIP else k.finding.comparisons


def _counted(k: KindAnswer, comps: list[Comparison], side: str) -> str:
    """'in all 9 vendor pairs (1.2–2.1×)', 'in 7 of 9 vendor pairs (…)', 'in MLPerf's Stable Diffusion v2
    (2.1×)'; 'by our own runs' where the kind decides without a ratio."""
    if not comps:
        return f"by {noun(k)}"
    wins = [c for c in comps if c.favours == side]
    figure = span([factor(c, side) for c in wins or comps])
    if len(comps) == 1:
        c = comps[0]
        if quoted(c):  # a paper's chips are dated: a reader weighs a 2020 result as such
            year = f" of {c.gpu_available[:4]}" if c.gpu_available else ""
            return f"in {paper_noun(c)}, {figure} against the {chip(c, 'gpu')}{year}"
        what = trained(c)
        if not of_mlperf(c):
            what = f"the {k.info.unit} {what}".strip()
        return f"in {what} ({figure})"
    unit = k.info.unit
    n, m = len(wins), len(comps)
    count = f"both {unit}s" if n == m == 2 else f"all {plural(m, unit)}" if n == m else f"{n} of {plural(m, unit)}"
    return f"in {count} ({figure})"


def _speaks_for(a: Answer) -> str:
    """The head of an answer decided by chips a generation older than today's: it speaks for those alone."""
    return f"only for chips of {a.speaks_for[-1]}: " if a.speaks_for else ""


def _verb(a: Answer) -> str:
    """What the deciding comparisons show, in a verb: a paper that reports power is quoted as power."""
    metrics = {c.metric for k in a.deciding for c in k.finding.comparisons}
    return METRIC_VERBS.get(next(iter(metrics)), VERBS[a.claim.slug]) if len(metrics) == 1 else VERBS[a.claim.slug]


def _per_chip(a: Answer) -> tuple[str, list[str]]:
    verb = _verb(a)
    sides = [SIDE_OF[a.direction]] if a.direction in SIDE_OF else ["gpu", "tpu"]
    parts, same = {}, True
    for side in sides:
        kinds = [k for k in a.deciding if a.side_of(k) == side]
        used = {k.kind: _deciding(k, a.claim.slug) or k.finding.comparisons for k in kinds}
        compared = [c for comps in used.values() for c in comps]
        same = same and bool(compared) and all(c.same_generation for c in compared)
        parts[side] = [_counted(k, used[k.kind], side) for k in kinds]
    of = " of the same generation" if same and not a.speaks_for else ""  # chips of one year: said by the head
    if len(sides) == 1:
        lead = f"{_speaks_for(a)}per chip, {CHIPS[sides[0]]}{of} {verb} {listed(parts[sides[0]])}"
    else:
        lead = "per chip, the kinds of evidence disagree: " + ", while ".join(
            f"{CHIPS[s]}{of} {verb} {listed(p)}" for s, p in parts.items() if p)
    return lead, _split(a) + _others(a, sides[0] if len(sides) == 1 else None) + _aside(a)


def _split(a: Answer) -> list[str]:
    """A clause per counted kind whose same-generation comparisons point both ways: named with its own count,
    never added to the deciding one ('the vendors' own figures split: the GPU faster in 10 of 11 vendor pairs,
    the TPU in 1')."""
    out = []
    for k in a.split:
        comps = _deciding(k, a.claim.slug)
        if comps:
            sides = [c.favours for c in comps]
            out.append(f"{noun(k)} split: the GPU faster in {sides.count('gpu')} of {plural(len(comps), k.info.unit)}, "
                       f"the TPU in {sides.count('tpu')}")
    return out


def _others(a: Answer, side: str | None) -> list[str]:
    """The one clause on the comparisons that do not decide (older or undated chips, an older TPU
    generation): the largest group of them that points the other way."""
    rest = [c for k in a.kinds if k.info.for_training and k not in a.older
            for c in k.finding.comparisons if not c.same_generation]
    rest += [c for k in a.older for c in k.finding.comparisons]
    against = [c for c in rest if c.favours not in (None, side)]
    groups: dict[tuple[str, str], list[Comparison]] = {}
    for c in against:
        groups.setdefault((chip(c, "tpu"), chip(c, "gpu")), []).append(c)
    if not groups:
        return []
    group = max(groups.values(), key=len)
    won = group[0].favours
    c = group[0]
    verb = "beat" if a.claim.slug == "speed" else "did better than"
    return [f"{chip(c, won)} {verb} {older(c, OTHER[won])} {span([factor(x, won) for x in group])}"]


def _aside(a: Answer) -> list[str]:
    """Clauses from the facts of kinds that compare no number (no MLPerf TPU entry reported power)."""
    return [fact_clause(k.finding.facts, a.claim.slug) for k in a.kinds
            if k.info.for_training and topic_of(k.finding.facts) in FACTS]


def _cost(a: Answer) -> tuple[str, list[str]]:
    parts = []
    for k in a.kinds:
        if k.info.for_training and k.finding.comparisons:
            parts.append(_priced(k, k.finding.comparisons))
    lead = "on GCP list prices, " + ("; ".join(parts) if parts else "no comparison is priced yet")
    return lead, _break_evens(a) + _aside(a)


def _break_evens(a: Answer) -> list[str]:
    """What a buyer can act on: the TPU price at which a priced run costs the same, and a tier that flips it."""
    out = []
    for k in a.kinds:
        for pair in k.finding.facts.pairs if isinstance(k.finding.facts, BreakEvens) else ():
            flip = next(iter(pair.flips), None)
            flips = {"tpu": "the TPU", "gpu": "the GPU", "tie": "neither"}
            out.append(f"break-even {dollars(pair.break_even)} per chip-hour against its {dollars(pair.tpu_price)} "
                       "list" + (f"; {flip.tier} prices favour {flips[flip.favours]}" if flip else ""))
    return out


def _priced(k: KindAnswer, comps: list[Comparison]) -> str:
    if len(comps) == 1:
        c = comps[0]
        what = trained(c) or "it"
        won = c.favours
        if won is None:
            return (f"{chip(c, 'tpu')} and the {chip(c, 'gpu')} cost the same within {TIE_BAND} to train {what} "
                    f"({times(c.advantage)})")
        return f"{chip(c, won)} cost {span([factor(c, won)])} less than {older(c, OTHER[won])} to train {what}"
    sides = [c.favours for c in comps]
    unit = k.info.unit
    return (f"the TPU cost less in {sides.count('tpu')} of {plural(len(comps), unit)} and the GPU in "
            f"{sides.count('gpu')}")


def _from_facts(a: Answer) -> tuple[str, list[str]]:
    side = SIDE_OF.get(a.direction)
    # a split answer's heading already says the kinds disagree: its sentence goes straight to what each says
    lead = LEADS.get((a.claim.slug, side), "") if side else ""
    kinds = [k for k in a.kinds if k.info.for_training and k.finding.verdict in (*DECISIVE, TIE, SPLIT)]
    # a vendor's page on its newest chip answers the claim's own words (which frameworks a TPU runs) and
    # decides it by generation (judge/reference_rules.py): it leads, before what rounds of MLPerf pooled
    kinds.sort(key=lambda k: topic_of(k.finding.facts) != "frameworks")
    clauses = [fact_clause(k.finding.facts, a.claim.slug) for k in kinds if topic_of(k.finding.facts) in FACTS]
    if not clauses:
        return lead or "no kind of evidence decides it", []
    return (f"{lead}: {clauses[0]}" if lead else clauses[0]), clauses[1:]


# The words around the article's other claims and the recommendation, by key (publish/fragments/statements.py)
ARTICLE_PAGES = {"article/gpus.md": "What are GPUs?", "article/tpus.md": "What are TPUs?",
                 "article/comparison.md": "Side-by-side comparison", "article/choosing.md": "When to use which",
                 "article/examples.md": "Real-world examples", "article/future.md": "Future trends",
                 "article/conclusion.md": "Conclusion"}  # as the site's navigation names them
# The trend chart in a prediction's box (publish/render/trend_chart.py): its title, a caption of a few
# words (CAPTION_WORDS at most) and its alt text, from the facts it draws
STATEMENT_WORDS = {
    "answered_with": "The answers it rests on:", "sources": "Sources:", "not_imported": "Not imported: {kinds}.",
    "undecided": "{n} of the article's claims have no evidence imported yet.",
    "claims_head": ["Page", "The article says", "Does it hold?", "Answer"],
    "situations_head": ["The article's situation", "What the evidence answers", "Answer"], "answer": "answer",
    "advice_head": "Who should choose which, from the evidence", "evidence": "the evidence",
    "advice_groups": {"tpu": "Choose TPUs when", "gpu": "Choose GPUs when", "other": "Whatever the price"},
    "advice_note": ("Decided on cost per unit of the same work, at list prices one can get today, for chips on offer "
                    "today; the per-chip condition decides only where chips, not dollars, are the limit. "
                    "Kinds of evidence: audited benchmark results (MLPerf) and vendor-reported figures, priced with "
                    "dated list prices (reference data). " + buyer.UNIT_OF_WORK[0].upper() + buyer.UNIT_OF_WORK[1:] + "."),
    "strength": "Strength: {said}",
    "advice_more": "Each condition's figures, strength and dates: the conclusion",
    "no_advice": "No condition is decided by the evidence imported yet.",
}
