"""The buyer's chart: for each pair of chips on offer today, the TPU's chip-hour price as a share of
the GPU's on one log axis. The break-even ratio of the pair's comparisons is a bar (a line where they
agree) with the tie band about it; every TPU offer against every GPU offer is a dot at its price
ratio, coloured by the side that does the work for less (hollow: tiers that do not match). Left of the
bar, the TPU does the work for less. A pair with a side unpriced has its bar alone. Read from the
judgement's per-dollar comparisons; laid out for a desktop and for a phone (chart_theme's layouts)."""

from __future__ import annotations

import altair as alt
import pandas as pd

from accelbench.judge.per_dollar import PerDollar
from accelbench.publish.render.chart_theme import LAYOUTS, PADDING, PALETTE, Chart, Layout, make_chart, title_params
from accelbench.publish.wording import buyer as words

LABELS = {"desktop": 150, "phone": 125}  # px the rows' labels ("Trillium vs GB200") take left of the plot
TICKS = [0.1, 0.2, 0.5, 1, 2, 5]  # the axis's labels: a price ratio reads as a round share
SIDES = {"tpu": PALETTE[1], "gpu": PALETTE[0], "either": "#999999"}


def pair_rows(items: tuple[PerDollar, ...], margin: float) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(one row per pair of chips on offer today: its break-even span and tie band; one row per offer pair
    of those chips: its price ratio and the side it favours across the pair's comparisons)."""
    pairs, offers = {}, {}
    for d in items:
        if not d.current:
            continue
        key = words.pair_label(d.tpu_short, d.gpu_short)
        low, high = d.low if d.low is not None else d.ratio, d.high if d.high is not None else d.ratio
        p = pairs.setdefault(key, {"pair": key, "low": low, "high": high, "comparisons": 0})
        p["low"], p["high"], p["comparisons"] = min(p["low"], low), max(p["high"], high), p["comparisons"] + 1
        for o in d.offers:
            if o.host_missing:
                continue
            name = (key, o.tpu.provider, o.tpu.tier, o.gpu.provider, o.gpu.tier)
            seen = offers.setdefault(name, {"pair": key, "price_ratio": o.price_ratio, "sides": set(),
                                            "offer": words.offer_pair(o.tpu.provider, o.tpu.tier, o.tpu.usd_per_chip_hour,
                                                                      o.gpu.provider, o.gpu.tier, o.gpu.usd_per_chip_hour),
                                            "like": words.LIKE if o.like_for_like else words.MIX_OFFERS})
            seen["sides"].add(o.favours)
    span = pd.DataFrame([{**p, "band_low": p["low"] * (1 - margin), "band_high": p["high"] * (1 + margin),
                          "said": words.break_even_said(p["low"], p["high"], p["comparisons"])} for p in pairs.values()])
    dots = pd.DataFrame([{**{k: v for k, v in o.items() if k != "sides"},
                          "side": words.CHEAPER[next(iter(o["sides"])) if len(o["sides"]) == 1 else "either"]}
                         for o in offers.values()], columns=["pair", "price_ratio", "offer", "like", "side"])
    # spread a pair's dots up and down its row, by their order (a fixed spread: the same data, the same SVG)
    order = dots.groupby("pair").cumcount()
    size = dots.groupby("pair")["pair"].transform("size")
    dots["jitter"] = ((order + 0.5) / size * 2 - 1) if len(dots) else []
    return span, dots


def per_dollar_chart(items: tuple[PerDollar, ...], margin: float, uid: str, alt_text: str) -> Chart | None:
    span, dots = pair_rows(items, margin)
    if span.empty:
        return None
    desktop, phone = (_layered(span, dots, layout) for layout in LAYOUTS)
    return make_chart(desktop, alt_text, uid, phone=phone)


def _layered(span: pd.DataFrame, dots: pd.DataFrame, layout: Layout) -> alt.LayerChart:
    values = [*span["band_low"], *span["band_high"], *dots["price_ratio"]]
    scale = alt.Scale(type="log", domain=[min(values) / 1.2, max(values) * 1.2])

    def x(field: str, titled: bool = False) -> alt.X:
        return alt.X(f"{field}:Q", scale=scale, title=words.PRICE_AXIS if layout.axis_title else None,
                     axis=alt.Axis(labelFontSize=layout.font, values=TICKS, format="~g"))
    y = alt.Y("pair:N", sort=list(span["pair"]), title=None,
              axis=alt.Axis(labelFontSize=layout.font, labelLimit=layout.labels))
    band = alt.Chart(span).mark_bar(color="#cccccc", opacity=0.5, height=layout.row * 0.7).encode(
        x=x("band_low", titled=True), x2="band_high", y=y)
    said = [alt.Tooltip("pair:N", title=words.PAIR), alt.Tooltip("said:N", title=words.BREAK_EVEN)]
    line = alt.Chart(span).mark_rule(color="#1a1a1a", strokeWidth=3).encode(x=x("low"), x2="high", y=y, tooltip=said)
    ends = [alt.Chart(span).mark_tick(color="#1a1a1a", thickness=3, size=layout.row * 0.7).encode(
        x=x(end), y=y, tooltip=said) for end in ("low", "high")]
    sides = list(words.CHEAPER.values())
    point = alt.Chart(dots).mark_point(size=70 if layout.axis_title else 50, strokeWidth=2).encode(
        x=x("price_ratio"), y=y,
        color=alt.Color("side:N", scale=alt.Scale(domain=sides, range=[SIDES[k] for k in words.CHEAPER]),
                        legend=alt.Legend(title=None, orient="top", labelFontSize=layout.font, columns=1)),
        fill=alt.condition(f"datum.like == '{words.LIKE}'", alt.Color("side:N", legend=None), alt.value("transparent")),
        # an offset within the row's band, from its top edge
        yOffset=alt.YOffset("jitter:Q", scale=alt.Scale(domain=[-1, 1], range=[layout.row * 0.2, layout.row * 0.8])),
        tooltip=[alt.Tooltip("pair:N", title=words.PAIR), alt.Tooltip("offer:N", title=words.OFFERS),
                 alt.Tooltip("price_ratio:Q", title=words.PRICE_RATIO, format=".2f"),
                 alt.Tooltip("side:N", title=words.CHEAPER_TITLE), alt.Tooltip("like:N", title=words.TIERS)],
    )
    return alt.layer(band, line, *ends, point).properties(
        width=layout.width - LABELS[layout.name],
        height=alt.Step(layout.row),
        title=title_params(words.PER_DOLLAR_TITLE, layout, None if layout.axis_title else [words.PRICE_AXIS]),
        padding=PADDING, usermeta={"fit": True})
