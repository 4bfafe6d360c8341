"""Fragment types of MLPerf Training (audited benchmark results, published by others): per-round
tables, the chip-hours chart, the per-chip answer and the written rules. Registered in core.FRAGMENTS."""

from __future__ import annotations

import pandas as pd

from accelbench.core.text import esc
from accelbench.judge.judging import beyond_margin
from accelbench.publish.fragments.core import (
    PUBLISHED_PAGE,
    Context,
    concat,
    download,
    figure,
    fragment,
    rules_list,
    wrap,
)
from accelbench.publish.render import charts, tables
from accelbench.sources.mlperf_training import tables as published_tables
from accelbench.sources.mlperf_training.benchmarks import BENCHMARKS
from accelbench.sources.mlperf_training.coverage import coverage
from accelbench.sources.mlperf_training.format import KIND
from accelbench.sources.mlperf_training.rules import best_tpu, comparable, nearest_gpu, results_url
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
    return f"published MLPerf results on {args[0]}"


def _not_published(ctx: Context, benchmark: str) -> str:
    return tables.not_measured(f"published MLPerf results on {benchmark} (run accelbench import mlperf-training)",
                               ctx.links.md(PUBLISHED_PAGE))


UNSCORED = ("These entries are listed by the source with their system files; their run logs (about 1 MB "
            "each) were not read, so no time to train is given here and none counts in Speed, Cost or Energy. "
            "They count only where an entry's presence is the evidence: coverage, frameworks and availability.")
NO_CHART = "No chart yet: this benchmark's entries were read without their run logs, so none has a time to train."


@fragment("published", "BENCHMARK", "every imported MLPerf Training round of a benchmark: one table per round, with its "
      "CSV and JSON", choices=BENCHMARKS, source=KIND, missing=_missing)
def _published(ctx: Context, args: list[str]) -> str:
    rows = _benchmark(ctx, "published", args, "entered")
    if rows is None:
        return _not_published(ctx, args[0])
    data, out = ctx.published[KIND], []
    for round_name in newest_first(rows["round"]):
        source = data.round_of(round_name)["source"]
        scored, unscored = (_in_round(df, args[0], round_name) for df in (data.results, data.unscored))
        how = "scored here by the olympic rule" if unscored.empty else \
            "listed here, not scored" if scored.empty else "scored here by the olympic rule where its logs were read"
        out.append(f"\n## {esc(BENCHMARKS[args[0]].name)} ({esc(args[0])}), MLPerf Training {esc(round_name)} "
                   # out of the search index: a section per round on every benchmark page would weigh on
                   # every page's load (the index is fetched everywhere); the page's own text stays in it
                   f"{{ #{round_anchor(args[0], round_name)} data-search-exclude }}\n\n"
                   f"<p>Published by others in {published_in(source)} at commit "
                   f"<code>{esc(source['commit'][:10])}</code>; {how}.</p>\n")
        name = f"published-{args[0]}-{round_name}"
        if not scored.empty:
            table = published_tables.published_table(scored, ctx.reference, nearest_gpu, results_url, anchor=name)
            out += [wrap(table.html), download(ctx, name, table.rows)]
        if not unscored.empty:
            table = published_tables.entered_table(unscored, results_url, anchor=f"{name}-entered")
            out += [f"<p>{esc(UNSCORED)}</p>\n", wrap(table.html), download(ctx, f"{name}-entered", table.rows)]
    return concat(out)


def round_anchor(benchmark: str, round_name: str) -> str:
    """The id of a benchmark's round heading (the coverage view links each cell to it)."""
    return f"published-{benchmark}-{round_name.replace('.', '-')}"


@fragment("mlperf-coverage", "", "chip family × benchmark × round: which have audited MLPerf Training results, each "
      "linked to its entries", source=KIND, missing="published MLPerf results")
def _coverage(ctx: Context, args: list[str]) -> str:
    def link(benchmark: str, round_name: str) -> str:
        return f"{ctx.links.html(BENCHMARKS[benchmark].page_path)}#{round_anchor(benchmark, round_name)}"
    data = ctx.published[KIND]
    table, note = published_tables.coverage_table(coverage(data), link)
    # no link inside the small print (a link there fails colour contrast); the round headings link the mirror
    mirrors = "".join(f"<p><small>Round {esc(r)} read from a public mirror of MLCommons' results: "
                      f"{esc(s['repository'])} at <code>{esc(s['commit'][:10])}</code>; its entries are counted as "
                      f"entered, not scored (the mirror's run logs were not read).</small></p>\n"
                      for r, s in data.mirrored().items())
    return f'<div class="ab-coverage">{wrap(table)}</div>{note}{mirrors}'



@fragment("published-chart", "BENCHMARK", "chip-hours to train against chips, per accelerator and round (log axes)",
      choices=BENCHMARKS, source=KIND, missing=_missing)
def _published_chart(ctx: Context, args: list[str]) -> str:
    rows = _benchmark(ctx, "published-chart", args)
    if rows is None:
        if _benchmark(ctx, "published-chart", args, "entered") is not None:
            return f"\n<p>{esc(NO_CHART)}</p>\n"
        return _not_published(ctx, args[0])
    frame = pd.DataFrame({"device": rows["accelerator"], "framework": rows["round"], "chips": rows["chips"],
                          "m_chip_hours": rows["chip_hours"]})
    # one point per accelerator, round and chip count: the entry with the fewest chip-hours
    frame = frame.sort_values(["m_chip_hours", "device"]).drop_duplicates(["device", "framework", "chips"])
    frame = frame.assign(params=frame["chips"].map(lambda c: {"chips": int(c)}))
    chart = {"x": "chips", "y": "chip_hours", "series": [], "log_x": True, "x_label": "chips (log scale)",
             "y_label": "chip-hours to train", "title": f"{args[0]}: chip-hours to train against chips (MLPerf)"}
    alt = (f"{chart['title']}, published by others: one line per accelerator and round; fewer chip-hours is better; "
           f"{len(frame)} entries from rounds {', '.join(newest_first(rows['round']))}.")
    return figure(charts.line_chart(frame, chart, alt, uid=f"published-{args[0]}", tooltip=charts.PUBLISHED_TOOLTIP), alt,
                   "Published by others (MLPerf Training), not measured here. A flat line scales perfectly; a rising "
                   "one pays chip-hours for a shorter time to train.", ctx)


@fragment("published-summary", "", "per benchmark, the best TPU and the best GPU per chip in the newest round with both",
      source=KIND, missing="published MLPerf results")
def _published_summary(ctx: Context, args: list[str]) -> str:
    entries = []
    for benchmark, round_name, rows in comparable(ctx.published[KIND]):
        tpu = best_tpu(rows)  # the rule's own choice, tie-break included
        gpu = nearest_gpu(rows, int(tpu["chips"]))
        entries.append((benchmark, round_name, tpu, gpu, beyond_margin(gpu["chip_hours"] / tpu["chip_hours"])))
    return wrap(published_tables.published_summary(entries, results_url, lambda b: ctx.links.html(BENCHMARKS[b].page_path),
                                                   ctx.reference))


@fragment("published-rules", "", "the written rules of the published verdicts")
def _published_rules(ctx: Context, args: list[str]) -> str:
    return "\n" + rules_list(ctx, KIND) + "\n"


