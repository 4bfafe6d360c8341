"""The article's other claims in words (publish/fragments/statements.py): the verdict on one of them,
said in its own words ("holds where recorded (10 of 24; 14 not recorded)"), and one sentence per kind of
evidence from its rule's facts."""

from __future__ import annotations

from accelbench.core.text import listed, plural
from accelbench.judge.fact_records import Recorded, YearCounts
from accelbench.judge.facts import (
    Brands,
    GoogleModels,
    GroupCount,
    Hybrid,
    LabsVsIndustry,
    LargestSystems,
    MassiveRuns,
    Models,
    PlatformShare,
    Trend,
    topic_of,
)
from accelbench.judge.judging import CONTRADICTED, LINKED, NOT_MEASURED, SPLIT, SUPPORTED, TIE, UNDECIDABLE

STATEMENT_HEAD = "What the evidence says:"  # above each kind's verdict on one of the article's other claims
STATEMENT_VERDICTS = {SUPPORTED: "holds", CONTRADICTED: "does not hold", SPLIT: "partly holds",
                      TIE: "holds as often as not", NOT_MEASURED: "no evidence yet",
                      UNDECIDABLE: "a prediction, not decided yet", LINKED: "answered by the claims it repeats"}


def _flop(x: float) -> str:
    """A power of ten as a reader writes it: 10²⁴ FLOP."""
    mantissa, exponent = f"{x:.1e}".split("e")
    power = "10" + str(int(exponent)).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))
    return f"{power} FLOP" if float(mantissa) == 1 else f"{float(mantissa):g}×{power} FLOP"


