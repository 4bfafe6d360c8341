"""The words of the vendor-published training throughput's lines of detail
(sources/vendor_training/rules.py): how many matched pairs favour which side, each pair's tokens per
second per chip or dollars per billion tokens at GCP, and each pair left unpriced and why. A pair is
data (its configuration, both rows and the flags the matching raised) and is named here, in the one
way every line names it; a figure reads as the vendor's document wrote it. The matching's flags,
refusals and superseding releases (sources/vendor_training/pairs.py) are worded here too, for the
lines and the tables alike, the chart of the counted pairs, and the words of its pages and tables."""

from __future__ import annotations

from collections.abc import Mapping

from accelbench.core.prices import dollars, dollars_per
from accelbench.core.text import as_written
from accelbench.publish.wording.terms import APART_MONTHS, MARGIN_TEXT, TIE_OR_SPLIT, elsewhere, price, published_apart, unpriced


def _side(row: Mapping) -> str:
    """'DGX-GB300 (Megatron-Bridge (NeMo) 26.08)'; a document of one table has no release."""
    what = f"{row['framework']} {row['release']}" if row["release"] else row["framework"]
    return f"{row['system']} ({what})"


def _configuration(v: Mapping) -> str:
    return f"{v['model']} on {v['chips']} chips, GBS {v['gbs']}, sequence {v['seq_len']}"


def flag_text(f: Mapping) -> str:
    """What the matching flagged on a pair, in words: the two sides' recipes of one number format
    ("different FP8 recipes (fp8_full vs MXFP8)"), or the model variant a recipe's setting decides
    and where it is set ("'DeepSeekV3 (w/o MTP)': the TPU recipe sets no mtp_num_layers (path lines
    68-111), so MaxText's default of 0 applies (base.yml, ...)")."""
    if f["flag"] == "recipes":
        return f"different {f['family']} recipes ({f['tpu']} vs {f['gpu']})"
    return f"{f['model']!r}: {_recipe_sets(f)}"


def _recipe_sets(f: Mapping) -> str:
    """What a recipe sets of the setting a qualified model name depends on, and where: 'the TPU recipe
    sets mtp_num_layers=1 (path line 72)', or 'the TPU recipe sets no mtp_num_layers (path lines
    68-111), so MaxText's default of 0 applies (base.yml, ...)'."""
    sets = (f"sets {f['setting']}={f['value']} ({f['path']} line {f['line']})" if f["value"] is not None else
            f"sets no {f['setting']} ({f['path']} lines {f['lines'][0]}-{f['lines'][1]})")
    default = f", so MaxText's default of {f['default']} applies ({f['default_read']})" if f["value"] is None else ""
    return f"the {f['platform'].upper()} recipe {sets}{default}"


# why a candidate pair is refused (pairs.Refusal.reason), by its code
_REFUSALS = {
    "model_not_declared": lambda r: f"model {' and '.join(repr(m) for m in r['models'])} not in the name table",
    "variant_unknown": lambda r: (f"model {r['model']!r}: the {r['platform'].upper()} row has no recipe settings read, "
                                  f"so whether it runs {r['variant']} is unknown"),
    "variant_not_a_number": lambda r: f"model {r['model']!r}: {_recipe_sets(r)}, not a number",
    "other_variant": lambda r: f"model {r['model']!r} runs {r['variant']}; {_recipe_sets(r)}",
    "task": lambda r: f"task {r['tpu'] or 'not stated'} vs {r['gpu'] or 'not stated'}",
    "no_tokens": lambda r: f"no tokens/s published on the {r['side'].upper()} row",
    "precision_not_stated": lambda r: f"precision not stated on the {r['side'].upper()} row",
    "precision_unknown": lambda r: f"precision {r['precision']!r} ({r['side'].upper()}) is not in the table of precisions",
    "precision_families": lambda r: (f"precision {r['tpu']} vs {r['gpu']}: {r['families'][0]} and {r['families'][1]} "
                                     "are never compared"),
}


def refusal_text(reason: Mapping) -> str:
    """Why a candidate pair is not compared, in words: 'precision bf16 vs FP8: bf16 and FP8 are never
    compared', "model 'DeepSeekV3 (w/ MTP)' runs with multi-token prediction (MTP); the TPU recipe
    sets no mtp_num_layers (...)"."""
    return _REFUSALS[reason["code"]](reason)


