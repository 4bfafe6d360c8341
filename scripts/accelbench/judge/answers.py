"""Claim -> the reader's answer, from every kind of evidence's finding (never recomputed here).

Each kind keeps its own verdict and label; the answer only decides which way the kinds point, how
strongly, which kinds decide it and which are of an older TPU generation. It writes no sentence:
publish/wording/ says every answer in words. Inference results never count towards an answer on
training: they are shown, labelled, beside it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from accelbench.core.availability import month_of
from accelbench.judge.claims import (
    CLAIMS,
    MEASURED_LABEL,
    MEASURED_NOUN,
    MEASURED_UNIT,
    PRICES_LABEL,
    PRICES_NOUN,
    PRICES_TITLE,
    SPECS_LABEL,
    SPECS_NOUN,
    SPECS_TITLE,
    Claim,
    kind_named,
)
from accelbench.judge.codes import DECISIVE, Direction, Strength
from accelbench.judge.generations import GENERATION_MONTHS, PER_CHIP
from accelbench.judge.judging import NOT_MEASURED, SPLIT, SUPPORTED, TIE, Finding, said

# the directions by their short names (judge/codes.py declares them, with what each means)
TO_TPU, TO_GPU, DISAGREE, EVEN, NO_EVIDENCE = Direction


@dataclass(frozen=True)
class KindInfo:
    """What the answer needs to know of a kind of evidence."""

    label: str  # as readers see it: "audited benchmark results"
    title: str  # the source's name: "MLPerf Training" ("" for this project's runs)
    for_training: bool = True  # False: shown beside the answer, never counted in it (inference)
    vendor: bool = False  # reported or written by a chip's vendor: an answer on it alone is weak
    held: bool = True  # False: a source with no file imported (the answer says so)
    more: str = ""  # the words of the link to all of its figures ("" : "all <title> results")
    noun: str = ""  # as a sentence or a legend says it, short ("MLPerf's audited results"); "" : named
    unit: str = "comparison"  # one comparison of the kind, as a count names it ("9 vendor pairs")

    @property
    def named(self) -> str:
        return kind_named(self.label, self.title)


@dataclass(frozen=True)
class KindAnswer:
    kind: str
    info: KindInfo
    finding: Finding

    @property
    def label(self) -> str:
        return self.info.label

    @property
    def named(self) -> str:
        """The kind as a sentence names it: 'audited benchmark results (MLPerf Training)'."""
        return kind_named(self.label, self.info.title)


# How strongly an answer points to a chip, as a code the wording module says in words
STRONG, ONE_KIND, WEAK = Strength
STRONG_AT = 2  # kinds of evidence pointing to one chip that make its answer strong
# how the answers combine the kinds of evidence, as the methodology page says it (publish/wording/rules.py)
ANSWER_RULE = said("rules.answer", strong_at=STRONG_AT)


@dataclass(frozen=True)
class Answer:
    """A claim's answer, structured: which way and how strongly, the kinds that decide it, those of
    an older TPU generation shown and not counted, and every kind's own verdict. Its sentences are
    publish/wording/'s."""

    claim: Claim
    direction: Direction
    strength: Strength | str  # how strongly it points to a chip; '' where it points to none
    kinds: tuple[KindAnswer, ...]  # every kind's own verdict, in the order of judged_by
    deciding: tuple[KindAnswer, ...]  # the decisive kinds the answer counts
    older: tuple[KindAnswer, ...]  # decisive kinds of an older TPU generation: named, not counted
    missing: tuple[str, ...]  # kinds that could judge the claim but have nothing imported
    # where every deciding comparison is of chips a generation older than today's newest on both sides:
    # the chips it speaks for (TPU, GPU) and the latest year among them; empty otherwise
    speaks_for: tuple[str, ...] = ()
    # its newest evidence is more than STALE_MONTHS older than the newest evidence of the build (dated())
    stale: bool = False

    def __post_init__(self):
        for name in ("kinds", "deciding", "older", "missing"):  # frozen to the bottom, however it was built
            object.__setattr__(self, name, tuple(getattr(self, name)))

    @property
    def as_of(self) -> str:
        """How recent the evidence is: the newest date among the kinds on training that hold a verdict,
        "" where none is dated."""
        return max((k.finding.as_of for k in self.kinds if k.info.for_training and k.finding.verdict != NOT_MEASURED),
                   default="")

    def side_of(self, k: KindAnswer) -> str | None:
        """The chip one kind's decisive verdict on this claim points the reader to (None: not decisive)."""
        return points_to(self.claim, k.finding.verdict)

    @property
    def split(self) -> list[KindAnswer]:
        """Counted kinds whose comparisons point both ways or lie within the margin."""
        return [k for k in self.kinds if k.info.for_training and k.finding.verdict in (TIE, SPLIT)]


def points_to(claim: Claim, verdict: str) -> str | None:
    """The chip a decisive verdict on the TPU claim points the reader to."""
    if verdict not in DECISIVE:
        return None
    other = {"tpu": "gpu", "gpu": "tpu"}
    return claim.supported_favours if verdict == SUPPORTED else other[claim.supported_favours]


