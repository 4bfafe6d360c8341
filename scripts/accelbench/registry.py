"""The registries of the build, in one place and in plain sight, as markdown-exec keeps its one
dict of formatters: which modules' rules judge the claims, and which modules' fragment types the
pages may include. This project's own modules are listed here; each published source's come from
its declaration (accelbench/sources/__init__.py lists the sources, each ``SOURCE`` names its rules
and fragments modules). A module is listed or its rules and fragment types do not exist; a claim's
kind of evidence without a rule, or a name declared twice, stops the build naming it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType, ModuleType

from accelbench.core.merged import merged
from accelbench.judge import (
    cell_readers,
    changes,
    generations,
    measured_rules,
    reference_rules,
    sentences,
    statement_readers,
)
from accelbench.judge.claims import CLAIMS, STATEMENTS
from accelbench.judge.judging import Rule, rules_in
from accelbench.publish.fragments import answers, costs, history, measured, statements
from accelbench.publish.fragments.core import FragmentType, fragment_types_in
from accelbench.sources import SOURCES

OWN_RULE_MODULES: tuple[ModuleType, ...] = (measured_rules, reference_rules)
# in the order the contribute page lists their types: this project's, then each source's
OWN_FRAGMENT_MODULES: tuple[ModuleType, ...] = (measured, answers, costs, statements, history)
# this project's modules that record lines, each declaring the values of its keys (LINE_VALUES: key -> field -> hint);
# a source declares its keys in the rule modules that record them
OWN_LINE_MODULES: tuple[ModuleType, ...] = (measured_rules, reference_rules, generations, sentences, cell_readers,
                                            statement_readers, changes)


def rule_modules() -> tuple[ModuleType, ...]:
    """This project's rule modules, then each registered source's, in the order the sources are listed."""
    return (*OWN_RULE_MODULES, *(m for s in SOURCES.values() for m in s.rule_modules()))


def fragment_modules() -> tuple[ModuleType, ...]:
    return (*OWN_FRAGMENT_MODULES, *(s.fragment_module() for s in SOURCES.values()))


def line_values() -> dict[str, Mapping[str, object]]:
    """Every line key -> its values' fields and their type hints, from this project's line-making modules and each
    registered source's rule modules (judgement.schema.json types each line's values from them: accelbench/schema.py)."""
    modules = (*OWN_LINE_MODULES, *(m for s in SOURCES.values() for m in s.rule_modules()))
    return merged(*(getattr(m, "LINE_VALUES", {}) for m in modules),
                  twice=lambda key: f"the values of the line {key!r} are declared twice")


class RegistryError(Exception):
    """A rule or fragment type missing or declared twice."""


@dataclass(frozen=True)
class Registry:
    rules: Mapping[tuple[str, str], Rule]  # (claim slug, kind of evidence) -> rule
    fragment_types: Mapping[str, FragmentType]  # name -> type


def build(rules_from: tuple[ModuleType, ...] | None = None,
          fragments_from: tuple[ModuleType, ...] | None = None) -> Registry:
    """The registry of the listed modules (by default this project's and every registered source's), checked:
    every kind of evidence each claim lists (claims.py's judged_by) has its rule, and no rule or fragment type
    is declared twice."""
    rules: dict[tuple[str, str], Rule] = {}
    for module in rule_modules() if rules_from is None else rules_from:
        for r in rules_in(module):
            key = (r.claim.slug, r.kind)
            if key in rules:
                raise RegistryError(f"two rules for claim {key[0]!r} and kind {key[1]!r}: {module.__name__}")
            rules[key] = r
    missing = [f"{c.slug!r} judged by {k!r}" for c in (*CLAIMS.values(), *STATEMENTS.values()) for k in c.judged_by
               if (c.slug, k) not in rules]
    if missing:
        raise RegistryError(f"no rule for claim {'; '.join(missing)} (list its module in accelbench/registry.py, or in "
                            "its source's declaration)")
    types: dict[str, FragmentType] = {}
    for module in fragment_modules() if fragments_from is None else fragments_from:
        for t in fragment_types_in(module):
            if t.name in types:
                raise RegistryError(f"two fragment types named {t.name!r}: {module.__name__}")
            types[t.name] = t
    return Registry(MappingProxyType(rules), MappingProxyType(types))


RULE_MODULES, FRAGMENT_MODULES = rule_modules(), fragment_modules()
REGISTRY = build(RULE_MODULES, FRAGMENT_MODULES)
RULES, FRAGMENT_TYPES = REGISTRY.rules, REGISTRY.fragment_types
LINE_VALUES = MappingProxyType(line_values())
