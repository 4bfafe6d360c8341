"""Fragment types of Epoch AI's Notable AI Models (what notable models were trained on, never what is
faster): the attribution its licence asks for, who trained what on which chip (the article's
examples, research labs, every model), platforms per organisation category and per year, the
largest training runs, the utilisation reported per chip, the hardware table and the records
refused. Each table says which kind of evidence it shows and offers its CSV and JSON."""

from __future__ import annotations

from accelbench.core.text import esc
from accelbench.publish.fragments.core import Context, Fragment, concat, download, fragment, wrap
from accelbench.publish.render.tables import html_table
from accelbench.sources.epoch_models import queries
from accelbench.sources.epoch_models import tables as epoch_tables
from accelbench.sources.epoch_models.format import KIND, EpochModels, file_url, line_url
from accelbench.sources.epoch_models.hardware import HARDWARE

LABEL = "What notable models were trained on (Epoch AI): what was used, never what is faster."
MISSING = "Epoch AI's Notable AI Models"
LARGEST = 15  # the largest training runs shown
DOCUMENTATION = "https://epoch.ai/data/notable-ai-models-documentation"
INCLUSION = "https://epoch.ai/data/ai-models-documentation/inclusion"
FAQ = "https://epoch.ai/data/notable-ai-models"
# Epoch AI's own caveats, paraphrased with their links (its documentation and its FAQ)
CAVEATS = (
    f'Epoch AI records <em>notable</em> models: those that advanced the state of the art, were highly cited, widely '
    f'used or historically significant, not every model trained; where a family has several sizes it prefers the one '
    f'that used the most compute (<a href="{INCLUSION}">Epoch AI\'s inclusion criteria</a>). A year\'s count is a '
    f'count of such models, not of all training.',
    f'Epoch AI records what developers, labs and researchers make public (<a href="{FAQ}">its FAQ</a>, '
    f'<a href="{DOCUMENTATION}">its documentation</a>): a model whose developer did not say what it was trained on '
    f'counts here under "hardware not stated".',
)


def _data(ctx: Context) -> EpochModels:
    return ctx.published[KIND]


def _labelled(table, ctx: Context, name: str, what: str, fold: str = "") -> Fragment | str:
    """A table under its label, with its CSV and JSON; folded in a <details> under ``fold`` where given."""
    if table.html is None:
        return f"\n<p>{esc(LABEL)}</p>\n<p>No model of Epoch AI's database is in this table.</p>\n"
    shown = wrap(table.html)
    if fold:
        shown = f'\n<details class="ab-evidence">\n<summary>{esc(fold)}</summary>\n{shown}</details>\n'
    return concat([f"\n<p><strong>{esc(LABEL)}</strong></p>\n", shown, download(ctx, name, table.rows, what)])


@fragment("epoch-attribution", "", "where Epoch AI's Notable AI Models were read from, its licence (CC BY 4.0), "
          "its citation, the changes made, and how many records were read and refused", source=KIND, missing=MISSING)
def _epoch_attribution(ctx: Context, args: list[str]) -> str:
    data = _data(ctx)
    s, db = data.origin, data.database
    repo = f"https://github.com/{s['repository']}/tree/{s['commit']}"
    if s["accessed"]:
        when = f"downloaded from Epoch AI on {esc(s['accessed'])}, as {esc(s['accessed_stated_in'])} states"
    elif s["committed"]:
        when = (f"the repository does not state the day it was downloaded from Epoch AI: on or before "
                f"{esc(s['committed'])}, the day of the commit")
    else:
        when = "the day it was downloaded from Epoch AI is not stated"
    return (f'\n<p>Data: <a href="{esc(db["url"])}">{esc(db["name"])}</a> by <strong>{esc(db["publisher"])}</strong>, '
            f'licensed under <a href="{esc(db["licence_url"])}">{esc(db["licence"])}</a>; see <a href="'
            f'{esc(db["documentation"])}">its documentation</a>. Cite it as: {esc(db["citation"])}.</p>\n'
            f'<p>Changes made here: {esc(db["changes"])}</p>\n'
            f'<p>Read from a copy of Epoch AI\'s CSV, <a href="{esc(file_url(s))}"><code>{esc(s["path"])}</code></a> '
            f'in <a href="{esc(repo)}">{esc(s["repository"])}</a> at commit <code>{esc(s["commit"][:10])}</code> '
            f"({when}). {data.read:,} records read: {len(data.rows):,} kept, "
            f"{sum(1 for r in data.rows if r['hardware']):,} of them with their training hardware stated; "
            f"{data.refused} refused (listed at the end of this page).</p>\n")


