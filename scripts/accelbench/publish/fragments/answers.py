"""Fragment types of the answers: a claim's card, every card (the comparison page), the seven at
a glance and the paragraph that answers the title question (the home page). Registered in
accelbench/registry.py lists them; they read the answers, never a verdict of their own."""

from __future__ import annotations

import posixpath
from collections import Counter

from accelbench.core.text import esc, esc_md
from accelbench.judge import judgement
from accelbench.judge.answers import ANSWER_RULE, Answer
from accelbench.judge.claims import SPECS, SPECS_LABEL, SPECS_TITLE
from accelbench.judge.generations import DATE_RULE, GENERATION_RULE, PER_CHIP
from accelbench.judge.judging import MARGIN
from accelbench.publish import downloads, wording
from accelbench.publish.fragments import costs
from accelbench.publish.fragments.core import (
    REPRODUCE_PAGE,
    Context,
    Fragment,
    chart_block,
    fragment,
    rules_list,
    wrap,
)
from accelbench.publish.render import answer_charts, tables
from accelbench.publish.render import answers as render
from accelbench.publish.wording import cards
from accelbench.publish.wording import tables as table_words
from accelbench.publish.wording.lines import text
from accelbench.publish.wording.terms import kind_name
from accelbench.store.published import SOURCES

COMPARISON_PAGE = "article/comparison.md"
HARDWARE_PAGE = "about/hardware.md"  # the reference data, the number formats among it
TOOL_PAGES = {"cost": "estimator.md"}  # a claim's page to work it out with one's own figures (terms.TOOLS)


def _links(ctx: Context) -> dict:
    return {"runs": ctx.links.runs, "page": ctx.links.html, "reproduce": ctx.links.html(REPRODUCE_PAGE),
            "published": {k: _rows_url(ctx, SOURCES[k]) for k in ctx.published}
            | {SPECS: f"{ctx.links.html(HARDWARE_PAGE)}#number-formats"},
            "tools": {slug: ctx.links.html(page) for slug, page in TOOL_PAGES.items()}}


def _rows_url(ctx: Context, source) -> str:
    """Where an answer's count of a source's comparisons links: its page, at the rows' heading."""
    return ctx.links.html(source.page) + (f"#{source.rows_anchor}" if source.rows_anchor else "")


def _card_url(ctx: Context):
    return lambda slug: f"{ctx.links.html(COMPARISON_PAGE)}#claim-{slug}"


def _folded(said: set | None, caption: str) -> str:
    """A chart's long caption, folded under its short one the first time the page shows it (``said``:
    what the page already says; None: a card shown on its own, which folds none); '' after that."""
    if said is None or caption in said:
        return ""
    said.add(caption)
    return caption


def _help(caption: str) -> str:
    """What the drawn chart lets the reader do: said with the chart that folds the long caption."""
    return {wording.CAPTION: wording.HELP, wording.TIMELINE_CAPTION: wording.TIMELINE_HELP}.get(caption, "")


def chart(ctx: Context, answers: list[Answer], uid: str, title: str, prefix_claim: bool = False, keep=None,
          caption: str = wording.SHORT_CAPTION, more: str | None = None, said: set | None = None) -> str:
    """The chart of the comparisons on these answers (every one, or those ``keep`` keeps; nothing
    where none holds a number, a sentence where one does), its ``caption`` under it and ``more``
    folded below that (by default the long caption where the page has not shown it yet: ``said``,
    as _folded)."""
    rows = render.comparison_rows(answers, prefix_claim, keep)
    if rows.empty:
        return ""
    if len(rows) < answer_charts.MIN_POINTS:
        return _one_comparison(rows.iloc[0].to_dict())
    more = _folded(said, wording.CAPTION) if more is None else more
    sides = list(rows["side"])  # each comparison's side, as the judge found it
    alt_text = wording.forest_alt(title, len(rows), list(dict.fromkeys(rows["kind"])), sides.count("tpu"),
                                  sides.count("gpu"), int(rows["same_generation"].sum()))
    return chart_block(answer_charts.forest_chart(rows, alt_text, MARGIN, uid, title, _kinds_known(ctx)), alt_text, caption,
                  ctx, help=wording.HELP if more else "", more=more)


def _one_comparison(row: dict) -> str:
    """A claim's one comparison, said in a sentence with a link to its source: a chart of one point
    shows nothing a sentence does not."""
    said, link_words = wording.one_comparison(row)
    link = f' <a href="{esc(row["url"])}">{esc(link_words)}</a>' if row.get("url") else ""
    return f'\n<p class="ab-chart__one">{esc(said)}{link}</p>\n'


