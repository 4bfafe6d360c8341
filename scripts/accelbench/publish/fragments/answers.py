"""Fragment kinds of the answers: a claim's card, every card (the comparison page), the seven at
a glance and the paragraph that answers the title question (the home page). Registered in
core.KINDS; they read the answers, never a verdict of their own."""

from __future__ import annotations

from accelbench.core.text import esc_md
from accelbench.judge.answers import ANSWER_RULE
from accelbench.judge.claims import CLAIMS
from accelbench.publish.fragments.core import (
    PUBLISHED_PAGE,
    REPRODUCE_PAGE,
    Context,
    kind,
    rules_list,
)
from accelbench.publish.render import answers as render
from accelbench.store.published import SOURCES

COMPARISON_PAGE = "article/comparison.md"


def _links(ctx: Context) -> dict:
    return {"runs": ctx.links.runs, "page": ctx.links.html, "reproduce": ctx.links.html(REPRODUCE_PAGE),
            "published": {k: ctx.links.html(PUBLISHED_PAGE) for k in ctx.published}}


def _card_url(ctx: Context):
    return lambda slug: f"{ctx.links.html(COMPARISON_PAGE)}#claim-{slug}"


@kind("answer", "CLAIM", f"one claim's answer from every kind of evidence, as a card ({', '.join(CLAIMS)})", choices=CLAIMS)
def _answer(ctx: Context, args: list[str]) -> str:
    found = next(a for a in ctx.answers() if a.claim.slug == args[0])
    card = render.card(found, _links(ctx), searchable=False)  # the comparison page's copy is the indexed one
    return f'\n{card}\n<p><a href="{_card_url(ctx)(args[0])}">All claims, side by side</a></p>\n'


@kind("answers", "", "every claim's answer as a card under its own heading, in the order of the article's table")
def _answers(ctx: Context, args: list[str]) -> str:
    return "".join(f"\n### {esc_md(a.claim.feature)} {{#claim-{a.claim.slug}}}\n\n" + render.card(a, _links(ctx))
                   for a in ctx.answers())


@kind("answers-glance", "", "the seven answers as a compact list, each linked to its card")
def _answers_glance(ctx: Context, args: list[str]) -> str:
    return "\n" + render.glance(ctx.answers(), _card_url(ctx))


@kind("answer-summary", "", "the title question answered in a short paragraph, from the per-claim answers")
def _answer_summary(ctx: Context, args: list[str]) -> str:
    return "\n" + render.summary(ctx.answers())


@kind("evidence-rules", "", "how answers combine the kinds of evidence, and every published source's written rules")
def _evidence_rules(ctx: Context, args: list[str]) -> str:
    out = [f"\n{esc_md(ANSWER_RULE)}\n"]
    for source in SOURCES.values():
        out.append(f"\n**{esc_md(source.title)}** ({esc_md(source.label)}):\n\n"
                   + rules_list(source.kind) + "\n")
    return "".join(out)
