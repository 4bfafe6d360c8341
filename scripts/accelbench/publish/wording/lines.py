"""The words of every line of detail a finding holds: each rule records a Line (a template's key and
the values it found, judge/judging.py), and this module turns it into the sentence a reader sees.
The templates are declared by concern: this project's in the modules beside this one (measured.py,
reference.py, sentences.py), each published source's in the module its declaration names (its
``Source.wording``: mlperf.py, vendor.py, papers.py here, or a module of its own folder); they are
gathered into one table, :func:`templates`. A key declared twice stops the build, and a key with no
template stops it too, naming it.

A template is a format string, or a function of the values where the words depend on them. Beside
Python's own format specifications (``{x:.3g}``), a field may name how a value is said:

    ``{x:num}``     a measured figure: 3 significant digits, large ones with separators
    ``{x:ratio}``   a ratio with its 95% interval (a Ratio's fields)
    ``{x:usd}``     dollars (core.prices.dollars); ``{x:usd/runs}``, ``{x:usd/tokens}`` per unit of work
    ``{x:price}``   a price per chip-hour with where and in which tier (a Price's fields)
    ``{x:list}``    items joined by commas; ``{x:listed}`` "a, b and c"
    ``{x:lines}``   nested Lines joined by "; "; ``{x:line}`` one nested Line ('' where None)
    ``{x:upper}``   upper case ("gpu" -> "GPU")
    ``{x:word}``    a small count spelt out (3 -> "three")
    ``{x:pct}``     a fraction as a whole percentage (0.05 -> "5%"): a rule's margin or interval level
    ``{x:share}``   a fraction as a share of something ("half", else "40% of")
    ``{x:month}``   a month's number as its name (7 -> "July")
"""

from __future__ import annotations

import string
from calendar import month_name
from collections.abc import Callable, Mapping
from functools import cache
from importlib import import_module
from types import MappingProxyType

from accelbench.core.merged import merged
from accelbench.core.prices import dollars, dollars_per
from accelbench.core.text import listed
from accelbench.judge.judging import Line
from accelbench.publish.wording import measured, reference, rules, sentences
from accelbench.publish.wording.terms import NUMBER_WORDS, num, price, ratio
from accelbench.store.published import SOURCES

Template = str | Callable[[Mapping], str]
SHARES = {0.5: "half", 0.25: "a quarter"}  # a share said in words rather than as a percentage


class _Words(string.Formatter):
    def format_field(self, value, spec: str) -> str:
        if spec == "num":
            return num(value)
        if spec == "ratio":
            return ratio(value)
        if spec == "usd":
            return dollars(value)
        if spec.startswith("usd/"):
            return dollars_per(spec[4:], value)
        if spec == "price":
            return price(value)
        if spec == "list":
            return ", ".join(value)
        if spec == "listed":
            return listed(value)
        if spec == "lines":
            return "; ".join(text(v) for v in value)
        if spec == "line":
            return "" if value is None else text(value)
        if spec == "upper":
            return str(value).upper()
        if spec == "word":
            return NUMBER_WORDS.get(value, str(value))
        if spec == "pct":
            return f"{value:.0%}"
        if spec == "share":
            return SHARES.get(value) or f"{value:.0%} of"
        if spec == "month":
            return month_name[value]
        return super().format_field(value, spec)


_WORDS = _Words()


def gathered(*tables: Mapping[str, Template]) -> dict[str, Template]:
    """The templates of every concern in one table; a key declared twice is an error, naming it."""
    return merged(*tables, twice=lambda key: f"the template {key!r} is declared twice in the wording module")


GENERAL: dict[str, Template] = {
    # judge/generations.py: which comparisons decide a per-chip verdict
    "generations.deciding": "{deciding} of {compared} comparisons are of chips of the same generation (first available "
                            "within {months} months): only those decide this verdict",
    # a thing said by its own name as the data spells it: a model, a submitter, a database (a link's text)
    "named": "{name}",
}

# this package's own templates; each published source's are in the module its declaration names (Source.wording)
OWN = gathered(GENERAL, measured.LINES, reference.LINES, rules.LINES, sentences.LINES)


def templates() -> Mapping[str, Template]:
    """Every template: this package's own and those of each registered source's wording module."""
    return _gathered(tuple(dict.fromkeys(s.wording for s in SOURCES.values() if s.wording)))


@cache
def _gathered(modules: tuple[str, ...]) -> Mapping[str, Template]:
    return MappingProxyType(gathered(OWN, *(import_module(m).LINES for m in modules)))


def text(line: Line) -> str:
    """The sentence a Line stands for; a key with no template is an error naming it."""
    try:
        template = templates()[line.key]
    except KeyError:
        raise KeyError(f"no template for the line {line.key!r} in the wording module (publish/wording/)") from None
    return template(line.values) if callable(template) else _WORDS.vformat(template, (), line.values)


def figures(c) -> str:
    """A comparison's figures as its tooltip and tables say them."""
    return text(c.figures)


def texts(lines: list[Line]) -> list[str]:
    return [text(line) for line in lines]
