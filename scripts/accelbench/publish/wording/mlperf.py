"""The words of MLPerf Training's lines of detail (sources/mlperf_training/rules.py: chip-hours and dollars
per run of each benchmark's pair of entries, the software stacks, the submitters, the fields trained, the
rounds read from a mirror) and of its written rules. An entry is data (its chip, chips, submitter and
availability) and is named here, in the one way every line names it (mlperf_inference.py names MLPerf
Inference's entries the same way). Then the words of MLPerf Training's charts (their titles, axes, alt texts
and captions, filled from facts), of its pages' notes and headings and of its tables' cells, notes and
tooltips."""

from __future__ import annotations

from collections.abc import Mapping

from accelbench.core.prices import dollars, dollars_per
from accelbench.core.text import capitalised, listed, plural
from accelbench.publish.wording.cards import not_imported
from accelbench.publish.wording.terms import MARGIN_TEXT, TIE_OR_SPLIT, compared, elsewhere, price, unpriced

MIRROR = "read from a public mirror of MLCommons' results"


def entry_words(e: Mapping) -> str:
    """'TPU v6e (Trillium) × 1024 (Google, preview)': the chip, chips, submitter and availability."""
    return f"{e['name']} × {e['chips']} ({e['submitter']}, {e['availability']})"


def _pair_name(v: Mapping) -> str:
    """'MLPerf Training v4.1, GPT-3 175B: TPU v6e (Trillium) × 1024 vs H100 SXM × 1536, chip-hours'
    (the metric where the comparison names one; a cost item's menu entry names none)."""
    metric = f", {compared(v['metric'])}" if v.get("metric") else ""
    return (f"MLPerf Training {v['round']}, {v['benchmark']}: {v['tpu']['name']} × {v['tpu']['chips']} vs "
            f"{v['gpu']['name']} × {v['gpu']['chips']}{metric}")


def _speed_figures(v: Mapping) -> str:
    # both entries of a pair are of one availability (like_with_like): each entry's own says which
    return (f"{entry_words(v['tpu'])} {v['tpu_chip_hours']:.3g} chip-hours; {entry_words(v['gpu'])} {v['gpu_chip_hours']:.3g} "
            "chip-hours")


def _speed_pair(v: Mapping) -> str:
    return f"{v['benchmark']} ({v['round']}): {_speed_figures(v)}; GPU/TPU {v['advantage']:.2f}"


def _cost_pair(v: Mapping) -> str:
    return (f"{v['benchmark']} ({v['round']}): {entry_words(v['tpu'])} {dollars_per('runs', v['tpu_usd'])} at "
            f"{price(v['tpu_price'])}; {entry_words(v['gpu'])} {dollars(v['gpu_usd'])} at {price(v['gpu_price'])}"
            + elsewhere(v, 'runs'))


def _or(items: list[str], none: str) -> str:
    return ", ".join(items) or none


def _submitters(v: Mapping) -> str:
    where = "available in the cloud only" if v["cloud_only"] else "not only in the cloud"
    return (f"TPU submissions by {_or(v['tpu'], 'nobody')} ({where}); GPU submissions by {len(v['gpu'])} submitters "
            f"({', '.join(v['gpu'])})")


def _trained(t: Mapping) -> str:
    """What one platform trained: its families, and its benchmarks by field (in AREAS' order)."""
    benchmarks = sum(len(f["benchmarks"]) for f in t["fields"])
    by_field = "; ".join(f"{f['field']}: {', '.join(f['benchmarks'])}" for f in t["fields"])
    return (f"{plural(len(t['families']), t['platform'].upper() + ' family')} ({_or(t['families'], 'none')}) trained "
            f"{plural(benchmarks, 'benchmark')} in {plural(len(t['fields']), 'field')} ({by_field or 'none'})")


def _under_audit(v: Mapping) -> str:
    rounds = v["rounds"]
    span = f"{rounds[0]} to {rounds[-1]}" if len(rounds) > 1 else "".join(rounds)
    return f"Under audit (MLPerf Training {span}): {'; '.join(map(_trained, v['trained']))}."


# MLPerf Training's availability pairing (sources/mlperf_training/rules.py LIKE_WITH_LIKE), as its rule says it
PAIRED_ON_AVAILABILITY = {True: "like with like on availability (available with available, preview with preview)",
                          False: "every entry, preview systems against available ones included"}
