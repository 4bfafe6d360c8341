"""Fragment types of peer-reviewed papers (figures quoted word for word, with the authors'
affiliation beside them): the table of figures, on one claim or all, and the written rules.
Listed in accelbench/registry.py."""

from __future__ import annotations

from accelbench.core.text import esc
from accelbench.judge.claims import CLAIMS
from accelbench.publish.fragments.core import PUBLISHED_PAGE, Context, concat, download, fragment, rules_list, wrap
from accelbench.publish.render import tables
from accelbench.publish.wording import papers as wording
from accelbench.sources.papers import tables as paper_tables
from accelbench.sources.papers.format import KIND, MEASURES


def _figures_from(args: list[str]) -> str:
    return wording.figures_from(CLAIMS[args[0]].feature if args else None)


@fragment("paper-figures", "[CLAIM]", f"figures quoted from peer-reviewed papers, with the authors' affiliation beside each "
      f"(all, or those on one claim: {', '.join(sorted(set(MEASURES.values())))}), with their CSV and JSON",
      choices=sorted(set(MEASURES.values())), source=KIND, missing=_figures_from)
def _paper_figures(ctx: Context, args: list[str]) -> str:
    claim = args[0] if args else None
    figures = ctx.published[KIND].figures(claim)
    if not figures:
        return tables.not_measured(_figures_from(args), ctx.links.md(PUBLISHED_PAGE))
    name = "paper-figures" + (f"-{claim}" if claim else "")
    table = paper_tables.figures_table(figures, anchor=name)
    return concat([f"\n<p>{esc(wording.NOTE)}</p>\n", wrap(table.html), download(ctx, name, table.rows)])


@fragment("paper-rules", "", "the written rules of the verdicts from peer-reviewed papers")
def _paper_rules(ctx: Context, args: list[str]) -> str:
    return "\n" + rules_list(ctx, KIND) + "\n"
