"""How the site speaks: every sentence a reader sees about an answer is made here, from the
structured answers and findings (directions, counts, ranges, chips, kinds, generations); no rule
writes one. It puts together the words of publish/vocabulary.py (the kinds of evidence as nouns,
the chips as readers know them, ratios, each kind of fact as a clause) with the verdict words and
the margin, read from the constant the rules use.

Each answer opens with one sentence of at most MAX_WORDS words: the direction, the count and the
range on the evidence that decides it, then one clause on the rest (tests/test_wording.py checks
the parts)."""

from __future__ import annotations

from accelbench.core.prices import dollars
from accelbench.core.text import capitalised, listed, plural
from accelbench.judge.answers import (
    DECISIVE,
    MIXED_ANSWER,
    NO_EVIDENCE,
    STRONG,
    TIE,
    TO_GPU,
    TO_TPU,
    Answer,
    KindAnswer,
)
from accelbench.judge.claims import MEASURED, PRICES
from accelbench.judge.generations import GENERATION_MONTHS, PER_CHIP
from accelbench.judge.judging import CONTRADICTED, LINKED, MIXED, NOT_MEASURED, SUPPORTED, UNDECIDABLE, Comparison
from accelbench.publish.vocabulary import (
    CHIPS,
    FACTS,
    LEADS,
    METRIC_VERBS,
    NO_COMPARISON,
    OTHER,
    SIDE_OF,
    STRENGTHS,
    TIE_BAND,
    TOPICS,
    VERBS,
    chip,
    fact_clause,
    factor,
    noun,
    noun_of,
    of_mlperf,
    older,
    paper_noun,
    quoted,
    span,
    times,
    trained,
    vendor_page,
    when,
)
from accelbench.publish.wording import buyer

MAX_WORDS = 35  # the opening sentence: one a reader takes in at once


def words(sentence: str) -> int:
    return len(sentence.split())


# --- the opening sentence -----------------------------------------------------------------------


def opening(a: Answer) -> str:
    """The answer in one sentence of at most MAX_WORDS words."""
    if a.direction == NO_EVIDENCE:
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
    return lead, _others(a, sides[0] if len(sides) == 1 else None) + _aside(a)


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
            if k.info.for_training and k.finding.facts.get("topic") in FACTS]


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
        for pair in k.finding.facts.get("pairs", []) if k.finding.facts.get("topic") == "break_even" else []:
            flip = next(iter(pair["flips"]), None)
            flips = {"tpu": "the TPU", "gpu": "the GPU", "tie": "neither"}
            out.append(f"break-even {dollars(pair['break_even'])} per chip-hour against its {dollars(pair['tpu_price'])} "
                       "list" + (f"; {flip['tier']} prices favour {flips[flip['favours']]}" if flip else ""))
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
    kinds = [k for k in a.kinds if k.info.for_training and k.finding.verdict in (*DECISIVE, MIXED)]
    # a vendor's page on its newest chip answers the claim's own words (which frameworks a TPU runs) and
    # decides it by generation (judge/reference_rules.py): it leads, before what rounds of MLPerf pooled
    kinds.sort(key=lambda k: k.finding.facts.get("topic") != "frameworks")
    clauses = [fact_clause(k.finding.facts, a.claim.slug) for k in kinds
               if k.finding.facts.get("topic") in FACTS]
    if not clauses:
        return lead or "no kind of evidence decides it", []
    return (f"{lead}: {clauses[0]}" if lead else clauses[0]), clauses[1:]


# --- the rest of an answer's card ---------------------------------------------------------------


def direction(a: Answer) -> str:
    """The verdict words of the answer's heading: 'Points to the GPU'; a tie is no disagreement. A claim
    that describes what a chip is ('deep learning only') is answered by whether the description holds."""
    if a.strength == TIE:
        return f"Within {TIE_BAND}"
    if a.claim.describes and a.direction in SIDE_OF:
        holds = SIDE_OF[a.direction] == a.claim.supported_favours
        return "The description holds" if holds else "The description does not hold"
    return capitalised(a.direction)


def verdict(k: KindAnswer) -> str:
    """A kind's own verdict word; a source that does not measure has 'no evidence yet', never 'not measured'."""
    return NO_COMPARISON if k.finding.verdict == NOT_MEASURED and k.kind != MEASURED else k.finding.verdict


