"""Escaping and number formatting shared by tables and charts."""

from __future__ import annotations

import html
import math
import re
from decimal import Decimal

import pandas as pd

from accelbench.core.metrics import is_percent


def capitalised(text: str) -> str:
    """The first letter upper case, the rest as written (names keep their own case: 'measured here'
    -> 'Measured here', 'TPU v4' stays)."""
    return text[:1].upper() + text[1:]


def plural(n: int, noun: str) -> str:
    """'1 benchmark', '2 benchmarks', '3 TPU families': the count and its noun, never 'benchmark(s)'."""
    if n == 1:
        return f"1 {noun}"
    many = noun[:-1] + "ies" if noun.endswith("y") and noun[-2:-1] not in "aeiou" else noun + "s"
    return f"{n} {many}"


def listed(items, last: str = "and") -> str:
    """'A', 'A and B', 'A, B and C': a list as a sentence writes it."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def esc(value) -> str:
    """Text from a run file, made safe for HTML and for Markdown tables."""
    return html.escape(str(value), quote=True).replace("|", "&#124;")


def esc_md(value) -> str:
    """Text from a run file, made safe where Markdown will still parse it (admonitions, alt
    text): HTML-escaped, then every Markdown punctuation mark backslash-escaped, so a device
    named ``x](javascript:...)`` cannot become a link."""
    text = html.escape(str(value), quote=True)
    return "".join("\\" + ch if ch in "`*_{}[]()#+!|\\" else ch for ch in text)


def fmt(value, metric: str | None = None) -> str:
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "–"
    if is_percent(metric):
        return f"{value * 100:.1f}%"
    if isinstance(value, (int,)) and not isinstance(value, bool):
        return str(value)
    return f"{value:.3g}" if abs(value) < 1e4 else f"{value:,.0f}"


def fmt_time(seconds) -> str:
    if seconds is None or pd.isna(seconds):
        return "–"
    if seconds >= 1:
        return f"{seconds:.3g} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3g} ms"
    return f"{seconds * 1e6:.3g} µs"


# the versions a reader sees beside a run (the run file keeps them all)
VERSIONS_SHOWN = ("torch", "jax", "tensorflow", "cuda", "rocm", "driver", "libtpu")


def provenance(row) -> str:
    """One line: device, host, date, versions, commit. Used as hover text."""
    parts = [str(row["device"]), f"host {row['host']}", row["created_at"].strftime("%Y-%m-%d %H:%M UTC")]
    for key in VERSIONS_SHOWN:
        value = row.get(f"v_{key}")
        if value is not None and not pd.isna(value):
            parts.append(f"{key} {value}")
    commit = row.get("git_commit")
    if isinstance(commit, str):
        parts.append(f"commit {commit[:10]}{' (dirty)' if row.get('dirty') else ''}")
    parts.append(f"run {row['run_id']}")
    return " · ".join(parts)


def raw(value):
    """A value as a plain Python number, string, bool or None (NaN and missing are None): what a
    download holds instead of the formatted text a table shows."""
    if value is None:
        return None
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):  # numpy scalars
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, pd.Timestamp):
        return value.isoformat()
    try:
        if pd.isna(value):
            return None
    except (TypeError, ValueError):  # a list or dict: not missing
        pass
    return value


def num_cell(content: str, value) -> str:
    """A table cell showing ``content`` (HTML, escaped) that sorts by the raw number ``value``: a
    ``data-sort`` attribute, written without an exponent (tablesort's number sort drops letters)."""
    value = raw(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"<td>{content}</td>"
    return f'<td data-sort="{format(Decimal(repr(value)), "f")}">{content}</td>'


def slug(value) -> str:
    """Lower-case letters, digits and single dashes: part of an id a link can point at."""
    return re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-")


def row_ids(prefix: str, keys: list[list]) -> list[str]:
    """One id per row from the parts of its key, unique among them (a clash gets -2, -3, ...);
    ``prefix`` keeps them apart from the page's other tables and headings."""
    out, seen = [], set()
    for key in keys:
        base = "-".join(filter(None, [slug(prefix), *(slug(part) for part in key)])) or "row"
        rid, n = base, 1
        while rid in seen:
            n += 1
            rid = f"{base}-{n}"
        seen.add(rid)
        out.append(esc(rid))
    return out


def as_written(value) -> str:
    """A figure as the document wrote it, with thousands separators: 4127.56 -> 4,127.56, 6288.0 -> 6,288."""
    text = repr(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or "e" in text or "inf" in text or "nan" in text:
        return str(value)
    whole, _, fraction = text.partition(".")
    return f"{int(whole):,}" + (f".{fraction}" if fraction.strip("0") else "")
