"""Chips compared with their contemporaries. Each comparison carries both chips' first-availability
dates (reference data, availability.csv) and is labelled "same generation" when they are within
GENERATION_MONTHS of each other, otherwise with the gap ("the GPU is 3 years older"). A per-chip
verdict (speed, energy) is decided, per kind of evidence, by its same-generation comparisons only:
the others stay on the charts and in the tables, labelled, and the answer names them. Cost is judged
on every comparison priced at one date: a price already reflects the chip's age."""

from __future__ import annotations

from dataclasses import replace

from accelbench.core.availability import MIDYEAR
from accelbench.core.reference import Reference
from accelbench.judge.judging import NOT_MEASURED, Comparison, Finding, beyond_margin, combined, said

GENERATION_MONTHS = 12  # two chips first available within this many months are of one generation
# which comparisons decide a per-chip verdict, and what a chip's date is (core/availability.py), as the
# methodology page says them (publish/wording/rules.py)
GENERATION_RULE = said("rules.generation", months=GENERATION_MONTHS, midyear=MIDYEAR)
DATE_RULE = said("rules.date")
PER_CHIP = ("speed", "energy")  # the claims judged on same-generation comparisons only



def dated(c: Comparison, reference: Reference) -> Comparison:
    """The comparison with both chips' dates and the months between them (None where a chip is undated)."""
    tpu, gpu = reference.available(c.tpu), reference.available(c.gpu)
    c = replace(c, tpu_name=reference.display_name(c.tpu), gpu_name=reference.display_name(c.gpu),
                tpu_short=reference.short_name(c.tpu), gpu_short=reference.short_name(c.gpu))
    if tpu is None or gpu is None:
        return replace(c, tpu_available=tpu.date if tpu else "", gpu_available=gpu.date if gpu else "",
                       gap_months=None, same_generation=False)
    months = tpu.month - gpu.month  # above 0: the GPU came first
    return replace(c, tpu_available=tpu.date, gpu_available=gpu.date, gap_months=months,
                   same_generation=abs(months) <= GENERATION_MONTHS)


def by_generation(claim: str, finding: Finding, reference: Reference) -> Finding:
    """Every comparison dated and labelled; on a per-chip claim, the verdict from the
    same-generation comparisons alone (not measured where the kind has none)."""
    if not finding.comparisons:
        return finding
    compared = [dated(c, reference) for c in finding.comparisons]
    if claim not in PER_CHIP:
        return replace(finding, comparisons=compared)
    deciding = [c for c in compared if c.same_generation]
    verdict = combined([beyond_margin(c.low if c.low is not None else c.advantage,
                                      c.high if c.high is not None else c.advantage) for c in deciding])
    others = len(compared) - len(deciding)
    deciding_line = [said("generations.deciding", deciding=len(deciding), compared=len(compared),
                          months=GENERATION_MONTHS)] if others else []
    return replace(finding, verdict=verdict if deciding else NOT_MEASURED, comparisons=compared,
                   lines=[*finding.lines, *deciding_line])


# the values of each line this module records, by key: field -> type hint (judgement.schema.json types each line's
# values from these: accelbench/schema.py writes it; tests/test_line_values.py checks them against the calls)
LINE_VALUES = {"generations.deciding": {"deciding": int, "compared": int, "months": int}}
