"""The registries of the build, in one place and in plain sight, as markdown-exec keeps its one
dict of formatters: which modules' rules judge the claims, and which modules' fragment types the
pages may include. A module is listed here or its rules and fragment types do not exist; a claim's
kind of evidence without a rule, or a name declared twice, stops the build naming it.

Adding a published source is its folder (accelbench/sources/<name>/), its line in
accelbench/sources/__init__.py, and its two lines here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType, ModuleType

from accelbench.judge import measured_rules, reference_rules
from accelbench.judge.claims import CLAIMS, STATEMENTS
from accelbench.judge.judging import Rule, rules_in
from accelbench.publish.fragments import answers, costs, history, measured, statements
from accelbench.publish.fragments.core import FragmentType, fragment_types_in
from accelbench.sources.epoch_models import fragments as epoch_models_fragments
from accelbench.sources.epoch_models import rules as epoch_models_rules
from accelbench.sources.mlperf_inference import fragments as mlperf_inference_fragments
from accelbench.sources.mlperf_inference import rules as mlperf_inference_rules
from accelbench.sources.mlperf_training import fragments as mlperf_training_fragments
from accelbench.sources.mlperf_training import rules as mlperf_training_rules
from accelbench.sources.mlperf_training import statements as mlperf_training_statements
from accelbench.sources.papers import fragments as papers_fragments
from accelbench.sources.papers import rules as papers_rules
from accelbench.sources.vendor_training import fragments as vendor_training_fragments
from accelbench.sources.vendor_training import rules as vendor_training_rules

RULE_MODULES: tuple[ModuleType, ...] = (
    measured_rules, reference_rules,
    mlperf_training_rules, mlperf_training_statements, mlperf_inference_rules, papers_rules, vendor_training_rules,
    epoch_models_rules,
)
# in the order the contribute page lists their types
FRAGMENT_MODULES: tuple[ModuleType, ...] = (
    measured, answers, costs, statements, history,
    mlperf_training_fragments, mlperf_inference_fragments, papers_fragments, vendor_training_fragments,
    epoch_models_fragments,
)


class RegistryError(Exception):
    """A rule or fragment type missing or declared twice."""


@dataclass(frozen=True)
class Registry:
    rules: Mapping[tuple[str, str], Rule]  # (claim slug, kind of evidence) -> rule
    fragment_types: Mapping[str, FragmentType]  # name -> type


def build(rule_modules=RULE_MODULES, fragment_modules=FRAGMENT_MODULES) -> Registry:
    """The registry of the listed modules, checked: every kind of evidence each claim lists
    (claims.py's judged_by) has its rule, and no rule or fragment type is declared twice."""
    rules: dict[tuple[str, str], Rule] = {}
    for module in rule_modules:
        for r in rules_in(module):
            key = (r.claim.slug, r.kind)
            if key in rules:
                raise RegistryError(f"two rules for claim {key[0]!r} and kind {key[1]!r}: {module.__name__}")
            rules[key] = r
    missing = [f"{c.slug!r} judged by {k!r}" for c in (*CLAIMS.values(), *STATEMENTS.values()) for k in c.judged_by
               if (c.slug, k) not in rules]
    if missing:
        raise RegistryError(f"no rule for claim {'; '.join(missing)} (list its module in accelbench/registry.py)")
    types: dict[str, FragmentType] = {}
    for module in fragment_modules:
        for t in fragment_types_in(module):
            if t.name in types:
                raise RegistryError(f"two fragment types named {t.name!r}: {module.__name__}")
            types[t.name] = t
    return Registry(MappingProxyType(rules), MappingProxyType(types))


REGISTRY = build()
RULES, FRAGMENT_TYPES = REGISTRY.rules, REGISTRY.fragment_types
