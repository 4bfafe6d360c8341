"""Fragment types of what this project measured: results tables and charts, verdicts, reference
data, cost, energy, coverage, notebooks and the dataset. Listed in accelbench/registry.py."""

from __future__ import annotations

from accelbench.core.profiles import PROFILES
from accelbench.core.reference import PEAK_FORMAT
from accelbench.core.text import esc, esc_md, row_ids
from accelbench.judge.claims import CLAIMS, MEASURED
from accelbench.measure import targets
from accelbench.measure.timing import WIDE_SPREAD
from accelbench.publish import downloads, notebooks, wording
from accelbench.publish.fragments.core import (
    CONTRIBUTE_PAGE,
    PUBLISHED_PAGE,
    REPRODUCE_PAGE,
    Context,
    FragmentError,
    chart_block,
    concat,
    download,
    fragment,
    not_measured,
    rules_list,
    workloads,
    wrap,
)
from accelbench.publish.render import charts, costs, coverage, reference, results, runs, tables, verdicts
from accelbench.publish.wording import measured as measured_words
from accelbench.publish.wording import pages
from accelbench.publish.wording import tables as table_words
from accelbench.store import queries
from accelbench.store.published import SOURCES

# Site-wide fragments

@fragment("runs", "", "every stored run with its provenance; the anchors result tables link to")
def _runs(ctx: Context, args: list[str]) -> str:
    if not ctx.store.runs:
        return not_measured(ctx, table_words.NOTHING_RUN)
    return wrap(runs.runs_table(ctx.store.runs))


@fragment("verdicts", "", "the article's comparison table with the evidence and a verdict per row")
def _verdicts(ctx: Context, args: list[str]) -> str:
    return wrap(verdicts.verdict_table(ctx.verdicts(), ctx.links.runs, ctx.links.html, ctx.links.html(CONTRIBUTE_PAGE),
                                        [(source.title, _findings_of(ctx, kind), ctx.links.html(PUBLISHED_PAGE))
                                         for kind, source in SOURCES.items() if kind in ctx.published
                                         and _findings_of(ctx, kind)]))  # a source judging none of these claims has no column


def _findings_of(ctx: Context, kind: str) -> dict:
    """claim slug -> finding of one kind of evidence."""
    return {slug: found for (slug, of), found in ctx.findings().items() if of == kind}


@fragment("verdict", "RULE", f"one row's verdict and evidence as a note ({', '.join(CLAIMS)})", choices=CLAIMS)
def _verdict(ctx: Context, args: list[str]) -> str:
    row = next(v for v in ctx.verdicts() if v.claim.slug == args[0])
    return verdicts.verdict_note(row, ctx.links.md(row.page), ctx.links.md(CONTRIBUTE_PAGE))


@fragment("verdict-rules", "", "the written rules the verdicts follow")
def _verdict_rules(ctx: Context, args: list[str]) -> str:
    return "\n" + rules_list(ctx, MEASURED) + "\n"


@fragment("reference", "accelerators|prices|formats|frameworks", "the vendor specifications, the dated prices, the "
          "number formats each chip runs or the frameworks stated for it, with their sources",
          choices=["accelerators", "prices", "formats", "frameworks"])
def _reference(ctx: Context, args: list[str]) -> str:
    if args == ["frameworks"]:
        if not ctx.reference.frameworks:
            return tables.not_measured(table_words.NO_FRAMEWORKS,
                                       ctx.links.md("about/hardware.md"))
        table = reference.frameworks_table(ctx.reference.frameworks)
        return concat([wrap(table.html), download(ctx, "frameworks", table.rows,
                                                  table_words.FRAMEWORKS_DOWNLOAD)])
    if args == ["formats"]:
        if not ctx.reference.formats:
            return tables.not_measured(table_words.NO_FORMATS,
                                       ctx.links.md("about/hardware.md"))
        table = reference.formats_table(ctx.reference.accelerators, ctx.reference.formats)
        return concat([wrap(table.html), download(ctx, "number-formats", table.rows,
                                                  table_words.FORMATS_DOWNLOAD)])
    if args == ["prices"]:
        table = reference.prices_table(ctx.reference.prices)
        return concat([wrap(table.html), download(ctx, "prices", table.rows, table_words.PRICES_DOWNLOAD)])
    measured = queries.measured_on_chips(ctx.store, ctx.reference)
    available = {chip: found.date for chip, found in ctx.reference.availability.items()}
    peaks = {row["chip"]: {column: f"{value:g}" for column in PEAK_FORMAT
                           if (value := ctx.reference.peak_of(row["chip"], column)) is not None}
             for row in ctx.reference.accelerators}
    return wrap(reference.accelerators_table(ctx.reference.accelerators, measured, ctx.links.runs, available, peaks))


