"""The recommendation in words (publish/fragments/statements.py): each condition as (when, what to choose,
the figure that decides it) and its date; the cost conditions' words are wording/buyer.py's."""

from __future__ import annotations

from accelbench.core.text import listed
from accelbench.judge.recommendation import ChipsFigures, CloudFigures, FrameworkFigures, ScaleFigures
from accelbench.publish.wording import buyer
from accelbench.publish.wording.terms import CHIPS, as_of, noun_of, span, vendor_page, when

CHOOSE = {"gpu": "choose GPUs", "tpu": "choose TPUs", "either": "either can do"}


def _if_framework(f: FrameworkFigures, side: str) -> tuple[str, str]:
    if f.unsupported:
        return (f"If your code is in {listed(f.unsupported)}",
                f"{vendor_page(f.vendor)} for {f.chip} says {listed(f.unsupported)} is not supported there; "
                f"{listed(f.supported)} run on both")
    return "Whatever your framework", f"{vendor_page(f.vendor)} for {f.chip} lists {listed(f.supported)}"


def _if_cloud(f: CloudFigures, side: str) -> tuple[str, str]:
    return ("If you need a cloud other than Google's, or your own machines",
            f"the dated price lists offer TPUs on {listed(f.tpu)} only and GPUs on {len(f.gpu)} clouds")


def _if_chips(f: ChipsFigures, side: str) -> tuple[str, str]:
    return ("If the number of chips you can get is your limit (not their price)",
            f"{CHIPS[side]} of the same generation trained faster in {f.for_side} of {f.pairs} "
            f"comparisons ({span([(f.low, f.high)])}) in {listed([noun_of(k) for k in f.kinds])}")


def _if_scale(f: ScaleFigures, side: str) -> tuple[str, str]:
    tpu, gpu = f.tpu, f.gpu
    said = f"MLPerf's largest TPU system trained a large language model on {tpu.chips:,} {tpu.chip} chips"
    return "At the largest scale", said + (f", its largest GPU system on {gpu.chips:,} {gpu.chip}" if gpu else "")


CONDITIONS = {"framework": _if_framework, "cloud": _if_cloud, "chips": _if_chips, "scale": _if_scale}


def condition(c) -> tuple[str, str, str]:
    """A condition of the recommendation as (when, what to choose, the figure that decides it)."""
    if c.topic in buyer.LEVER_WHEN:
        when, figure = buyer.cost_condition(c.topic, c.side, c.figures)
    else:
        when, figure = CONDITIONS[c.topic](c.figures, c.side)
    return when, CHOOSE[c.side], figure


def condition_dated(c) -> str:
    """How recent a condition's evidence is: a cost condition's oldest performance figure and oldest price,
    each named; another's newest source."""
    if c.topic in buyer.LEVER_WHEN:
        return buyer.dated(c.evidence_as_of, c.prices_as_of, when)
    return as_of(c.as_of)
