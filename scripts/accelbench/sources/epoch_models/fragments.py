"""Fragment types of Epoch AI's Notable AI Models (what notable models were trained on, never what is
faster): the attribution its licence asks for, who trained what on which chip (the article's
examples, research labs, every model), platforms per organisation category and per year, the
largest training runs, the utilisation reported per chip, the hardware table and the records
refused. Each table says which kind of evidence it shows and offers its CSV and JSON."""

from __future__ import annotations

from accelbench.core.text import esc
from accelbench.publish.fragments.core import Context, Fragment, concat, download, fragment, wrap
from accelbench.publish.render.tables import html_table
from accelbench.publish.wording import epoch as wording
from accelbench.sources.epoch_models import queries
from accelbench.sources.epoch_models import tables as epoch_tables
from accelbench.sources.epoch_models.format import KIND, EpochModels, file_url, line_url
from accelbench.sources.epoch_models.hardware import HARDWARE

LARGEST = 15  # the largest training runs shown
DOCUMENTATION = "https://epoch.ai/data/notable-ai-models-documentation"
INCLUSION = "https://epoch.ai/data/ai-models-documentation/inclusion"
FAQ = "https://epoch.ai/data/notable-ai-models"
# Epoch AI's own caveats, paraphrased with their links (its documentation and its FAQ)
CAVEATS = tuple(c.format(notable=f"<em>{wording.NOTABLE}</em>",
                         **{k: f'<a href="{url}">{wording.LINKS[k]}</a>'
                            for k, url in (("inclusion", INCLUSION), ("faq", FAQ), ("documentation", DOCUMENTATION))})
                for c in wording.CAVEATS)


def _data(ctx: Context) -> EpochModels:
    return ctx.published[KIND]


def _labelled(table, ctx: Context, name: str, what: str, fold: str = "") -> Fragment | str:
    """A table under its label, with its CSV and JSON; folded in a <details> under ``fold`` where given."""
    if table.html is None:
        return f"\n<p>{esc(wording.LABEL)}</p>\n<p>{wording.NO_MODEL}</p>\n"
    shown = wrap(table.html)
    if fold:
        shown = f'\n<details class="ab-evidence">\n<summary>{esc(fold)}</summary>\n{shown}</details>\n'
    return concat([f"\n<p><strong>{esc(wording.LABEL)}</strong></p>\n", shown, download(ctx, name, table.rows, what)])


@fragment("epoch-attribution", "", "where Epoch AI's Notable AI Models were read from, its licence (CC BY 4.0), "
          "its citation, the changes made, and how many records were read and refused", source=KIND, missing=wording.MISSING)
def _epoch_attribution(ctx: Context, args: list[str]) -> str:
    data = _data(ctx)
    s, db = data.origin, data.database
    repo = f"https://github.com/{s['repository']}/tree/{s['commit']}"
    if s["accessed"]:
        when = wording.DOWNLOADED_ON.format(accessed=esc(s["accessed"]), stated_in=esc(s["accessed_stated_in"]))
    elif s["committed"]:
        when = wording.ON_OR_BEFORE.format(committed=esc(s["committed"]))
    else:
        when = wording.NOT_DATED
    attribution = wording.ATTRIBUTION.format(
        database=f'<a href="{esc(db["url"])}">{esc(db["name"])}</a>', publisher=f'<strong>{esc(db["publisher"])}</strong>',
        licence=f'<a href="{esc(db["licence_url"])}">{esc(db["licence"])}</a>',
        documentation=f'<a href="{esc(db["documentation"])}">{wording.LINKS["documentation"]}</a>',
        citation=esc(db["citation"]))
    read = wording.READ_FROM.format(
        file=f'<a href="{esc(file_url(s))}"><code>{esc(s["path"])}</code></a>',
        repository=f'<a href="{esc(repo)}">{esc(s["repository"])}</a>', commit=f'<code>{esc(s["commit"][:10])}</code>',
        when=when, read=f"{data.read:,}", kept=f"{len(data.rows):,}",
        stated=f"{sum(1 for r in data.rows if r['hardware']):,}", refused=data.refused)
    return f"\n<p>{attribution}</p>\n<p>{wording.CHANGES.format(changes=esc(db['changes']))}</p>\n<p>{read}</p>\n"


@fragment("epoch-models", "WHICH", "who trained what on which chip (Epoch AI), each model linked to its own source: "
          + "; ".join(f"{k}: {v}" for k, v in wording.EXAMPLES.items()) + ", with CSV and JSON",
          choices=list(wording.EXAMPLES), source=KIND, missing=wording.MISSING)