# The written rules of MLPerf Training's results (sources/mlperf_training/rules.py, cost.py and statements.py),
# each filled from the constants it applies
RULES = {
    "mlperf_training.rule.speed": lambda v: (
        f"Per benchmark, in the newest round with both, {PAIRED_ON_AVAILABILITY[v['like_with_like']]}: the TPU entry with "
        "the fewest chip-hours to train against the GPU entry at the same or nearest chip count. Supported if the GPU "
        f"entry needs more than {v['margin']:.0%} more chip-hours than the TPU's on every benchmark; contradicted if "
        f"more than {v['margin']:.0%} fewer on every one; {TIE_OR_SPLIT}."),
    "mlperf_training.rule.frameworks":
        "From the software stacks the submissions name. Supported if every TPU submission ran on JAX while GPU "
        "submissions ran on PyTorch-based stacks; contradicted if a TPU submission ran PyTorch; split otherwise.",
    "mlperf_training.rule.availability":
        "From the submissions' own availability status. Supported if every TPU submission is Google's and available in "
        "the cloud, while GPU submissions come from {submitters:word} or more submitters; contradicted if a TPU system is "
        "offered on premises or by another submitter; split otherwise.",
    "mlperf_training.rule.flexibility":
        "From the coverage of every imported round: the fields of machine learning (language, image generation, "
        "vision, recommendation, graphs, speech) in which GPU families and TPU families trained a benchmark to its "
        "quality target under audit. Supported if the GPU families cover every field the TPU families cover and more; "
        "contradicted if the TPU families do; a tie where they cover the same fields, split otherwise. Demonstrated "
        "breadth only: a benchmark a vendor did not enter is not one its chips cannot run, and MLPerf holds no task "
        "outside machine learning.",
    "mlperf_training.rule.cost":
        "Where the article makes the claim, on GCP: dollars per training run = chip-hours × GCP's price per chip-hour "
        "(reference data: the SkyPilot catalog, or a hand-entered committed-use rate), for the TPU and the GPU entry "
        "of each benchmark (newest round with both) that cost least per run on GCP, both chips priced from one GCP "
        "price list in the longest committed-use tier both publish, else on-demand. Supported if the TPU run costs "
        "more than {margin:pct} less on every benchmark; contradicted if more than {margin:pct} more on every one; "
        + TIE_OR_SPLIT + "; not measured where GCP prices no pair. The GPU's cheapest offer elsewhere is context, "
        "never part of the verdict.",
    "mlperf_training.rule.gpu-brands":
        "Every GPU entry of MLPerf Training (scored or entered), by its chip's vendor in the reference data. Holds if "
        "NVIDIA's and AMD's GPUs both entered and together make at least {share:pct} of the GPU entries whose chip the "
        "reference data knows; partly if only one of them entered; does not hold if neither did.",
    "mlperf_training.rule.tpu-scalable":
        "The largest TPU and GPU systems with a scored MLPerf Training result on each LLM pretraining benchmark (the "
        "largest models it trains). Holds if a TPU system of at least {chips:,} chips trained one; partly if TPU "
        "systems trained one only at a smaller scale; does not hold if no TPU system trained one. It shows that pods "
        "train large models, not that they do so faster: the speed answer says that.",
}

LINES = {
    "mlperf_training.no_result": "No MLPerf result yet.",
    "mlperf_training.speed.pair": _speed_pair,
    "mlperf_training.cost.pair": _cost_pair,
    "mlperf_training.speed.figures": _speed_figures,
    "mlperf_training.cost.figures": lambda v: (f"TPU {dollars_per('runs', v['tpu_usd'])} at {price(v['tpu_price'])}; "
                                               f"GPU {dollars(v['gpu_usd'])} at {price(v['gpu_price'])}"),
    "mlperf_training.cost.unpriced": lambda v: f"{v['benchmark']} ({v['round']}): {v['side']} side unpriced: "
                                               f"{unpriced(v['unpriced'])}",
    "mlperf_training.cost.no_gcp_entry": "{benchmark} ({round}): {side} side unpriced: no entry of its chip has a GCP "
                                         "price",
    "mlperf_training.frameworks.stacks": lambda v: (f"TPU submissions: {_or(v['tpu'], 'none')}; GPU submissions: "
                                                    f"{_or(v['gpu'], 'none')}"),
    "mlperf_training.availability.submitters": _submitters,
    "mlperf_training.flexibility.under_audit": _under_audit,
    "mlperf_training.flexibility.not_entered": "A benchmark a vendor did not enter is not a benchmark its chips cannot "
                                               "run.",
    "mlperf_training.flexibility.no_tpu_entry": lambda v: (f"No TPU entry in {'round' if len(v['rounds']) == 1 else 'rounds'} "
                                                           f"{listed(v['rounds'])}."),
    "mlperf_training.mirror": (f"Round {{round}} {MIRROR}: {{repository}} at {{commit:.12}} ({{mirror_of}} could not be "
                               "read here); its entries count as entered, none scored, where the mirror's run logs were "
                               "not read."),
    "mlperf_training.name": _pair_name,
    "mlperf_training.link": "{benchmark} {round} {side:upper}",
    **RULES,
}