def _pct(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "–"


def _platform_share(f: PlatformShare) -> str:
    every, recent = f.every, f.recent
    return (f"Of the {every.stated:,} notable models whose training hardware Epoch AI records, GPUs trained "
            f"{every.gpu:,} ({_pct(every.gpu, every.stated)}); since {f.recent_from}, "
            f"{recent.gpu} of {recent.stated} ({_pct(recent.gpu, recent.stated)}).")


def _brands(f: Brands) -> str:
    known = sum(f.entries.values())
    said = listed([f"{v}'s {plural(n, 'entry')}" for v, n in sorted(f.entries.items(), key=lambda e: -e[1])])
    return (f"Of the {known:,} GPU entries in MLPerf Training rounds {f.rounds[0]}–{f.rounds[-1]} whose chip is "
            f"known, the vendors' share: {said}.")


def _largest_systems(f: LargestSystems) -> str:
    tpu, gpu = f.of("tpu"), f.of("gpu")
    if tpu is None:
        return "No TPU system has a scored result on MLPerf's LLM pretraining benchmarks."
    return (f"The largest TPU system with a scored LLM-pretraining result in MLPerf had {tpu.chips:,} chips "
            f"({tpu.chip}, round {tpu.round})"
            + (f"; the largest GPU system, {gpu.chips:,} ({gpu.chip})." if gpu else "."))


def _massive_runs(f: MassiveRuns) -> str:
    c, top = f.counts, (f.largest_tpu or (None,))[0]
    head = (f"TPUs trained {c.tpu} and GPUs {c.gpu} of the {c.stated} notable models of at least "
            f"{_flop(f.threshold_flop)} whose hardware Epoch AI records")
    return head + (f", the largest {top.model} on {top.chips:,} chips." if top and top.chips else ".")


def _models(f: Models) -> str:
    each = listed([f"{m.model} on {m.chips:,} {listed(m.hardware)}" if m.chips else
                   f"{m.model} on {listed(m.hardware)}" for m in f.models])
    return (f"Epoch AI records {each}: {f.matching} of {f.stated} on GPUs; its records (linked) name no source "
            "for the hardware, nor why." if f.models else "Epoch AI records none of these models.")


def _group_count(f: GroupCount) -> str:
    c = f.counts
    return (f"Of DeepMind's {c.total} game-playing models in Epoch AI's database, {c.tpu} were trained on TPUs and "
            f"{c.gpu} on GPUs; {c.not_stated} do not say.")


def _google_models(f: GoogleModels) -> str:
    c = f.counts
    return (f"Of Google's {c.total} notable models in Epoch AI's database, {c.tpu} were trained on TPUs and {c.gpu} "
            f"on GPUs; {c.not_stated} do not say.")


def _labs_vs_industry(f: LabsVsIndustry) -> str:
    labs, industry = f.labs, f.industry
    said = (f"Research labs (Epoch AI's category “{f.categories.labs}”, every organisation of the model in it) "
            f"trained {_pct(labs.gpu, labs.stated)} of their notable models on GPUs "
            f"({labs.gpu} of {labs.stated} with hardware recorded)")
    return said + (f", industry (“{f.categories.industry}”) {_pct(industry.gpu, industry.stated)}"
                   if industry else "") + \
        "; Epoch AI has no category for startups."


def _trend(f: Trend) -> str:
    """A trend sentence only between years with at least min_known models of recorded hardware, each share with
    its count; the later years with fewer named as too few (the trend chart beside it gives every year's counts)."""
    years, least = f.years, f.min_known
    known = [y for y in years if y.stated >= least]
    few = [y for y in years if y.stated < least and (not known or y.year > known[-1].year)]
    too_few = "; " + ", ".join(f"{y.year} has {y.stated}" for y in few) + ", too few to read" if few else ""
    if len(known) < 2:
        return (f"Fewer than two years have {least} or more notable models of recorded hardware, so no trend is "
                f"read{too_few}; the years to come decide it.")
    first, last = known[0], known[-1]

    def share(y: YearCounts) -> str:
        return f"{_pct(y.tpu + y.other, y.stated)} ({y.tpu + y.other} of {y.stated})"
    return (f"TPUs and other custom chips trained {share(first)} of the notable models of recorded hardware in "
            f"{first.year} and {share(last)} in {last.year}, the last with {least} or more{too_few}; the "
            "years to come decide it.")


def _hybrid(f: Hybrid) -> str:
    return (f"Epoch AI records {f.mixed} of {f.stated} notable models with known hardware as trained on more "
            "than one kind of chip; a measured gain in efficiency from such training would decide it.")


STATEMENT_SENTENCES = {"platform_share": _platform_share, "brands": _brands, "largest_systems": _largest_systems,
                       "massive_runs": _massive_runs, "models": _models, "platform_count": _group_count,
                       "google_models": _google_models,
                       "labs_vs_industry": _labs_vs_industry, "trend": _trend, "hybrid": _hybrid}


def statement_sentence(finding) -> str:
    """One kind's answer to one of the article's other claims, in one sentence with its numbers."""
    topic = topic_of(finding.facts)
    if finding.verdict == NOT_MEASURED or topic not in STATEMENT_SENTENCES:
        return "Nothing imported answers it yet."
    return STATEMENT_SENTENCES[topic](finding.facts)


def statement_where_recorded(said: str, coverage: Recorded) -> str:
    """A verdict said where its records hold: 'holds where recorded (10 of 24; 14 not recorded)'."""
    missing = coverage.total - coverage.recorded
    return f"{said} where recorded ({coverage.recorded:,} of {coverage.total:,}; {missing:,} not recorded)"


def statement_verdict(verdict: str, coverage: Recorded | None = None) -> str:
    """A verdict on one of the article's other claims; where the records it counts cover only part of what
    it speaks of, said where it holds: 'holds where recorded (10 of 24; 14 not recorded)'."""
    said = STATEMENT_VERDICTS[verdict]
    if not coverage or coverage.recorded >= coverage.total or verdict not in (SUPPORTED, CONTRADICTED, SPLIT, TIE):
        return said
    return statement_where_recorded(said, coverage)


def prediction(to_decide: str) -> str:
    """A prediction's sentence where no rule of its own shows a trend, naming what would decide it."""
    return "A prediction, which no evidence decides yet" + (f": {to_decide} would decide it." if to_decide else ".")
