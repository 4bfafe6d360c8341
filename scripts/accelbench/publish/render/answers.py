"""The answers as HTML: one card per claim (the article's words, the answer, each kind of
evidence in its own labelled block, what is not known and what would change it), the seven at a
glance, and the short paragraph that answers the title question. Given answers, returns HTML;
every string from data is escaped."""

from __future__ import annotations

from accelbench.core.text import esc
from accelbench.judge.answers import DECISIVE, MIXED_ANSWER, NO_EVIDENCE, TO_GPU, TO_TPU, Answer, KindAnswer, listed
from accelbench.judge.claims import MEASURED

DIRECTION_CSS = {TO_TPU: "tpu", TO_GPU: "gpu", MIXED_ANSWER: "mixed", NO_EVIDENCE: "none"}
DIRECTION_ICON = {TO_TPU: "⚙️", TO_GPU: "🎮", MIXED_ANSWER: "⚖️", NO_EVIDENCE: "❔"}
MAX_LINKS = 4  # links per kind of evidence: the tables behind them hold the rest


def headline(a: Answer) -> str:
    words = a.direction[0].upper() + a.direction[1:]
    return (f'<span class="ab-answer__direction ab-answer__direction--{DIRECTION_CSS[a.direction]}">'
            f'{DIRECTION_ICON[a.direction]} {esc(words)}</span>' + (f" <small>({esc(a.strength)})</small>" if a.strength else ""))


def card(a: Answer, links: dict, searchable: bool = True) -> str:
    """``links``: 'runs' (the runs page), 'page' (src -> url), 'reproduce', 'published' (kind -> url).
    A card shown again elsewhere is kept out of the search index (``searchable=False``): the index
    every page loads holds each answer once, from the comparison page."""
    exclude = "" if searchable else " data-search-exclude"
    parts = [f'<div class="ab-answer" id="answer-{esc(a.claim.slug)}"{exclude}>',
             '<dl class="ab-answer__article">'
             f'<dt>The article, GPUs 🎮</dt><dd>{esc(a.claim.gpu)}</dd>'
             f'<dt>The article, TPUs ⚙️</dt><dd>{esc(a.claim.tpu)}</dd></dl>',
             f'<p class="ab-answer__answer"><strong>Answer:</strong> {headline(a)}</p>',
             f"<p>{esc(a.bears_on)}</p>"]
    if a.deciding:
        parts.append('<p class="ab-answer__label">What decides it</p><ul class="ab-answer__deciding">'
                     + "".join(f"<li>{esc(d)}</li>" for d in a.deciding) + "</ul>")
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
        more.append(f'<a href="{links["published"][k.kind]}">all {esc(k.info.title)} results</a>')
    return (f'<section class="ab-evidence ab-evidence--{esc(k.kind)}">'
            f'<p class="ab-evidence__label">{esc(k.named)}: '
            f'<span class="ab-verdict ab-verdict--{esc(verdict.replace(" ", "-"))}">{esc(verdict)}</span></p>'
            f"<ul>{lines}</ul>" + (f'<p class="ab-evidence__links">{" · ".join(more)}</p>' if more else "") + "</section>")


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
    measured = [a for a in answers for k in a.kinds if k.kind == MEASURED and k.finding.verdict in DECISIVE
                and not k.reference_only]
    if not measured:
        parts.append("No claim is decided by a measurement made here yet: every measured comparison needs a TPU run.")
    return "<p>" + " ".join(esc(p) for p in parts) + "</p>\n"