def answer(claim: Claim, found: dict[str, Finding], kinds: dict[str, KindInfo]) -> Answer:
    """``found``: kind of evidence -> its finding on this claim; ``kinds``: every kind's description
    (a kind neither in ``kinds`` nor held is left out)."""
    shown = [KindAnswer(k, kinds[k], found[k])
             for k in claim.judged_by if k in found and k in kinds and kinds[k].held]
    counted = [k for k in shown if k.info.for_training]
    every = [k for k in counted if k.finding.verdict in DECISIVE]
    decisive = current(claim, every)
    sides = {points_to(claim, k.finding.verdict) for k in decisive}
    direction = _direction(sides, any(k.finding.verdict in (TIE, SPLIT) for k in counted))
    missing = [k for k in claim.judged_by if k in kinds and not kinds[k].held]
    return Answer(claim, direction, _strength(direction, decisive), shown, decisive,
                  [k for k in every if k not in decisive], missing)


STALE_MONTHS = 12  # an answer whose newest evidence is older than this, against the build's newest, says so


def dated(a: Answer, newest: str) -> Answer:
    """The answer marked stale where its newest evidence is more than STALE_MONTHS older than NEWEST, the
    newest date of any evidence the build holds (so that a rebuild of the same data says the same)."""
    if not a.as_of or not newest:
        return a
    return replace(a, stale=month_of(newest) - month_of(a.as_of) > STALE_MONTHS)


def newest_tpu(k: KindAnswer) -> float | None:
    """The first-availability month of the newest TPU among a kind's same-generation comparisons."""
    months = [month_of(c.tpu_available) for c in k.finding.comparisons if c.same_generation and c.tpu_available]
    return max(months, default=None)


def current(claim: Claim, decisive: list[KindAnswer]) -> list[KindAnswer]:
    """On a per-chip claim where the decisive kinds point both ways, the side whose evidence is of a
    TPU generation more than GENERATION_MONTHS newer than the other side's newest decides: a paper
    on TPU v4 against the A100 (2020) is history beside Trillium and Ironwood against their own
    years' GPUs, and does not turn today's answer. Otherwise, and on the other claims, every kind
    counts (a kind without dated comparisons too)."""
    sides = {points_to(claim, k.finding.verdict) for k in decisive}
    if claim.slug not in PER_CHIP or len(sides) < 2:
        return decisive
    newest = {side: max((m for k in decisive if points_to(claim, k.finding.verdict) == side
                         if (m := newest_tpu(k)) is not None), default=None) for side in sides}
    if None in newest.values():
        return decisive
    late, early = sorted(sides, key=newest.get, reverse=True)
    if newest[late] - newest[early] <= GENERATION_MONTHS:
        return decisive
    return [k for k in decisive if points_to(claim, k.finding.verdict) == late]


def _direction(sides: set, undecided: bool) -> Direction:
    if len(sides) == 1:
        return TO_TPU if sides == {"tpu"} else TO_GPU
    return DISAGREE if sides else EVEN if undecided else NO_EVIDENCE


def _strength(direction: Direction, decisive: list[KindAnswer]) -> Strength | str:
    if direction not in (TO_TPU, TO_GPU):
        return ""
    if all(k.info.vendor for k in decisive):
        return WEAK
    return STRONG if len(decisive) >= STRONG_AT else ONE_KIND


def all_answers(findings: dict[tuple[str, str], Finding], kinds: dict[str, KindInfo]) -> list[Answer]:
    """One answer per claim, in the order of the article's table."""
    return [answer(c, {k: f for (slug, k), f in findings.items() if slug == c.slug}, kinds) for c in CLAIMS.values()]


def measured_kind() -> KindInfo:
    return KindInfo(MEASURED_LABEL, "", noun=MEASURED_NOUN, unit=MEASURED_UNIT)


def prices_kind(held: bool) -> KindInfo:
    """The dated price lists: reference data, not a measurement, judged as a kind of its own."""
    return KindInfo(PRICES_LABEL, PRICES_TITLE, held=held, more="every price", noun=PRICES_NOUN)


def specs_kind(held: bool) -> KindInfo:
    """The vendors' specifications: vendor-stated, so an answer resting on them alone is weak."""
    return KindInfo(SPECS_LABEL, SPECS_TITLE, vendor=True, held=held, more="every chip's number formats",
                    noun=SPECS_NOUN)


def of_older_chips(a: Answer, newest: dict[str, int]) -> Answer:
    """The answer marked as speaking only for the chips it compares, where each of its deciding
    comparisons is of chips first available more than GENERATION_MONTHS before the newest chip of
    the same platform (``newest``: platform -> month, from the reference data). Such evidence is
    all there is, or it would not decide; it says nothing of today's choice, and the answer says so."""
    compared = [c for k in a.deciding for c in k.finding.comparisons if c.tpu_available and c.gpu_available]
    if a.claim.slug not in PER_CHIP or not compared or len(compared) != sum(len(k.finding.comparisons) for k in a.deciding):
        return a
    old = all(newest["tpu"] - month_of(c.tpu_available) > GENERATION_MONTHS and
              newest["gpu"] - month_of(c.gpu_available) > GENERATION_MONTHS for c in compared)
    if not old:
        return a
    chips = tuple(dict.fromkeys(name for c in compared for name in (c.tpu_name or c.tpu, c.gpu_name or c.gpu)))
    year = max(max(month_of(c.tpu_available), month_of(c.gpu_available)) for c in compared) // 12
    return replace(a, speaks_for=(*chips, str(year)))
