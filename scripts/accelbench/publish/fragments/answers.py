"""Fragment types of the answers: a claim's card, every card (the comparison page), the seven at
a glance and the paragraph that answers the title question (the home page). Registered in
core.FRAGMENTS; they read the answers, never a verdict of their own."""

from __future__ import annotations

from accelbench.core.text import esc_md
from accelbench.judge.answers import ANSWER_RULE, Answer
from accelbench.judge.claims import CLAIMS, SPECS, SPECS_LABEL, SPECS_TITLE
from accelbench.judge.generations import RULE as GENERATION_RULE
from accelbench.judge.judging import MARGIN, MARGIN_TEXT, favoured
from accelbench.publish.fragments.core import (
    REPRODUCE_PAGE,
    Context,
    figure,
    fragment,
    rules_list,
)
from accelbench.publish.render import answer_charts
from accelbench.publish.render import answers as render
from accelbench.store.published import SOURCES

COMPARISON_PAGE = "article/comparison.md"
HARDWARE_PAGE = "about/hardware.md"  # the reference data, the number formats among it


def _links(ctx: Context) -> dict:
    return {"runs": ctx.links.runs, "page": ctx.links.html, "reproduce": ctx.links.html(REPRODUCE_PAGE),
            "published": {k: _rows_url(ctx, SOURCES[k]) for k in ctx.published}
            | {SPECS: f"{ctx.links.html(HARDWARE_PAGE)}#number-formats"}}


def _rows_url(ctx: Context, source) -> str:
    """Where an answer's count of a source's comparisons links: its page, at the rows' heading."""
    return ctx.links.html(source.page) + (f"#{source.rows_anchor}" if source.rows_anchor else "")


def _card_url(ctx: Context):
    return lambda slug: f"{ctx.links.html(COMPARISON_PAGE)}#claim-{slug}"


CAPTION = ("Each row is one comparison a verdict rule judged, as its kind of evidence published or measured it; "
           "right of 1 favours the TPU, on one scale for every metric (its speed over the GPU's, or the GPU's time, "
           f"chip-hours, dollars or joules over its own). The shaded band is the ±{MARGIN_TEXT} the rules count as a tie; "
           "a bar is the range the source gives; a hollow marker is a preview system. Narrow the rows by chip, "
           "precision and scale; click a point for its source.")


def chart(ctx: Context, answers: list[Answer], uid: str, title: str, prefix_claim: bool = False) -> str:
    """The chart of every comparison on these answers (nothing where none holds a number)."""
    rows = render.comparison_rows(answers, prefix_claim)
    if rows.empty:
        return ""
    kinds = ", ".join(dict.fromkeys(rows["kind"]))
    sides = [favoured(a) for a in rows["advantage"]]
    alt_text = (f"{title}: {len(rows)} comparisons ({kinds}), the TPU's advantage on a log scale; "
                f"{sides.count('tpu')} favour the TPU, {sides.count('gpu')} the GPU.")
    return figure(answer_charts.forest_chart(rows, alt_text, MARGIN, uid, title), alt_text, CAPTION, ctx, wide=True)


def _card(ctx: Context, a: Answer, searchable: bool = True) -> str:
    drawn = chart(ctx, [a], f"answer-{a.claim.slug}", f"{a.claim.feature}: every comparison, TPU advantage")
    return render.card(a, _links(ctx), searchable=searchable, chart=drawn)


@fragment("answer", "CLAIM", f"one claim's answer from every kind of evidence, as a card ({', '.join(CLAIMS)})", choices=CLAIMS)
def _answer(ctx: Context, args: list[str]) -> str:
    found = next(a for a in ctx.answers() if a.claim.slug == args[0])
    card = _card(ctx, found, searchable=False)  # the comparison page's copy is the indexed one
    return f'\n{card}\n<p><a href="{_card_url(ctx)(args[0])}">All claims, side by side</a></p>\n'


@fragment("answers", "", "every claim's answer as a card under its own heading, in the order of the article's table")
def _answers(ctx: Context, args: list[str]) -> str:
    return "".join(f"\n### {esc_md(a.claim.feature)} {{#claim-{a.claim.slug}}}\n\n" + _card(ctx, a)
                   for a in ctx.answers())


@fragment("answers-glance", "", "the seven answers as a compact list, each linked to its card")
def _answers_glance(ctx: Context, args: list[str]) -> str:
    return "\n" + render.glance(ctx.answers(), _card_url(ctx))


@fragment("answers-chart", "", "one chart of every per-chip speed comparison and every priced one, of every kind of evidence")
def _answers_chart(ctx: Context, args: list[str]) -> str:
    shown = [a for a in ctx.answers() if a.claim.slug in ("speed", "cost")]
    return chart(ctx, shown, "overview", "Speed and cost: every comparison, TPU advantage", prefix_claim=True) or \
        "\n<p>No comparison of a TPU with a GPU holds a number yet.</p>\n"


@fragment("answer-summary", "", "the title question answered in a short paragraph, from the per-claim answers")
def _answer_summary(ctx: Context, args: list[str]) -> str:
    return "\n" + render.summary(ctx.answers())


@fragment("evidence-rules", "", "how answers combine the kinds of evidence, and every published source's written rules")
def _evidence_rules(ctx: Context, args: list[str]) -> str:
    out = [f"\n{esc_md(ANSWER_RULE)}\n", f"\n{esc_md(GENERATION_RULE)}\n"]
    for source in SOURCES.values():
        out.append(f"\n**{esc_md(source.title)}** ({esc_md(source.label)}):\n\n"
                   + rules_list(source.kind) + "\n")
    out.append(f"\n**{esc_md(SPECS_TITLE.capitalize())}** ({esc_md(SPECS_LABEL)}):\n\n" + rules_list(SPECS) + "\n")
    return "".join(out)