def strength(a: Answer) -> str:
    """How strongly, in words ('' when there is no evidence)."""
    if not a.strength:
        return ""
    said = f"strongly: {len(a.deciding)} kinds of evidence agree" if a.strength == STRONG else STRENGTHS[a.strength]
    split = [noun(k) for k in a.split]
    return said + (f"; {listed(split)} split" if split and a.strength != TIE else "")


def bears_on(a: Answer) -> str:
    """What the answer says of the article's own words, and the older generation named apart."""
    words_of = f"The article's “{a.claim.tpu}” for TPUs (against “{a.claim.gpu}” for GPUs)"
    if not a.deciding:
        said = (f"{words_of} is neither confirmed nor contradicted here: the comparisons lie within {TIE_BAND} "
                "or point both ways." if a.strength == TIE else f"{words_of} is neither confirmed nor contradicted here yet.")
    else:
        by = {v: [noun(k) for k in a.deciding if k.finding.verdict == v] for v in DECISIVE}
        said = f"{words_of} is " + " and ".join(f"{v} by {listed(n)}" for v, n in by.items() if n) + "."
    return said + "".join(f" {_of_an_older_generation(k)}" for k in a.older)


def _of_an_older_generation(k: KindAnswer) -> str:
    c = next((c for c in k.finding.comparisons if c.same_generation), k.finding.comparisons[0])
    year = (c.tpu_available or "")[:4]
    # no verb to agree: a kind's noun is singular ("the TPU v4 paper") or plural ("our own runs")
    return (f"{capitalised(noun(k))}: {k.finding.verdict} for {chip(c, 'tpu')} against the {chip(c, 'gpu')}"
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


def unknown(a: Answer) -> list[str]:
    """What is not known yet, one line per kind that does not decide, and per kind not imported."""
    out = []
    for k in a.kinds:
        if k.finding.verdict in DECISIVE or k in a.older:
            continue
        if k.finding.verdict == NOT_MEASURED:
            out.append(f"{capitalised(noun(k))}: " + ("not measured on a TPU and a GPU yet" if k.kind == MEASURED
                                                       else "no comparison on this claim yet"))
        else:
            out.append(f"{capitalised(noun(k))}: the comparisons point both ways, or lie within {TIE_BAND}")
    return out + [f"{capitalised(noun_of(k))}: nothing of this kind is imported" for k in a.missing]


def would_change(a: Answer) -> list[str]:
    measured = next((k for k in a.kinds if k.kind == MEASURED), None)
    said = capitalised(a.claim.to_measure)
    if PRICES in a.claim.judged_by:  # judged from the price list, not a measurement
        return [f"{said} would change the price lists' verdict."]
    if measured is None or measured.finding.verdict not in DECISIVE:
        return [f"{said} would add the first evidence measured here."]
    return [f"Our own runs decide on the chips measured so far: {a.claim.to_measure} on other chips would test it."]


def _count(n: int, noun: str) -> str:
    return f"one {noun}" if n == 1 else plural(n, noun)


CHART_ABOUT = "How to read this chart"  # the summary line of what a chart's caption folds under it


def home_chart_title(priced: int, priced_same: int) -> str:
    """The home page's chart's title: what it shows. Its speed comparisons are all of chips of the
    same generation; its PRICED cost comparisons are said to be of any generation unless every one
    (PRICED_SAME of them) is of the same."""
    if not priced:
        return "Speed, chips of the same generation"
    if priced_same == priced:
        return "Speed and cost, chips of the same generation"
    return "Speed (same generation) and cost (any generation)"


def home_chart_caption(kept: int, priced: int) -> str:
    """What the home page's chart shows, in a few words (at most CAPTION_WORDS)."""
    return (f"The {_count(kept, 'same-generation speed comparison')} that decide the per-chip verdicts"
            + (f", and the {_count(priced, 'priced cost comparison')}" if priced else "") + "; right of 1 favours the TPU.")


CAPTION_WORDS = 25  # a chart's caption: what it shows, read at a glance; the rest is folded under it


def home_chart_note(kept: int, older: int, apart: int) -> tuple[str, str, str]:
    """What the home page's chart leaves out and why ('' where it leaves nothing out), then the words
    before the link to all of them and the link's own ('' and '' where it leaves nothing out)."""
    why = [f"{older} compare chips of different generations (or a chip not dated), which never decide a per-chip "
           f"verdict"] * bool(older) + [f"{apart} are inference results, shown apart and never counted"] * bool(apart)
    if not why:
        return "", "", ""
    said = (f"The other {_count(older + apart, 'speed comparison')} {'is' if older + apart == 1 else 'are'} left "
            f"out here: {'; '.join(why)}.")
    return said, f"All {kept + older + apart} are in", "the comparison page's speed card"


def one_comparison(row: dict) -> tuple[str, str]:
    """A claim's one comparison, too few for a chart, in a sentence (a row of comparison_rows), and
    the words of the link to its source."""
    lo, hi = row.get("low"), row.get("high")
    ranged = all(x is not None and x == x for x in (lo, hi))  # (x != x: a table's missing number)
    value = span([(lo, hi)]) if ranged else times(row["advantage"])
    return (f"One comparison, too few for a chart: {row['comparison']}; the TPU's advantage {value} "
            f"({row['generation']}; {row['kind_label']})."), "its source"


def summary(answers: list[Answer]) -> str:
    """The title question answered in two sentences, from the answers alone."""
    groups = {d: [TOPICS.get(a.claim.slug, a.claim.feature) for a in answers if a.direction == d]
              for d in (TO_GPU, TO_TPU, MIXED_ANSWER, NO_EVIDENCE)}
    said = [f"{w} on {listed(groups[d])}" for d, w in ((TO_GPU, "the GPU"), (TO_TPU, "the TPU")) if groups[d]]
    first = (f"Of the article's {len(answers)} claims, the evidence here points to " + " and to ".join(said)
             + (f"; it is split or tied on {listed(groups[MIXED_ANSWER])}" if groups[MIXED_ANSWER] else "") + "."
             if said else f"None of the article's {len(answers)} claims is decided by the evidence here yet.")
    none = f" There is no evidence yet on {listed(groups[NO_EVIDENCE])}." if groups[NO_EVIDENCE] and said else ""
    measured = any(k.kind == MEASURED and k.finding.verdict in DECISIVE for a in answers for k in a.kinds)
    return first + none + ("" if measured else " No claim is decided by a run of ours yet: each needs a TPU run.")


# --- the article's other claims: one sentence per kind of evidence, from its rule's facts -------

STATEMENT_HEAD = "What the evidence says:"  # above each kind's verdict on one of the article's other claims
STATEMENT_VERDICTS = {SUPPORTED: "holds", CONTRADICTED: "does not hold", MIXED: "partly holds",
                      NOT_MEASURED: "no evidence yet", UNDECIDABLE: "a prediction, not decided yet",
                      LINKED: LINKED}  # the constant is its own words


def _flop(x: float) -> str:
    """A power of ten as a reader writes it: 10²⁴ FLOP."""
    mantissa, exponent = f"{x:.1e}".split("e")
    power = "10" + str(int(exponent)).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))
    return f"{power} FLOP" if float(mantissa) == 1 else f"{float(mantissa):g}×{power} FLOP"


