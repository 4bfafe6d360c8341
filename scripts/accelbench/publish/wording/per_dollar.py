"""The per-dollar tables' words (publish/render/per_dollar.py): headings, a break-even ratio, a
comparison's notes."""

from __future__ import annotations

from accelbench.core.prices import dollars
from accelbench.core.text import listed

RATIO_HEAD = ["Comparison", "Kind of evidence", "Break-even: TPU chip-hour price ÷ GPU's", "Both on offer today",
              "Cheapest like-for-like offers", "Notes"]
BREAK_EVEN_HEAD = ["Comparison", "Break-even price per chip-hour of the unpriced chip", "Unpriced chip",
                   "Priced chip's offer", "Its price per chip-hour", "Source of the price"]
YES, NO = "yes", "no"
PREVIEW = "a side's figure was taken in preview"
RATIO_DOWNLOAD = "every comparison's break-even price ratio"
OFFERS_DOWNLOAD = "every TPU offer against every GPU offer, with the cost ratio"
BREAK_EVEN_DOWNLOAD = "every break-even price"
BREAK_EVEN_INTRO = ("Where one chip has no list price, the price per chip-hour at which it would cost the same as each "
                    "offer of the other: below it, the unpriced chip is the cheaper. List prices over the throughputs "
                    "each kind of evidence reports, never a measured price.")
NO_BREAK_EVEN = "Every comparison has list prices on both sides, or on neither."
INTRO = ("A per-chip speed ratio is also a price ratio: where a TPU does r times a GPU's work per chip-hour, the work "
         "costs the same when its chip-hour costs r times the GPU's. Below that share the TPU is the cheaper; above it, "
         "the GPU. No list price is needed to read it. An MLPerf run is one benchmark run from a checkpoint to the "
         "target quality, not a whole training of the model.")


BREAK_EVEN_SUMMARY = "Break-even prices of the chips with no list price, against every offer of the other"


def ratios_summary(n: int) -> str:
    return f"Every comparison's price ratio ({n}), with its notes and downloads"


def ratio(value: float, low: float | None, high: float | None) -> str:
    said = f"{value:.2f}×"
    return said + (f" ({low:.2f}–{high:.2f})" if low is not None and high is not None else "")


def apart(months: int) -> str:
    return f"the two sides' figures were published {months} months apart (software of different dates)"


def sizes(tpu: int, gpu: int, scaling=None, explains: bool | None = None, larger: str = "", ratio: float = 1.0) -> str:
    """Systems of different sizes, and whether the larger side's own scaling explains the gap."""
    said = f"systems of different sizes: {tpu:,} TPU chips against {gpu:,} GPUs"
    if scaling is None:
        return said + " (the larger side has no smaller entry to tell whether its size explains the gap)"
    rise = scaling.to_chip_hours / scaling.from_chip_hours - 1
    gap = 1 / ratio if ratio < 1 else ratio
    return (said + f"; {larger}'s chip-hours per run {'rise' if rise >= 0 else 'fall'} {abs(rise):.0%} from "
            f"{scaling.from_chips:,} to {scaling.to_chips:,} chips, against a {gap:.1f}× gap: its size "
            + ("explains it" if explains else "does not explain it"))


def not_on_offer(chips: tuple[str, ...]) -> str:
    return f"not on offer today: {listed(list(chips))}"


def unpriced(chips: tuple[str, ...]) -> str:
    return f"no list price for {listed(list(chips))}" if chips else "no like-for-like offers"


def best_offer(o) -> str:
    side = {"tpu": "the TPU costs less", "gpu": "the GPU costs less", "either": "the same within the margin"}[o.favours]
    return (f"{o.tpu.tier}: TPU {dollars(o.tpu.usd_per_chip_hour)} ({o.tpu.provider}) against GPU "
            f"{dollars(o.gpu.usd_per_chip_hour)} ({o.gpu.provider}): {side} ({o.cost_ratio:.2f}×)")
