"""The judgement: every rule applied once per build to the evidence of its kind, and the answer to
every claim, as one frozen value. The pre-build step makes it (`judge(store, published, reference,
rules)`) before anything is published, and every page, chart and download reads it; nothing judges
lazily on the way.

It holds data: verdict and strength codes, comparisons with chip ids, dates, the TPU's advantage
and its interval, prices and source locations, and the facts the wording module makes sentences
from. :func:`as_data` is the public form, ``judgement.json`` (its schema:
judge/judgement.schema.json): ids, numbers and codes, never a sentence; text quoted from a source
stays in a field of its own (``quote``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType

from accelbench.core.reference import Reference
from accelbench.judge.answers import (
    Answer,
    KindInfo,
    all_answers,
    measured_kind,
    of_older_chips,
    prices_kind,
    specs_kind,
)
from accelbench.judge.answers import (
    dated as dated_answer,
)
from accelbench.judge.claims import CLAIMS, MEASURED, PRICES, SPECS, STATEMENTS, Statement
from accelbench.judge.fact_schema import as_data as plain_data  # any value of the judgement as JSON data
from accelbench.judge.generations import GENERATION_MONTHS, by_generation
from accelbench.judge.judging import (
    LINKED,
    MARGIN,
    NOT_MEASURED,
    UNDECIDABLE,
    Comparison,
    CostItem,
    Finding,
    Rule,
    RuleText,
    combined,
)
from accelbench.judge.per_dollar import PerDollar, all_per_dollar
from accelbench.judge.readings import read_all
from accelbench.judge.recommendation import Condition, CostCases, recommend
from accelbench.judge.sentences import Evidence, Reading
from accelbench.store.published import SOURCES, Published
from accelbench.store.store import Store

SCHEMA_VERSION = 3  # of judgement.json: raised when a field changes meaning or goes (3: facts typed by topic, null where none)
SCHEMA = Path(__file__).with_name("judgement.schema.json")


@dataclass(frozen=True)
class StatementAnswer:
    """The answer to one of the article's other claims: its own kinds' verdicts on whether it holds
    (held kinds only, in judged_by's order), combined, and the claims whose answers it links to."""

    statement: Statement
    kinds: tuple[tuple[str, Finding], ...]
    verdict: str  # combined over its own kinds; UNDECIDABLE for a prediction; LINKED with no kind of its own

    @property
    def linked(self) -> tuple[str, ...]:
        return self.statement.answered_by


@dataclass(frozen=True)
class Judgement:
    """Every finding (claim, kind of evidence), every table claim's answer and every other claim's
    answer, made once per build."""

    findings: Mapping[tuple[str, str], Finding]
    answers: tuple[Answer, ...]
    statements: tuple[StatementAnswer, ...]
    recommendation: tuple[Condition, ...]  # who should choose which chip, on what condition
    per_dollar: tuple[PerDollar, ...]  # every comparison of the same work, with its price ratio and offers
    sentences: tuple[Reading, ...]  # every sentence of the article read in its own words (judge/sentences.py)
    kinds: Mapping[str, KindInfo]  # every kind of evidence, held or not
    rules: Mapping[tuple[str, str], RuleText]  # the rules applied, as their texts

    def answer(self, claim: str) -> Answer:
        return next(a for a in self.answers if a.claim.slug == claim)

    def statement(self, slug: str) -> StatementAnswer:
        return next(s for s in self.statements if s.statement.slug == slug)

    def reading(self, sentence: str) -> Reading:
        """A sentence's reading: a statement's slug, or a table cell's ("speed.tpu")."""
        return next(r for r in self.sentences if r.sentence == sentence)


def answer_statement(statement: Statement, findings: Mapping[tuple[str, str], Finding],
                     kinds: Mapping[str, KindInfo]) -> StatementAnswer:
    own = tuple((k, findings[(statement.slug, k)]) for k in statement.judged_by
                if (statement.slug, k) in findings and kinds[k].held)
    if statement.prediction:
        verdict = UNDECIDABLE
    elif not statement.judged_by:
        verdict = LINKED
    else:
        verdict = combined([f.verdict for _, f in own if f.verdict != NOT_MEASURED])
    return StatementAnswer(statement, own, verdict)


def kinds_of(reference: Reference, published: Published) -> dict[str, KindInfo]:
    """Every kind of evidence, as the answers name and weigh it: measured here, the vendors'
    specifications, the price lists, and each published source (held where a file is imported)."""
    return {MEASURED: measured_kind(), SPECS: specs_kind(bool(reference.formats)),
            PRICES: prices_kind(bool(reference.prices.prices)),
            **{k: KindInfo(s.label, s.title, s.for_training, s.vendor, k in published, noun=s.noun, unit=s.unit)
               for k, s in SOURCES.items()}}


def newest_chips(reference: Reference) -> dict[str, int]:
    """Platform -> the month the newest chip of the reference data was first available."""
    platform = {row["chip"]: row["platform"] for row in reference.accelerators}
    months: dict[str, int] = {}
    for chip, found in reference.availability.items():
        side = platform.get(chip)
        if side in ("gpu", "tpu"):
            months[side] = max(months.get(side, 0), found.month)
    return months


def dated(finding: Finding, rule: Rule, store: Store) -> Finding:
    """A finding dated by the newest thing it rests on: on our own runs, the newest run; else as its
    rule dated it, from the source it read; else, on comparisons, the newest side's publication."""
    if rule.kind == MEASURED:
        return replace(finding, as_of=store.newest_date(finding.runs))
    published = [d for c in finding.comparisons for d in (c.tpu_published, c.gpu_published) if d]
    return replace(finding, as_of=max(published)) if published and not finding.as_of else finding


def judge(store: Store, published: Published, reference: Reference,
          rules: Mapping[tuple[str, str], Rule]) -> Judgement:
    """Apply every rule to its kind's data (a published source with no file imported has no
    finding: the pages say so), date each comparison's generation, and answer every claim."""
    data = {MEASURED: store, SPECS: reference, PRICES: reference, **published}
    findings = {key: dated(by_generation(key[0], rule.judge(data[rule.kind], reference), reference), rule, store)
                for key, rule in rules.items() if rule.kind in data}
    kinds = kinds_of(reference, published)
    newest = newest_chips(reference)
    latest = max((f.as_of for f in findings.values() if f.as_of), default="")  # the build's newest evidence
    answers = tuple(dated_answer(of_older_chips(a, newest), latest) for a in all_answers(findings, kinds))
    priced = all_per_dollar(findings, reference)
    by_claim = {a.claim.slug: a for a in answers}
    return Judgement(MappingProxyType(findings), answers,
                     tuple(answer_statement(s, findings, kinds) for s in STATEMENTS.values()),
                     recommend(by_claim, findings, reference, priced), priced,
                     read_all(Evidence(MappingProxyType(by_claim), MappingProxyType(findings), priced, reference)),
                     MappingProxyType(kinds), MappingProxyType({key: r.as_text for key, r in rules.items()}))




def _comparison(c: Comparison | CostItem) -> dict:
    # a cost item's same-work comparison is published once, as a per-dollar comparison
    return {k: v for k, v in plain_data(c).items() if k != "compared"}


def _kind(a: Answer, kind: str, j: Judgement) -> dict:
    info, finding = j.kinds[kind], j.findings[(a.claim.slug, kind)]
    return {"kind": kind, "verdict": finding.verdict.value, "vendor": info.vendor, "for_training": info.for_training,
            "counted": any(k.kind == kind for k in a.deciding), "older_generation": any(k.kind == kind for k in a.older),
            "comparisons": [_comparison(c) for c in finding.comparisons],
            "priced": [_comparison(c) for c in finding.costed],
            "facts": plain_data(finding.facts), "lines": plain_data(finding.lines), "as_of": finding.as_of,
            "runs": list(dict.fromkeys(finding.runs)),
            "sources": [link.url for link in finding.links]}


def as_data(j: Judgement) -> dict:
    """The judgement as judgement.json publishes it: per claim, its answer's direction and
    strength, and each kind's verdict with the comparisons behind it."""
    return {"schema_version": SCHEMA_VERSION, "margin": MARGIN, "generation_months": GENERATION_MONTHS,
            "claims": [{"claim": a.claim.slug, "direction": a.direction.value, "strength": str(a.strength),
                        "speaks_for": list(a.speaks_for), "as_of": a.as_of, "stale": a.stale,
                        "kinds": [_kind(a, k.kind, j) for k in a.kinds], "not_imported": list(a.missing)}
                       for a in j.answers if a.claim.slug in CLAIMS],
            "statements": [{"statement": s.statement.slug, "page": s.statement.page, "answered_by": list(s.linked),
                            "prediction": s.statement.prediction, "verdict": s.verdict.value,
                            "kinds": [{"kind": k, "verdict": f.verdict.value, "facts": plain_data(f.facts),
                                       "as_of": f.as_of, "sources": [link.url for link in f.links]} for k, f in s.kinds]}
                           for s in j.statements],
            "sentences": [{"sentence": r.sentence, "holds": r.holds.value, "figure": plain_data(r.figure),
                           "part": plain_data(r.part), "choice": r.choice, "rests_on": list(r.rests_on)}
                          for r in j.sentences],
            **_priced(j)}


def _priced(j: Judgement) -> dict:
    """The recommendation and the per-dollar comparisons, each offer listed once (``offers``) and named
    by its index where a comparison or a condition meets it: every offer meets every offer of the other
    side, and written out each time they would fill the file."""
    offers: dict = {}

    def index(offer) -> int | None:
        return None if offer is None else offers.setdefault(offer, len(offers))
    per_dollar = []
    for d in j.per_dollar:
        row = plain_data(d)
        row["offers"] = [{**plain_data(o), "tpu": index(o.tpu), "gpu": index(o.gpu)} for o in d.offers]
        row["break_evens"] = [{**plain_data(b), "against": index(b.against)} for b in d.break_evens]
        per_dollar.append(row)
    conditions = []
    for c in j.recommendation:
        row = plain_data(c)
        if isinstance(c.figures, CostCases):
            row["figures"] = {"cases": [{**plain_data(k), "tpu_offer": index(k.tpu_offer), "gpu_offer": index(k.gpu_offer)}
                                        for k in c.figures.cases]}
        conditions.append(row)
    return {"recommendation": conditions, "offers": plain_data(list(offers)), "per_dollar": per_dollar}


def as_json(j: Judgement) -> bytes:
    """judgement.json's bytes: the same judgement, the same bytes."""
    return (json.dumps(as_data(j), indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def dictionary() -> list[tuple[str, str]]:
    """Every field of judgement.json with its meaning, read from the schema (declared once there):
    (path such as ``claims[].kinds[].verdict``, description)."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    out: list[tuple[str, str]] = []

    def walk(node: dict, path: str) -> None:
        node = schema["$defs"][node["$ref"].rsplit("/", 1)[1]] if "$ref" in node else node
        if node.get("type") == "array" and "items" in node:
            walk(node["items"], path + "[]")
        for name, child in node.get("properties", {}).items():
            out.append((f"{path}.{name}" if path else name, child.get("description", "")))
            walk(child, f"{path}.{name}" if path else name)
    walk(schema, "")
    return out
