"""MLPerf Training (mlcommons/training_results_vX.Y): audited time-to-train results, one file per
round, scored here from the raw logs by MLCommons' own rule. Its format, importer, rules, tables
and fragment types live in this folder; this module declares it to the registry."""

from accelbench.store.published import Source, register

SOURCE = register(Source(kind="mlperf-training", title="MLPerf Training", label="audited benchmark results",
                         dataset="mlperf-published", package=__name__,
                         noun="MLPerf's audited results", unit="MLPerf benchmark"))
