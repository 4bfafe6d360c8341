"""Claim -> the reader's answer, from every kind of evidence's finding (never recomputed here).

Each kind keeps its own verdict and label; the answer only says which way the kinds point and how
strongly, which of the article's words they bear on, the one or two figures that decide it, and
what would change it. Inference results never count towards an answer on training: they are
shown, labelled, beside it.
"""

from __future__ import annotations

from dataclasses import dataclass

from accelbench.core.availability import month_of
from accelbench.core.text import capitalised
from accelbench.judge.claims import (
    CLAIMS,
    MEASURED,
    MEASURED_LABEL,
    PRICES,
    PRICES_LABEL,
    PRICES_TITLE,
    SPECS_LABEL,
    SPECS_TITLE,
    Claim,
    evidence_name,
)
from accelbench.judge.generations import GENERATION_MONTHS, PER_CHIP
from accelbench.judge.judging import CONTRADICTED, MIXED, NOT_MEASURED, SUPPORTED, Finding

# The rule in words, as the methodology page shows it (beside the code that applies it below).
ANSWER_RULE = (
    "Each kind of evidence judges the article's TPU claim by its own written rules and keeps its own verdict. "
    "A decisive verdict (supported or contradicted) points the reader to one chip: to the TPU where a TPU "
    "advantage holds (speed, cost, energy) or a TPU limitation fails, to the GPU otherwise. The answer points "
    "to a chip when every decisive kind points to it; it is mixed when they point to different chips, or when "
    "no kind is decisive but one is mixed; otherwise there is no evidence yet. It is strong when two or more "
    "kinds agree, weak when every decisive kind is vendor-reported or vendor-authored. Inference results are "
    "shown beside the answer and never counted towards an answer on training.")
TO_TPU, TO_GPU, MIXED_ANSWER, NO_EVIDENCE = "points to the TPU", "points to the GPU", "mixed", "no evidence yet"
DECISIVE = (SUPPORTED, CONTRADICTED)


@dataclass(frozen=True)
class KindInfo:
    """What the answer needs to know of a kind of evidence."""

    label: str  # as readers see it: "audited benchmark results"
    title: str  # the source's name: "MLPerf Training" ("" for this project's runs)
    for_training: bool = True  # False: shown beside the answer, never counted in it (inference)
    vendor: bool = False  # reported or written by a chip's vendor: an answer on it alone is weak
    held: bool = True  # False: a source with no file imported (the answer says so)
    more: str = ""  # the words of the link to all of its figures ("" : "all <title> results")

    @property
    def named(self) -> str:
        return evidence_name(self.label, self.title)


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
        return evidence_name(self.label, self.info.title)


@dataclass(frozen=True)
class Answer:
    claim: Claim
    direction: str  # TO_TPU, TO_GPU, MIXED_ANSWER or NO_EVIDENCE
    strength: str  # how strongly, in words ('' when there is no evidence)
    bears_on: str  # the article's words and what each decisive kind says of them
    kinds: list[KindAnswer]  # every kind's own verdict, in the order of judged_by
    unknown: list[str]  # what is not known
    would_change: list[str]  # what would change it


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
    direction = _direction(sides, any(k.finding.verdict == MIXED for k in counted))
    return Answer(claim, direction, _strength(direction, decisive, counted),
                  _bears_on(claim, decisive) + _history([k for k in every if k not in decisive]), shown,
                  _unknown(claim, shown, kinds), _would_change(claim, shown))


def _history(older: list[KindAnswer]) -> str:
    """The kinds an older TPU generation's evidence left out of the answer, named with their chips."""
    if not older:
        return ""
    def chips(k: KindAnswer) -> str:
        return ", ".join(dict.fromkeys(f"{c.tpu} against {c.gpu}, {c.tpu_available[:4]}"
                                       for c in k.finding.comparisons if c.same_generation))
    said = [f"{k.named} ({chips(k)}: {k.finding.verdict})" for k in older]
    return f" Of an older TPU generation, shown and not counted: {listed(said)}."


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


def _direction(sides: set, any_mixed: bool) -> str:
    if len(sides) == 1:
        return TO_TPU if sides == {"tpu"} else TO_GPU
    return MIXED_ANSWER if sides or any_mixed else NO_EVIDENCE


def _strength(direction: str, decisive: list[KindAnswer], counted: list[KindAnswer]) -> str:
    if direction == NO_EVIDENCE:
        return ""
    if direction == MIXED_ANSWER:
        return "the kinds of evidence disagree" if len(decisive) > 1 else "within the margin, or split between comparisons"
    mixed = [k for k in counted if k.finding.verdict == MIXED]
    if all(k.info.vendor for k in decisive):
        how = "weakly: on vendor-reported or vendor-authored evidence only"
    elif len(decisive) > 1:
        how = f"strongly: {len(decisive)} kinds of evidence agree"
    else:
        how = "on one kind of evidence"
    return how + (f"; {', '.join(k.named for k in mixed)} mixed" if mixed else "")


def _bears_on(claim: Claim, decisive: list[KindAnswer]) -> str:
    if not decisive:
        return f"Nothing here yet confirms or contradicts the article's claim “{claim.tpu}” (TPUs)."
    by_verdict = {v: [k.named for k in decisive if k.finding.verdict == v] for v in DECISIVE}
    said = " and ".join(f"{v} by {listed(names)}" for v, names in by_verdict.items() if names)
    return f"The article's claim “{claim.tpu}” (TPUs, against “{claim.gpu}” for GPUs) is {said}."


def listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _unknown(claim: Claim, shown: list[KindAnswer], kinds: dict[str, KindInfo]) -> list[str]:
    out = [f"{k.named}: {k.finding.verdict}" + ("" if k.finding.verdict == NOT_MEASURED else
                                                  " (its comparisons point both ways, or lie within the margin)")
           for k in shown if k.finding.verdict not in DECISIVE]
    out += [f"{kinds[k].named}: nothing of this kind is imported" for k in claim.judged_by
            if k in kinds and not kinds[k].held]
    return out


def _would_change(claim: Claim, shown: list[KindAnswer]) -> list[str]:
    measured = next((k for k in shown if k.kind == MEASURED), None)
    out = []
    said = capitalised(claim.to_measure)
    if PRICES in claim.judged_by:  # judged from the price list, not a measurement
        out.append(f"{said} would change the reference data's verdict.")
    elif measured is None or measured.finding.verdict not in DECISIVE:
        out.append(f"{said} would add evidence measured here.")
    else:
        out.append(f"The measured verdict rests on the chips measured so far: {claim.to_measure} on other chips "
                   "would test it.")
    return out


def all_answers(findings: dict[tuple[str, str], Finding], kinds: dict[str, KindInfo]) -> list[Answer]:
    """One answer per claim, in the order of the article's table."""
    return [answer(c, {k: f for (slug, k), f in findings.items() if slug == c.slug}, kinds) for c in CLAIMS.values()]


def measured_kind() -> KindInfo:
    return KindInfo(MEASURED_LABEL, "")


def prices_kind(held: bool) -> KindInfo:
    """The dated price lists: reference data, not a measurement, judged as a kind of its own."""
    return KindInfo(PRICES_LABEL, PRICES_TITLE, held=held, more="every price")


def specs_kind(held: bool) -> KindInfo:
    """The vendors' specifications: vendor-stated, so an answer resting on them alone is weak."""
    return KindInfo(SPECS_LABEL, SPECS_TITLE, vendor=True, held=held, more="every chip's number formats")