@fragment("cost", "", "cost per billion training tokens and per PFLOP for every priced chip, with its CSV and JSON")
def _cost(ctx: Context, args: list[str]) -> str:
    table = costs.cost_table(queries.cost_rows(ctx.store, ctx.reference), ctx.links.runs, anchor="cost")
    return wrap(table.html) + download(ctx, "cost", table.rows)


@fragment("energy", "", "every measurement metered for energy, and why the others were not, with their CSV and JSON")
def _energy(ctx: Context, args: list[str]) -> str:
    metered, unmetered = costs.energy_table(queries.ok_rows(ctx.store.records), ctx.links.runs, anchor="energy")
    shown = [t.html for t in (metered, unmetered) if t.html]
    if not shown:
        return not_measured(ctx, table_words.NO_ENERGY)
    return (wrap("\n".join(shown))
            + (download(ctx, "energy", metered.rows, table_words.METERED_DOWNLOAD) if metered.rows else "")
            + (download(ctx, "energy-unmetered", unmetered.rows, table_words.UNMETERED_DOWNLOAD) if unmetered.rows else ""))


@fragment("coverage", "", "which kinds of device (CPU, GPU, TPU) the stored runs measured, and which not yet")
def _coverage(ctx: Context, args: list[str]) -> str:
    return coverage.coverage_note(ctx.store.records, ctx.links.md(CONTRIBUTE_PAGE))


@fragment("coverage-line", "", "one line: which devices the stored runs measured, and how to add a GPU or a TPU")
def _coverage_line(ctx: Context, args: list[str]) -> str:
    return coverage.coverage_line(ctx.store.records, ctx.links.md(REPRODUCE_PAGE))


@fragment("cloud-targets", "", "the accelerators `accelbench cloud plan` can target, with a cost bound from the dated prices")
def _cloud_targets(ctx: Context, args: list[str]) -> str:
    rows = []
    for target in targets.TARGETS.values():
        rows.append([f"<code>{esc(target.name)}</code>", f"<code>{esc(target.accelerators)}</code>",
                     f"{esc(target.chip)} × {target.chips}",
                     esc(target.runs_text),
                     esc(measured_words.task_cost(targets.cost_bound(target, ctx.reference), ctx.reference.prices.as_of)),
                     esc(target.note) or "–"])
    setup, deadline = targets.SETUP_S // 60, targets.DEADLINE_S // 60
    return wrap(tables.html_table([c.format(setup=setup, deadline=deadline) for c in table_words.TARGET_COLUMNS], rows))


@fragment("roofline", "", "matrix-multiplication results against arithmetic intensity, with ceilings")
def _roofline(ctx: Context, args: list[str]) -> str:
    points, ceilings = queries.roofline_inputs(ctx.store, ctx.reference)
    alt = wording.roofline_alt(len(points), sorted(map(str, points["device"].unique())) if len(points) else [])
    return chart_block(charts.roofline_chart(points, ceilings, alt, uid="roofline"), alt, wording.ROOFLINE_CAPTION, ctx)


# Fragments about one workload

@fragment("table", "WORKLOAD", "the latest result per device, framework and parameters, with its CSV and JSON",
      choices=workloads)
def _table(ctx: Context, args: list[str]) -> str:
    workload = args[0]
    latest = ctx.store.latest(workload)
    if latest.empty:
        return not_measured(ctx, ctx.workloads[workload]["title"])
    table = results.results_table(latest, ctx.links.runs, ctx.workloads[workload]["table"].get("metrics"),
                                  anchor=f"table-{workload}")
    return wrap(table.html) + download(ctx, f"table-{workload}", table.rows)


@fragment("best", "WORKLOAD", "the best value of the chart's metric per device, framework and series, with its CSV and JSON",
      choices=workloads)
def _best(ctx: Context, args: list[str]) -> str:
    workload = args[0]
    chart = ctx.workloads[workload]["chart"]
    best = queries.best_per_series(ctx.store.latest(workload), chart["y"], chart.get("series", []))
    table = results.best_table(best, chart["y"], chart.get("series", []), chart["x"], ctx.links.runs,
                               anchor=f"best-{workload}")
    return wrap(table.html) + download(ctx, f"best-{workload}", table.rows) if table.html else \
        not_measured(ctx, ctx.workloads[workload]["title"])


@fragment("scaling", "WORKLOAD", "scaling efficiency from the one-device and all-device records of a run, with its CSV and JSON",
      choices=workloads)
def _scaling(ctx: Context, args: list[str]) -> str:
    workload = args[0]
    pairs = queries.scaling_pairs(ctx.store.latest(workload))
    table = results.scaling_table(pairs, ctx.links.runs, anchor=f"scaling-{workload}")
    return wrap(table.html) + download(ctx, f"scaling-{workload}", table.rows) if table.html else \
        not_measured(ctx, table_words.ON_MANY_DEVICES.format(workload=ctx.workloads[workload]['title']))


