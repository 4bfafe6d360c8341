"""The article's other claims (judge/claims.py STATEMENTS), each answered where the article prints
it: its own kinds' verdicts and sentences, and links to the answers that answer it (said once, on
the comparison page or beside an earlier statement). And the table of every claim of the article,
each with its verdict and a link to its answer. Sentences are publish/wording/'s."""

from __future__ import annotations

from accelbench.core.text import capitalised, esc
from accelbench.judge.claims import CHOOSING, CLAIMS, CONCLUSION, GPUS, STATEMENTS, TPUS
from accelbench.judge.fact_records import Recorded
from accelbench.judge.facts import Trend
from accelbench.judge.judging import NOT_MEASURED
from accelbench.publish import wording
from accelbench.publish.fragments.core import Context, chart_block, fragment, wrap
from accelbench.publish.render import tables
from accelbench.publish.render.answers import holds_html
from accelbench.publish.render.trend_chart import trend_chart
from accelbench.publish.wording import sentences as sentence_words
from accelbench.publish.wording.lines import text

COMPARISON_PAGE = "article/comparison.md"
WORDS = wording.STATEMENT_WORDS
LINKS_SHOWN = 6  # a finding's sources named in its line: three models' records and the pages they cite


def _css(verdict: str) -> str:
    return "ab-verdict ab-verdict--" + esc(verdict.replace(" ", "-"))


def answer_url(ctx: Context, slug: str) -> str:
    """Where a claim's answer lives: a table claim's card on the comparison page, a statement's box on its page."""
    if slug in CLAIMS:
        return f"{ctx.links.html(COMPARISON_PAGE)}#claim-{slug}"
    return f"{ctx.links.html(STATEMENTS[slug].page)}#statement-{slug}"


def _name(slug: str) -> str:
    """A claim as a table names it: its row, or a statement's own words, quoted."""
    return CLAIMS[slug].feature if slug in CLAIMS else f"“{STATEMENTS[slug].words.rstrip('.')}”"


def _said(ctx: Context, slug: str) -> str:
    """A claim's answer in a few words: a table claim's direction, a statement's verdict."""
    if slug in CLAIMS:
        return wording.direction(ctx.judgement.answer(slug))
    s = ctx.judgement.statement(slug)
    return capitalised(wording.statement_verdict(s.verdict, _coverage(s)))


def _coverage(s) -> Recorded | None:
    """How much of what a statement speaks of its records cover, where every kind answering it is counted over
    records (Epoch's): a kind that judges otherwise (MLPerf) holds whatever the records cover."""
    covered = [getattr(f.facts, "coverage", None) for _, f in s.kinds]
    return covered[0] if len(covered) == 1 and covered[0] else None


def _strength(ctx: Context, slug: str) -> str:
    how = wording.strength(ctx.judgement.answer(slug)) if slug in CLAIMS else ""
    return f" ({esc(how)})" if how else ""


def _linked(ctx: Context, slug: str) -> str:
    """One answer this statement rests on, as a link with its verdict and, for a table claim, its strength."""
    how = wording.strength(ctx.judgement.answer(slug)) if slug in CLAIMS else ""
    return (f'<li><a href="{esc(answer_url(ctx, slug))}">{esc(_name(slug))}</a>: {esc(_said(ctx, slug))}'
            + (f" ({esc(how)})" if how else "") + "</li>")


def _own(ctx: Context, kind: str, finding, slug: str) -> str:
    named = capitalised(ctx.judgement.kinds[kind].named)
    linked = "".join(f' <a href="{esc(link.url)}">{esc(text(link.text))}</a>' for link in finding.links[:LINKS_SHOWN] if link.url)
    return (f'<p><strong>{esc(named)}</strong>: <span class="{_css(finding.verdict)}">'
            f'{esc(wording.statement_verdict(finding.verdict, getattr(finding.facts, "coverage", None)))}</span>. '
            f'{esc(wording.statement_sentence(finding))}'
            + (f' <span class="ab-statement__sources">{esc(WORDS["sources"])}{linked}</span>' if linked else "") + "</p>\n"
            + _trend(ctx, finding, slug))


def _trend(ctx: Context, finding, slug: str) -> str:
    """A trend by year, drawn where the facts hold one: a picture says it better than the sentence."""
    years = finding.facts.years if isinstance(finding.facts, Trend) else None
    drawn = years and trend_chart(years, wording.TREND_TITLE, wording.trend_alt(years), f"trend-{slug}")
    return chart_block(drawn, wording.TREND_TITLE, wording.TREND_CAPTION, ctx, help="") if drawn else ""


