"""Fragment types of MLPerf Training (audited benchmark results, published by others): per-round
tables, the chip-hours chart, the per-chip answer and the written rules. Listed in accelbench/registry.py."""

from __future__ import annotations

import altair as alt
import pandas as pd

from accelbench.core.text import esc
from accelbench.judge.facts import TrainingPairs
from accelbench.publish.fragments.core import (
    PUBLISHED_PAGE,
    Context,
    Fragment,
    chart_block,
    concat,
    download,
    fragment,
    not_measured,
    rules_list,
    wrap,
)
from accelbench.publish.render import charts, tables
from accelbench.publish.wording import mlperf as wording
from accelbench.sources.mlperf_training import SOURCE
from accelbench.sources.mlperf_training import tables as published_tables
from accelbench.sources.mlperf_training.benchmarks import BENCHMARKS, name_of
from accelbench.sources.mlperf_training.coverage import coverage
from accelbench.sources.mlperf_training.format import KIND
from accelbench.sources.mlperf_training.rules import results_url
from accelbench.sources.mlperf_training.scale import (
    domains_spanned,
    largest_by_chip,
    largest_systems,
    scaling_curves,
)
from accelbench.sources.rounds import newest_first, published_in


def _benchmark(ctx: Context, name: str, args: list[str], entries: str = "results") -> pd.DataFrame | None:
    """The published entries of the benchmark a fragment names (the scored ``results``, or every
    entry ``entered``, scored or not), or None where none is imported."""
    df = getattr(ctx.published[KIND], entries)
    if df.empty or args[0] not in set(df["benchmark"]):
        return None
    return df[df["benchmark"] == args[0]]


def _in_round(df: pd.DataFrame, benchmark: str, round_name: str) -> pd.DataFrame:
    """The entries of one benchmark in one round (none of a table without entries)."""
    return df[(df["benchmark"] == benchmark) & (df["round"] == round_name)] if not df.empty else df


def _missing(args: list[str]) -> str:
    return wording.results_on(args[0])


def _not_published(ctx: Context, benchmark: str) -> str:
    return tables.not_measured(wording.not_published(benchmark), ctx.links.md(PUBLISHED_PAGE))


@fragment("published", "BENCHMARK", "every imported MLPerf Training round of a benchmark: one table per round, with its "
      "CSV and JSON", choices=BENCHMARKS, source=KIND, missing=_missing)
def _published(ctx: Context, args: list[str]) -> str:
    rows = _benchmark(ctx, "published", args, "entered")
    if rows is None:
        return _not_published(ctx, args[0])
    data, out = ctx.published[KIND], []
    for round_name in newest_first(rows["round"]):
        origin = data.round_of(round_name)["source"]
        scored, unscored = (_in_round(df, args[0], round_name) for df in (data.results, data.unscored))
        said = wording.ROUND_ORIGIN.format(where=published_in(origin), commit=f"<code>{esc(origin['commit'][:10])}</code>",
                                           how=wording.how_scored(not scored.empty, not unscored.empty))
        out.append(f"\n## {esc(wording.round_heading(BENCHMARKS[args[0]].name, args[0], round_name))} "
                   # out of the search index: a section per round on every benchmark page would weigh on
                   # every page's load (the index is fetched everywhere); the page's own text stays in it
                   f"{{ #{round_anchor(args[0], round_name)} data-search-exclude }}\n\n"
                   f"<p>{said}</p>\n")
        name = f"published-{args[0]}-{round_name}"
        if not scored.empty:
            table = published_tables.published_table(scored, ctx.reference, results_url, anchor=name)
            out += [wrap(table.html), download(ctx, name, table.rows)]
        if not unscored.empty:
            table = published_tables.entered_table(unscored, results_url, anchor=f"{name}-entered")
            out += [f"<p>{esc(wording.UNSCORED)}</p>\n", wrap(table.html), download(ctx, f"{name}-entered", table.rows)]
    return concat(out)


def round_anchor(benchmark: str, round_name: str) -> str:
    """The id of a benchmark's round heading (the coverage view links each cell to it)."""
    return f"published-{benchmark}-{round_name.replace('.', '-')}"