# MLPerf Training's charts (sources/mlperf_training/fragments.py): chip-hours against chips on one
# benchmark, and the scaling efficiency of the largest models' curves
CHIPS_AXIS = "chips (log scale)"
CHIP_HOURS_AXIS = "chip-hours to train"
CHIP_HOURS_CHART_CAPTION = ("Published by others (MLPerf Training), not measured here. A flat line scales perfectly; a "
                            "rising one pays chip-hours for a shorter time to train.")
SCALING_AXIS = "scaling efficiency (1 = time fell in proportion to chips)"
SCALING_CHART_TITLE = "Scaling efficiency against chips, LLM pretraining (MLPerf Training)"
SCALING_CHART_CAPTION = ("Published by others (MLPerf Training), not measured here. A flat line at 1 scales perfectly; "
                         "a falling one pays chip-hours for a shorter time to train.")


def chip_hours_chart_title(benchmark: str) -> str:
    return f"{benchmark}: chip-hours to train against chips (MLPerf)"


def chip_hours_chart_alt(title: str, entries: int, rounds: list[str]) -> str:
    """The chart's alt text: its title, how to read it, and its ENTRIES points from ROUNDS (newest first)."""
    return (f"{title}, published by others: one line per accelerator and round; fewer chip-hours is better; "
            f"{entries} entries from rounds {', '.join(rounds)}.")


def scaling_chart_alt(title: str, lines: int, models: list[str]) -> str:
    """The chart's alt text: its title, what a line is, and how many lines on which benchmarks (as named)."""
    return (f"{title}, published by others: one line per submitter, chip, benchmark and round, "
            f"{plural(lines, 'line')} on {', '.join(models)}.")


# The cells and notes of MLPerf Training's tables (sources/mlperf_training/tables.py)

# which chip a benchmark's comparison points to, by its verdict: never a bare verdict word
POINTS_TO = {"tpu": "the TPU: fewer chip-hours", "gpu": "the GPU: fewer chip-hours",
             "either": f"neither: within {MARGIN_TEXT}"}  # by the side the speed rule found
PLATFORM_WORDS = {"cpu": "a CPU-only system", "other": "neither GPU nor TPU"}  # mlperf_accelerators.csv's platforms, said
NOT_SCORED = "not scored"  # the time to train of an entry whose run logs were not read
NOT_SCORED_TITLE = "entered without its run logs read: no time to train"


def relisted(round_name: str) -> str:
    """The badge of an entry re-listed from an earlier round, where it counts."""
    return f"re-listed from {round_name}: counted there"


def left_out(accelerator: str, platform: str, rounds: list[str]) -> str:
    """One accelerator left out of the coverage for its platform: 'Cerebras CS-3 (neither GPU nor TPU, v5.0)'."""
    return f"{accelerator} ({PLATFORM_WORDS.get(platform, platform)}, {', '.join(rounds)})"


def left_out_note(left: str) -> str:
    """The note under the coverage table; LEFT: the accelerators left out (left_out's), joined by '; '."""
    return f"Left out, being neither GPUs nor TPUs: {left}. Their entries are listed with the reason in each round's file."


def round_entries(entries: list[tuple[str, object]]) -> str:
    """A round's entries on one benchmark, counted and named once each (accelerator × chips): the
    tooltip of a coverage cell's round."""
    names = ", ".join(sorted({f"{accelerator} × {chips}" for accelerator, chips in entries}))
    return f"{len(entries)} entr{'y' if len(entries) == 1 else 'ies'}: {names}"


# What a page of MLPerf Training says where nothing is imported (sources/mlperf_training/fragments.py):
# the not-measured note's words, naming what is missing
RESULTS = "published MLPerf results"
NO_SCALING_CURVES = "an MLPerf Training submitter's entries at several sizes"
NO_SCALE_DOMAINS = "the size of a TPU pod or an NVLink domain (build_data/reference/scale_domains.csv)"


def results_on(benchmark: str) -> str:
    return f"{RESULTS} on {benchmark}"


def not_published(benchmark: str) -> str:
    """What a benchmark's page misses, and the command that imports it."""
    return not_imported(results_on(benchmark), "mlperf-training")


# A benchmark page's section per round (sources/mlperf_training/fragments.py): its heading, where the
# round was read from (WHERE and COMMIT as HTML) and how it is scored, and the note above its entries
# listed without run logs; the benchmark's chart where none has a time to train
def round_heading(name: str, benchmark: str, round_name: str) -> str:
    return f"{name} ({benchmark}), MLPerf Training {round_name}"


def how_scored(scored: bool, unscored: bool) -> str:
    """How a round's entries are scored: all, none, or those whose logs were read."""
    if not unscored:
        return "scored here by the olympic rule"
    return "listed here, not scored" if not scored else "scored here by the olympic rule where its logs were read"


