"""The answers as HTML: one card per claim (the article's words, the answer, the sentence that
carries its numbers, the chart of every comparison, each kind of evidence folded in its own
labelled block, what is not known and what would change it), the seven at a glance, and the
short paragraph that answers the title question. Given answers, returns HTML; every string from
data is escaped."""

from __future__ import annotations

import pandas as pd

from accelbench.core.text import capitalised, esc
from accelbench.judge.answers import DECISIVE, MIXED_ANSWER, NO_EVIDENCE, TO_GPU, TO_TPU, Answer, KindAnswer, listed
from accelbench.judge.claims import MEASURED
from accelbench.judge.judging import MARGIN_TEXT, Comparison
from accelbench.publish.render.icons import SIDE_ICONS, direction_icon, icon, verdict_icon

DIRECTION_CSS = {TO_TPU: "tpu", TO_GPU: "gpu", MIXED_ANSWER: "mixed", NO_EVIDENCE: "none"}
MAX_LINKS = 4  # links per kind of evidence: the tables behind them hold the rest
LISTED = 3  # a kind with this many comparisons or fewer names each in the sentence; more are counted


def headline(a: Answer) -> str:
    words = capitalised(a.direction)
    return (f'<span class="ab-answer__direction ab-answer__direction--{DIRECTION_CSS[a.direction]}">'
            f'{direction_icon(a.direction)} {esc(words)}</span>' + (f" <small>({esc(a.strength)})</small>" if a.strength else ""))


def _advantage(c: Comparison) -> str:
    return f"{c.low:.2f}–{c.high:.2f}×" if c.low is not None and c.high is not None and c.low != c.high else f"{c.advantage:.2f}×"


def _kind_said(k: KindAnswer, url: str) -> str:
    """One kind's part of the sentence: its comparisons named (a few) or counted (many), with the
    TPU's advantage, or its verdict where it compares no number."""
    compared = k.finding.comparisons
    if not compared:  # a verdict without a number: said of the article's claim
        said = f"the claim is {k.finding.verdict}" if k.finding.verdict in DECISIVE else k.finding.verdict
        said += f" ({k.finding.said})" if k.finding.said else ""
        return f"{esc(k.named)}: {esc(said)}"
    if len(compared) <= LISTED:
        return f"{esc(k.named)}: " + ", ".join(f"{esc(c.label)} {_advantage(c)}" for c in compared)
    sides = [c.favours() for c in compared]
    counts = f"{sides.count('tpu')} favour the TPU, {sides.count('gpu')} the GPU, {sides.count(None)} within ±{MARGIN_TEXT}"
    low, high = min(c.advantage for c in compared), max(c.advantage for c in compared)
    return (f'{esc(k.named)}: <a href="{esc(url)}">{len(compared)} comparisons</a> ({counts}; TPU advantage '
            f"{low:.2f}× to {high:.2f}×)")


def lead(a: Answer, links: dict) -> str:
    """The answer in one sentence, generated from the findings: the direction, then what each kind
    of evidence compared, with its numbers (inference shown apart, never counted)."""
    def url(k):
        return links["page"](a.claim.page) if k.kind == MEASURED else links["published"].get(k.kind, "")
    counted = [k for k in a.kinds if k.info.for_training]
    apart = [k for k in a.kinds if not k.info.for_training and k.finding.comparisons]
    said = "; ".join(_kind_said(k, url(k)) for k in counted) or "no kind of evidence judges it yet"
    words = capitalised(a.direction)
    extra = f" Shown apart, never counted: {'; '.join(_kind_said(k, url(k)) for k in apart)}." if apart else ""
    scale = (" TPU advantage: above 1× favours the TPU, below it the GPU."
             if any(k.finding.comparisons for k in a.kinds) else "")
    return f'<p class="ab-answer__lead"><strong>{esc(words)}</strong>: {said}.{scale}{extra}</p>'


def comparison_rows(answers: list[Answer], prefix_claim: bool = False) -> pd.DataFrame:
    """Every comparison of every kind of evidence on these answers, one row each, in the order of
    the kinds (as each answer lists them), for the answers' chart."""
    rows = []
    for a in answers:
        for k in a.kinds:
            for c in k.finding.comparisons:
                short = a.claim.feature.split(" (")[0]  # "Speed", not "Speed (for AI)": the label stays short
                rows.append({"label": f"{short}: {c.label}" if prefix_claim else c.label,
                             "kind": k.named, "advantage": c.advantage, "low": c.low, "high": c.high,
                             "metric": c.metric, "figures": c.figures, "url": c.url, "tpu": c.tpu, "gpu": c.gpu,
                             "chips": c.chips, "precision": c.precision, "preview": c.preview})
    frame = pd.DataFrame(rows)
    if not frame.empty:  # one row per label: two comparisons the source words alike stay apart
        frame["label"] = [f"{label} ({n + 1})" if n else label
                          for label, n in zip(frame["label"], frame.groupby("label").cumcount(), strict=True)]
    return frame