@fragment("chart", "WORKLOAD[.METRIC]", "the workload's chart, or the one of its EXTRA_CHARTS for METRIC", choices=workloads)
def _chart(ctx: Context, args: list[str]) -> str:
    workload = args[0]
    metric = args[1] if len(args) == 2 else None
    charts_of = ctx.workloads[workload]["charts"]
    if metric not in charts_of:
        raise FragmentError(f"{workload} has no chart of {metric!r} "
                            f"(its charts: {', '.join(m or 'the main one' for m in charts_of)})")
    chart = charts_of[metric]
    latest = ctx.store.latest(workload)
    alt = wording.measured_chart_alt(chart, workload, queries.chart_top(latest, chart))
    peaks = charts.vendor_peak_lines(queries.vendor_peaks(latest, ctx.reference)) if chart.get("peak_lines") else ()
    uid = f"{workload}-{metric}" if metric else workload
    return chart_block(charts.snippet_chart(latest, chart, alt, peaks=peaks, uid=uid), alt,
                       wording.measured_chart_caption(chart.get("title", ctx.workloads[workload]["title"])), ctx)


@fragment("notebook", "NAME", "the notebook NAME.ipynb beside the page, executed on the stored data (a failing cell "
      "stops the build) and converted, plots embedded")
def _notebook(ctx: Context, args: list[str]) -> str:
    path = ctx.docs_dir / ctx.links.folder / f"{args[0]}.ipynb"
    if not path.exists():
        raise FragmentError(f"no notebook {path}")
    try:
        return notebooks.to_markdown(path, execute=ctx.execute_notebooks, data_dir=ctx.data_dir)
    except notebooks.NotebookError as exc:
        raise FragmentError(str(exc)) from None


@fragment("profiles", "", "the benchmark profiles as the runner reads them: timing, limits, energy windows")
def _profiles(ctx: Context, args: list[str]) -> str:
    head = list(table_words.PROFILE_COLUMNS)
    rows = [[f"<code>{esc(p.name)}</code>", esc(p.description), f"{p.timing.warmup_s:g}", f"{p.timing.min_sample_s:g}",
             str(p.timing.repeats), f"{p.timing.budget_s:g}", str(p.timing.min_samples), f"{p.time_limit_s:g}",
             f"{p.energy_s:g}"] for p in PROFILES.values()]
    return wrap(tables.html_table(head, rows))


@fragment("spread", "", "the rule for a wide spread of timing samples, at the threshold the runner flags")
def _spread(ctx: Context, args: list[str]) -> str:
    return "\n" + pages.spread_rule(f"{WIDE_SPREAD:.0%}") + "\n"


@fragment("dataset", "", "the whole dataset as files: every stored record and every published entry, in CSV and JSON")
def _dataset(ctx: Context, args: list[str]) -> str:
    records, columns = ctx.record_rows()
    n_runs = len({r["run_id"] for r in records})
    out = [table_words.RECORDS.format(records=len(records), runs=n_runs, columns=len(columns)),
           download(ctx, "accelbench-records", records, table_words.RECORDS_DOWNLOAD, columns)]
    for source in SOURCES.values():
        rows = source.rows(ctx.published.get(source.kind))
        if not rows:
            out.append(table_words.NONE_IMPORTED.format(title=esc(source.title)))
            continue
        out += [table_words.ENTRIES.format(title=esc(source.title), label=esc(source.label),
                                           described=esc(source.describe(rows))),
                download(ctx, source.dataset, rows, table_words.ENTRIES_DOWNLOAD, [c.name for c in source.columns])]
    return concat(out)


@fragment("data-dictionary", "", "every column of the dataset files, with its meaning and unit")
def _data_dictionary(ctx: Context, args: list[str]) -> str:
    _, columns = ctx.record_rows()
    out = []
    files = [("accelbench-records", columns, downloads.RECORD_COLUMNS)] + \
        [(s.dataset, [c.name for c in s.columns], s.columns) for s in SOURCES.values()]
    for file, names, declared in files:
        entries = downloads.dictionary(names, declared)
        rows = [[f"<code>{esc(c.name)}</code>", esc(c.meaning), esc(c.unit) or "–"] for c in entries]
        out.append(f"\n**{table_words.DATASET_FILES.format(file=file)}**\n"
                   + wrap(tables.html_table(list(table_words.DATASET_COLUMNS), rows,
                                             ids=row_ids(f"column-{file}", [[c.name] for c in entries]))))
    return concat(out)


@fragment("kinds", "", "this list: every fragment type a page can include")
def _fragment_types(ctx: Context, args: list[str]) -> str:
    # read on its page, kept out of the search index every page fetches (the list is long, and the types' names are
    # searched in the code)
    return ('\n<div class="ab-kinds" data-search-exclude markdown="1">\n\n'
            + "\n".join(f"- `{k.name}{'.' + k.usage if k.usage else ''}`: {esc_md(k.doc)}" for k in ctx.fragment_types.values())
            + "\n\n</div>\n")
