"""The article's claims are declared once (claims.py) and every kind of evidence that can judge a
claim has exactly one rule for it, registered under (claim, kind); a rule for a kind the claim
does not list is refused when it is registered."""

import pytest

from accelbench.judge.claims import CLAIMS, MEASURED, PRICES, SPECS
from accelbench.judge.judging import RULES, rule, rules_of
from accelbench.store.published import SOURCES

from conftest import ROOT


def test_the_seven_claims_in_the_order_of_the_articles_table():
    assert [c.feature for c in CLAIMS.values()] == ["Designed For", "Speed (for AI)", "Flexibility", "Availability",
                                                    "Cost", "Energy Efficiency", "Supported Frameworks"]
    for claim in CLAIMS.values():
        assert claim.gpu and claim.tpu and (ROOT / "docs" / claim.page).exists()
        assert set(claim.judged_by) <= {MEASURED, SPECS, PRICES, *SOURCES}, claim.slug


def test_every_claim_has_a_rule_for_every_kind_that_can_judge_it_and_no_other():
    expected = {(c.slug, kind) for c in CLAIMS.values() for kind in c.judged_by}
    assert set(RULES) == expected
    for (slug, kind), r in RULES.items():
        assert r.claim is CLAIMS[slug] and r.evidence == kind and len(r.text) > 40


def test_rules_of_a_kind_come_in_the_order_of_the_article():
    order = list(CLAIMS)
    for kind in (MEASURED, SPECS, PRICES, *SOURCES):
        slugs = [r.claim.slug for r in rules_of(kind)]
        assert slugs == sorted(slugs, key=order.index) and slugs, kind


def test_a_rule_for_a_kind_the_claim_does_not_list_is_refused():
    with pytest.raises(ValueError, match="'designed' is not judged by 'vendor-training'"):
        rule("designed", "vendor-training", "a rule vendor throughput cannot apply")(lambda data, reference: None)
