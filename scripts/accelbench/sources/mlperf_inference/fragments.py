"""Fragment types of MLPerf Inference (audited benchmark results on inference, published by others):
the per-chip table of each round, the per-scenario answer and the written rule. Registered in
accelbench/registry.py."""

from __future__ import annotations

from accelbench.core.text import esc
from accelbench.judge.facts import InferencePairs
from accelbench.publish.fragments.core import Context, concat, download, fragment, rules_list, wrap
from accelbench.publish.wording import mlperf_inference as wording
from accelbench.sources.mlperf_inference import tables as inference_tables
from accelbench.sources.mlperf_inference.format import KIND
from accelbench.sources.mlperf_inference.rules import results_url
from accelbench.sources.rounds import newest_first, published_in


@fragment("inference-table", "", "every imported MLPerf Inference round on Stable Diffusion XL: samples/s (Offline) and "
      "queries/s (Server) per system and per chip, one table per round, with its CSV and JSON", source=KIND,
      missing=wording.INFERENCE_MISSING)
def _inference_table(ctx: Context, args: list[str]) -> str:
    data = ctx.published[KIND]
    out = []
    for round_name in newest_first(data.results["round"]):
        rows = data.results[data.results["round"] == round_name]
        origin = data.round_of(round_name)["source"]
        name = f"inference-sdxl-{round_name}"
        table = inference_tables.per_chip_table(rows, results_url, anchor=name)
        said = wording.INFERENCE_ORIGIN.format(where=published_in(origin), commit=f"<code>{esc(origin['commit'][:10])}</code>",
                                               summary_only=wording.SUMMARY_ONLY if _summaries_only(rows) else "",
                                               note=esc(wording.INFERENCE_NOTE))
        out += [f"\n### {esc(wording.inference_heading(round_name))}\n\n<p>{said}</p>\n",
                wrap(table.html), download(ctx, name, table.rows)]
    return concat(out)


def _summaries_only(rows) -> bool:
    """Whether any of a round's figures was read from its summary (a round file before v5.0 has no read_from)."""
    return "read_from" in rows and bool((rows["read_from"] == "summary").any())


@fragment("inference-summary", "", "per scenario, the TPU and the GPU with the most per chip on Stable Diffusion XL "
      "(MLPerf Inference), and the verdict", source=KIND, missing=wording.INFERENCE_MISSING)
def _inference_summary(ctx: Context, args: list[str]) -> str:
    # the speed rule's own pairs and verdicts, read from the judgement: never selected or judged again here
    finding = ctx.findings().get(("speed", KIND))
    pairs = finding.facts.pairs if finding and isinstance(finding.facts, InferencePairs) else ()
    mirrored = ctx.published[KIND].mirrored()
    mirrors = "".join(wording.INFERENCE_MIRROR.format(round=esc(r), where=published_in(mirrored[r]),
                                                      commit=f"<code>{esc(mirrored[r]['commit'][:10])}</code>")
                      for r in dict.fromkeys(p.round for p in pairs) if r in mirrored)
    return f"\n<p>{esc(wording.INFERENCE_NOTE)}{mirrors}</p>\n" + wrap(inference_tables.summary_table(pairs))


@fragment("inference-rules", "", "the written rule of the MLPerf Inference verdict")
def _inference_rules(ctx: Context, args: list[str]) -> str:
    return "\n" + rules_list(ctx, KIND) + "\n"