def _epoch_models(ctx: Context, args: list[str]) -> Fragment | str:
    data, which = _data(ctx), args[0]
    said = ""
    if which == "openai-early-gpt":
        example = queries.openai_early_gpt(data)
        rows = list(example.rows)
        if example.missing:
            said = f"<p>{wording.NOT_IN_DATABASE.format(models=esc(', '.join(example.missing)))}</p>\n"
    elif which == "deepmind-games":
        rows = list(queries.deepmind_game_players(data).rows)
    elif which == "research-labs":
        rows = queries.research_lab_models(data)
    else:
        rows = queries.who_trained_what(data)
    name = f"epoch-models-{which}"
    table = epoch_tables.models_table(rows, ctx.reference.display_name, anchor=name)
    fold = wording.all_models(len(rows)) if which in ("all", "research-labs") else ""
    return concat([said, _labelled(table, ctx, name, wording.EXAMPLES[which], fold)])


@fragment("epoch-categories", "", "models per set of organisation categories (industry, academia, ...) by the platform "
          "they were trained on (Epoch AI), with CSV and JSON", source=KIND, missing=wording.MISSING)
def _epoch_categories(ctx: Context, args: list[str]) -> Fragment | str:
    table = epoch_tables.platforms_table(queries.platform_by_category(_data(ctx)), "Organisations' categories",
                                         anchor="epoch-categories")
    return _labelled(table, ctx, "epoch-platforms-by-category", wording.CATEGORIES_DOWNLOAD)


@fragment("epoch-years", "", "models per year of publication by the platform they were trained on (Epoch AI), with "
          "Epoch AI's caveats on coverage and disclosure, and CSV and JSON", source=KIND, missing=wording.MISSING)
def _epoch_years(ctx: Context, args: list[str]) -> Fragment | str:
    table = epoch_tables.platforms_table(queries.platform_by_year(_data(ctx)), "Year", anchor="epoch-years")
    caveats = "".join(f"<p>{c}</p>\n" for c in CAVEATS)
    return concat([f"\n{caveats}", _labelled(table, ctx, "epoch-platforms-by-year", wording.YEARS_DOWNLOAD)])


@fragment("epoch-largest", "", f"the {LARGEST} largest training runs by compute in Epoch AI's database, with the chip "
          "and how many, and CSV and JSON", source=KIND, missing=wording.MISSING)
def _epoch_largest(ctx: Context, args: list[str]) -> Fragment | str:
    table = epoch_tables.largest_table(queries.largest_runs(_data(ctx), LARGEST), ctx.reference.display_name,
                                       anchor="epoch-largest")
    return _labelled(table, ctx, "epoch-largest-runs", wording.largest_download(LARGEST))


@fragment("epoch-utilisation", "", "the hardware utilization (MFU, HFU) reported for production training runs, per "
          "chip: runs, median and range (Epoch AI), with CSV and JSON", source=KIND, missing=wording.MISSING)
def _epoch_utilisation(ctx: Context, args: list[str]) -> Fragment | str:
    table = epoch_tables.utilisation_table(queries.utilisation_by_chip(_data(ctx)), ctx.reference.display_name,
                                           anchor="epoch-utilisation")
    return _labelled(table, ctx, "epoch-utilisation", wording.UTILISATION_DOWNLOAD)


@fragment("epoch-hardware", "", "the hardware table: each name Epoch AI writes, its platform and its chip in the "
          "hardware reference")
def _epoch_hardware(ctx: Context, args: list[str]) -> str:
    body = [[esc(h.name), esc(wording.PLATFORM_NAMES[h.platform]),
             esc(ctx.reference.display_name(h.chip)) if h.chip else "–", esc(h.note) or "–"] for h in HARDWARE]
    return wrap(html_table(list(wording.EPOCH_HARDWARE_COLUMNS), body))


@fragment("epoch-left-out", "", "the records of Epoch AI's CSV refused at import, each with its line, field and "
          "reason", source=KIND, missing=wording.MISSING)
def _epoch_left_out(ctx: Context, args: list[str]) -> str:
    data = _data(ctx)
    table = epoch_tables.left_out_table(data.left_out, lambda line: line_url(data.origin, line))
    return wrap(table) if table else f"\n<p>{wording.NONE_REFUSED}</p>\n"
