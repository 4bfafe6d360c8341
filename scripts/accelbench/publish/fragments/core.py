"""The core of the fragments: the context every renderer reads, links, errors, the registry of
fragment types and the helpers the types share. It imports no type: each family of types is a
module that imports only this one (measured.py and answers.py here, each published source's
fragments.py in its own folder).

A page includes a fragment with one line, ``--8<-- "generated/FOLDER/TYPE[.ARG...].md"``, where
FOLDER is the page's own folder under docs/ (links inside a fragment are relative to it). Each
type is registered once, by the decorator on its renderer, with its arguments and the line of
documentation the contribute page lists; the render step and its checks read this registry.
Renderers raise :class:`FragmentError` for arguments they do not take.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from accelbench.core.reference import Reference
from accelbench.core.text import esc, esc_md
from accelbench.judge.answers import Answer, KindInfo
from accelbench.judge.judgement import Judgement
from accelbench.judge.judging import Finding, rules_of
from accelbench.judge.measured_rules import Verdict, measured_verdicts
from accelbench.publish import downloads, wording
from accelbench.publish.render import chart_theme, tables
from accelbench.publish.wording import cards
from accelbench.publish.wording.lines import text
from accelbench.store.published import SOURCES, Published
from accelbench.store.store import Store

RUNS_PAGE, REPRODUCE_PAGE, CONTRIBUTE_PAGE = "about/runs.md", "about/reproduce.md", "about/contribute.md"
PUBLISHED_PAGE = "published/index.md"
DATA_PAGE = "data/index.md"


class FragmentError(Exception):
    """A fragment asked for something that does not exist (a fragment type, a workload, a metric)."""


@dataclass(frozen=True)
class Links:
    """Links from the pages of one docs folder ('' for the top): Markdown links to .md sources,
    which both site generators rewrite, and raw HTML links to the built .html pages, which they
    leave alone (the site is built with use_directory_urls: false)."""

    folder: str

    def md(self, src: str) -> str:
        return posixpath.relpath(src, self.folder or ".")

    def html(self, src: str) -> str:
        return self.md(src)[: -len(".md")] + ".html"

    @property
    def runs(self) -> str:
        return self.html(RUNS_PAGE)


@dataclass
class Context:
    """What every renderer may read: the stored results, the reference data, the snippets'
    chart settings, the judgement made from them (once per build, before any page), the fragment
    types the build knows, and the links of the folder being rendered for."""

    store: Store
    reference: Reference
    workloads: dict[str, dict]  # workload -> {"title", "chart", "charts", "table"} from snippet literals
    links: Links
    judgement: Judgement
    fragment_types: dict[str, FragmentType]
    published: Published = field(default_factory=Published)  # each published source's data, by kind
    docs_dir: Path | None = None  # where notebooks are read from
    data_dir: Path | None = None  # what notebooks read
    execute_notebooks: bool = True
    memo: dict = field(default_factory=dict, repr=False)  # tables several pages show, made once per build

    def findings(self) -> dict[tuple[str, str], Finding]:
        """(claim, kind of evidence) -> finding: the judgement's."""
        return self.judgement.findings

    def verdicts(self) -> list[Verdict]:
        return measured_verdicts(self.findings())

    def kinds(self) -> dict[str, KindInfo]:
        """Every kind of evidence as the answers and the cost page name it (measured, the vendors'
        specifications, each published source)."""
        return self.judgement.kinds

    def answers(self) -> tuple[Answer, ...]:
        """One answer per claim from every kind of evidence held (measured, and each source imported)."""
        return self.judgement.answers

    def record_rows(self) -> tuple[list[dict], list[str]]:
        """The whole dataset flattened (the dataset files and their dictionary both read it)."""
        if "record_rows" not in self.memo:
            self.memo["record_rows"] = downloads.record_rows(self.store.records)
        return self.memo["record_rows"]

    def with_links(self, links: Links) -> Context:
        return replace(self, links=links)  # the memo dict is shared, not copied