def timeline(ctx: Context, a: Answer, said: set | None = None) -> str:
    """The claim's comparisons at the date each TPU was first available (nothing where fewer than
    two are dated), the long caption folded under its short one where the page has not shown it yet
    (``said``, as _folded). Inference results are never placed on a training timeline."""
    rows = render.comparison_rows([a], keep=_training)
    if rows.empty or (rows["when"] != "").sum() < answer_charts.MIN_POINTS:
        return ""
    title = wording.timeline_title(a.claim.short)
    dated = rows[rows["when"] != ""]
    alt_text = wording.timeline_alt(title, len(dated), sorted(w[:4] for w in dated["when"]), len(rows) - len(dated))
    more = _folded(said, wording.TIMELINE_CAPTION)
    drawn = answer_charts.timeline_chart(rows, alt_text, MARGIN, f"timeline-{a.claim.slug}", title, _kinds_known(ctx))
    return chart_block(drawn, alt_text, wording.SHORT_TIMELINE_CAPTION, ctx, help=_help(more), more=more)


def _kinds_known(ctx: Context) -> list[str]:
    """Every kind of evidence that compares numbers in this build, as the charts' legends name it,
    in one order (the most comparisons first): a kind keeps its colour and shape on every chart."""
    held = [k for a in ctx.answers() for k in a.kinds for _ in k.finding.comparisons]
    counts, first = Counter(k.kind for k in held), {k.kind: k.info for k in reversed(held)}
    order = list(ctx.kinds())
    ranked = sorted(counts, key=lambda kind: (-counts[kind], order.index(kind) if kind in order else len(order)))
    return [kind_name(first[kind]) for kind in ranked]


FOLD_AT = 12  # a per-chip card with more comparisons than this draws the ones its sentence counts, the rest folded


def _training(a: Answer, k, c) -> bool:
    """Every comparison of a kind on training: inference results are never drawn inside a training chart."""
    return k.info.for_training


def _counted_here(a: Answer, k, c) -> bool:
    """The comparisons a per-chip card's sentence counts: same generation, from a kind that decides or splits."""
    return k.info.for_training and c.same_generation and (k in a.deciding or k in a.split)


def _card_chart(ctx: Context, a: Answer, said: set | None) -> str:
    """A card's chart: every training comparison, or on a per-chip claim with many, those its sentence counts
    (fewer screens on a phone), with every one folded under it."""
    uid, every = f"answer-{a.claim.slug}", sum(1 for k in a.kinds if k.info.for_training for _ in k.finding.comparisons)
    counted = sum(1 for k in a.kinds for c in k.finding.comparisons if _counted_here(a, k, c))
    if a.claim.slug not in PER_CHIP or every <= FOLD_AT or counted < answer_charts.MIN_POINTS:
        return chart(ctx, [a], uid, cards.card_chart_title(a.claim.short), keep=_training, said=said)
    shown = chart(ctx, [a], uid, cards.counted_chart_title(a.claim.short, counted), keep=_counted_here, said=said)
    folded = chart(ctx, [a], f"{uid}-all", cards.card_chart_title(a.claim.short), keep=_training)
    return shown + (f'<details class="ab-chart__all"><summary>{esc(cards.every_comparison(every))}</summary>{folded}'
                    "</details>\n")


def _card(ctx: Context, a: Answer, said: set | None = None) -> str:
    drawn = ""
    if any(k.finding.comparisons for k in a.kinds):  # a card without a chart leaves its caption to the next
        drawn = _card_chart(ctx, a, said)
        drawn = drawn and drawn + timeline(ctx, a, said)  # (a claim of one comparison has no timeline either)
    sides = {side: ctx.judgement.reading(f"{a.claim.slug}.{side}") for side in ("gpu", "tpu")}
    return render.card(a, _links(ctx), chart=drawn, said=said, sides=sides)


@fragment("answers", "", "every claim's answer as a card under its own heading, in the order of the article's table; "
          "the cost answer carries the buyer's per-dollar answer")
def _answers(ctx: Context, args: list[str]) -> Fragment:
    said: set = set()  # each evidence line once on the page: the designed and flexibility cards share MLPerf's
    buyer = costs.per_dollar_block(ctx)  # the cost answer is the buyer's: per dollar, today
    cards_html = "".join(f"\n### {esc_md(a.claim.feature)} {{#claim-{a.claim.slug}}}\n\n"
                         + _card(ctx, a, said=said) + (buyer.text if a.claim.slug == "cost" else "")
                         for a in ctx.answers())
    return Fragment(cards_html, buyer.downloads)