EXAMPLES = {
    "openai-early-gpt": "OpenAI's early GPT models (GPT-1, GPT-2, GPT-3)",
    "deepmind-games": "DeepMind's game-playing models (Epoch AI's domain Games), its reinforcement-learning agents",
    "research-labs": "models whose every organisation is academic or a research collective, hardware stated",
    "all": "every model with its training hardware stated, by organisation",
}


@fragment("epoch-models", "WHICH", "who trained what on which chip (Epoch AI), each model linked to its own source: "
          + "; ".join(f"{k}: {v}" for k, v in EXAMPLES.items()) + ", with CSV and JSON",
          choices=list(EXAMPLES), source=KIND, missing=MISSING)
def _epoch_models(ctx: Context, args: list[str]) -> Fragment | str:
    data, which = _data(ctx), args[0]
    said = ""
    if which == "openai-early-gpt":
        example = queries.openai_early_gpt(data)
        rows = list(example.rows)
        if example.missing:
            said = f"<p>Not in Epoch AI's database: {esc(', '.join(example.missing))}.</p>\n"
    elif which == "deepmind-games":
        rows = list(queries.deepmind_game_players(data).rows)
    elif which == "research-labs":
        rows = queries.research_lab_models(data)
    else:
        rows = queries.who_trained_what(data)
    name = f"epoch-models-{which}"
    table = epoch_tables.models_table(rows, ctx.reference.display_name, anchor=name)
    fold = f"All {len(rows)} models, by organisation" if which in ("all", "research-labs") else ""
    return concat([said, _labelled(table, ctx, name, EXAMPLES[which], fold)])


@fragment("epoch-categories", "", "models per set of organisation categories (industry, academia, ...) by the platform "
          "they were trained on (Epoch AI), with CSV and JSON", source=KIND, missing=MISSING)
def _epoch_categories(ctx: Context, args: list[str]) -> Fragment | str:
    table = epoch_tables.platforms_table(queries.platform_by_category(_data(ctx)), "Organisations' categories",
                                         anchor="epoch-categories")
    return _labelled(table, ctx, "epoch-platforms-by-category", "models per organisation category and platform")


@fragment("epoch-years", "", "models per year of publication by the platform they were trained on (Epoch AI), with "
          "Epoch AI's caveats on coverage and disclosure, and CSV and JSON", source=KIND, missing=MISSING)
def _epoch_years(ctx: Context, args: list[str]) -> Fragment | str:
    table = epoch_tables.platforms_table(queries.platform_by_year(_data(ctx)), "Year", anchor="epoch-years")
    caveats = "".join(f"<p>{c}</p>\n" for c in CAVEATS)
    return concat([f"\n{caveats}", _labelled(table, ctx, "epoch-platforms-by-year", "models per year and platform")])


@fragment("epoch-largest", "", f"the {LARGEST} largest training runs by compute in Epoch AI's database, with the chip "
          "and how many, and CSV and JSON", source=KIND, missing=MISSING)
def _epoch_largest(ctx: Context, args: list[str]) -> Fragment | str:
    table = epoch_tables.largest_table(queries.largest_runs(_data(ctx), LARGEST), ctx.reference.display_name,
                                       anchor="epoch-largest")
    return _labelled(table, ctx, "epoch-largest-runs", f"the {LARGEST} largest training runs")


@fragment("epoch-utilisation", "", "the hardware utilization (MFU, HFU) reported for production training runs, per "
          "chip: runs, median and range (Epoch AI), with CSV and JSON", source=KIND, missing=MISSING)
def _epoch_utilisation(ctx: Context, args: list[str]) -> Fragment | str:
    table = epoch_tables.utilisation_table(queries.utilisation_by_chip(_data(ctx)), ctx.reference.display_name,
                                           anchor="epoch-utilisation")
    return _labelled(table, ctx, "epoch-utilisation", "the utilisation reported per chip")


@fragment("epoch-hardware", "", "the hardware table: each name Epoch AI writes, its platform and its chip in the "
          "hardware reference")
def _epoch_hardware(ctx: Context, args: list[str]) -> str:
    body = [[esc(h.name), esc(epoch_tables.PLATFORM_NAMES[h.platform]),
             esc(ctx.reference.display_name(h.chip)) if h.chip else "–", esc(h.note) or "–"] for h in HARDWARE]
    return wrap(html_table(["Name (Epoch AI)", "Platform", "Chip (hardware reference)", "Note"], body))


@fragment("epoch-left-out", "", "the records of Epoch AI's CSV refused at import, each with its line, field and "
          "reason", source=KIND, missing=MISSING)
def _epoch_left_out(ctx: Context, args: list[str]) -> str:
    data = _data(ctx)
    table = epoch_tables.left_out_table(data.left_out, lambda line: line_url(data.origin, line))
    return wrap(table) if table else "\n<p>No record was refused.</p>\n"
