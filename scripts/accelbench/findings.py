"""Every rule applied to the evidence of its kind: one finding per (claim, kind of evidence), the
one place verdicts are derived. Tables, cards, the guide and the answers read these findings."""

from __future__ import annotations

from accelbench import verdicts  # noqa: F401 (registers the measured rules)
from accelbench.claims import MEASURED
from accelbench.judging import RULES, Finding
from accelbench.reference import Reference
from accelbench.sources import Published, register_rules
from accelbench.store import Store

register_rules()


def all_findings(store: Store, published: Published, reference: Reference) -> dict[tuple[str, str], Finding]:
    """(claim slug, kind of evidence) -> finding, for every rule whose kind of evidence is held
    (a published source with no file imported has no finding: the pages say so)."""
    data = {MEASURED: store, **published}
    return {key: rule.judge(data[rule.evidence], reference) for key, rule in RULES.items() if rule.evidence in data}