@fragment("answers-glance", "", "the seven answers as a compact list, each linked to its card")
def _answers_glance(ctx: Context, args: list[str]) -> str:
    return "\n" + render.glance(ctx.answers(), _card_url(ctx))


def _home_kept(a: Answer, k, c) -> bool:
    """What the home page's chart draws: the speed comparisons that decide the per-chip verdicts (of
    chips of the same generation, from a kind the answer counts: one of an older TPU generation is named
    by the answer and not counted, so the chart's count is the headline's) and every priced one."""
    return a.claim.slug == "cost" or (c.same_generation and any(d.kind == k.kind for d in a.deciding))


@fragment("answers-chart", "", "one chart of the same-generation speed comparisons that decide the per-chip verdicts and "
          "every priced one, linked to all the others")
def _answers_chart(ctx: Context, args: list[str]) -> str:
    shown = [a for a in ctx.answers() if a.claim.slug in ("speed", "cost")]
    speed = [(a, k, c) for a in shown if a.claim.slug == "speed" for k in a.kinds for c in k.finding.comparisons]
    kept = sum(1 for a, k, c in speed if _home_kept(a, k, c))
    priced = [c for a in shown if a.claim.slug == "cost" for k in a.kinds for c in k.finding.comparisons]
    apart = sum(1 for _, k, _ in speed if not k.info.for_training)
    left_out, all_in, link = wording.home_chart_note(kept, len(speed) - kept - apart, apart)
    title = wording.home_chart_title(len(priced), sum(1 for c in priced if c.same_generation))
    drawn = chart(ctx, shown, "overview", title, prefix_claim=True, keep=_home_kept,
                  caption=wording.home_chart_caption(kept, len(priced)), more=f"{left_out} {wording.CAPTION}".strip())
    if not drawn:
        return f"\n<p>{esc(cards.NO_NUMBERS)}</p>\n"
    return drawn + (f'<p class="ab-chart__more">{esc(all_in)} <a href="{_card_url(ctx)("speed")}">{esc(link)}</a>.</p>\n'
                    if link else "")


@fragment("answer-summary", "", "the title question answered in a short paragraph, from the per-claim answers")
def _answer_summary(ctx: Context, args: list[str]) -> str:
    return "\n" + render.summary(ctx.answers())


@fragment("evidence-rules", "", "how answers combine the kinds of evidence, and every published source's written rules")
def _evidence_rules(ctx: Context, args: list[str]) -> str:
    out = [f"\n{esc_md(text(rule))}\n" for rule in (ANSWER_RULE, GENERATION_RULE, DATE_RULE)]
    for source in SOURCES.values():
        out.append(f"\n**{esc_md(source.title)}** ({esc_md(source.label)}):\n\n"
                   + rules_list(ctx, source.kind) + "\n")
    out.append(f"\n**{esc_md(SPECS_TITLE.capitalize())}** ({esc_md(SPECS_LABEL)}):\n\n" + rules_list(ctx, SPECS) + "\n")
    return "".join(out)


JUDGEMENT_FILES = {"judgement.json": cards.JUDGEMENT_FILE, "judgement.schema.json": cards.JUDGEMENT_SCHEMA_FILE}


@fragment("judgement", "", "the judgement as data: judgement.json (every verdict and the comparisons behind it) and its "
          "JSON Schema, with the dictionary of its fields")
def _judgement(ctx: Context, args: list[str]) -> Fragment:
    files = {posixpath.join(downloads.FILES, name): content for name, content in
             zip(JUDGEMENT_FILES, (judgement.as_json(ctx.judgement), judgement.SCHEMA.read_bytes()), strict=True)}
    anchors = " · ".join(f'<a href="{esc(ctx.links.md(path))}" download>{esc(name)}</a> ({esc(JUDGEMENT_FILES[name])})'
                         for name, path in zip(JUDGEMENT_FILES, files, strict=True))
    rows = [[f"<code>{esc(path)}</code>", esc(meaning)] for path, meaning in judgement.dictionary()]
    return Fragment(f'\n<p class="ab-downloads">{esc(cards.DOWNLOAD_LABEL)} {anchors}</p>\n'
                    + wrap(tables.html_table(list(table_words.JUDGEMENT_FIELD_COLUMNS), rows)), files)