NEAR_SHOWN = 3  # the GPU configurations of the same model an unpaired row names; the rest are counted
UNPAIRED_HEAD = ["TPU system", "Model", "Chips", "GBS", "Seq len", "Precision", "Why it pairs with nothing"]
UNPAIRED_INTRO = ("Chips with vendor rows but no comparison: each of their rows, and why it pairs with no GPU row "
                  "(a pair needs the same model, chips, global batch size and sequence length on both sides).")
NONE_UNPAIRED = "Every TPU with vendor rows has at least one pair."
UNPAIRED_DOWNLOAD = "every unpaired TPU row and why"


def unpaired_text(u) -> str:
    """Why a TPU row pairs with nothing: 'no GPU row trains this model', 'GPU rows of this model are at
    128 chips, GBS 512, seq len 8192; …', or the refusal of its one candidate."""
    if u.code == "no_gpu_model":
        return "no GPU row of the imported documents trains this model"
    if u.code == "refused":
        return f"its one candidate is refused: {refusal_text(u.refusal.reason)}"
    named = "; ".join(f"{c:,} chips, GBS {g:,}, seq len {s:,}" for c, g, s in u.near[:NEAR_SHOWN])
    more = f" and {len(u.near) - NEAR_SHOWN} more" if len(u.near) > NEAR_SHOWN else ""
    return f"the GPU rows of this model are at other configurations: {named}{more}"


def superseded_text(releases) -> str | None:
    """The newer releases that supersede a pair (pairs.Pair.superseded_by), as the tables and the
    download name them: 'DGX-GB300 26.08'; None where none does."""
    return "; ".join(f"{r.system} {r.release}" for r in releases) or None


def counts_text(releases) -> str:
    """Whether a pair counts for the verdicts, or which newer release supersedes it."""
    return f"superseded by {superseded_text(releases)}: not counted" if releases else "counts"


def _flags(v: Mapping) -> str:
    """The matching's flags, and how far apart the two sides' software is where it is months apart."""
    flags = [*map(flag_text, v["flags"]), published_apart(v["tpu"]["published"], v["gpu"]["published"])]
    return f" [{'; '.join(f for f in flags if f)}]" if any(flags) else ""


def _sides(v: Mapping, precision: bool = False) -> str:
    """Both sides' tokens per second per chip as the documents wrote them, each side's precision too
    where PRECISION: 'TPU Ironwood (MaxText) 4,127.56 tokens/s per chip; GPU DGX-GB300 (...) 4,864'."""
    t, g = ({**row, "said": f"{row['precision']} " if precision else ""} for row in (v["tpu"], v["gpu"]))
    return (f"TPU {_side(t)} {t['said']}{as_written(t['tokens_per_s_per_chip'])} tokens/s per chip; "
            f"GPU {_side(g)} {g['said']}{as_written(g['tokens_per_s_per_chip'])}")


def _speed_figures(v: Mapping) -> str:
    return _sides(v) + _flags(v)


def _speed_head(v: Mapping) -> str:
    apart_ = sum(1 for t, g in v["published"] if published_apart(t, g))
    return (f"{v['pairs']} matched pairs (each GPU system's newest release at that precision): the TPU trains more than "
            f"{MARGIN_TEXT} faster per chip on {v['faster']}, more than {MARGIN_TEXT} slower on {v['slower']}, within "
            f"{MARGIN_TEXT} on {v['within']}; TPU/GPU tokens/s per chip from {v['low']:.2f} to {v['high']:.2f}"
            + (f"; on {apart_} of them the two sides' figures (and their software) were published {APART_MONTHS} or more "
               "months apart"
               if apart_ else ""))


def _speed_pair(v: Mapping) -> str:
    return f"{_configuration(v)}: {_sides(v, precision=True)}; TPU/GPU {v['tpu_over_gpu']:.2f}{_flags(v)}"


def _cost_pair(v: Mapping) -> str:
    return (f"{_configuration(v)}: TPU {_side(v['tpu'])} {dollars_per('tokens', v['tpu_usd'])} at "
            f"{price(v['tpu_price'])}; GPU {_side(v['gpu'])} {dollars(v['gpu_usd'])} at {price(v['gpu_price'])}"
            f"{elsewhere(v, 'tokens')}{_flags(v)}")


def _unpriced(v: Mapping, why: str) -> str:
    return f"{_configuration(v)} ({_side(v['tpu'])} vs {_side(v['gpu'])}): {v['side']} side unpriced: {why}"


