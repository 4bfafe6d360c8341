"""Fragment kinds of peer-reviewed papers (figures quoted word for word, with the authors'
affiliation beside them): the table of figures, on one claim or all, and the written rules.
Registered in core.KINDS."""

from __future__ import annotations

from accelbench.core.text import esc
from accelbench.judge.claims import CLAIMS
from accelbench.judge.judging import rules_of
from accelbench.publish.fragments.core import PUBLISHED_PAGE, Context, FragmentError, concat, download, kind, no_args, wrap
from accelbench.publish.render import tables
from accelbench.sources.papers import tables as paper_tables
from accelbench.sources.papers.format import KIND, MEASURES

NOTE = ("Figures quoted word for word from peer-reviewed papers, not measured here. Where the authors work for the "
        "vendor of a chip they compare, the figure is labelled vendor-authored: it passed peer review, but the "
        "vendor chose the workloads and the comparison.")


@kind("paper-figures", "[CLAIM]", f"figures quoted from peer-reviewed papers, with the authors' affiliation beside each "
      f"(all, or those on one claim: {', '.join(sorted(set(MEASURES.values())))}), with their CSV and JSON")
def _paper_figures(ctx: Context, args: list[str]) -> str:
    claims = sorted(set(MEASURES.values()))
    if len(args) > 1 or (args and args[0] not in claims):
        raise FragmentError(f"'paper-figures' takes no argument or one of {', '.join(claims)}, got {args}")
    claim = args[0] if args else None
    what = f"peer-reviewed papers on {CLAIMS[claim].feature.lower()}" if claim else "peer-reviewed papers"
    figures = ctx.published[KIND].figures(claim) if KIND in ctx.published else []
    if not figures:
        return tables.not_measured(f"figures quoted from {what}", ctx.links.md(PUBLISHED_PAGE))
    name = "paper-figures" + (f"-{claim}" if claim else "")
    table = paper_tables.figures_table(figures, anchor=name)
    return concat([f"\n<p>{esc(NOTE)}</p>\n", wrap(table.html), download(ctx, name, table.rows)])


@kind("paper-rules", "", "the written rules of the verdicts from peer-reviewed papers")
def _paper_rules(ctx: Context, args: list[str]) -> str:
    no_args("paper-rules", args)
    return "\n" + "\n".join(f"- **{esc(r.claim.feature)}**: {esc(r.text)}" for r in rules_of(KIND)) + "\n"
