"""Each kind of fact a rule finds (judge/facts.py) as a clause of an answer's sentence: ``FACTS`` by topic,
and :func:`fact_clause`, which also names the rounds read from a public mirror."""

from __future__ import annotations

from accelbench.core.framework_support import SUPPORTED as STATED
from accelbench.core.text import listed, plural
from accelbench.judge.facts import AuditedBreadth, Fact, Fp64, Frameworks, Offers, Stacks, Submitters, UnpricedPairs
from accelbench.publish.wording.terms import vendor_page


def _coverage(f: AuditedBreadth, claim: str) -> str:
    tpu, gpu = f.tpu, f.gpu
    if claim == "designed":
        return f"under MLPerf's audit GPUs trained {plural(gpu.benchmarks, 'benchmark')} to the TPUs' {tpu.benchmarks}"
    # what the count measures: which work the chips' vendors and their partners chose to enter
    return f"vendors entered GPUs in MLPerf on {plural(gpu.fields, 'field')} of machine learning, TPUs on {tpu.fields}"


def _fp64(f: Fp64, claim: str) -> str:
    tpus = f"none of {f.tpus} TPUs runs" if not f.tpus_with else f"{f.tpus_with} of {f.tpus} TPUs run"
    gpus = f"all {f.gpus} GPUs do" if f.gpus_with == f.gpus else f"{f.gpus_with} of {f.gpus} GPUs do"
    return f"by their vendors' specifications {tpus} FP64, while {gpus}"


def _offers(f: Offers, claim: str) -> str:
    return (f"the dated price lists offer TPUs only on {listed(f.tpu)} and GPUs on {plural(len(f.gpu), 'cloud')}"
            if len(f.tpu) == 1 else
            f"the dated price lists offer TPUs on {plural(len(f.tpu), 'cloud')} and GPUs on {len(f.gpu)}")


def _submitters(f: Submitters, claim: str) -> str:
    who = f"only {listed(f.tpu)} entered TPUs" if len(f.tpu) == 1 else f"{plural(len(f.tpu), 'submitter')} entered TPUs"
    return f"in MLPerf {who}, and {plural(len(f.gpu), 'submitter')} entered GPUs"


def _frameworks(f: Frameworks, claim: str) -> str:
    support = f.support
    others = [fw for fw in ("JAX", "PyTorch") if support.get(fw) == STATED]  # the vendor's support word
    said = (f"{vendor_page(f.vendor)} for {f.chip} says TensorFlow is {support['TensorFlow']}"
            + (f", while {listed(others)} {'is' if len(others) == 1 else 'are'}" if others else ""))
    # the choice it leaves: who must pick a GPU (a framework the newest TPU lacks and the GPUs all run)
    dropped = [fw for fw, s in support.items() if s != STATED]
    who = f": only {listed(dropped)} teams must choose GPUs" if dropped and f.gpus_with_all == f.gpus else ""
    return said + f"; all three are stated for {f.gpus_with_all} of {f.gpus} GPUs" + who


def _stacks(f: Stacks, claim: str) -> str:
    def said(stacks):
        return listed([s if s != "other" else "other stacks" for s in stacks]) or "nothing"
    return f"in MLPerf every TPU entry ran {said(f.tpu)}, and GPU entries {said(f.gpu)}"


def _unpriced(f: UnpricedPairs, claim: str) -> str:
    none = "none" if not f.priced else f"only {f.priced}"
    why = f": {f.provider} lists no {listed(f.no_price, 'or')}" if f.no_price else ""
    return f"{none} of the {f.pairs} vendor pairs {'is' if not f.priced else 'are'} priced{why}"


FACTS = {"coverage": _coverage, "fp64": _fp64, "offers": _offers, "submitters": _submitters,
         "frameworks": _frameworks, "stacks": _stacks, "unpriced": _unpriced}


def fact_clause(facts: Fact, claim: str) -> str:
    """A rule's facts as a clause, saying which rounds were read from a public mirror (``mirrored``)."""
    clause = FACTS[facts.topic](facts, claim)
    mirrored = getattr(facts, "mirrored", ())
    if mirrored:
        clause += f" ({listed(mirrored)} read from a public mirror of MLCommons' results)"
    return clause
