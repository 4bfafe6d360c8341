"""Every sentence of the article read in its own words: whether it is true (judge/codes.Holds), the
figure that decides it, the part that does not hold, and for a situation of "When to use which" or
the conclusion, the chip the evidence leads to in it. A comparison row keeps its answer ("points to
the GPU", judge/answers.py) beside: that says who wins; this says whether the sentence is so.

Here: what a reading is, what a reader may read, and the helpers readers share. The readers are in
judge/cell_readers.py (the table's cells) and judge/statement_readers.py (the other sentences and the
situations), gathered by judge/readings.py; each reads only the judgement's answers, findings and facts
(and the price list for a range of prices): it judges nothing the rules have not judged, and writes no
word. A figure or a part is a Line ("sentence.<key>" with its values) that publish/wording/sentences.py
says."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import TypedDict, TypeVar

from accelbench.core.framework_support import SUPPORTED as STATED  # the vendor's support word, not a verdict
from accelbench.core.reference import Reference
from accelbench.judge.answers import Answer
from accelbench.judge.claims import CHOOSING, CLAIMS, CONCLUSION, MLPERF, SPECS, STATEMENTS
from accelbench.judge.codes import Direction, Holds, Verdict
from accelbench.judge.fact_records import FrozenMap
from accelbench.judge.facts import Fact, Frameworks, Stacks
from accelbench.judge.judging import Finding, Line, said
from accelbench.judge.per_dollar import PerDollar

F = TypeVar("F", bound=Fact)
FROM_VERDICT = {Verdict.SUPPORTED: Holds.HOLDS, Verdict.CONTRADICTED: Holds.DOES_NOT_HOLD, Verdict.SPLIT: Holds.PARTLY,
                Verdict.TIE: Holds.PARTLY, Verdict.NOT_MEASURED: Holds.UNDECIDED, Verdict.PREDICTION: Holds.UNDECIDED}


@dataclass(frozen=True)
class Reading:
    """One sentence of the article (a statement's slug, or a cell of its table: "speed.tpu"), read."""

    sentence: str
    holds: Holds
    figure: Line  # the figure that decides it
    part: Line | None = None  # what does not hold (PARTLY), or what each kind says (DISAGREE)
    choice: str = ""  # a situation: the chip the evidence leads to in it ("tpu", "gpu", "either")
    rests_on: tuple[str, ...] = ()  # the claims and statements whose answers hold its evidence


@dataclass(frozen=True)
class Evidence:
    """What a reader may read: the answers, the findings, the per-dollar comparisons and the prices."""

    answers: Mapping[str, Answer]
    findings: Mapping[tuple[str, str], Finding]
    per_dollar: tuple[PerDollar, ...]
    reference: Reference

    def fact(self, claim: str, kind: str, topic: type[F]) -> F | None:
        """The facts of TOPIC that (claim, kind)'s rule found; None where it found none (or not of that topic)."""
        found = self.findings.get((claim, kind))
        return found.facts if found and isinstance(found.facts, topic) else None

    def verdict(self, claim: str, kind: str) -> Verdict:
        found = self.findings.get((claim, kind))
        return found.verdict if found else Verdict.NOT_MEASURED


Reader = Callable[[Evidence], Reading]
# the sentences that ask which chip to choose: "When to use which" and the conclusion
SITUATIONS = frozenset(slug for slug, s in STATEMENTS.items() if s.page in (CHOOSING, CONCLUSION))


def reader_table():
    """A module's table of readers and the decorator that fills it: ``READERS, reads = reader_table()``; each
    sentence read once (judge/readings.py gathers the modules' tables, and refuses a sentence read twice)."""
    table: dict[str, Reader] = {}

    def reads(*sentences: str):
        def declare(reader):
            for slug in sentences:
                if slug in table:
                    raise ValueError(f"sentence {slug!r} has two readers")
                table[slug] = reader
            return reader
        return declare
    return table, reads


def cells() -> list[str]:
    """The cells of the article's table as sentences, in its order: each row's GPU cell, then its TPU cell."""
    return [f"{slug}.{side}" for slug in CLAIMS for side in ("gpu", "tpu")]


def reading(holds: Holds, key: str, part: Line | None = None, choice: str = "", rests_on: tuple[str, ...] = (),
             **values) -> Reading:
    return Reading("", holds, said(f"sentence.{key}", **values), part, choice, rests_on)


def fields_of(fact: Fact) -> dict:
    """A fact's fields by name, as a reading's figure carries them."""
    return {f.name: getattr(fact, f.name) for f in fields(fact)}


# --- counts the readers share ------------------------------------------------------------------


def same_generation(a: Answer) -> dict:
    """The same-generation comparisons of the kinds that decide an answer, by the side each favours: the count
    the speed headline, its chart and every sentence on speed say; and apart, those of the kinds that split
    (named, never counted in it)."""
    def tally(kinds) -> dict:
        sides = [c.side for k in kinds for c in k.finding.comparisons if c.same_generation]
        return {"tpu_ahead": sides.count("tpu"), "gpu_ahead": sides.count("gpu"), "ties": sides.count("either"),
                "compared": len(sides)}
    return {**tally(a.deciding), "split": {"kinds": [k.kind for k in a.split], **tally(a.split)}}


def side_holds(a: Answer, side: str) -> Holds:
    """A sentence that says the SIDE is the better chip, as the answer's direction decides it."""
    if a.direction == Direction.DISAGREE:
        return Holds.DISAGREE
    if a.direction == Direction.NONE:
        return Holds.UNDECIDED
    if a.direction == Direction.EVEN:
        return Holds.PARTLY
    return Holds.HOLDS if a.direction.value == side else Holds.DOES_NOT_HOLD


def gpu_price_range(e: Evidence) -> dict:
    """The span of on-demand GPU list prices per chip-hour, for "Varies (can be expensive)"."""
    gpus = {row["chip"] for row in e.reference.accelerators if row["platform"] == "gpu"}
    prices = [p for p in e.reference.prices.prices if p.chip in gpus and p.tier == "on-demand"]
    if not prices:
        return {}
    low, high = min(prices, key=lambda p: p.usd_per_chip_hour), max(prices, key=lambda p: p.usd_per_chip_hour)
    return {"low": low.usd_per_chip_hour, "low_chip": e.reference.display_name(low.chip), "low_at": low.provider,
            "high": high.usd_per_chip_hour, "high_chip": e.reference.display_name(high.chip), "high_at": high.provider,
            "offers": len(prices), "as_of": e.reference.prices.as_of.isoformat()}


def tensorflow(e: Evidence) -> tuple[Holds, Line | None, dict]:
    """Whether "TPUs are best with TensorFlow, JAX" holds, the part that does not, and the figures."""
    f = e.fact("frameworks", SPECS, Frameworks)
    if f is None or not f.support:
        return Holds.UNDECIDED, None, {}
    dropped = sorted(fw for fw in ("TensorFlow", "JAX") if f.support[fw] != STATED)
    part = said("sentence.framework_dropped", chip=f.chip, dropped=dropped,
                older={fw: f.stated_on[fw] for fw in dropped}) if dropped else None
    holds = Holds.HOLDS if not dropped else Holds.PARTLY if len(dropped) == 1 else Holds.DOES_NOT_HOLD
    stacks = e.fact("frameworks", MLPERF, Stacks)
    return holds, part, {"chip": f.chip, "support": dict(f.support), "stacks": stacks.tpu if stacks else ()}


# the values of each line this module records, by key: field -> type hint (judgement.schema.json types each line's
# values from these: accelbench/schema.py writes it; tests/test_line_values.py checks them against the calls)
class SplitCounts(TypedDict):
    """How a split kind of evidence's comparisons fall: the kinds, and how many point to each chip."""

    kinds: tuple[str, ...]
    tpu_ahead: int
    gpu_ahead: int
    ties: int
    compared: int


# same_generation's counts, as the speed sentences record them
COUNTS = {"tpu_ahead": int, "gpu_ahead": int, "ties": int, "compared": int, "split": SplitCounts}
# tensorflow's figures, as the frameworks sentences record them
TENSORFLOW = {"chip": str, "support": FrozenMap[str, str], "stacks": tuple[str, ...]}
LINE_VALUES = {"sentence.framework_dropped": {"chip": str, "dropped": tuple[str, ...],
                                              "older": FrozenMap[str, tuple[str, ...]]}}
