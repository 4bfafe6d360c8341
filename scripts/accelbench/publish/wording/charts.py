"""The words of the answer charts (publish/render/answer_charts.py): the rows' labels and their menus,
the tooltips, the legends, the axes and what a screen reader says of a point. The charts' captions,
titles and alt texts are the wording package's own (publish/wording/__init__.py)."""

from __future__ import annotations

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
