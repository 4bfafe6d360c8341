"""Tables in Markdown documents, as vendors publish figures: read by the name of each column,
never its position; cells with thousands separators used or not, N/A, footnote marks, HTML and
``x (y)`` pairs; a cell a spreadsheet would run as a formula, or a figure out of range, refused
with its column named. Any source that imports a Markdown page reads it through this module.

Standard library only: the command line reads the importers on machines that only measure."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

HEADING = re.compile(r"^(?P<level>#{1,6})\s+(?P<text>.*?)\s*#*\s*$")
SEPARATOR = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
FOOTNOTE = re.compile(r"^\[\^(?P<id>[^\]]+)\]:\s*(?P<text>.*)$")
FOOTNOTE_MARK = re.compile(r"\[\^(?P<id>[^\]]+)\]")
NUMBER = re.compile(r"^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$")
MISSING = {"", "n/a", "na", "-", "–", "—", "tbd"}
ALTERNATIVE = re.compile(r"^(?P<first>[^()]*?)\s*\((?P<second>[^()]*)\)$")
FORMULA_START = ("=", "+", "-", "@")
MAX_TEXT = 200


class BadCell(ValueError):
    """A cell that leaves its row out; the message says which and why."""


def cell_text(cell: str) -> str:
    """A cell as text: footnote marks, HTML tags and Markdown emphasis removed, entities decoded,
    spaces collapsed."""
    cell = FOOTNOTE_MARK.sub("", cell)
    cell = re.sub(r"<[^>]*>", " ", cell)
    cell = html.unescape(cell).replace("\\|", "|")
    cell = re.sub(r"(\*\*|__|`)", "", cell)
    return re.sub(r"\s+", " ", cell).strip()


def header_name(cell: str) -> str:
    return re.sub(r"\s*/\s*", "/", cell_text(cell).lower())


def split_cells(line: str) -> list[str]:
    """A table line's cells (an escaped \\| stays inside its cell)."""
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") and not body.endswith("\\|") else body
    return [c.strip() for c in re.split(r"(?<!\\)\|", body)]


def figure(cell: str, column: str, *, maximum: float, whole: bool = False, zero: bool = False) -> float | int | None:
    """A figure as published: thousands separators allowed (used or not), N/A or empty is None;
    outside (0, maximum] (or [0, maximum] where ``zero``), or a fraction where ``whole``, is a
    BadCell naming the column."""
    text = cell_text(cell)
    if text.lower() in MISSING:
        return None
    if not NUMBER.match(text):
        raise BadCell(f"column '{column}': {text[:40]!r} is not a number")
    value = float(text.replace(",", ""))
    if value <= 0 and not zero or value > maximum:
        raise BadCell(f"column '{column}': {text[:40]} is out of range (above 0, at most {maximum:,})")
    if whole:
        if value != int(value):
            raise BadCell(f"column '{column}': {text[:40]} is not a whole number")
        return int(value)
    return value


def text_value(cell: str, column: str) -> str | None:
    text = cell_text(cell)
    if text.lower() in MISSING:
        return None
    if text.startswith(FORMULA_START):
        raise BadCell(f"column '{column}': {text[:40]!r} starts with {text[0]!r}, as a spreadsheet formula does")
    if len(text) > MAX_TEXT or any(ord(ch) < 32 for ch in text):
        raise BadCell(f"column '{column}': longer than {MAX_TEXT} characters or holds control characters")
    return text


def alternatives(cell: str) -> tuple[str, str | None]:
    """'x (y)' -> ('x', 'y'); any other cell -> (cell, None)."""
    match = ALTERNATIVE.match(cell_text(cell))
    return (match["first"], match["second"]) if match and match["first"] else (cell, None)


@dataclass
class Table:
    line: int  # the header's line
    headings: list[str]  # the headings above it, outermost first (the title left out)
    header: list[str]  # the column names as written (HTML removed)
    fields: list[str | None]  # the field of each column, None where ignored
    rows: list[tuple[int, list[str]]]  # (line, cells)


def parse_markdown(text: str, field_of) -> tuple[str | None, list[Table], dict[str, str]]:
    """The document's title, its tables with the headings above each, and its footnotes;
    ``field_of(column name)`` says which field a column holds (None: ignored)."""
    lines = text.splitlines()
    title, stack, tables, footnotes = None, [], [], {}
    fenced, i = False, 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        elif not fenced and (m := FOOTNOTE.match(line)):
            footnotes[m["id"]] = cell_text(m["text"])
        elif not fenced and (m := HEADING.match(line)):
            level, heading = len(m["level"]), cell_text(m["text"])
            if level == 1 and title is None:
                title = heading
            stack = [(lv, h) for lv, h in stack if lv < level] + [(level, heading)]
        elif (not fenced and line.lstrip().startswith("|") and i + 1 < len(lines)
              and SEPARATOR.match(lines[i + 1].strip())):
            header = [cell_text(c) for c in split_cells(line)]
            table = Table(i + 1, [h for lv, h in stack if lv > 1], header,
                          [field_of(header_name(c)) for c in header], [])
            i += 2
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                table.rows.append((i + 1, split_cells(lines[i])))
                i += 1
            tables.append(table)
            continue
        i += 1
    return title, tables, footnotes
