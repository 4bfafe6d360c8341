"""MLPerf Training (mlcommons/training_results_vX.Y): audited time-to-train results, one file per
round, scored here from the raw logs by MLCommons' own rule. Its format, importer, rules, tables
and fragment types live in this folder; this module declares it (accelbench/sources/__init__.py lists it)."""

from accelbench.store.published import Source

SOURCE = Source(kind="mlperf-training", title="MLPerf Training", label="audited benchmark results",
                         dataset="mlperf-published", package=__name__,
                         noun="MLPerf's audited results", unit="MLPerf benchmark",
                         store=("format", "importer", "benchmarks", "coverage", "scale"), rules=("rules", "cost", "statements"),
                         wording="accelbench.publish.wording.mlperf")
