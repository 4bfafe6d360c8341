"""The answers as HTML: one card per claim (the article's words, the answer, the sentence that
carries its numbers, the chart of every comparison, each kind of evidence folded in its own
labelled block, what is not known and what would change it), the seven at a glance, and the
short paragraph that answers the title question. Given answers, returns HTML; every string from
data is escaped. Every sentence comes from publish/wording/."""

from __future__ import annotations

import pandas as pd

from accelbench.core.text import capitalised, esc
from accelbench.judge.answers import Answer, KindAnswer
from accelbench.judge.claims import MEASURED
from accelbench.judge.facts import Frameworks
from accelbench.judge.judging import NOT_MEASURED
from accelbench.judge.per_dollar import RATIO_METRICS, break_even_ratio
from accelbench.publish import wording
from accelbench.publish.render.icons import SIDE_ICONS, direction_icon, icon, verdict_icon
from accelbench.publish.wording import cards, terms
from accelbench.publish.wording import sentences as sentence_words
from accelbench.publish.wording.lines import figures, text, texts

MAX_LINKS = 4  # links per kind of evidence: the tables behind them hold the rest


def headline(a: Answer) -> str:
    """The answer's direction with its icon, how strongly, and how recent its evidence is: the three
    stand together wherever an answer is shown."""
    said = "; ".join(s for s in (wording.strength(a), wording.evidence_as_of(a)) if s)
    return (f'<span class="ab-answer__direction ab-answer__direction--{a.direction.value}">'
            f'{direction_icon(a.direction)} {esc(wording.direction(a))}</span>'
            + (f" <small>({esc(said)})</small>" if said else ""))


def lead(a: Answer) -> str:
    """The answer in one sentence (wording.opening), then inference shown apart, never counted. The
    direction is the heading's, just above: the sentence does not say it again."""
    aside = wording.apart(a)
    return (f'<p class="ab-answer__lead">{esc(wording.opening(a))}{_pages(a)}' + (f" {esc(aside)}" if aside else "")
            + "</p>")


def _pages(a: Answer) -> str:
    """The vendor's pages the sentence quotes, each one click away after it (a rule's facts name the page)."""
    pages = [(terms.vendor_page(k.finding.facts.vendor), k.finding.facts.page) for k in a.kinds
             if isinstance(k.finding.facts, Frameworks) and k.finding.facts.page]
    return "".join(f' (<a href="{esc(url)}">{esc(said)}</a>)' for said, url in pages)


def comparison_rows(answers: list[Answer], prefix_claim: bool = False, keep=None) -> pd.DataFrame:
    """Every comparison of every kind of evidence on these answers, one row each, for the answers'
    charts: grouped by TPU chip (by claim first where ``prefix_claim``: "Cost: Trillium (TPU v6e)"),
    each with its short label, in the order answer_labels.labelled gives them. ``keep(answer,
    kind_answer, comparison)``: the comparisons to draw (all by default)."""
    from accelbench.publish.render.answer_labels import labelled

    records, compared = [], []
    for n, a in enumerate(answers):
        short = a.claim.short  # "Speed", not "Speed (for AI)": the header stays short
        for k in a.kinds:
            for c in k.finding.comparisons:
                if keep is not None and not keep(a, k, c):
                    continue
                tpu, gpu = c.tpu_name or c.tpu, c.gpu_name or c.gpu
                records.append({"group": f"{short}: {tpu}" if prefix_claim else tpu, "claim_order": n,
                                "comparison": text(c.name), "claim": a.claim.slug, "kind": k.named,
                                "kind_label": terms.kind_name(k.info), "counted": k.info.for_training,
                                "advantage": c.advantage, "low": c.low, "high": c.high, "metric": c.metric,
                                "side": c.side,
                                "figures": figures(c), "url": c.url, "tpu": tpu, "gpu": gpu, "chips": c.chips,
                                "gpu_chips": c.gpu_chips, "precision": c.precision, "preview": c.preview,
                                "model": c.model, "citation": c.citation, "tpu_available": c.tpu_available,
                                "gpu_available": c.gpu_available, "generation": terms.generation(c),
                                # a per-chip speed ratio is also a price ratio: stated beside it
                                "price_ratio": break_even_ratio(c)[0] if c.metric in RATIO_METRICS else None,
                                "same_generation": c.same_generation})
                compared.append(c)
    return labelled(records, compared)


