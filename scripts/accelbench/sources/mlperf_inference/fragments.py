"""Fragment types of MLPerf Inference (audited benchmark results on inference, published by others):
the per-chip table of each round, the per-scenario answer and the written rule. Registered in
accelbench/registry.py."""

from __future__ import annotations

from accelbench.core.text import esc
from accelbench.judge.judging import beyond_margin
from accelbench.publish.fragments.core import Context, concat, download, fragment, rules_list, wrap
from accelbench.sources.mlperf_inference import tables as inference_tables
from accelbench.sources.mlperf_inference.format import KIND
from accelbench.sources.mlperf_inference.rules import best, comparable, results_url
from accelbench.sources.rounds import newest_first, published_in

NOTE = ("Inference results, published by others and not measured here: they never count towards an answer on "
        "training.")


MISSING = "published MLPerf Inference results"
SUMMARY_ONLY = (" (where the mirror holds no detail log, the line of mlperf_log_summary.txt that prints the figure, "
                "kept where that summary says its scenario and VALID)")


@fragment("inference-table", "", "every imported MLPerf Inference round on Stable Diffusion XL: samples/s (Offline) and "
      "queries/s (Server) per system and per chip, one table per round, with its CSV and JSON", source=KIND, missing=MISSING)
def _inference_table(ctx: Context, args: list[str]) -> str:
    data = ctx.published[KIND]
    out = []
    for round_name in newest_first(data.results["round"]):
        rows = data.results[data.results["round"] == round_name]
        origin = data.round_of(round_name)["source"]
        name = f"inference-sdxl-{round_name}"
        table = inference_tables.per_chip_table(rows, results_url, anchor=name)
        out += [f"\n### Stable Diffusion XL, MLPerf Inference {esc(round_name)}\n\n"
                f"<p>Published by others in {published_in(origin)} at commit "
                f"<code>{esc(origin['commit'][:10])}</code>, closed division; each figure links to the line of the "
                f"log it was read from{SUMMARY_ONLY if _summaries_only(rows) else ''}. "
                f"{esc(NOTE)}</p>\n",
                wrap(table.html), download(ctx, name, table.rows)]
    return concat(out)


def _summaries_only(rows) -> bool:
    """Whether any of a round's figures was read from its summary (a round file before v5.0 has no read_from)."""
    return "read_from" in rows and bool((rows["read_from"] == "summary").any())


@fragment("inference-summary", "", "per scenario, the TPU and the GPU with the most per chip on Stable Diffusion XL "
      "(MLPerf Inference), and the verdict", source=KIND, missing=MISSING)
def _inference_summary(ctx: Context, args: list[str]) -> str:
    entries = []
    for scenario, round_name, rows in comparable(ctx.published[KIND]):
        tpu, gpu = best(rows, "tpu"), best(rows, "gpu")  # the rule's own choice, tie-break included
        entries.append((scenario, round_name, tpu, gpu, best(rows, "tpu", "available"),
                        beyond_margin(tpu["per_chip"] / gpu["per_chip"])))
    mirrored = ctx.published[KIND].mirrored()
    mirrors = "".join(f" Round {esc(r)} was read from {published_in(mirrored[r])} at commit "
                      f"<code>{esc(mirrored[r]['commit'][:10])}</code>."
                      for r in dict.fromkeys(e[1] for e in entries) if r in mirrored)
    return f"\n<p>{esc(NOTE)}{mirrors}</p>\n" + wrap(inference_tables.summary_table(entries, results_url))


@fragment("inference-rules", "", "the written rule of the MLPerf Inference verdict")
def _inference_rules(ctx: Context, args: list[str]) -> str:
    return "\n" + rules_list(ctx, KIND) + "\n"
