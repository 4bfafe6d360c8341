"""The one vocabulary every verdict is said in, whatever kind of evidence it judges (measured
here, or published by others): the verdict words, the margin within which a difference is a tie,
and how the verdicts of several comparisons combine. Declared once here, so that two kinds of
evidence never answer the same question in two ways."""

from __future__ import annotations

SUPPORTED, CONTRADICTED, MIXED, NOT_MEASURED = "supported", "contradicted", "mixed", "not measured yet"
MARGIN = 0.05  # differences within 5% count as a tie


def combined(verdicts: list[str]) -> str:
    """Several comparisons: their common verdict, mixed where they differ, and not measured where
    there is none at all (no comparison is no evidence, never a mixed one)."""
    if not verdicts:
        return NOT_MEASURED
    return verdicts[0] if len(set(verdicts)) == 1 else MIXED


def judge_advantage(advantage: float) -> str:
    """The GPU's figure over the TPU's, where more is worse (chip-hours, dollars) -> the verdict on
    'the TPU is better': beyond the margin either way, or a tie (mixed) within it."""
    return SUPPORTED if advantage > 1 + MARGIN else CONTRADICTED if advantage < 1 - MARGIN else MIXED
