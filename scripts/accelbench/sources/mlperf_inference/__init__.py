"""MLPerf Inference (mlcommons/inference_results_vX.Y): audited inference results on Stable Diffusion
XL, one file per round, read from each result's own LoadGen log and system description and divided
per chip here. Inference never counts as training: its rule says so in every finding. Its format,
importer, rules, tables and fragment types live in this folder; this module declares it to the
registry."""

from accelbench.store.published import Source

SOURCE = Source(kind="mlperf-inference", title="MLPerf Inference", label="audited benchmark results, inference",
                         dataset="mlperf-inference-published", package=__name__,
                         page="published/mlperf_inference.md", for_training=False,
                         noun="MLPerf's audited inference results", unit="MLPerf inference scenario",
                         wording="accelbench.publish.wording.mlperf_inference")
