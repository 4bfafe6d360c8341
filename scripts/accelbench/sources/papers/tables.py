"""The table of figures quoted from peer-reviewed papers: never a measured figure among them. The
authors' affiliation and the label that follows from it stand beside every figure."""

from __future__ import annotations

from accelbench.core.text import esc, num_cell, row_ids
from accelbench.judge.claims import CLAIMS
from accelbench.publish.render.tables import Table, html_table
from accelbench.publish.wording import papers as wording
from accelbench.sources.papers.format import QuotedRange, doi_url


def quoted_where(paper: dict) -> str:
    """Where in the paper the quotation stands, with its note for whoever checks it, where it has one."""
    q = paper["quotation"]
    return f"{q['where']} ({q['note']})" if q.get("note") else q["where"]


def figures_table(figures: list[tuple[dict, QuotedRange]], *, anchor: str = "paper") -> Table:
    """One row per quoted figure: the paper (linked by DOI), the authors' affiliation, the label,
    the chips, the figure and the sentence it is quoted from."""
    head = list(wording.FIGURES_TABLE_COLUMNS)
    body, keys, rows = [], [], []
    for paper, figure in figures:
        c, chips = paper["citation"], paper["chips"]
        body.append([
            f'<a href="{esc(doi_url(paper))}">{esc(c["title"])}</a><br><small>{esc(c["authors"][0])}'
            f'{wording.ET_AL if len(c["authors"]) > 1 else ""}, {esc(c["venue_short"])} {esc(c["year"])}</small>',
            esc(", ".join(paper["affiliation"]["organisations"]))
            + f'<br><small>{esc(paper["affiliation"]["as_written"])}</small>',
            f"<strong>{esc(paper['_label'])}</strong>", esc(CLAIMS[figure.claim].feature),
            wording.AGAINST.format(tpu=esc(chips["tpu"]["name"]), tpu_vendor=esc(chips["tpu"]["vendor"]),
                                   gpu=esc(chips["gpu"]["name"]), gpu_vendor=esc(chips["gpu"]["vendor"])),
            num_cell(f"“{esc(figure.phrase)}”", figure.low),
            f"<q>{esc(paper['quotation']['text'])}</q><br><small>{esc(quoted_where(paper))}</small>",
        ])
        keys.append([paper["id"], figure.claim])
        rows.append({"paper": paper["id"], "title": c["title"], "doi": c["doi"], "url": doi_url(paper),
                     "affiliation": "; ".join(paper["affiliation"]["organisations"]), "label": paper["_label"],
                     "claim": figure.claim, "tpu": chips["tpu"]["name"], "gpu": chips["gpu"]["name"],
                     "phrase": figure.phrase, "tpu_advantage_low": figure.low, "tpu_advantage_high": figure.high,
                     "quotation": paper["quotation"]["text"], "where": paper["quotation"]["where"],
                     "note": paper["quotation"].get("note", "")})
    return Table(html_table(head, body, ids=row_ids(anchor, keys)) if body else None, rows)
