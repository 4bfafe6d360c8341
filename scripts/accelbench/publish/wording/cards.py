"""The words around the answers and the verdicts: a claim's card (its labels, link words and notes),
the article's comparison table with its verdicts and each verdict's note, the answers' fragments
(chart titles, notes, the judgement's downloads) and what frames every chart and table (its
tooltip, the name a screen reader gives a box that scrolls). Filled from data; the markup, its
classes and the escaping stay with the renderers (publish/render/answers.py and verdicts.py,
publish/fragments/answers.py and core.py). A template's ``{name}`` is filled there with markup
already escaped."""

from __future__ import annotations

from accelbench.publish.wording import pages
from accelbench.publish.wording.pages import REPRODUCE_LINK

# each side as its icon names it to a screen reader (aria-label), on the cards and the verdict table
SIDE_LABELS = {"gpu": "GPU", "tpu": "TPU"}


# --- a claim's card (render/answers.py) ----------------------------------------------------------

# the labels of the article's words on each side, at the top of the card
ARTICLE_SIDES = {"gpu": "The article, GPUs", "tpu": "The article, TPUs"}
ANSWER_LABEL = "Answer:"  # before the answer's direction

# the headings of the card's last two lists (wording.unknown and wording.would_change fill them)
UNKNOWN_LABEL = "Not known yet"
WOULD_CHANGE_LABEL = "What would change it"
# the last thing that would change it: LINK is the reproduce page, its words RUN_YOURSELF_LINK
RUN_YOURSELF_LINK = REPRODUCE_LINK
RUN_YOURSELF = "{link}, or on the cloud chips you are choosing between, and send the run file."

# the links under a kind of evidence's lines: its runs, its evidence page, a published source's results
RUNS_LINK = "the runs"
EVIDENCE_PAGE_LINK = "the evidence page"
# the evidence line that stands for the lines an earlier card on the page already shows
SAID_ABOVE = "As in the claims above, which show the rest of this evidence."


def published_link(more: str | None, title: str) -> str:
    """The words of the link to a published source's results: its own (KindInfo.more), or 'all TITLE results'."""
    return more or f"all {title} results"


# --- the article's comparison table, a verdict per row (render/verdicts.py) ----------------------

# the links in a row's evidence cell: to its card, its runs (RUNS_LABEL before them) and its evidence page
ITS_ANSWER_LINK = "Its answer, above"
RUNS_LABEL = "Runs:"
DETAILS_LINK = "Details"
# a verdict from reference data: its icon's name, and the badge under it
REFERENCE_LABEL = "reference data"
REFERENCE_BADGE = "reference data, not measured"
CONTRIBUTE_LINK = pages.CONTRIBUTE_LINK  # under a claim nothing here measures (and in its note)
PUBLISHED_RESULTS_LINK = "Published results"  # under a published source's verdict


def not_covered(title: str) -> str:
    """A published source's cell on a claim the source cannot judge."""
    return f"not covered by {title}"


# --- a verdict as a note (render/verdicts.py verdict_note) ---------------------------------------

EVIDENCE_LINK = "Evidence"  # the link to the verdict's evidence page


def note_title(feature: str, verdict: str, reference_only: bool) -> str:
    """The note's title: the claim and its verdict, said to be reference data where it is."""
    return f"{feature}: {verdict} ({REFERENCE_BADGE})" if reference_only else f"{feature}: {verdict}"


# the note's first sentence; VERDICT and CLAIM come marked up and escaped
NOTE_SAYS = 'The stored runs say {verdict} for the TPU claim "{claim}".'
REFERENCE_NOTE_SAYS = 'The dated price list (reference data, not a measurement) says {verdict} for the TPU claim "{claim}".'


# --- the answers' fragments (fragments/answers.py) -----------------------------------------------


def card_chart_title(claim_short: str) -> str:
    """The title of a card's chart of every comparison behind its answer."""
    return f"{claim_short}: every comparison"


def counted_chart_title(claim_short: str, n: int) -> str:
    """The title of a per-chip card's chart of the comparisons its sentence counts."""
    return f"{claim_short}: the {n} comparisons of chips of one generation"


def every_comparison(n: int) -> str:
    """The summary of the fold that holds a card's chart of every comparison."""
    return f"Every comparison on training ({n}), other generations included"


NO_NUMBERS = "No comparison of a TPU with a GPU holds a number yet."  # the home page's chart, where it has nothing to draw

# the judgement's downloads: the words before the links, and what each file is
DOWNLOAD_LABEL = "Download:"
JUDGEMENT_FILE = "the judgement"
JUDGEMENT_SCHEMA_FILE = "its JSON Schema"


# --- what frames every chart and table (fragments/core.py) ---------------------------------------

# what the drawn chart lets the reader do: said only once the interactive chart is drawn (the
# static one does none of this)
CHART_HELP = ("Hover a point or bar for its value and run; click a legend entry to hide or show its series; "
              "scroll to zoom, drag to pan, double-click to reset.")
# the names a screen reader gives a box that scrolls sideways (aria-label)
TABLE_REGION = "table, scrolls sideways"
CHART_REGION = "chart, scrolls sideways"


def not_imported(what: str, source: str) -> str:
    """What a fragment showing a published source says where none of it is imported, and how to import it."""
    return f"{what} (run accelbench import {source})"