@fragment("mlperf-coverage", "", "chip family × benchmark × round: which have audited MLPerf Training results, each "
      "linked to its entries", source=KIND, missing=wording.RESULTS)
def _coverage(ctx: Context, args: list[str]) -> str:
    def link(benchmark: str, round_name: str) -> str:
        return f"{ctx.links.html(BENCHMARKS[benchmark].page_path)}#{round_anchor(benchmark, round_name)}"
    data = ctx.published[KIND]
    table, note = published_tables.coverage_table(coverage(data), link)
    # no link inside the small print (a link there fails colour contrast); the round headings link the mirror
    mirrors = "".join("<p><small>" + wording.COVERAGE_MIRROR.format(
                          round=esc(r), repository=esc(s["repository"]), commit=f"<code>{esc(s['commit'][:10])}</code>")
                      + "</small></p>\n" for r, s in data.mirrored().items())
    return f'<div class="ab-coverage">{wrap(table)}</div>{note}{mirrors}'



@fragment("published-chart", "BENCHMARK", "chip-hours to train against chips, per accelerator and round (log axes)",
      choices=BENCHMARKS, source=KIND, missing=_missing)
def _published_chart(ctx: Context, args: list[str]) -> str:
    rows = _benchmark(ctx, "published-chart", args)
    if rows is None:
        if _benchmark(ctx, "published-chart", args, "entered") is not None:
            return f"\n<p>{esc(wording.NO_CHART)}</p>\n"
        return _not_published(ctx, args[0])
    frame = pd.DataFrame({"device": rows["accelerator"], "framework": rows["round"], "chips": rows["chips"],
                          "m_chip_hours": rows["chip_hours"]})
    # one point per accelerator, round and chip count: the entry with the fewest chip-hours
    frame = frame.sort_values(["m_chip_hours", "device"]).drop_duplicates(["device", "framework", "chips"])
    frame = frame.assign(params=frame["chips"].map(lambda c: {"chips": int(c)}))
    chart = {"x": "chips", "y": "chip_hours", "series": [], "log_x": True, "x_label": wording.CHIPS_AXIS,
             "y_label": wording.CHIP_HOURS_AXIS, "title": wording.chip_hours_chart_title(args[0])}
    alt = wording.chip_hours_chart_alt(chart["title"], len(frame), newest_first(rows["round"]))
    return chart_block(charts.line_chart(frame, chart, alt, uid=f"published-{args[0]}", tooltip=charts.PUBLISHED_TOOLTIP), alt,
                       wording.CHIP_HOURS_CHART_CAPTION, ctx)


@fragment("published-summary", "", "per benchmark, the best TPU and the best GPU per chip in the newest round with both",
      source=KIND, missing=wording.RESULTS)
def _published_summary(ctx: Context, args: list[str]) -> str:
    # the speed rule's own pairs and sides, read from the judgement: never selected or judged again here
    finding = ctx.findings().get(("speed", KIND))
    pairs = finding.facts.pairs if finding and isinstance(finding.facts, TrainingPairs) else ()
    return wrap(published_tables.published_summary(pairs, lambda b: ctx.links.html(BENCHMARKS[b].page_path),
                                                   ctx.reference))


@fragment("published-rules", "", "the written rules of the published verdicts")
def _published_rules(ctx: Context, args: list[str]) -> str:
    return "\n" + rules_list(ctx, KIND) + "\n"




# MLPerf at scale (scale.py): the largest systems each chip entered, the scaling curves of one
# submitter's sizes, and the size of each chip's pod or NVLink domain (reference data)

SCALE_KIND = wording.scale_kind(SOURCE.label, SOURCE.title)
# the pretraining benchmarks of the largest models (175B parameters and more): the scaling chart's lines
LARGE_MODELS = ("gpt3", "llama31_405b", "deepseekv3_671b")
SCALING_TOOLTIP = [*(alt.Tooltip(f"{field}:N", title=title) for field, title in wording.SCALING_TOOLTIP.items()),
                   alt.Tooltip("parameters:N")]


