"""Every rule applied to the evidence of its kind: one finding per (claim, kind of evidence), the
one place verdicts are derived. Tables, cards, the guide and the answers read these findings.

The rules are those registered in judging.RULES: the measured ones and the reference data's (imported here) and
each published source's, which the top of the engine registers (accelbench.sources.register_all)."""

from __future__ import annotations

from accelbench.core.reference import Reference
from accelbench.judge import measured_rules, reference_rules  # noqa: F401 (register the measured and the reference data's rules)
from accelbench.judge.claims import MEASURED, PRICES, SPECS
from accelbench.judge.generations import by_generation
from accelbench.judge.judging import RULES, Finding
from accelbench.store.published import Published
from accelbench.store.store import Store


def all_findings(store: Store, published: Published, reference: Reference) -> dict[tuple[str, str], Finding]:
    """(claim slug, kind of evidence) -> finding, for every rule whose kind of evidence is held
    (a published source with no file imported has no finding: the pages say so)."""
    data = {MEASURED: store, SPECS: reference, PRICES: reference, **published}
    return {key: by_generation(key[0], rule.judge(data[rule.evidence], reference), reference)
            for key, rule in RULES.items() if rule.evidence in data}