def card(a: Answer, links: dict, searchable: bool = True, chart: str = "") -> str:
    """``links``: 'runs' (the runs page), 'page' (src -> url), 'reproduce', 'published' (kind -> url).
    ``chart``: the figure of its comparisons, drawn beside the sentence. A card shown again
    elsewhere is kept out of the search index (``searchable=False``): the index every page loads
    holds each answer once, from the comparison page."""
    exclude = "" if searchable else " data-search-exclude"
    parts = [f'<div class="ab-answer" id="answer-{esc(a.claim.slug)}"{exclude}>',
             '<dl class="ab-answer__article">'
             f'<dt>The article, GPUs {icon(SIDE_ICONS["gpu"], "GPU")}</dt><dd>{esc(a.claim.gpu)}</dd>'
             f'<dt>The article, TPUs {icon(SIDE_ICONS["tpu"], "TPU")}</dt><dd>{esc(a.claim.tpu)}</dd></dl>',
             f'<p class="ab-answer__answer"><strong>Answer:</strong> {headline(a)}</p>',
             lead(a, links), chart, f"<p>{esc(a.bears_on)}</p>"]
    parts += [_kind_block(k, links, links["page"](a.claim.page)) for k in a.kinds]
    if a.unknown:
        parts.append('<p class="ab-answer__label">Not known yet</p><ul>' + "".join(f"<li>{esc(u)}</li>" for u in a.unknown)
                     + "</ul>")
    parts.append('<p class="ab-answer__label">What would change it</p><ul>'
                 + "".join(f"<li>{esc(w)}</li>" for w in a.would_change)
                 + f'<li><a href="{links["reproduce"]}">Run the benchmarks on your hardware</a>, or on the cloud '
                 f'chips you are choosing between, and send the run file.</li></ul>')
    return "\n".join(parts) + "\n</div>\n"


def _kind_block(k: KindAnswer, links: dict, evidence_url: str) -> str:
    verdict = k.finding.verdict
    lines = "".join(f"<li>{'<br>'.join(esc(part) for part in e.split('; '))}</li>" for e in k.finding.evidence)
    more = [f'<a href="{esc(url)}">{esc(label)}</a>' for label, url in k.finding.links[:MAX_LINKS]]
    if k.finding.runs:
        more.append(f'<a href="{links["runs"]}">the runs</a>')
    if k.kind == MEASURED:
        more.append(f'<a href="{evidence_url}">the evidence page</a>')
    elif k.kind in links["published"]:
        more.append(f'<a href="{links["published"][k.kind]}">{esc(k.info.more or f"all {k.info.title} results")}</a>')
    # folded: the sentence and the chart above carry its numbers; the block holds the detail, kept
    # out of the search index (which every page fetches): the sentence above is what search finds
    return (f'<details class="ab-evidence ab-evidence--{esc(k.kind)}" data-search-exclude>'
            f'<summary class="ab-evidence__label">{esc(k.named)}: '
            f'<span class="ab-verdict ab-verdict--{esc(verdict.replace(" ", "-"))}">{verdict_icon(verdict)} '
            f'{esc(verdict)}</span></summary>'
            f"<ul>{lines}</ul>" + (f'<p class="ab-evidence__links">{" · ".join(more)}</p>' if more else "") + "</details>")


def glance(answers: list[Answer], card_url) -> str:
    """The seven answers as a compact list, each linked to its card."""
    items = "".join(f'<li><a href="{card_url(a.claim.slug)}"><strong>{esc(a.claim.feature)}</strong></a>: '
                    f"{headline(a)}</li>" for a in answers)
    return f'<ul class="ab-glance">{items}</ul>\n'


def summary(answers: list[Answer]) -> str:
    """The title question answered in a few sentences, from the answers alone."""
    groups = {d: [a.claim.feature for a in answers if a.direction == d] for d in (TO_GPU, TO_TPU, MIXED_ANSWER, NO_EVIDENCE)}
    said = []
    if groups[TO_GPU]:
        said.append(f"points to the GPU on {listed(groups[TO_GPU])}")
    if groups[TO_TPU]:
        said.append(f"points to the TPU on {listed(groups[TO_TPU])}")
    if groups[MIXED_ANSWER]:
        said.append(f"is mixed on {listed(groups[MIXED_ANSWER])}")
    first = (f"Of the article's {len(answers)} claims, the evidence on this site " + "; it ".join(said) + "."
             if said else f"None of the article's {len(answers)} claims has evidence on this site yet.")
    kinds = sorted({k.named for a in answers for k in a.kinds
                    if k.finding.verdict in DECISIVE and k.info.for_training})
    parts = [first]
    if kinds:
        parts.append(f"Those answers rest on {listed(kinds)}; each kind keeps its own verdict below.")
    if groups[NO_EVIDENCE]:
        parts.append(f"There is no evidence yet on {listed(groups[NO_EVIDENCE])}.")
    measured = [a for a in answers for k in a.kinds if k.kind == MEASURED and k.finding.verdict in DECISIVE]
    if not measured:
        parts.append("No claim is decided by a measurement made here yet: every measured comparison needs a TPU run.")
    return "<p>" + " ".join(esc(p) for p in parts) + "</p>\n"