# The written rules of the vendors' figures (sources/vendor_training/rules.py), each filled from the constants it applies
RULES = {
    "vendor_training.rule.speed":
        "Vendor-reported (Google's MaxText recipes for TPU7x Ironwood, Trillium and v5p, NVIDIA's Megatron-Bridge "
        "performance summaries), compared like with like: a TPU row and a GPU row pair only when the model (by the "
        "declared name table; a qualified name such as 'DeepSeekV3 (w/o MTP)' only where the TPU recipe's own "
        "setting, read at the imported commit, runs that variant), the chips, the global batch size, the sequence "
        "length and the task agree, at the same precision (bf16 with bf16; an FP8 recipe with another FP8 recipe, "
        "flagged 'different FP8 recipes'; never bf16 with FP8 or FP4). Only tokens per second per chip are "
        "compared, never TFLOP/s: MaxText and Megatron count attention FLOPs differently. For each system only its "
        "newest release with the configuration at that precision family counts (a newer FP8-only release does not "
        "supersede an older bf16 pair); older releases are shown, dated. Supported if the TPU trains more than "
        "{margin:pct} more tokens per second per chip on every counted pair; contradicted if more than {margin:pct} "
        "fewer on every one; " + TIE_OR_SPLIT + ". Published by the vendors, not audited.",
    "vendor_training.rule.cost":
        "Where the article makes the claim, on GCP: dollars per billion training tokens = GCP's price per chip-hour "
        "(reference data: the SkyPilot catalog, or a hand-entered committed-use rate) × 10⁹ ÷ (the vendor-reported "
        "tokens per second per chip × 3600), both chips priced from one GCP price list, in the longest committed-use "
        "tier both publish, else on-demand, on every pair the speed rule counts. Supported if the GPU costs more than "
        "{margin:pct} more per token than the TPU on every priced pair; contradicted if more than {margin:pct} less on "
        "every one; "
        + TIE_OR_SPLIT + "; not measured where GCP prices neither pair. The cheapest GPU offer elsewhere is context, "
        "never part of the verdict.",
}

LINES = {
    "vendor_training.no_pair": "No TPU row and GPU row of the vendors' documents match (model, chips, global batch "
                               "size, sequence length, task and precision).",
    "vendor_training.speed.head": _speed_head,
    "vendor_training.speed.figures": _speed_figures,
    "vendor_training.cost.figures": lambda v: (f"TPU {dollars_per('tokens', v['tpu_usd'])} at {price(v['tpu_price'])}; "
                                               f"GPU {dollars(v['gpu_usd'])} at {price(v['gpu_price'])}{_flags(v)}"),
    "vendor_training.speed.pair": _speed_pair,
    "vendor_training.cost.head": "{priced} of {pairs} matched pairs priced on GCP (both chips from one price list)",
    "vendor_training.cost.pair": _cost_pair,
    "vendor_training.cost.no_chip": lambda v: _unpriced(v, f"{v['system']} is no chip of the reference data, so it "
                                                           "has no price"),
    "vendor_training.cost.unpriced": lambda v: _unpriced(v, unpriced(v["unpriced"])),
    "vendor_training.name": lambda v: (f"{v['tpu']} vs {v['gpu']}, {v['model']}, {v['chips']} chips, "
                                       f"{v['precision'] or PRECISION_NOT_STATED}"
                                       + (f" (GPU recipe {v['gpu_recipe']})" if v.get("gpu_recipe") else "")),
    "vendor_training.link": lambda v: " ".join(filter(None, (v["vendor"], v["model"], v["system"], v["precision"],
                                                             v["release"]))),
    **RULES,
}


# The chart of the counted pairs (sources/vendor_training/fragments.py), oriented as every comparison
# on the site: the TPU's over the GPU's, above 1 favouring the TPU
PAIRS_CHART_AXIS = "TPU/GPU tokens per second per chip"
PAIRS_CHART_CAPTION = ("Published by Google and NVIDIA, not measured here and not audited; tokens per second per chip "
                       "only (never TFLOP/s, which MaxText and Megatron count differently). Above 1: the TPU is faster "
                       "per chip; below 1: the GPU is.")


def pairs_chart_title(tpus: list[str]) -> str:
    return f"Vendor-reported: {' and '.join(tpus) or 'TPU'} over the GPU, tokens per second per chip"