@dataclass(frozen=True)
class FragmentType:
    name: str
    usage: str  # its arguments, as the contribute page shows them ('' for none; [X] optional)
    doc: str  # what it shows, one line
    render: Callable[[Context, list[str]], Fragment | str]
    choices: Callable[[Context], Iterable[str]] | Iterable[str] | None = None  # what its first argument may be
    source: str | None = None  # the published source it shows: said "not imported" without it
    missing: Callable[[list[str]], str] | str | None = None  # what is then not imported, in words

    def arity(self) -> tuple[int, int]:
        """The fewest and the most arguments its usage takes ("WORKLOAD[.METRIC]": 1 and 2)."""
        optional = re.findall(r"\[[^\]]*\]", self.usage)
        required = [w for w in re.split(r"[.\s]+", re.sub(r"\[[^\]]*\]", "", self.usage)) if w]
        return len(required), len(required) + len(optional)

    def check(self, ctx: Context, args: list[str]) -> None:
        """Refuse arguments the usage does not take, naming what it takes."""
        least, most = self.arity()
        known = None if self.choices is None else list(self.choices(ctx) if callable(self.choices) else self.choices)
        if least <= len(args) <= most and (known is None or not args or args[0] in known):
            return
        if most == 0:
            raise FragmentError(f"{self.name!r} takes no arguments, got {args}")
        takes = f"one of {', '.join(known)}" if known else self.usage
        raise FragmentError(f"{self.name!r} takes {'no argument or ' if least == 0 else ''}{takes}, got {args or 'none'}")


def fragment(name: str, usage: str, doc: str, *, choices: Callable[[Context], Iterable[str]] | Iterable[str] | None = None,
             source: str | None = None, missing: str | Callable[[list[str]], str] | None = None):
    """Declare the decorated function as the renderer of one fragment type (the registry,
    accelbench/registry.py, lists the modules whose types the build knows). The type checks its
    arguments against ``usage`` (and the first against ``choices``, a list or a function of the
    context) and, for a type showing a published ``source``, says what is ``missing`` where none of
    it is imported, so the renderer is called only with arguments it takes and data it can show."""
    if (source is None) != (missing is None):
        raise ValueError(f"fragment type {name!r}: a source and what is missing without it come together")

    def declare(render: Callable[[Context, list[str]], str]):
        render.fragment_type = FragmentType(name, usage, doc, render, choices, source, missing)
        return render
    return declare


def fragment_types_in(module) -> list[FragmentType]:
    """The fragment types a module declares (its functions decorated with :func:`fragment`)."""
    return [obj.fragment_type for obj in vars(module).values()
            if callable(obj) and isinstance(getattr(obj, "fragment_type", None), FragmentType)]


def imported(ctx: Context, source: str) -> bool:
    """Whether any of a published source's data is imported (a file with no rows is none)."""
    key = f"imported:{source}"
    if key not in ctx.memo:
        ctx.memo[key] = source in ctx.published and bool(SOURCES[source].rows(ctx.published[source]))
    return ctx.memo[key]


@dataclass(frozen=True)
class Fragment:
    """What a fragment type makes: the text a page includes, and the files its tables offer for
    download (path under docs/ -> bytes). Text and fragments add up, the downloads merged."""

    text: str
    downloads: dict[str, bytes] = field(default_factory=dict)

    def __add__(self, other: Fragment | str) -> Fragment:
        other = as_fragment(other)
        try:
            files = downloads.merged(self.downloads, other.downloads)
        except downloads.DownloadError as exc:
            raise FragmentError(str(exc)) from None
        return Fragment(self.text + other.text, files)

    def __radd__(self, other: str) -> Fragment:
        return as_fragment(other) + self


def as_fragment(made: Fragment | str) -> Fragment:
    return made if isinstance(made, Fragment) else Fragment(made)


def concat(parts: list[Fragment | str]) -> Fragment:
    out = Fragment("")
    for part in parts:
        out = out + part
    return out


def render(ctx: Context, name: str, args: list[str]) -> Fragment:
    if name not in ctx.fragment_types:
        raise FragmentError(f"unknown fragment type {name!r} (known: {', '.join(ctx.fragment_types)})")
    found = ctx.fragment_types[name]
    found.check(ctx, args)
    if found.source is not None and not imported(ctx, found.source):
        what = found.missing(args) if callable(found.missing) else found.missing
        return as_fragment(tables.not_measured(cards.not_imported(what, found.source),
                                               ctx.links.md(PUBLISHED_PAGE)))
    return as_fragment(found.render(ctx, args))


