"""The words of the peer-reviewed papers' lines of detail (sources/papers/rules.py): one line per
quoted figure, naming the paper's label and its authors' organisations, the chips compared, the
quotation word for word and the phrase the figure is read from; or that no paper quotes one."""

from __future__ import annotations

from collections.abc import Mapping

from accelbench.core.text import capitalised


def _figure(v: Mapping) -> str:
    # where the quotation stands; its note (for whoever checks the quotation) is on the papers' page
    return (f"{capitalised(v['label'])} (authors at {', '.join(v['organisations'])}): {v['citation']}, {v['tpu']} "
            f"against {v['gpu']}; {v['quotation']['where']}: “{v['quotation']['text']}”; the figure used: {v['tpu']} "
            f"“{v['phrase']}”")


LINES = {
    "papers.no_paper": "No peer-reviewed paper with a quoted TPU-against-GPU figure on this claim yet.",
    "papers.figure": _figure,
    "papers.figures": "{tpu} “{phrase}” ({citation})",
    "papers.name": "{citation}: {tpu} vs {gpu}",
    "papers.link.doi": "{citation} (doi:{doi})",
    "papers.link.arxiv": "arXiv {arxiv}",
}
