"""The words of the charts: the answer charts' rows' labels and their menus, the tooltips, the legends,
the axes and what a screen reader says of a point (publish/render/answer_charts.py); every chart's title,
caption and alt text (the answers', the home page's, the trend's, the measured ones')."""

from __future__ import annotations

from accelbench.core.availability import MIDYEAR
from accelbench.core.text import plural
from accelbench.judge.generations import GENERATION_MONTHS, PER_CHIP
from accelbench.publish.wording.terms import MONTHS, TIE_BAND, span, times


def _count(n: int, noun: str) -> str:
    return f"one {noun}" if n == 1 else plural(n, noun)

# the scale menu's buckets (chips per side): what readers of MLPerf's results narrow lists by
SCALES = ((8, "1–8 chips"), (64, "9–64 chips"), (512, "65–512 chips"), (None, "over 512 chips"))
ALL = "all"  # every row: each menu's first choice
NOT_STATED = "not stated"  # a scale or a number format the source does not give
MENUS = {"chip": "Chip ", "precision": "Precision ", "scale": "Scale "}  # each menu's name, beside it

# the markers: filled for chips of the same generation, hollow for any other
SAME, OTHER = "same generation", "other generations, or not dated"
MARKER_LEGEND = "marker"
KIND_LEGEND = "kind of evidence"

AXIS_TITLE = ["TPU advantage, × the GPU (log scale)", "right of 1 favours the TPU"]
TIMELINE_AXIS = ["up: the TPU's advantage, × the GPU (log scale)", "above 1 favours the TPU"]
TIMELINE_X = "the TPU's first availability"

# each tooltip field's title (a field without one is titled by its own name)
TOOLTIP_TITLES = {"kind": KIND_LEGEND, "value": "TPU advantage", "price_ratio": "break-even price ratio",
                  "metric": "compared", "tpu_date": "TPU first available",
                  "gpu_date": "GPU first available", "availability": "systems", "url": "source", "tpu": "TPU", "gpu": "GPU"}
def price_ratio(ratio) -> str:
    """A per-chip speed ratio as the price ratio it is: the TPU's chip-hour price, as a share of the GPU's, at
    which the work costs the same ('' where the comparison is no work per chip-hour)."""
    if ratio is None or ratio != ratio:  # None, or pandas' NaN
        return ""
    return f"{ratio:.2f}× the GPU's chip-hour price: below it the TPU does the work for less"


AVAILABILITY = {True: "a preview system, not for sale yet", False: "available"}


def chips(n: int) -> str:
    """A row label's scale: '64 chips'."""
    return f"{n} chips"


PREVIEW = "preview"  # a row label's mark of a system not for sale yet


def release(number: str) -> str:
    """What tells two rows apart by their software: 'release 25.11'."""
    return f"release {number}"


def gpu_recipe(recipe: str) -> str:
    """What tells two rows apart by the GPU's number-format recipe, in place of the format: 'GPU MXFP8'."""
    return f"GPU {recipe}"


def advantage(low: float, high: float, middle: float) -> str:
    """The TPU's advantage as a tooltip says it: '1.30–1.90× (middle 1.57×)', or '2.48×'."""
    return f"{low:.2f}–{high:.2f}× (middle {middle:.2f}×)" if low != high else f"{middle:.2f}×"


def generation(gap: str, same: bool) -> str:
    """A comparison's generation, and whether it may decide a per-chip verdict."""
    if not gap:
        return "not known: a chip is not dated"
    return f"{gap}: {'it may decide a per-chip verdict' if same else 'shown, never deciding a per-chip verdict'}"


def first_available(chip: str, date: str) -> str:
    return f"{chip}: {date}" if date else f"{chip}: not dated"


def point(group: str, label: str, value: str, fill: str, kind: str) -> str:
    """What a screen reader says of a point."""
    return f"{group}, {label}: TPU advantage {value}; {fill}; {kind}"


# --- the answers' charts' titles, captions and alt texts, and the measured charts' -------------

CHART_ABOUT = "How to read this chart"  # the summary line of what a chart's caption folds under it


def home_chart_title(priced: int, priced_same: int) -> str:
    """The home page's chart's title: what it shows. Its speed comparisons are all of chips of the
    same generation; its PRICED cost comparisons are said to be of any generation unless every one
    (PRICED_SAME of them) is of the same."""
    if not priced:
        return "Speed, chips of the same generation"
    if priced_same == priced:
        return "Speed and cost, chips of the same generation"
    return "Speed (same generation) and cost (any generation)"


