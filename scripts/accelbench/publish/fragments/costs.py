"""Fragment types of what training costs: every per-chip comparison a cost rule judged, priced at
each provider and tier (one table per kind of evidence, never mixed), and the cost-to-train
estimator over the same figures. Listed in accelbench/registry.py; they read the cost rules' findings."""

from __future__ import annotations

from accelbench.core.text import capitalised, esc
from accelbench.judge.claims import MEASURED
from accelbench.judge.judging import MARGIN
from accelbench.publish.fragments.core import Context, Fragment, chart_block, concat, download, fragment, wrap
from accelbench.publish.render import per_dollar, per_dollar_chart, pricing
from accelbench.publish.wording import buyer as buyer_words
from accelbench.publish.wording import costs as words
from accelbench.publish.wording import per_dollar as pd_words
from accelbench.publish.wording.terms import verdict_words
from accelbench.store.published import SOURCES


def _kinds(ctx: Context) -> list[tuple[str, str]]:
    """(kind of evidence, its name as a heading) of every cost finding held, measured first."""
    found = [k for (claim, k) in ctx.findings() if claim == "cost"]
    names = ctx.kinds()
    return [(k, capitalised(names[k].named)) for k in [MEASURED, *SOURCES] if k in found]


def _rows(ctx: Context, kind: str) -> list[pricing.PricedRow]:
    key = f"priced-{kind}"
    if key not in ctx.memo:
        finding = ctx.findings().get(("cost", kind))
        ctx.memo[key] = pricing.priced_rows(finding.costed if finding else [], ctx.reference.prices)
    return ctx.memo[key]


@fragment("priced-comparisons", "KIND", "every per-chip comparison of one kind of evidence's cost rule, priced at each "
      "provider and tier from one price list (KIND: measured or a published source's kind)",
      choices=lambda ctx: [MEASURED, *SOURCES])
def _priced(ctx: Context, args: list[str]) -> str:
    kind = args[0]
    rows = _rows(ctx, kind)
    if not rows:
        return f"\n<p>{words.NOTHING_TO_PRICE}</p>\n"
    priced = [r for r in rows if r.pair is not None]
    gaps = "".join(f"<li>{esc(reason)}</li>" for reason in pricing.left_out(rows))
    said = f'\n<p>{words.LEFT_OUT}</p>\n<ul class="ab-left-out">{gaps}</ul>\n' if gaps else ""
    if not priced:
        return f"\n<p>{words.NONE_PRICED}</p>\n{said}"
    table = pricing.priced_table(priced, ctx.reference.prices.as_of, anchor=f"priced-{kind}")
    return concat([wrap(table.html), said,
                   download(ctx, f"priced-{kind}", table.rows, words.PRICED_DOWNLOAD)])


def break_even_block(ctx: Context) -> Fragment | str:
    """For each comparison whose one chip has no list price: the price per chip-hour at which it would cost
    the same per unit of work as each offer of the other chip (the judgement's, per_dollar)."""
    table = per_dollar.break_even_table(ctx.judgement.per_dollar, ctx.reference.prices, anchor="break-even")
    if table.html is None:
        return f"\n<p>{pd_words.NO_BREAK_EVEN}</p>\n"
    return concat([wrap(table.html), download(ctx, "break-even", table.rows, pd_words.BREAK_EVEN_DOWNLOAD)])


def per_dollar_block(ctx: Context) -> Fragment:
    """The buyer's per-dollar answer: the chart, every comparison's ratio, the downloads, the break-even prices."""
    items = ctx.judgement.per_dollar
    if not items:
        return Fragment(f"\n<p>{words.NOTHING_TO_PRICE}</p>\n")
    span, dots = per_dollar_chart.pair_rows(items, MARGIN)
    alt_text = buyer_words.chart_alt([(r.pair, r.low, r.high, int((dots["pair"] == r.pair).sum()))
                                      for r in span.itertuples()])
    drawn = per_dollar_chart.per_dollar_chart(items, MARGIN, "per-dollar", alt_text)
    table = per_dollar.ratio_table(items, {k: v.noun for k, v in ctx.kinds().items()}, anchor="per-dollar")
    return concat(['\n<div class="ab-per-dollar" data-search-exclude>', f"\n<p>{esc(pd_words.INTRO)}</p>\n",
                   chart_block(drawn, alt_text, buyer_words.SHORT_CAPTION, ctx, more=buyer_words.PER_DOLLAR_CAPTION),
                   # folded: the chart answers first; a closed <details> costs a phone no layout
                   f'\n<details class="ab-evidence">\n<summary>{esc(pd_words.ratios_summary(len(items)))}</summary>\n',
                   wrap(table.html), download(ctx, "per-dollar", table.rows, pd_words.RATIO_DOWNLOAD),
                   download(ctx, "per-dollar-offers", per_dollar.offer_rows(items), pd_words.OFFERS_DOWNLOAD),
                   "</details>\n",
                   f'\n<details class="ab-evidence">\n<summary>{esc(pd_words.BREAK_EVEN_SUMMARY)}</summary>\n'
                   f"\n<p>{esc(pd_words.BREAK_EVEN_INTRO)}</p>\n", break_even_block(ctx), "</details>\n",
                   "</div><!-- ab-per-dollar -->\n"])


@fragment("cost-verdict", "", "the cost claim as judged on GCP, per kind of evidence: its verdict and the comparisons "
      "it priced, with both prices")
def _verdict(ctx: Context, args: list[str]) -> str:
    lines = []
    for kind, label in _kinds(ctx):
        finding = ctx.findings()[("cost", kind)]
        lines.append(f"<li><strong>{esc(label)}</strong>: {esc(verdict_words(finding.verdict))}. "
                     f"{esc(words.priced_on_gcp(finding.comparisons))}.</li>")
    return "\n<ul class=\"ab-cost-verdict\">\n" + "\n".join(lines) + "\n</ul>\n"


@fragment("cost-estimator", "", "the cost-to-train estimate: a matched comparison, the work and each side's chips, "
      "price per chip-hour (filled from the list where it has one) and optional throughput -> chip-hours, time and "
      "dollars on each side, the cheaper side or a tie within the verdicts' margin, and the break-even price, by the "
      "priced and break-even tables' arithmetic")
def _estimator(ctx: Context, args: list[str]) -> str:
    groups = [(label, _rows(ctx, kind)) for kind, label in _kinds(ctx)]
    made = pricing.estimator(groups, ctx.reference.prices, ctx.reference.prices.as_of, ctx.judgement.per_dollar)
    return made or f"\n<p>{words.NOTHING_TO_ESTIMATE}</p>\n"