@fragment("statement", "SLUG", "one of the article's other claims, answered where it is read: each kind of evidence's "
          "verdict and sentence, and the answers it rests on", choices=STATEMENTS)
def _statement(ctx: Context, args: list[str]) -> str:
    s = ctx.judgement.statement(args[0])
    # the article's words stand just above: the box says only what the evidence makes of them. Kept out
    # of the search index, which every page fetches: the article's words above it are indexed
    out = [f'\n<div class="ab-statement" id="statement-{esc(s.statement.slug)}" markdown="0" data-search-exclude>\n',
           _reading(ctx, s)]
    out += [_own(ctx, kind, finding, s.statement.slug) for kind, finding in s.kinds]
    missing = [k for k in s.statement.judged_by if k not in dict(s.kinds)]
    if missing:
        kinds = ", ".join(ctx.judgement.kinds[k].named for k in missing)
        out.append(f"<p>{esc(WORDS['not_imported'].format(kinds=kinds))}</p>\n")
    if s.statement.prediction and not s.kinds:
        out.append(f"<p>{esc(wording.prediction(s.statement.to_decide))}</p>\n")
    if s.linked:
        out.append(f'<p>{esc(WORDS["answered_with"])}</p>\n<ul>' + "".join(_linked(ctx, slug) for slug in s.linked) + "</ul>\n")
    return "".join(out) + "</div>\n"


def _reading(ctx: Context, s) -> str:
    """The sentence read in its own words: whether it holds, the figure, the part that does not; a
    situation's choice first."""
    r = ctx.judgement.reading(s.statement.slug)
    choice = sentence_words.choice(r)
    return ('<p class="ab-statement__claim">'
            + (f'<strong class="ab-choice ab-choice--{esc(r.choice)}">{esc(choice)}.</strong> ' if choice else "")
            + _holds_said(r, s) + '</p>\n')


def _holds_said(r, s) -> str:
    """A reading as HTML, its verdict marked up, and said where it holds when its records cover only part of
    what it speaks of."""
    head = sentence_words.holds(r.holds).capitalize()
    # only a figure of the sentence's own records (Epoch's) is said where recorded: a reading that adds other
    # evidence holds beyond those records
    coverage = _coverage(s) if "facts" in r.figure.values else None
    if coverage and coverage.recorded < coverage.total and r.holds.value in ("holds", "partly", "does_not_hold"):
        head = wording.statement_where_recorded(head, coverage)
    return holds_html(r, head)


def _row(ctx: Context, slug: str) -> list[str]:
    if slug in CLAIMS:
        a, claim = ctx.judgement.answer(slug), CLAIMS[slug]
        # each side's words read as a sentence, then the row's answer: who wins it
        verdict = "<br>".join(
            f'{esc(sentence_words.WORDS[side + "s"])}: {holds_html(r)}'
            for side in ("gpu", "tpu") for r in (ctx.judgement.reading(f"{slug}.{side}"),))
        verdict += (f'<br>{esc(sentence_words.WORDS["answer"])}: <span class="ab-verdict">{esc(wording.direction(a))}</span>'
                    + (f" ({esc(wording.strength(a))})" if a.strength else ""))
        words, page = f"{claim.feature}: “{claim.gpu}” (GPUs), “{claim.tpu}” (TPUs)", COMPARISON_PAGE
    else:
        s = ctx.judgement.statement(slug)
        r = ctx.judgement.reading(slug)
        choice = sentence_words.choice(r)
        verdict = (f"<strong>{esc(choice)}.</strong> " if choice else "") + _holds_said(r, s)
        words, page = s.statement.words, s.statement.page
    section = ctx.links.html(page)
    return [f'<a href="{esc(section)}">{esc(wording.ARTICLE_PAGES[page])}</a>', esc(words), verdict,
            f'<a href="{esc(answer_url(ctx, slug))}">{esc(WORDS["answer"])}</a>']


@fragment("statements", "", "every claim of the article (its table's rows and the rest), each with its verdict and a "
          "link to its answer")
