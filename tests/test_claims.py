"""The article's claims are declared once (claims.py) and every kind of evidence that can judge a
claim has exactly one rule for it, in the registry built in one place (accelbench/registry.py); a
rule for a kind the claim does not list is refused where it is declared, and a module left out of
the registry stops the build naming the claim and kind it leaves without a rule."""

import pytest

from accelbench import registry
from accelbench.judge.claims import CLAIMS, MEASURED, PRICES, SPECS, STATEMENTS
from accelbench.judge.judging import rule, rules_of, said
from accelbench.publish.wording import lines
from accelbench.registry import RULES
from accelbench.sources import SOURCES

from conftest import ROOT


def test_the_seven_claims_in_the_order_of_the_articles_table():
    assert [c.feature for c in CLAIMS.values()] == ["Designed For", "Speed (for AI)", "Flexibility", "Availability",
                                                    "Cost", "Energy Efficiency", "Supported Frameworks"]
    for claim in CLAIMS.values():
        assert claim.gpu and claim.tpu and (ROOT / "docs" / claim.page).exists()
        assert set(claim.judged_by) <= {MEASURED, SPECS, PRICES, *SOURCES}, claim.slug


def test_every_claim_has_a_rule_for_every_kind_that_can_judge_it_and_no_other():
    expected = {(c.slug, kind) for c in (*CLAIMS.values(), *STATEMENTS.values()) for kind in c.judged_by}
    assert set(RULES) == expected
    for (slug, kind), r in RULES.items():
        assert r.claim is (CLAIMS.get(slug) or STATEMENTS[slug]) and r.kind == kind
        # each written as its own keyed template, worded in publish/wording/
        assert r.text.key.endswith(f".rule.{slug}") and len(lines.text(r.text)) > 40, r.text.key


def test_rules_of_a_kind_come_in_the_order_of_the_article():
    order = [*CLAIMS, *STATEMENTS]
    for kind in (MEASURED, SPECS, PRICES, *SOURCES):
        slugs = [r.claim.slug for r in rules_of(RULES, kind)]
        assert slugs == sorted(slugs, key=order.index) and slugs, kind


def test_a_rule_for_a_kind_the_claim_does_not_list_is_refused():
    with pytest.raises(ValueError, match="'designed' is not judged by 'vendor-training'"):
        rule("designed", "vendor-training", said("vendor_training.rule.speed"))(lambda data, reference: None)


def test_a_rule_written_as_prose_is_refused_where_it_is_declared():
    # its words belong in publish/wording/, where a changed constant changes them (tests/test_margin.py)
    with pytest.raises(TypeError, match="written as a Line"):
        rule("designed", "measured", "Supported if the TPU is more than 5% faster")


def test_a_rules_module_left_out_of_the_registry_stops_the_build_naming_what_it_leaves_unjudged():
    without_vendors = tuple(m for m in registry.RULE_MODULES if not m.__name__.startswith("accelbench.sources.vendor_training"))
    with pytest.raises(registry.RegistryError, match=r"no rule for claim 'speed' judged by 'vendor-training'; "
                                                     r"'cost' judged by 'vendor-training'"):
        registry.build(without_vendors, registry.FRAGMENT_MODULES)


def test_a_module_listed_twice_is_refused_naming_what_it_declares_twice():
    with pytest.raises(registry.RegistryError, match="two rules for claim 'designed' and kind 'measured'"):
        registry.build((*registry.RULE_MODULES, registry.RULE_MODULES[0]), registry.FRAGMENT_MODULES)
    with pytest.raises(registry.RegistryError, match="two fragment types named"):
        registry.build(registry.RULE_MODULES, (*registry.FRAGMENT_MODULES, registry.FRAGMENT_MODULES[0]))


def test_the_judgement_is_made_from_the_registry_passed_and_nothing_registered_on_import():
    """Importing a source's rules module registers nothing: only the rules given to judge() are applied."""
    from accelbench.core.reference import Reference
    from accelbench.judge.judgement import judge
    from accelbench.sources.papers import rules as papers_rules  # noqa: F401 (imported, never listed below)
    from accelbench.store.published import Published
    from accelbench.store.store import Store

    measured_only = {k: r for k, r in RULES.items() if k[1] == MEASURED}
    judged = judge(Store.of_runs([], {}), Published(), Reference(ROOT / "build_data" / "reference"), measured_only)
    assert set(judged.findings) == set(measured_only)


def test_a_prediction_either_shows_the_trend_so_far_or_names_what_would_decide_it():
    from accelbench.publish import wording

    for s in (s for s in STATEMENTS.values() if s.prediction):
        assert s.judged_by or s.to_decide, s.slug
        if not s.judged_by:
            assert wording.prediction(s.to_decide).endswith(f": {s.to_decide} would decide it."), s.slug