def _pct(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "–"


def _stated(c: dict) -> int:
    return c["gpu"] + c["tpu"] + c["other"] + c["mixed"]


def _platform_share(f: dict) -> str:
    every, recent = f["every"], f["recent"]
    return (f"Of the {_stated(every):,} notable models whose training hardware Epoch AI records, GPUs trained "
            f"{every['gpu']:,} ({_pct(every['gpu'], _stated(every))}); since {f['recent_from']}, "
            f"{recent['gpu']} of {_stated(recent)} ({_pct(recent['gpu'], _stated(recent))}).")


def _brands(f: dict) -> str:
    entries, known = f["entries"], sum(f["entries"].values())
    said = listed([f"{v}'s {plural(n, 'entry')}" for v, n in sorted(entries.items(), key=lambda e: -e[1])])
    return (f"Of the {known:,} GPU entries in MLPerf Training rounds {f['rounds'][0]}–{f['rounds'][-1]} whose chip is "
            f"known, the vendors' share: {said}.")


def _largest_systems(f: dict) -> str:
    by = {p: max((v for v in f["largest"] if v["platform"] == p), key=lambda v: v["chips"], default=None)
          for p in ("tpu", "gpu")}
    tpu, gpu = by["tpu"], by["gpu"]
    if tpu is None:
        return "No TPU system has a scored result on MLPerf's LLM pretraining benchmarks."
    return (f"The largest TPU system with a scored LLM-pretraining result in MLPerf had {tpu['chips']:,} chips "
            f"({tpu['chip']}, round {tpu['round']})"
            + (f"; the largest GPU system, {gpu['chips']:,} ({gpu['chip']})." if gpu else "."))


def _massive_runs(f: dict) -> str:
    c, top = f["counts"], (f["largest_tpu"] or [None])[0]
    stated = sum(n for p, n in c.items() if p != "not_stated")
    head = (f"TPUs trained {c['tpu']} and GPUs {c['gpu']} of the {stated} notable models of at least "
            f"{_flop(f['threshold_flop'])} whose hardware Epoch AI records")
    return head + (f", the largest {top['model']} on {top['chips']:,} chips." if top and top["chips"] else ".")


def _models(f: dict) -> str:
    each = listed([f"{m['model']} on {m['chips']:,} {listed(m['hardware'])}" if m["chips"] else
                   f"{m['model']} on {listed(m['hardware'])}" for m in f["models"]])
    return (f"Epoch AI records {each}: {f['matching']} of {f['stated']} on GPUs; its records (linked) name no source "
            "for the hardware, nor why." if f["models"] else "Epoch AI records none of these models.")


def _platform_count(f: dict) -> str:
    c = f["counts"]
    return (f"Of DeepMind's {c['gpu'] + c['tpu'] + c['other'] + c['mixed'] + c['not_stated']} game-playing models in "
            f"Epoch AI's database, {c['tpu']} were trained on TPUs and {c['gpu']} on GPUs; {c['not_stated']} do not say.")


def _labs_vs_industry(f: dict) -> str:
    labs, industry = f["labs"], f["industry"]
    said = (f"Research labs (Epoch AI's category “{f['categories']['labs']}”, every organisation of the model in it) "
            f"trained {_pct(labs['gpu'], _stated(labs))} of their notable models on GPUs "
            f"({labs['gpu']} of {_stated(labs)} with hardware recorded)")
    return said + (f", industry (“{f['categories']['industry']}”) {_pct(industry['gpu'], _stated(industry))}"
                   if industry else "") + \
        "; Epoch AI has no category for startups."


def _trend(f: dict) -> str:
    """A trend sentence only between years with at least min_known models of recorded hardware, each share with
    its count; the later years with fewer named as too few (the trend chart beside it gives every year's counts)."""
    years, least = f["years"], f["min_known"]
    known = [y for y in years if _stated(y) >= least]
    few = [y for y in years if _stated(y) < least and (not known or y["year"] > known[-1]["year"])]
    too_few = "; " + ", ".join(f"{y['year']} has {_stated(y)}" for y in few) + ", too few to read" if few else ""
    if len(known) < 2:
        return (f"Fewer than two years have {least} or more notable models of recorded hardware, so no trend is "
                f"read{too_few}; the years to come decide it.")
    first, last = known[0], known[-1]

    def share(y: dict) -> str:
        return f"{_pct(y['tpu'] + y['other'], _stated(y))} ({y['tpu'] + y['other']} of {_stated(y)})"
    return (f"TPUs and other custom chips trained {share(first)} of the notable models of recorded hardware in "
            f"{first['year']} and {share(last)} in {last['year']}, the last with {least} or more{too_few}; the "
            "years to come decide it.")


def _hybrid(f: dict) -> str:
    return (f"Epoch AI records {f['mixed']} of {f['stated']} notable models with known hardware as trained on more "
            "than one kind of chip; a measured gain in efficiency from such training would decide it.")


STATEMENT_SENTENCES = {"platform_share": _platform_share, "brands": _brands, "largest_systems": _largest_systems,
                       "massive_runs": _massive_runs, "models": _models, "platform_count": _platform_count,
                       "labs_vs_industry": _labs_vs_industry, "trend": _trend, "hybrid": _hybrid}


def statement_sentence(finding) -> str:
    """One kind's answer to one of the article's other claims, in one sentence with its numbers."""
    topic = finding.facts.get("topic")
    if finding.verdict == NOT_MEASURED or topic not in STATEMENT_SENTENCES:
        return "Nothing imported answers it yet."
    return STATEMENT_SENTENCES[topic](finding.facts)


def statement_verdict(verdict: str, coverage: dict | None = None) -> str:
    """A verdict on one of the article's other claims; where the records it counts cover only part of what
    it speaks of, said where it holds: 'holds where recorded (10 of 24; 14 not recorded)'."""
    said = STATEMENT_VERDICTS[verdict]
    if not coverage or coverage["recorded"] >= coverage["total"] or verdict not in (SUPPORTED, CONTRADICTED, MIXED):
        return said
    missing = coverage["total"] - coverage["recorded"]
    return f"{said} where recorded ({coverage['recorded']:,} of {coverage['total']:,}; {missing:,} not recorded)"


def prediction(to_decide: str) -> str:
    """A prediction's sentence where no rule of its own shows a trend, naming what would decide it."""
    return "A prediction, which no evidence decides yet" + (f": {to_decide} would decide it." if to_decide else ".")


# --- the recommendation: who should choose which chip, on what condition -----------------------

CHOOSE = {"gpu": "choose GPUs", "tpu": "choose TPUs", "either": "either can do"}


def _if_framework(f: dict) -> tuple[str, str]:
    if f["unsupported"]:
        return (f"If your code is in {listed(f['unsupported'])}",
                f"{vendor_page(f)} for {f['chip']} says {listed(f['unsupported'])} is not supported there; "
                f"{listed(f['supported'])} run on both")
    return "Whatever your framework", f"{vendor_page(f)} for {f['chip']} lists {listed(f['supported'])}"


def _if_cloud(f: dict) -> tuple[str, str]:
    return ("If you need a cloud other than Google's, or your own machines",
            f"the dated price lists offer TPUs on {listed(f['tpu'])} only and GPUs on {len(f['gpu'])} clouds")


def _if_chips(f: dict) -> tuple[str, str]:
    return ("If the number of chips you can get is your limit (not their price)",
            f"{CHIPS[f['side']]} of the same generation trained faster in {f['for_side']} of {f['pairs']} "
            f"comparisons ({span([(f['low'], f['high'])])}) in {listed([noun_of(k) for k in f['kinds']])}")


def _if_scale(f: dict) -> tuple[str, str]:
    tpu, gpu = f["tpu"], f["gpu"]
    said = f"MLPerf's largest TPU system trained a large language model on {tpu['chips']:,} {tpu['chip']} chips"
    return "At the largest scale", said + (f", its largest GPU system on {gpu['chips']:,} {gpu['chip']}" if gpu else "")


CONDITIONS = {"framework": _if_framework, "cloud": _if_cloud, "chips": _if_chips, "scale": _if_scale}


def condition(c) -> tuple[str, str, str]:
    """A condition of the recommendation as (when, what to choose, the figure that decides it)."""
    if c.topic in buyer.LEVER_WHEN:
        when, figure = buyer.cost_condition(c.topic, c.side, c.figures)
    else:
        when, figure = CONDITIONS[c.topic]({**c.figures, "side": c.side})
    return when, CHOOSE[c.side], figure


def condition_dated(c) -> str:
    """How recent a condition's evidence is: a cost condition's oldest performance figure and oldest price,
    each named; another's newest source."""
    if c.topic in buyer.LEVER_WHEN:
        return buyer.dated(c.evidence_as_of, c.prices_as_of, when)
    return as_of(c.as_of)


def as_of(date: str) -> str:
    """'as of 11 August 2026': how recent the evidence is ('' where nothing is dated)."""
    return f"as of {when(date)}" if date else ""


def evidence_as_of(a: Answer) -> str:
    """How recent an answer's evidence is, where it stands beside the answer: 'evidence as of
    August 2026', the newest source it rests on ('' where none is dated)."""
    return f"evidence {as_of(a.as_of)}" if a.as_of else ""


# The words around the article's other claims and the recommendation, by key (publish/fragments/statements.py)
ARTICLE_PAGES = {"article/gpus.md": "What are GPUs?", "article/tpus.md": "What are TPUs?",
                 "article/comparison.md": "Side-by-side comparison", "article/choosing.md": "When to use which",
                 "article/examples.md": "Real-world examples", "article/future.md": "Future trends",
                 "article/conclusion.md": "Conclusion"}  # as the site's navigation names them
# The trend chart in a prediction's box (publish/render/trend_chart.py): its title, a caption of a few
# words (CAPTION_WORDS at most) and its alt text, from the facts it draws
TREND_TITLE = "What notable models were trained on, by year"
TREND_CAPTION = "Notable models per year by the hardware Epoch AI records; grey: not stated, as many recent labs disclose none."


def trend_alt(years: list[dict]) -> str:
    """The trend chart's alt text: its span, and each year's stated counts, GPU against TPU and the rest."""
    said = "; ".join(f"{y['year']}: {y['gpu']} on GPUs, {y['tpu']} on TPUs, {y['other'] + y['mixed']} on other or several "
                     f"kinds, {y['not_stated']} not stated" for y in years)
    return f"Notable models per year of publication, {years[0]['year']} to {years[-1]['year']}, by hardware: {said}."


# The answer charts' captions (publish/fragments/answers.py): the long caption, its short form, and what
# the drawn chart lets the reader do
CAPTION = ("Each row is one comparison a verdict rule judged, as its kind of evidence published or measured it, "
           "grouped under its TPU chip and labelled by the GPU, the model, the chips per side and the number format; "
           "right of 1 favours the TPU, on one scale for every metric (its speed over the GPU's, or the GPU's time, "
           "chip-hours, dollars or joules over its own). A filled marker compares chips of the same generation (first "
           f"available within {GENERATION_MONTHS} months of each other), a hollow one chips of different generations or "
           f"one not dated: only the filled ones decide the per-chip verdicts ({' and '.join(PER_CHIP)}). The shaded "
           f"band is the {TIE_BAND} the rules count as a tie; a bar is the range the source gives; \"preview\" in a "
           "label marks a system not for sale yet.")
# said once the chart is drawn, with the first chart of a page
HELP = ("Hover a point for its figures, its generation and both chips' dates; narrow the rows by chip, precision "
        "and scale; click a point for its source.")
TIMELINE_CAPTION = ("Each point is one comparison, placed at the date its TPU was first available (a date known only "
                    "to its year counts as July 1); up is the TPU's advantage on the same log scale as the chart above, "
                    f"the shaded band the {TIE_BAND} tie. Filled: chips of the same generation; hollow: of "
                    "different generations, or a GPU not dated.")
TIMELINE_HELP = "Hover a point for both chips, both dates and the advantage; click it for its source."
# what every chart of its kind says under it in a few words (wording.CAPTION_WORDS at most); the
# long caption above is folded under the first of its kind on a page
SHORT_CAPTION = (f"Right of 1 favours the TPU; filled: chips of the same generation, hollow: not; the band is the "
                 f"{TIE_BAND} tie.")
SHORT_TIMELINE_CAPTION = (f"Up favours the TPU; filled: chips of the same generation, hollow: not; the band is the "
                          f"{TIE_BAND} tie.")


# The words of the answer charts (publish/fragments/answers.py): alt texts from the facts each draws
def forest_alt(title: str, n: int, kinds: list[str], tpu: int, gpu: int, same: int) -> str:
    return (f"{title}: {n} comparisons ({', '.join(kinds)}) grouped by TPU chip, the TPU's advantage on a log scale; "
            f"{tpu} favour the TPU, {gpu} the GPU; {same} compare chips of the same generation.")


def timeline_title(claim_short: str) -> str:
    return f"{claim_short}: by the TPU's date"


def timeline_alt(title: str, n: int, years: list[str], undated: int) -> str:
    span_ = years[0] + (f" to {years[-1]}" if years[-1] != years[0] else "")
    left_out = f"; {undated} left out, their TPU not dated." if undated else "."
    return (f"{title}: {n} comparisons at the date their TPU was first available, {span_}, "
            f"the TPU's advantage on a log scale{left_out}")


# The words of the charts of our own runs (publish/fragments/measured.py), from the facts each draws
def measured_chart_alt(chart: dict, fallback: str, top: dict | None) -> str:
    """A snippet's chart: what it shows and its headline (TOP: queries.chart_top), for readers who cannot see it."""
    if top is None:
        return chart.get("title", fallback)
    against = f" against {chart['x_label']}" if chart.get("mark") != "bar" else ""
    return (f"{chart.get('title')}: {chart.get('y_label')}{against}, per device, framework and "
            f"{', '.join(chart.get('series', []))}; measured on {', '.join(top['devices'])}; "
            f"highest {top['value']:.3g} {chart.get('y_label')} ({top['device']}, {top['framework']}).")


def measured_chart_caption(title: str) -> str:
    return (f"Measured here. {title}: latest result per device, framework and parameters; error bars span the "
            f"interquartile range of the timing samples. Each value, with the run it came from, is in the table above.")


def roofline_alt(n: int, devices: list[str]) -> str:
    if not n:
        return "Roofline"
    return (f"Roofline: {n} matrix-multiplication results on {', '.join(devices)}, TFLOP/s against FLOP per byte, "
            "with measured ceilings (best TFLOP/s, best copy bandwidth) and, where published, the vendor's.")


ROOFLINE_CAPTION = ("Measured here. Each point is a matrix-multiplication result; solid lines are the device's measured "
                    "ceilings (best TFLOP/s, best copy bandwidth), dashed lines the vendor's.")


STATEMENT_WORDS = {
    "answered_with": "Answered with:", "sources": "Sources:", "not_imported": "Not imported: {kinds}.",
    "undecided": "{n} of the article's claims have no evidence imported yet.",
    "claims_head": ["Page", "The article says", "Verdict", "Answer"],
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
