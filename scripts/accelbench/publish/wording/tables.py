"""The words of this project's own tables and dataset files (publish/render/ and publish/fragments/): each
table's column headings, the words of its cells, what a download holds and the sentences that introduce the
dataset. A source's tables have theirs in its own wording module (Source.wording)."""

from __future__ import annotations

# the measured cost and energy tables (render/costs.py)
COST_COLUMNS = ("Chip", "Cheapest on-demand price", "GPT-2 small tokens/s", "USD per billion training tokens",
                "Best bf16 matmul TFLOP/s", "USD per PFLOP")
ENERGY_COLUMNS = ("Device", "Framework", "Workload", "Parameters", "Average W", "Idle W", "Efficiency")
UNMETERED_COLUMNS = ("Device", "Why energy is not measured", "Measurements")
# the priced comparisons (render/pricing.py), and the unit of work each prices
PRICED_COLUMNS = ("Comparison", "Provider", "Tier", "TPU price per chip-hour", "GPU price per chip-hour", "TPU USD",
                  "GPU USD", "GPU/TPU cost", "Not priced because")
UNIT = {"tokens": "billion tokens", "runs": "training run"}
# the reference data's tables (render/reference.py): the vendor specifications (a chip's date is its first
# availability to customers), the dated prices, the number formats and the frameworks stated per chip
SPEC_COLUMNS = (("chip", "Chip"), ("vendor", "Vendor"), ("available", "First available to customers"),
                ("bf16_dense_tflops", "bf16 dense TFLOP/s"), ("fp8_dense_tflops", "fp8 dense TFLOP/s"),
                ("fp32_tflops", "fp32 TFLOP/s"), ("tf32_dense_tflops", "tf32 dense TFLOP/s"), ("hbm_gb", "HBM (GB)"),
                ("hbm_tbps", "HBM (TB/s)"), ("tdp_w", "TDP (W)"), ("confidence", "Confidence"))
SPEC_MORE_COLUMNS = ("Measured here", "Sources and notes")
RETRIEVED = "retrieved {when}"
NOT_RECORDED = "not recorded"
PRICE_COLUMNS = ("Chip", "Provider", "Tier", "USD per chip-hour", "Region (of those priced)", "Offer", "Host in price",
                 "From", "Date")
NOT_STATED = "not stated"  # a region, a host or a framework no row states
HOST = {True: "yes", False: "no: the GPUs alone", None: NOT_STATED}  # whether a price includes the host VM
HAND_ENTERED = "(hand-entered: not in the catalog)"
CHEAPEST_OF = "(cheapest of {regions})"  # regions
FORMAT_LINE = "number_formats.csv line {line}"
CHIP_COLUMN = "Chip"
# the scaling table (render/results.py)
SCALING_COLUMNS = ("Device", "Framework", "config", "Devices", "tokens/s on one", "tokens/s on all", "Scaling efficiency")
# the judgement's data dictionary (fragments/answers.py) and the dataset's (fragments/measured.py)
JUDGEMENT_FIELD_COLUMNS = ("Field", "Meaning")
DATASET_COLUMNS = ("Column", "Meaning", "Unit")
DATASET_FILES = "Columns of {file}.csv and {file}.json"
# the cloud targets (fragments/measured.py "cloud-targets"): the cost of one task, its set-up and deadline in minutes
TARGET_COLUMNS = ("Target", "SkyPilot accelerators", "Chips", "Frameworks", "Cost of one task (estimate: {setup} min "
                  "setup + {deadline} min deadline per run)", "Note")
# what is not measured yet where a fragment has nothing (fragments/measured.py), and what its downloads hold
NOTHING_RUN = "any workload"
NO_ENERGY = "energy on any device with an energy counter"
ON_MANY_DEVICES = "{workload} on more than one device"
METERED_DOWNLOAD = "the metered measurements"
UNMETERED_DOWNLOAD = "why energy was not metered"
# the dataset (fragments/measured.py "dataset"): every stored record, then each source's published entries
RECORDS = ("\n**Every stored record**: {records} records from {runs} run files, one row each, with the provenance of "
           "its run, its parameters and its metrics ({columns} columns).\n\n")
RECORDS_DOWNLOAD = "every stored record"
NONE_IMPORTED = "\nNo published {title} results are imported.\n"
ENTRIES = "\n**Published {title} entries** ({label}, published by others, never measured here): {described}.\n\n"
ENTRIES_DOWNLOAD = "every published entry"
# the article's comparison table (render/verdicts.py): each side's heading follows its icon; a published
# source's column is named by its title
VERDICT_COLUMNS = ("Feature", "GPUs {icon} (article)", "TPUs {icon} (article)", "The evidence", "Measured here")
PUBLISHED_COLUMN = "Published ({title})"
# the results tables (render/results.py): the device and framework, each parameter that varies, the figures
RESULT_COLUMNS = ("Device", "Framework")
MEDIAN_TIME = "Median time"
SPREAD_AND_RUN = ("IQR / median", "Run")
BEST = "Best {metric}"
AT = "at {param}"
RUN = "Run"
# every stored run (render/runs.py) and the benchmark profiles (fragments/measured.py "profiles")
RUN_COLUMNS = ("Run", "Date (UTC)", "Host", "Profile", "Devices", "Software", "Commit", "Records")
PROFILE_COLUMNS = ("Profile", "For", "Warm-up (s)", "Shortest sample (s)", "Samples", "Sampling budget (s)", "At least",
                   "Time limit (s)", "Energy window (s)")
# the reference data's downloads and what is missing without them (fragments/measured.py "reference")
FRAMEWORKS_DOWNLOAD = "every row of frameworks.csv, with its source and quote"
FORMATS_DOWNLOAD = "every row of number_formats.csv, with its source"
PRICES_DOWNLOAD = "every price, in every region"
NO_FRAMEWORKS = "frameworks per chip (build_data/reference/frameworks.csv)"
NO_FORMATS = "number formats per chip (build_data/reference/number_formats.csv)"
