"""The HTML every table is built on (valid inside Markdown), and what the tables of each subject
share: the not-measured note, provenance links and badges, the raw-value columns of a download.
The tables themselves live by subject beside this module (results, runs, verdicts, reference,
costs, coverage); each is given what it shows and calls no query."""

from __future__ import annotations

import html
import re
from typing import NamedTuple

from accelbench.core.text import esc, esc_md, num_cell, provenance
from accelbench.measure.timing import WIDE_SPREAD
from accelbench.publish.wording import pages as words


def not_measured(what: str, reproduce_url: str) -> str:
    return admonition("note", words.NOT_MEASURED_TITLE,
                      [words.NOT_MEASURED.format(what=f"**{esc_md(what)}**",
                                                 reproduce=f"[{words.REPRODUCE_LINK}]({reproduce_url})")])


def admonition(note_type: str, title: str, lines: list[str]) -> str:
    """A Markdown admonition of one type (note, warning, ...): the body's lines indented, blank lines left blank."""
    return f'!!! {note_type} "{title}"\n' + "\n".join(f"    {line}" if line else "" for line in lines) + "\n"


class Table(NamedTuple):
    """A rendered table and its rows as raw values (units in the names, in the table's order): what
    its CSV and JSON downloads hold. ``html`` is None where there is nothing to show."""

    html: str | None
    rows: list[dict]


LONG_TEXT = 60  # characters: a cell with more reads as two clipped lines, the whole text in its tooltip


def _words(html_text: str) -> list[str]:
    return html.unescape(re.sub(r"<[^>]+>", " ", html_text)).split()


def clipped(content: str) -> str:
    """A cell's content; long text held to two lines, the whole of it in a tooltip (its title),
    so that no row of figures grows taller than two lines of text."""
    words = _words(content)
    if len(" ".join(words)) <= LONG_TEXT:
        return content
    return f'<span class="ab-clip" title="{esc(" ".join(words))}">{content}</span>'


def _cell(c: str, label: str = "") -> str:
    labelled = f' data-label="{esc(label)}"' if label else ""
    if not c.startswith("<td"):
        return f"<td{labelled}>{clipped(c)}</td>"
    start, _, rest = c.partition(">")
    return f"{start}{labelled}>{clipped(rest.removesuffix('</td>'))}</td>"


def html_table(head, rows, ids: list[str] | None = None, stacked: bool = False) -> str:
    """The one table every other builds on. Headings and cells are HTML, already escaped; a cell
    that is a whole ``<td ...>`` element (one spanning columns, or one with a raw number to sort
    by) is used as it is, its content clipped like any other's. ``ids``: one anchor per row
    (already unique and escaped), or none. ``stacked``: on a phone each row is a block of its cells,
    each led by its column's heading (``data-label``), so an answer column is never off the screen."""
    rows, head = list(rows), list(head)
    labels = [" ".join(_words(h)) for h in head] if stacked else [""] * len(head)
    starts = [f'<tr id="{i}">' for i in ids] if ids is not None else ["<tr>"] * len(rows)
    body = [start + "".join(_cell(c, label) for c, label in zip(row, labels, strict=False)) + "</tr>"
            for start, row in zip(starts, rows, strict=True)]
    heading = "<thead><tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead>"
    return "\n".join(["<table data-ab-stacked>" if stacked else "<table>", heading, "<tbody>",
                      *body, "</tbody>", "</table>"]) + "\n"


def _spread_cause(row) -> str:
    compiled = row.get("compilations")
    if isinstance(compiled, int | float) and compiled > 0:  # NaN (not counted) compares False
        return words.compiled_while_timed(int(compiled))
    return words.spread_above(f"{WIDE_SPREAD:.0%}")


def badges(row) -> str:
    """The badges of a record: stale, wide spread (and why), partial run."""
    out = ""
    if row["stale"]:
        out += f' <span class="ab-badge ab-badge--stale" title="{words.STALE_TITLE}">{words.STALE}</span>'
    if row.get("wide_spread") is True:
        out += f' <span class="ab-badge ab-badge--wide" title="{_spread_cause(row)}">{words.WIDE_SPREAD}</span>'
    if row.get("complete") is False:
        out += partial_badge(row.get("interrupted_by"))
    return out


def partial_badge(interrupted_by) -> str:
    """The badge of a run that did not finish; a partial file that no one finished (the process was
    killed, or is still running) has no interrupted_by."""
    why = words.interrupted_by(interrupted_by) if isinstance(interrupted_by, str) and interrupted_by else \
        words.NOT_FINISHED
    return (f' <span class="ab-badge ab-badge--partial" title="{esc(words.PARTIAL_TITLE.format(why=why))}">'
            f"{words.PARTIAL}</span>")


def linked(value: str, row, runs_url: str) -> str:
    """``value`` (HTML) as a link to the run of the record ``row``, its provenance as the title."""
    return f'<a href="{runs_url}#run-{esc(row["run_id"])}" title="{esc(provenance(row))}">{value}</a>'


def record_date(row) -> str:
    return row["created_at"].strftime("%Y-%m-%d")


def param_cell(value) -> str:
    """A parameter's cell: numbers sort as numbers."""
    return num_cell(esc(value), value) if isinstance(value, (int, float)) and not isinstance(value, bool) else esc(value)


def provenance_columns(row) -> dict:
    """The columns every downloaded row ends with: where its number came from."""
    return {"run_id": row["run_id"], "date": record_date(row), "stale": bool(row["stale"]),
            "wide_spread": row.get("wide_spread") is True, "complete": row.get("complete") is not False}