ROUND_ORIGIN = "Published by others in {where} at commit {commit}; {how}."
UNSCORED = ("These entries are listed by the source with their system files; their run logs (about 1 MB "
            "each) were not read, so no time to train is given here and none counts in Speed, Cost or Energy. "
            "They count only where an entry's presence is the evidence: coverage, frameworks and availability.")
NO_CHART = "No chart yet: this benchmark's entries were read without their run logs, so none has a time to train."
# the small print under the coverage view, one per round read from a mirror (ROUND, REPOSITORY, COMMIT as HTML)
COVERAGE_MIRROR = (f"Round {{round}} {MIRROR}: {{repository}} at {{commit}}; its entries are counted as entered, not "
                   "scored (the mirror's run logs were not read).")


# MLPerf at scale (sources/mlperf_training/fragments.py): what kind of evidence its tables show, the
# notes under them, the fold of the largest systems per benchmark and the scaling chart's tooltip
def scale_kind(label: str, title: str) -> str:
    """The kind of evidence above the tables of MLPerf at scale: its source's LABEL and TITLE."""
    return f"{capitalised(label)} ({title}), published by others, not measured here."


LARGEST_NOTE = ("The largest system entered is what a submitter chose to enter, not the most a chip can run. "
                "Preview and available systems are kept apart, each on its own row; entries re-listed from an "
                "earlier round count in the round they were run; an entry listed without its run logs (round "
                "v6.0, read from a public mirror) shows its size, not a time.")
SCALING_NOTE = ("A curve joins one submitter's entries of one chip on one benchmark in one round, at one "
                "availability, never two submitters' (scored results only; at a size entered twice, the faster). "
                "Scaling efficiency = (t_small × n_small) / (t × n) against the smallest size: 100% means the time "
                "fell in proportion to the chips added, chip-hours unchanged. MLPerf lets a submitter change the "
                "batch size and other hyperparameters with the size, so a curve measures the whole recipe, not "
                "the interconnect alone.")
DOMAINS_KIND = ("Vendor specifications (reference data), never results: each chip's unit as its vendor's own page "
                "states it, with the words the figure is read from and the day it was read.")
SCALING_TOOLTIP = {"value": "scaling efficiency", "device": "chip · submitter", "framework": "benchmark · round"}


def largest_each_summary(rows: int) -> str:
    """The fold of the largest system of each chip per benchmark and round, its ROWS counted."""
    return f"Per benchmark and round: the largest system of each chip ({rows} rows)"


# The cells of MLPerf Training's tables (sources/mlperf_training/tables.py): an entry without a GCP
# price, a coverage cell of a benchmark not entered, the runs scored or listed, a summary cell's
# figures, and the pods or NVLink domains a system fills with its tooltip (numbers formatted there)
NO_GCP_PRICE = "no GCP price"
NOT_ENTERED = "not entered"  # read by screen readers; the cell shows a dot
RUNS_SCORED = "{runs} of {total}"
RUNS_RULE = " (rule: {required})"
RUNS_LISTED = "{listed} (rule: {required}); not read"
SUMMARY_FIGURES = "{chip_hours} chip-hours ({minutes} min)"
DOMAINS_FILLED = "{count} × {chips}-chip {domain}"
DOMAIN_TITLE = "{system}: {chips} chips ({url}: {quote})"

# The column headings of its tables (mlperf_training/tables.py), each named by the function that makes it
PUBLISHED_TABLE_COLUMNS = ("Accelerator", "Chips", "Submitter / system", "Status", "Time to train (min)", "Chip-hours",
                           "Chip-hours vs nearest GPU", "USD per run, GCP on-demand", "Runs scored")
ENTERED_TABLE_COLUMNS = ("Accelerator", "Chips", "Submitter / system", "Status", "Framework", "Run logs listed")
PUBLISHED_SUMMARY_COLUMNS = ("Benchmark (round)", "TPU: fewest chip-hours", "GPU at the nearest chip count",
                             "GPU/TPU chip-hours", "Points to")
COVERAGE_TABLE_COLUMNS = ("Chip family",)
LARGEST_TABLE_COLUMNS = ("Chip", "Status", "Chips", "Pods or NVLink domains", "Benchmark (round)", "Submitter / system",
                         "Time to train (min)")
SCALING_TABLE_COLUMNS = ("Chip", "Submitter", "Benchmark (round)", "Status", "Chips", "Time to train (min)", "Speedup",
                         "Scaling efficiency", "Every size: chips, minutes (efficiency)")
DOMAINS_TABLE_COLUMNS = ("Chip", "Unit", "System", "Chips per unit", "The vendor's words", "Read")
