"""Fragment types of vendor-published training throughput (vendor-reported, published by others):
the matched pairs and their chart, the candidates refused, every imported row, and the written
rules with the name table. Listed in accelbench/registry.py."""

from __future__ import annotations

import functools

import pandas as pd

from accelbench.core.text import esc
from accelbench.publish.fragments.core import Context, chart_block, concat, download, fragment, rules_list, wrap
from accelbench.publish.render import charts
from accelbench.publish.wording import vendor as wording
from accelbench.publish.wording.lines import text
from accelbench.sources.vendor_training import tables as vendor_tables
from accelbench.sources.vendor_training.format import KIND, row_url
from accelbench.sources.vendor_training.names import shown_name
from accelbench.sources.vendor_training.pairs import match, unpaired
from accelbench.sources.vendor_training.rules import pair_cost


def _matched(ctx: Context):
    if "vendor-training-match" not in ctx.memo:
        ctx.memo["vendor-training-match"] = match(ctx.published[KIND].rows)
    return ctx.memo["vendor-training-match"]


@fragment("vendor-pairs", "", "vendor-published training throughput: every matched TPU/GPU pair (tokens/s per chip, "
      "TPU/GPU, dollars per billion tokens, flags), with its CSV and JSON", source=KIND, missing=wording.MISSING)
def _vendor_pairs(ctx: Context, args: list[str]) -> str:
    pairs, _ = _matched(ctx)
    finding = ctx.findings().get(("speed", KIND))
    said = f"<p>{esc(wording.LABEL)}. {esc(text(finding.lines[0]))}.</p>\n" if finding else ""
    if not pairs:
        return said + f"\n<p>{wording.NO_MATCH}</p>\n"
    counted, superseded = vendor_tables.pairs_tables(pairs, functools.partial(pair_cost, ctx.reference))
    shown = [said, wrap(counted.html) if counted.html else f"\n<p>{wording.NONE_COUNTS}</p>\n"]
    if superseded.html:
        # folded: what counts comes first, and a phone lays out only the rows it shows (a closed
        # <details> is not rendered; Material opens it when a link points at one of its rows)
        shown.append(f'\n<details class="ab-evidence ab-superseded">\n<summary>{wording.superseded_summary(len(superseded.rows))}'
                     f"</summary>\n{wrap(superseded.html)}</details>\n")
    return concat([*shown, download(ctx, "vendor-training-pairs", counted.rows + superseded.rows, wording.PAIRS_DOWNLOAD)])


@fragment("vendor-refused", "", "vendor-published training throughput: rows of one configuration on both sides that "
      "are not compared, and why", source=KIND, missing=wording.MISSING)
def _vendor_refused(ctx: Context, args: list[str]) -> str:
    _, refusals = _matched(ctx)
    table = vendor_tables.refusals_table(refusals)
    if table.html is None:
        return f"\n<p>{wording.NONE_REFUSED}</p>\n"
    return concat([wrap(table.html), download(ctx, "vendor-training-refused", table.rows, wording.REFUSED_DOWNLOAD)])


@fragment("vendor-unpaired", "", "vendor-published training throughput: each TPU with rows but no pair, every one of "
          "its rows and why it pairs with nothing", source=KIND, missing=wording.MISSING)
def _vendor_unpaired(ctx: Context, args: list[str]) -> str:
    table = vendor_tables.unpaired_table(unpaired(ctx.published[KIND].rows))
    if table.html is None:
        return f"\n<p>{wording.NONE_UNPAIRED}</p>\n"
    return concat([f"\n<p>{wording.UNPAIRED_INTRO}</p>\n", wrap(table.html),
                   download(ctx, "vendor-training-unpaired", table.rows, wording.UNPAIRED_DOWNLOAD)])


@fragment("vendor-pairs-chart", "", "TPU over GPU tokens per second per chip on every counted vendor-reported pair",
      source=KIND, missing=wording.MISSING)
def _vendor_pairs_chart(ctx: Context, args: list[str]) -> str:
    counted = [p for p in _matched(ctx)[0] if p.counts]
    frame = pd.DataFrame([{
        "device": p.gpu["system"], "framework": p.gpu["release"] or p.gpu["framework"],
        # the label (release · GPU precision · model ×chips) stays short; the tooltip has the rest
        "params": {"pair": f"{p.gpu['precision']} · {shown_name(p.tpu['model'])} ×{p.tpu['chips']}", "gbs": p.tpu["gbs"],
                   "seq_len": p.tpu["seq_len"], "tpu_precision": p.tpu["precision"]},
        "m_tpu_over_gpu": p.tpu_over_gpu}
        for p in counted])
    tpus = list(dict.fromkeys(p.tpu["chip"] or p.tpu["system"] for p in counted))
    chart = {"mark": "bar", "x": "pair", "y": "tpu_over_gpu", "series": ["pair"],
             "y_label": wording.PAIRS_CHART_AXIS, "title": wording.pairs_chart_title(tpus)}
    alt_text = wording.pairs_chart_alt(chart["title"], len(counted))
    made = charts.bar_chart(frame, chart, alt_text, uid="vendor-pairs") if counted else None
    return chart_block(made, alt_text, wording.PAIRS_CHART_CAPTION, ctx)


@fragment("vendor-rows", "", "every imported row of the vendors' training-throughput documents, per document, with "
      "CSV and JSON, and the rows left out with their reasons", source=KIND, missing=wording.MISSING)
def _vendor_rows(ctx: Context, args: list[str]) -> str:
    data = ctx.published[KIND]
    out = []
    for document in data.documents:
        origin, doc = document["source"], document["document"]
        rows = [r for r in data.rows if r["document"] == document["name"]]
        link = row_url({**origin, "path": doc["path"], "line": 1}).rsplit("#", 1)[0]
        said = wording.DOCUMENT_ORIGIN.format(title=esc(doc["title"] or doc["path"]),
                                              repository=f'<a href="{esc(link)}">{esc(origin["repository"])}</a>',
                                              commit=f"<code>{esc(origin['commit'][:10])}</code>",
                                              framework=esc(doc["framework"]), rows=len(rows),
                                              left_out=len(document["left_out"]))
        out.append(f"\n### {esc(doc['vendor'])}: {esc(doc['path'])}\n\n<p>{said}</p>\n")
        name = f"vendor-training-rows-{document['name']}"
        table = vendor_tables.rows_table(rows, anchor=name)
        if table.html:
            out += [wrap(table.html), download(ctx, name, table.rows)]
        left = vendor_tables.left_out_table(document)
        if left:
            out += [f"\n<p>{wording.LEFT_OUT_HEAD}</p>\n", wrap(left)]
    return concat(out)


@fragment("vendor-rules", "", "the written rules of the vendor-reported verdicts, the name table and the precisions")
def _vendor_rules(ctx: Context, args: list[str]) -> str:
    rules = rules_list(ctx, KIND)
    tables = {"names": vendor_tables.names_table, "qualifiers": vendor_tables.qualifiers_table,
              "precisions": vendor_tables.precisions_table}
    return f"\n{rules}\n" + "".join(f"\n**{title}** ({said}):\n" + wrap(tables[key]())
                                     for key, (title, said) in wording.RULES_TABLES.items())
