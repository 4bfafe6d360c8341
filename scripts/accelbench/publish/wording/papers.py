"""The words of the peer-reviewed papers' lines of detail (sources/papers/rules.py): one line per
quoted figure, naming the paper's label and its authors' organisations, the chips compared, the
quotation word for word and the phrase the figure is read from; or that no paper quotes one. Then
the note above the table of figures and the words of its cells."""

from __future__ import annotations

from collections.abc import Mapping

from accelbench.core.text import capitalised
from accelbench.publish.wording.terms import TIE_OR_SPLIT


def _figure(v: Mapping) -> str:
    # where the quotation stands; its note (for whoever checks the quotation) is on the papers' page
    return (f"{capitalised(v['label'])} (authors at {', '.join(v['organisations'])}): {v['citation']}, {v['tpu']} "
            f"against {v['gpu']}; {v['quotation']['where']}: “{v['quotation']['text']}”; the figure used: {v['tpu']} "
            f"“{v['phrase']}”")


# The written rules of the papers' figures (sources/papers/rules.py), each filled from the constants it applies
QUOTED = ("From {figures} quoted word for word from peer-reviewed papers, each labelled with its authors' affiliation "
          "(vendor-authored where they work for a compared chip's vendor) and naming the chips compared. ")
RULES = {
    "papers.rule.speed":
        QUOTED.format(figures="figures") + "Supported if every quoted range puts the TPU more than {margin:pct} faster "
        "than the GPU; contradicted if every one puts it more than {margin:pct} slower; " + TIE_OR_SPLIT + ".",
    "papers.rule.energy":
        QUOTED.format(figures="power or energy figures") + "Supported if every quoted range has the GPU using more "
        "than {margin:pct} more power or energy than the TPU; contradicted if every one has it using more than "
        "{margin:pct} less; " + TIE_OR_SPLIT + ".",
}

LINES = {
    "papers.no_paper": "No peer-reviewed paper with a quoted TPU-against-GPU figure on this claim yet.",
    "papers.figure": _figure,
    "papers.figures": "{tpu} “{phrase}” ({citation})",
    "papers.name": "{citation}: {tpu} vs {gpu}",
    "papers.link.doi": "{citation} (doi:{doi})",
    "papers.link.arxiv": "arXiv {arxiv}",
    **RULES,
}


# The papers' pages (sources/papers/fragments.py): the note above the table of figures, and what is
# missing where no paper is imported (on a claim's FEATURE, or on any)
NOTE = ("Figures quoted word for word from peer-reviewed papers, not measured here. Where the authors work for the "
        "vendor of a chip they compare, the figure is labelled vendor-authored: it passed peer review, but the "
        "vendor chose the workloads and the comparison.")


def papers_on(feature: str | None) -> str:
    return f"peer-reviewed papers on {feature.lower()}" if feature else "peer-reviewed papers"


def figures_from(feature: str | None) -> str:
    return f"figures quoted from {papers_on(feature)}"


# The cells of the table of figures (sources/papers/tables.py): more than one author, and the chips
# compared (each NAME and VENDOR as HTML)
ET_AL = " et al."
AGAINST = "{tpu} ({tpu_vendor}) against {gpu} ({gpu_vendor})"

# The column headings of its tables (papers/tables.py), each named by the function that makes it
FIGURES_TABLE_COLUMNS = ("Paper", "Authors' affiliation", "Kind of evidence", "Claim", "TPU against GPU", "Figure (quoted)",
                         "Quotation")