def card(a: Answer, links: dict, chart: str = "", said: set | None = None, sides: dict | None = None) -> str:
    """``links``: 'runs' (the runs page), 'page' (src -> url), 'reproduce', 'published' (kind -> url),
    'tools' (claim -> the url of its page for one's own figures; optional).
    ``chart``: the chart of its comparisons, drawn beside the sentence. Each answer is shown once, on
    the comparison page; every other page links to it. ``said``: the evidence lines earlier cards on
    the page already show (each is shown once a page, later cards point to it). ``sides``: side -> the
    reading of the article's words on that side (judge/sentences.py), shown under them."""
    sides = sides or {}
    parts = [f'<div class="ab-answer" id="answer-{esc(a.claim.slug)}">',
             '<dl class="ab-answer__article">'
             + "".join(f'<dt>{esc(cards.ARTICLE_SIDES[side])} {icon(SIDE_ICONS[side], cards.SIDE_LABELS[side])}</dt>'
                       f"<dd>{esc(claimed)}{_holds(sides.get(side))}</dd>"
                       for side, claimed in (("gpu", a.claim.gpu), ("tpu", a.claim.tpu)))
             + "</dl>",
             f'<p class="ab-answer__answer"><strong>{esc(cards.ANSWER_LABEL)}</strong> {headline(a)}</p>',
             # which kind says what of the article's words: out of the search index, as the sides' readings above
             lead(a), tool(a, links), chart, f"<p data-search-exclude>{esc(wording.bears_on(a))}</p>"]
    # our own runs without a GPU-and-TPU result get one line per page (coverage-line), not a box per card
    parts += [_kind_block(k, links, links["page"](a.claim.page), said) for k in a.kinds
              if not (k.kind == MEASURED and k.finding.verdict == NOT_MEASURED)]
    unknown = wording.unknown(a)
    if unknown:
        parts.append(f'<p class="ab-answer__label">{esc(cards.UNKNOWN_LABEL)}</p><ul>'
                     + "".join(f"<li>{esc(u)}</li>" for u in unknown) + "</ul>")
    run_yourself = esc(cards.RUN_YOURSELF).format(link=f'<a href="{links["reproduce"]}">{esc(cards.RUN_YOURSELF_LINK)}</a>')
    parts.append(f'<p class="ab-answer__label">{esc(cards.WOULD_CHANGE_LABEL)}</p><ul>'
                 + "".join(f"<li>{esc(w)}</li>" for w in wording.would_change(a))
                 + f"<li>{run_yourself}</li></ul>")
    return "\n".join(parts) + "\n</div>\n"


def _holds(r) -> str:
    """Under one side of the article's row: whether its words hold, and the figure that decides it."""
    # kept out of the search index, which every page fetches: the every-claim table says it again
    return "" if r is None else f"<br><small data-search-exclude>{holds_html(r)}</small>"


def holds_html(r, head: str | None = None) -> str:
    """A sentence's reading, its verdict marked up ('<strong>Partly holds</strong>: ...'); HEAD in place of the
    verdict's own words where a page says more of it."""
    said, rest = sentence_words.reading_parts(r, text)
    return f'<strong class="ab-holds ab-holds--{esc(r.holds.value)}">{esc(head or said)}</strong>{esc(rest)}'


def tool(a: Answer, links: dict) -> str:
    """The link to the page where a reader works the claim out with figures of their own (the cost
    estimator), in terms.TOOLS's words; '' for a claim without one, or where LINKS has no page for it."""
    url, said = links.get("tools", {}).get(a.claim.slug), terms.TOOLS.get(a.claim.slug)
    return f'<p class="ab-answer__tool"><a href="{esc(url)}">{esc(said)}</a></p>' if url and said else ""


def _kind_block(k: KindAnswer, links: dict, page_url: str, said: set | None = None) -> str:
    verdict = wording.verdict(k)
    lines = "".join(f"<li>{esc(e)}</li>" for e in _once(texts(k.finding.lines), said))
    more = [f'<a href="{esc(link.url)}">{esc(text(link.text))}</a>' for link in k.finding.links[:MAX_LINKS]]
    if k.finding.runs:
        more.append(f'<a href="{links["runs"]}">{esc(cards.RUNS_LINK)}</a>')
    if k.kind == MEASURED:
        more.append(f'<a href="{page_url}">{esc(cards.EVIDENCE_PAGE_LINK)}</a>')
    elif k.kind in links["published"]:
        more.append(f'<a href="{links["published"][k.kind]}">{esc(cards.published_link(k.info.more, k.info.title))}</a>')
    # folded: the sentence and the chart above carry its numbers; the block holds the detail, kept
    # out of the search index (which every page fetches): the sentence above is what search finds
    return (f'<details class="ab-evidence ab-evidence--{esc(k.kind)}" data-search-exclude>'
            f'<summary class="ab-evidence__label">{esc(capitalised(wording.noun(k)))}: '
            f'<span class="ab-verdict ab-verdict--{esc(k.finding.verdict.replace(" ", "-"))}">'
            f'{verdict_icon(k.finding.verdict, verdict)} {esc(verdict)}</span></summary>'
            f"<ul>{lines}</ul>" + (f'<p class="ab-evidence__links">{" · ".join(more)}</p>' if more else "") + "</details>")


def _once(lines: list[str], said: set | None) -> list[str]:
    """The lines not yet shown on the page (all of them where the page keeps no record)."""
    if said is None:
        return lines
    fresh = [e for e in lines if e not in said]
    said.update(fresh)
    return fresh + ([cards.SAID_ABOVE] if len(fresh) < len(lines) else [])


def glance(answers: list[Answer], card_url) -> str:
    """The seven answers, one line each: the claim, its direction and how strongly (the strength stands
    wherever a verdict does), and the sentence with its figures."""
    items = "".join(f'<li><a href="{card_url(a.claim.slug)}"><strong>{esc(a.claim.feature)}</strong></a>: '
                    f"{headline(a)}<br>{esc(wording.opening(a))}</li>" for a in answers)
    return f'<ul class="ab-glance">{items}</ul>\n'


def summary(answers: list[Answer]) -> str:
    """The title question answered in two sentences, from the answers alone."""
    return f"<p>{esc(wording.summary(answers))}</p>\n"