def home_chart_caption(kept: int, priced: int) -> str:
    """What the home page's chart shows, in a few words (at most CAPTION_WORDS)."""
    return (f"The {_count(kept, 'same-generation speed comparison')} that decide the per-chip verdicts"
            + (f", and the {_count(priced, 'priced cost comparison')}" if priced else "") + "; right of 1 favours the TPU.")


CAPTION_WORDS = 25  # a chart's caption: what it shows, read at a glance; the rest is folded under it


def home_chart_note(kept: int, older: int, apart: int) -> tuple[str, str, str]:
    """What the home page's chart leaves out and why ('' where it leaves nothing out), then the words
    before the link to all of them and the link's own ('' and '' where it leaves nothing out)."""
    why = [f"{older} compare chips of different generations (or a chip not dated), which never decide a per-chip "
           f"verdict"] * bool(older) + [f"{apart} are inference results, shown apart and never counted"] * bool(apart)
    if not why:
        return "", "", ""
    said = (f"The other {_count(older + apart, 'speed comparison')} {'is' if older + apart == 1 else 'are'} left "
            f"out here: {'; '.join(why)}.")
    return said, f"All {kept + older + apart} are in", "the comparison page's speed card"


def one_comparison(row: dict) -> tuple[str, str]:
    """A claim's one comparison, too few for a chart, in a sentence (a row of comparison_rows), and
    the words of the link to its source."""
    lo, hi = row.get("low"), row.get("high")
    ranged = all(x is not None and x == x for x in (lo, hi))  # (x != x: a table's missing number)
    value = span([(lo, hi)]) if ranged else times(row["advantage"])
    return (f"One comparison, too few for a chart: {row['comparison']}; the TPU's advantage {value} "
            f"({row['generation']}; {row['kind_label']})."), "its source"


TREND_TITLE = "What notable models were trained on, by year"
TREND_CAPTION = "Notable models per year by the hardware Epoch AI records; grey: not stated, as many recent labs disclose none."


def trend_alt(years) -> str:
    """The trend chart's alt text: its span, and each year's stated counts, GPU against TPU and the rest."""
    said = "; ".join(f"{y.year}: {y.gpu} on GPUs, {y.tpu} on TPUs, {y.other + y.mixed} on other or several "
                     f"kinds, {y.not_stated} not stated" for y in years)
    return f"Notable models per year of publication, {years[0].year} to {years[-1].year}, by hardware: {said}."


# The answer charts' captions (publish/fragments/answers.py): the long caption, its short form, and what
# the drawn chart lets the reader do
CAPTION = ("Each row is one comparison a verdict rule judged, as its kind of evidence published or measured it, "
           "grouped under its TPU chip and labelled by the GPU, the model, the chips per side and the number format; "
           "right of 1 favours the TPU, on one scale for every metric (its speed over the GPU's, or the GPU's time, "
           "chip-hours, dollars or joules over its own). A filled marker compares chips of the same generation (first "
           f"available within {GENERATION_MONTHS} months of each other), a hollow one chips of different generations or "
           f"one not dated: only the filled ones decide the per-chip verdicts ({' and '.join(PER_CHIP)}). The shaded "
           f"band is the {TIE_BAND} the rules count as a tie; a bar is the range the source gives; \"preview\" in a "
           "label marks a system not for sale yet.")
# said once the chart is drawn, with the first chart of a page
HELP = ("Hover a point (on a phone, tap it) for its figures, its generation and both chips' dates; narrow the rows by "
        "chip, precision and scale; click a point (tap it again) for its source.")
TIMELINE_CAPTION = ("Each point is one comparison, placed at the date its TPU was first available (a date known only "
                    f"to its year counts as {MONTHS[MIDYEAR - 1]} 1); up is the TPU's advantage on the same log scale "
                    f"as the chart above, the shaded band the {TIE_BAND} tie. Filled: chips of the same generation; "
                    "hollow: of different generations, or a GPU not dated.")
TIMELINE_HELP = ("Hover a point (on a phone, tap it) for both chips, both dates and the advantage; click it (tap it "
                 "again) for its source.")
# what every chart of its kind says under it in a few words (wording.CAPTION_WORDS at most); the
# long caption above is folded under the first of its kind on a page
SHORT_CAPTION = (f"Right of 1 favours the TPU; filled: chips of the same generation, hollow: not; the band is the "
                 f"{TIE_BAND} tie.")
