"""Vendor-published training throughput: Google's MaxText recipes for TPU7x (Ironwood), Trillium
(TPU v6e) and v5p, from AI-Hypercomputer/tpu-recipes, and NVIDIA's Megatron-Bridge performance
summaries, one section per
NeMo container release. Reported by the chips' own vendors, never audited: its rules compare
tokens per second per chip on matched configurations only (pairs.py). Its format, importer, rules,
tables and fragment types live in this folder; this module declares it (accelbench/sources/__init__.py lists it)."""

from accelbench.store.published import Source

SOURCE = Source(kind="vendor-training", title="Vendor-published training throughput", label="vendor-reported",
                         dataset="vendor-training-published", package=__name__,
                         page="published/vendor_training.md", rows_anchor="matched-pairs", vendor=True,
                         noun="the vendors' own figures", unit="vendor pair",
                         store=("format", "importer", "documents", "maxtext", "megatron", "names", "pairs", "recipes"),
                         wording="accelbench.publish.wording.vendor")