def _statements(ctx: Context, args: list[str]) -> str:
    before = [slug for slug, s in STATEMENTS.items() if s.page in (GPUS, TPUS)]  # the article prints these before its table
    order = before + [*CLAIMS] + [slug for slug in STATEMENTS if slug not in before]
    rows = [_row(ctx, slug) for slug in order]
    undecided = sum(1 for s in ctx.judgement.statements if s.verdict == NOT_MEASURED)
    note = f"\n{esc(WORDS['undecided'].format(n=undecided))}\n" if undecided else ""
    return wrap(tables.html_table(WORDS["claims_head"], rows, stacked=True)) + note


@fragment("recommendation", "[brief]", "the article's conclusion rewritten from the evidence: who should choose which "
          "chip, on what condition, each with the figure that decides it, its strength, its dates and a link to its "
          "answer (brief: each condition with its deciding number only, the whole box a link away)",
          choices=lambda ctx: ["brief"])
def _recommendation(ctx: Context, args: list[str]) -> str:
    conditions = ctx.judgement.recommendation
    brief = args == ["brief"]
    if not conditions:
        return f"\n<p>{esc(WORDS['no_advice'])}</p>\n"
    groups = WORDS["advice_groups"]
    out = []
    for group in ("tpu", "gpu", "other"):
        chosen = [c for c in conditions if (c.side if c.topic in wording.buyer.LEVER_WHEN else "other") == group]
        if chosen:
            said = (_brief(ctx, c) if brief else _condition(ctx, c) for c in chosen)
            out.append(f'<div class="ab-recommendation__group"><p><strong>{esc(groups[group])}:</strong></p>\n<ul>\n'
                       + "\n".join(said) + "\n</ul></div>")
    note = (f'<a href="{esc(ctx.links.html(CONCLUSION))}#the-evidences-answer">{esc(WORDS["advice_more"])}</a>' if brief
            else esc(WORDS["advice_note"]))
    return (f'\n<div class="ab-recommendation{" ab-recommendation--brief" if brief else ""}" markdown="0">\n'
            f'<p class="ab-recommendation__lead"><strong>{esc(WORDS["advice_head"])}</strong></p>\n'
            f'<div class="ab-recommendation__groups">' + "\n".join(out) + '</div>'
            # the brief box's link at the text's own size and colour (a small link fails the contrast rule)
            + (f'\n<p class="ab-recommendation__note">{note}</p>\n</div>\n' if brief else
               f'\n<p class="ab-recommendation__note"><small>{note}</small></p>\n</div>\n'))


def _brief(ctx: Context, c) -> str:
    """One condition in a line: when, what to choose, and the number that decides it, linked to its evidence."""
    _, choose, _ = wording.condition(c)
    when = wording.buyer.brief_when(c.topic, c.side, c.figures)
    figure = wording.buyer.brief(c.topic, c.side, c.figures) if c.topic in wording.buyer.LEVER_WHEN else ""
    said = figure or choose  # a cost condition's group says the choice; another says it here
    return f'<li><a href="{esc(answer_url(ctx, c.claim))}"><strong>{esc(when)}</strong></a>: {esc(said)}.</li>'


def _condition(ctx: Context, c) -> str:
    """One condition: when, what to choose and the figure that decides it; its strength and dates; its answer."""
    when, choose, figure = wording.condition(c)
    dated = wording.condition_dated(c)
    strength = wording.buyer.strength(c.strength, sum(k.comparisons for k in getattr(c.figures, "cases", ())))
    said = f' <span class="ab-recommendation__strength">{esc(WORDS["strength"].format(said=strength))}.</span>' \
        if strength else ""
    # the figures stay out of the search index, which every page fetches (the box is on three pages): the
    # conditions themselves are found
    return (f'<li><strong>{esc(when)}: {esc(choose)}.</strong> <span data-search-exclude>{esc(capitalised(figure))}.'
            f'{said} (<a href="{esc(answer_url(ctx, c.claim))}">{esc(WORDS["evidence"])}</a>'
            f'{esc(", " + dated if dated else "")}).</span></li>')


@fragment("situations", "", "the article's 'When to use which', one row per situation: what the evidence answers, how "
          "strongly, and a link to the answer")
def _situations(ctx: Context, args: list[str]) -> str:
    rows = [_row(ctx, slug)[1:] for slug, s in STATEMENTS.items() if s.page == CHOOSING]
    return wrap(tables.html_table(WORDS["situations_head"], rows, stacked=True))