SHORT_TIMELINE_CAPTION = (f"Up favours the TPU; filled: chips of the same generation, hollow: not; the band is the "
                          f"{TIE_BAND} tie.")


# The words of the answer charts (publish/fragments/answers.py): alt texts from the facts each draws
def forest_alt(title: str, n: int, kinds: list[str], tpu: int, gpu: int, same: int) -> str:
    return (f"{title}: {n} comparisons ({', '.join(kinds)}) grouped by TPU chip, the TPU's advantage on a log scale; "
            f"{tpu} favour the TPU, {gpu} the GPU; {same} compare chips of the same generation.")


def timeline_title(claim_short: str) -> str:
    return f"{claim_short}: by the TPU's date"


def timeline_alt(title: str, n: int, years: list[str], undated: int) -> str:
    span_ = years[0] + (f" to {years[-1]}" if years[-1] != years[0] else "")
    left_out = f"; {undated} left out, their TPU not dated." if undated else "."
    return (f"{title}: {n} comparisons at the date their TPU was first available, {span_}, "
            f"the TPU's advantage on a log scale{left_out}")


# The words of the charts of our own runs (publish/fragments/measured.py), from the facts each draws
def measured_chart_alt(chart: dict, fallback: str, top: dict | None) -> str:
    """A snippet's chart: what it shows and its headline (TOP: queries.chart_top), for readers who cannot see it."""
    if top is None:
        return chart.get("title", fallback)
    against = f" against {chart['x_label']}" if chart.get("mark") != "bar" else ""
    return (f"{chart.get('title')}: {chart.get('y_label')}{against}, per device, framework and "
            f"{', '.join(chart.get('series', []))}; measured on {', '.join(top['devices'])}; "
            f"highest {top['value']:.3g} {chart.get('y_label')} ({top['device']}, {top['framework']}).")


def measured_chart_caption(title: str) -> str:
    return (f"Measured here. {title}: latest result per device, framework and parameters; error bars span the "
            f"interquartile range of the timing samples. Each value, with the run it came from, is in the table above.")


def roofline_alt(n: int, devices: list[str]) -> str:
    if not n:
        return "Roofline"
    return (f"Roofline: {n} matrix-multiplication results on {', '.join(devices)}, TFLOP/s against FLOP per byte, "
            "with measured ceilings (best TFLOP/s, best copy bandwidth) and, where published, the vendor's.")


ROOFLINE_CAPTION = ("Measured here. Each point is a matrix-multiplication result; solid lines are the device's measured "
                    "ceilings (best TFLOP/s, best copy bandwidth), dashed lines the vendor's.")

# The measured and published charts' axes and tooltips (publish/render/charts.py): a point's tooltip titles,
# a vendor peak's label, the roofline's title, axes and ceilings, and an axis on a log scale
POINT_TOOLTIP = {"value": "value", "run": "run id"}
PUBLISHED_POINT_TOOLTIP = {"value": "chip-hours", "device": "accelerator", "framework": "MLPerf round"}
VENDOR_FIGURE = "vendor figure"
PEAK = "{label}: {value} (vendor figure)"
LOG_SCALE = "log scale"
ON_LOG_SCALE = "{title} (log scale)"
ROOFLINE_TITLE = "Roofline: achieved TFLOP/s against arithmetic intensity"
ROOFLINE_Y = "TFLOP/s (log scale)"
ROOFLINE_X = "arithmetic intensity (FLOP per byte moved, log scale)"
MEASURED_CEILING = "measured ceiling"
VENDOR_CEILING = "vendor ceiling ({source})"
# the trend chart (publish/render/trend_chart.py): each platform the facts count as its legend names it, in
# stacking order, not stated last; its tooltip's titles; its title's line on a phone, which has no axis title
TREND_PLATFORMS = (("gpu", "GPUs"), ("tpu", "TPUs"), ("other", "other custom chips"), ("mixed", "more than one kind"),
                   ("not_stated", "hardware not stated"))
TREND_TOOLTIP = {"year": "year", "platform": "trained on", "models": "notable models"}
TREND_Y = "notable models per year"
# the measured charts' line styles (render/charts.py): by framework, and the roofline's ceilings by their kind
DASH_TITLES = {"framework": "framework", "ceiling": "ceiling"}
ROOFLINE_TOOLTIP = "TFLOP/s"
