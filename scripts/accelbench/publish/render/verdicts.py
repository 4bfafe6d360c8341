"""The verdicts as the pages show them: the article's comparison table with a verdict per row
(and one from published results beside it), and one verdict as a note. Given the verdicts and
findings; it judges nothing."""

from __future__ import annotations

from accelbench.core.text import esc, esc_md
from accelbench.judge.judging import CONTRADICTED, NOT_MEASURED, SPLIT, SUPPORTED, TIE
from accelbench.publish.render.icons import REFERENCE_ICON, SIDE_ICONS, icon, verdict_icon
from accelbench.publish.render.tables import admonition, html_table
from accelbench.publish.wording import cards
from accelbench.publish.wording import tables as table_words
from accelbench.publish.wording.lines import texts
from accelbench.publish.wording.terms import NO_COMPARISON, verdict_words


def verdict_table(verdicts, runs_url: str, page_url, contribute_url: str, published=()) -> str:
    """The article's comparison table with a verdict per row, measured and one column per published
    source (``published``: (title, claim slug -> finding, url)), each never merged with another. The
    evidence itself is each claim's card on the same page, said once there. ``page_url(src)`` turns
    a docs path into a link relative to the current page."""
    # each side by its icon (inline SVG: an emoji would be an empty box where no emoji font is installed)
    feature, gpus, tpus, *columns = table_words.VERDICT_COLUMNS
    head = [feature, *(side.format(icon=icon(SIDE_ICONS[p], cards.SIDE_LABELS[p])) for side, p in ((gpus, "gpu"), (tpus, "tpu"))),
            *columns, *(table_words.PUBLISHED_COLUMN.format(title=title) for title, _, _ in published)]
    rows = []
    for v in verdicts:
        # the claim's card above the table says the evidence: the table gives only each kind's verdict
        links = f'<a href="#claim-{esc(v.claim.slug)}">{esc(cards.ITS_ANSWER_LINK)}</a>'
        if v.runs:
            links += (f"<br>{esc(cards.RUNS_LABEL)} "
                      + ", ".join(f'<a href="{runs_url}#run-{esc(r)}">{esc(r[:15])}…</a>' for r in v.runs))
        if v.page:
            links += f'<br><a href="{page_url(v.page)}">{esc(cards.DETAILS_LINK)}</a>'
        if v.reference_only:  # not a measurement: shown apart, without a verdict's colour
            marker = icon(REFERENCE_ICON, cards.REFERENCE_LABEL)
            verdict = (f'<span class="ab-verdict ab-verdict--reference">{marker} {esc(verdict_words(v.verdict))}</span>'
                       f'<br><span class="ab-badge ab-badge--wide">{esc(cards.REFERENCE_BADGE)}</span>')
        else:
            css = f'ab-verdict ab-verdict--{v.verdict.replace(" ", "-")}'
            verdict = f'<span class="{css}">{verdict_icon(v.verdict)} {esc(verdict_words(v.verdict))}</span>'
        if v.verdict == NOT_MEASURED:
            verdict += f'<br><a href="{contribute_url}">{esc(cards.CONTRIBUTE_LINK)}</a>'
        row = [f"<strong>{esc(v.feature)}</strong>", esc(v.gpu_claim), esc(v.tpu_claim), links, verdict]
        row += [_published_cell(found.get(v.claim.slug), title, url) for title, found, url in published]
        rows.append(row)
    return html_table(head, rows)


def _published_cell(p, title: str, published_url: str) -> str:
    """A published verdict, with a link to the published results (its evidence is its card's, above)."""
    if p is None:  # the source cannot judge this claim (claims.py)
        return f'<span class="ab-verdict ab-verdict--not-covered">{esc(cards.not_covered(title))}</span>'

    said = NO_COMPARISON if p.verdict == NOT_MEASURED else verdict_words(p.verdict)  # a source measures nothing
    css = f'ab-verdict ab-verdict--{p.verdict.replace(" ", "-")}'
    return f'<span class="{css}">{esc(said)}</span><br><a href="{published_url}">{esc(cards.PUBLISHED_RESULTS_LINK)}</a>'


# Material's admonition per verdict
NOTE_TYPES = {SUPPORTED: "success", CONTRADICTED: "failure", TIE: "warning", SPLIT: "warning"}


def verdict_note(v, details_src: str | None, contribute_src: str) -> str:
    """One verdict as a Markdown admonition: the verdict, its evidence, where to read more."""
    # a price list is not a measurement: an info note, said so
    note_type = "info" if v.reference_only else NOTE_TYPES.get(v.verdict, "note")
    links = [f"[{esc_md(cards.EVIDENCE_LINK)}]({details_src})"] if details_src else []
    if v.verdict == NOT_MEASURED:
        links.append(f"[{esc_md(cards.CONTRIBUTE_LINK)}]({contribute_src})")
    title = esc(cards.note_title(v.feature, verdict_words(v.verdict), v.reference_only))
    says = cards.REFERENCE_NOTE_SAYS if v.reference_only else cards.NOTE_SAYS
    lines = [says.format(verdict=f"**{esc_md(verdict_words(v.verdict))}**", claim=esc_md(v.tpu_claim)), "",
             *[f"- {esc_md(e)}" for e in texts(v.lines)], "", " · ".join(links)]
    return admonition(note_type, title, lines)