def workloads(ctx: Context) -> Iterable[str]:
    """The choices of a fragment type whose argument is a workload id."""
    return sorted(ctx.workloads)


def rules_list(ctx: Context, kind: str) -> str:
    """The written rules of one kind of evidence, as the methodology and evidence pages list them."""
    listed = "\n".join(f"- **{esc_md(r.claim.feature)}**: {esc_md(text(r.text))}" for r in rules_of(ctx.judgement.rules, kind))
    # out of the search index, which every page fetches: the rules are read here, on their page
    return f'<div markdown="1" data-search-exclude>\n\n{listed}\n\n</div>'



def wrap(table_html: str) -> str:
    # the same wrapper Material puts around Markdown tables, so ours scroll and look alike; it can
    # take the keyboard's focus, so a wide table scrolls without a mouse. Kept out of the search
    # index (data-search-exclude): rows of figures are found through their page and downloads, and
    # indexed they would double the index every page loads.
    return ('\n<div class="md-typeset__scrollwrap ab-table" tabindex="0" role="region" '
            f'aria-label="{esc(cards.TABLE_REGION)}" '
            f'data-search-exclude><div class="md-typeset__table">\n{table_html}</div></div>\n')


def download(ctx: Context, name: str, rows: list[dict], what: str = "", columns: list[str] | None = None) -> Fragment:
    """``name``.csv and .json (the rows of the table just rendered) and the line of links to them
    that goes under the table."""
    files = downloads.files_for(name, rows, columns)
    return Fragment(downloads.links(list(files), ctx.links.md, what), files)


def not_measured(ctx: Context, what: str) -> str:
    return tables.not_measured(what, ctx.links.md(REPRODUCE_PAGE))


def chart_block(drawn: chart_theme.Chart | None, alt: str, caption: str, ctx: Context, wide: bool = False,
                help: str = cards.CHART_HELP, more: str = "") -> str:
    """A chart in the page: the static SVG, shown until assets/charts.js has drawn the interactive
    one from the specification beside it (and shown in print and without JavaScript); a chart with
    a phone layout has both static SVGs, the stylesheet showing the one for the screen. ``wide``: a
    chart whose labels stay readable only at their own size scrolls sideways in its own box on a
    narrow screen (a region the keyboard can focus), never the page. ``caption``: a few words;
    ``more``: the rest of what it says, folded under them with ``help``, what the drawn chart lets
    the reader do (said once it is drawn; '' for nothing), which without ``more`` follows the caption."""
    if drawn is None:  # the alt text of a chart with no data is its title
        return not_measured(ctx, alt)
    scrolls = f' tabindex="0" role="region" aria-label="{esc(cards.CHART_REGION)}"' if wide else ""
    # the SVG's text (ticks, legend) stays out of the search index, which every page fetches; the
    # caption says what the chart shows
    statics = [(drawn, "")] if drawn.phone is None else [(drawn, " ab-chart__static--desktop"),
                                                         (drawn.phone, " ab-chart__static--phone")]
    static = "".join(f'<div class="ab-chart__static{layout}{" ab-chart--wide" if wide else ""}"{scrolls} '
                     f'data-search-exclude>{shown.svg}</div>\n' for shown, layout in statics)
    if more:
        about = (f'<details class="ab-chart__about"><summary>{esc(wording.CHART_ABOUT)}</summary><p>{esc(more)}</p>'
                 + (f'<p class="ab-chart__help">{esc(help)}</p>' if help else "") + "</details>")
    else:
        about = f'<span class="ab-chart__help"> {esc(help)}</span>' if help else ""
    return ('\n<figure class="ab-chart">\n' + static
            + f'<div class="ab-chart__live{" ab-chart--wide" if wide else ""}"{scrolls}></div>\n'
            f'<script type="application/json" class="ab-chart__spec">{chart_theme.page_json(drawn)}</script>\n'
            f'<figcaption>{esc(caption)}{about}</figcaption>\n</figure>\n')