def _domains_of(ctx: Context):
    return lambda chip, chips: domains_spanned(chip, chips, ctx.reference.scale_domains)


@fragment("mlperf-largest", "", "per chip, the largest system it entered in MLPerf Training: overall, then per "
      "benchmark and round, with the pods or NVLink domains it fills, CSV and JSON", source=KIND,
      missing=wording.RESULTS)
def _mlperf_largest(ctx: Context, args: list[str]) -> Fragment:
    largest = largest_systems(ctx.published[KIND])
    overall = published_tables.largest_table(largest_by_chip(largest), ctx.reference, results_url, _domains_of(ctx),
                                             anchor="largest-per-chip", overall=True)
    each = published_tables.largest_table(largest, ctx.reference, results_url, _domains_of(ctx),
                                          anchor="largest-per-benchmark")
    return concat([f"\n<p>{esc(SCALE_KIND)}</p>\n", wrap(overall.html), download(ctx, "mlperf-largest-per-chip", overall.rows),
                   f"<p>{esc(wording.LARGEST_NOTE)}</p>\n",
                   # folded: the overall table answers first; a closed <details> costs a phone no layout
                   f'\n<details class="ab-evidence">\n<summary>{wording.largest_each_summary(len(largest))}</summary>\n'
                   f'{wrap(each.html)}</details>\n',
                   download(ctx, "mlperf-largest-per-benchmark", each.rows)])


@fragment("mlperf-scaling", "", "the scaling curves of MLPerf Training: one submitter's sizes of one chip on one "
      "benchmark and round, time to train and scaling efficiency, a chart of the largest models' curves, CSV and JSON",
      source=KIND, missing=wording.RESULTS)
def _mlperf_scaling(ctx: Context, args: list[str]) -> Fragment:
    curves = scaling_curves(ctx.published[KIND])
    if not curves:
        return tables.not_measured(wording.NO_SCALING_CURVES, ctx.links.md(PUBLISHED_PAGE))
    table = published_tables.scaling_table(curves, ctx.reference, results_url, anchor="scaling")
    out = [f"\n<p>{esc(SCALE_KIND)}</p>\n<p>{esc(wording.SCALING_NOTE)}</p>\n"]
    drawn = [c for c in curves if c.benchmark in LARGE_MODELS]
    if drawn:  # every curve has two sizes at least: a line of more than one point
        frame = pd.DataFrame([{"device": f"{ctx.reference.display_name(c.chip)} · {c.submitter}",
                               "framework": f"{name_of(c.benchmark)} {c.round}" + ("" if c.availability == "available"
                                                                                    else f" ({c.availability})"),
                               "params": {"chips": p.chips}, "m_scaling_efficiency": p.efficiency}
                              for c in drawn for p in c.points])
        chart = {"x": "chips", "y": "scaling_efficiency", "series": [], "log_x": True, "x_label": wording.CHIPS_AXIS,
                 "y_label": wording.SCALING_AXIS, "title": wording.SCALING_CHART_TITLE}
        models = [name_of(b) for b in LARGE_MODELS if b in {c.benchmark for c in drawn}]
        alt_text = wording.scaling_chart_alt(chart["title"], len(drawn), models)
        out.append(chart_block(charts.line_chart(frame, chart, alt_text, uid="mlperf-scaling", tooltip=SCALING_TOOLTIP),
                               alt_text, wording.SCALING_CHART_CAPTION, ctx))
    out += [wrap(table.html), download(ctx, "mlperf-scaling", table.rows)]
    return concat(out)


@fragment("scale-domains", "", "each chip's TPU pod or GPU NVLink domain, as its vendor's page states it, with the "
      "quote, CSV and JSON")
def _scale_domains(ctx: Context, args: list[str]) -> Fragment:
    table = published_tables.domains_table(ctx.reference.scale_domains, ctx.reference)
    if table.html is None:
        return Fragment(not_measured(ctx, wording.NO_SCALE_DOMAINS))
    return concat([f"\n<p>{esc(wording.DOMAINS_KIND)}</p>\n", wrap(table.html), download(ctx, "scale-domains", table.rows)])