def pairs_chart_alt(title: str, pairs: int) -> str:
    return (f"{title}: one bar per matched pair that counts ({pairs}), coloured by GPU system; a bar reaching past 1 "
            "means the TPU trains more tokens per second per chip than the GPU.")


# The vendor-reported pages (sources/vendor_training/fragments.py): the label above the pairs, what is
# missing where nothing is imported, where no pair matches, counts or is refused, the fold of the
# superseded pairs and what each download holds
LABEL = "Vendor-reported (published by Google and NVIDIA, not audited, not measured here)"
MISSING = "vendor-published training throughput"
NO_MATCH = "No TPU row and GPU row of the vendors' documents match."
NONE_COUNTS = "No matched pair counts."
NONE_REFUSED = "Every candidate pair is compared."
PAIRS_DOWNLOAD = "the matched pairs"
REFUSED_DOWNLOAD = "the refused candidates"


def superseded_summary(pairs: int) -> str:
    """The fold of the PAIRS matched pairs a newer release supersedes."""
    return (f"{pairs} more matched pair(s), not counted: a newer release of the same system and precision replaces "
            "them")


# Every imported row, per document (sources/vendor_training/fragments.py): where the document was
# read from (TITLE, REPOSITORY and COMMIT as HTML) and how many rows, and the head of those left out
DOCUMENT_ORIGIN = ("{title}, {repository} at commit {commit} ({framework}; vendor-reported, not measured here). "
                   "{rows} rows; {left_out} left out.")
LEFT_OUT_HEAD = "Left out, with the reason:"
# The written rules' tables (sources/vendor_training/fragments.py): each one's title and what it says
RULES_TABLES = {
    "names": ("Model names that stand for one architecture", "a name not listed pairs with nothing"),
    "qualifiers": ("Qualified model names", "each pairs only where the TPU recipe's setting, read at the imported "
                   "commit, runs that variant; the pair is flagged with what the recipe says and where"),
    "precisions": ("Precisions", "two of one family pair, flagged where they differ; two families never"),
}


# The cells of the vendor-reported tables (sources/vendor_training/tables.py): a figure's and a date's
# tooltips, a system with no chip, a side without a price, a field a row does not state, a row's note,
# and the qualified names' setting (SETTING, DEFAULT and READ as HTML)
NO_CHIP = "no chip in the reference data"
NO_PRICE = "no price"
NOT_STATED = "not stated"
PRECISION_NOT_STATED = f"precision {NOT_STATED}"
NOT_AVAILABLE = "N/A"
NOTE_MARK = "(note)"
SETTING_ON = {True: "above 0", False: "0, or not set"}
QUALIFIER_SETTING = "{setting} {on} (MaxText's default: {default}, {read})"


def figure_title(path: str, line, commit: str) -> str:
    return f"{path} line {line} at {commit}"


def line_date_title(commit: str) -> str:
    return f"the day the line was first published (git blame), commit {commit}"

# The column headings of its tables (vendor_training/tables.py), each named by the function that makes it
PAIRS_TABLES_COLUMNS = ("Model", "Chips", "GBS", "Seq len", "Precision (TPU / GPU)", "TPU system", "TPU tokens/s per chip",
                        "TPU date", "GPU system", "GPU tokens/s per GPU", "GPU date",
                        "TPU/GPU per chip, and the break-even TPU/GPU chip-hour price ratio", "USD per B tokens on GCP (TPU)",
                        "USD per B tokens on GCP (GPU)", "Counts / flags")
REFUSALS_TABLE_COLUMNS = ("Model", "Chips", "GBS", "Seq len", "TPU row", "GPU row", "Why not compared")
LEFT_OUT_TABLE_COLUMNS = ("Line", "Why it was left out")
NAMES_TABLE_COLUMNS = ("Architecture", "Names the documents write", "Why they are one")
QUALIFIERS_TABLE_COLUMNS = ("Name as written", "Architecture", "Variant", "Pairs with a TPU recipe whose", "Why")
PRECISIONS_TABLE_COLUMNS = ("Precision", "Family", "As written", "What it is")
ROW_COLUMNS = ("Model", "System", "Release", "Task", "Chips", "GBS", "MBS", "Seq len", "Precision", "Tokens/s per chip",
               "TFLOP/s per chip (vendor's count)", "Step time (s)", "First published")  # each imported row
