"""The trend by year of what notable models were trained on, as a statement's facts give it (Epoch
AI's records: what was used, never what is faster): one stacked bar per year of publication, a
colour per platform, and the models whose hardware is not stated in grey, so that the reader sees
how much of each year the counts cover. Laid out for a desktop and for a phone (chart_theme's
layouts), the phone's text at its own size."""

from __future__ import annotations

import altair as alt
import pandas as pd

from accelbench.judge.fact_records import YearCounts
from accelbench.publish.render.chart_theme import LAYOUTS, PADDING, PALETTE, Chart, Layout, make_chart, title_params
from accelbench.publish.wording import charts as words

# each platform the facts count, as the legend names it (wording/charts.py), in stacking order; not stated last, in grey
PLATFORMS = words.TREND_PLATFORMS
COLOURS = (PALETTE[0], PALETTE[1], PALETTE[2], PALETTE[3], "#b0b0b0")
MIN_YEARS = 2  # a trend of one year is no trend: a sentence says it


def trend_chart(years: tuple[YearCounts, ...], title: str, alt_text: str, uid: str) -> Chart | None:
    """The stacked bars of ``years`` (a count per PLATFORMS key each); None for fewer than MIN_YEARS years."""
    if len(years) < MIN_YEARS:
        return None
    rows = pd.DataFrame([{"year": str(y.year), "platform": label, "order": i, "models": int(getattr(y, key))}
                         for y in years for i, (key, label) in enumerate(PLATFORMS)])
    desktop, phone = (_bars(rows, title, layout) for layout in LAYOUTS)
    return make_chart(desktop, alt_text, uid, phone=phone)


def _bars(rows: pd.DataFrame, title: str, layout: Layout) -> alt.Chart:
    labels = [label for _, label in PLATFORMS]
    # a phone's eight year labels fit its plot only turned
    x_axis = alt.Axis(labelAngle=0 if layout.axis_title else -45, labelFontSize=layout.font)
    return alt.Chart(rows).mark_bar().encode(
        x=alt.X("year:O", title=None, axis=x_axis),
        y=alt.Y("models:Q", stack="zero", title=words.TREND_TOOLTIP["models"] if layout.axis_title else None,
                axis=alt.Axis(labelFontSize=layout.font, titleFontSize=layout.font, tickMinStep=1)),
        color=alt.Color("platform:N", sort=labels, scale=alt.Scale(domain=labels, range=list(COLOURS)),
                        legend=alt.Legend(title=None, orient="top", labelFontSize=layout.font, columns=1)),
        order=alt.Order("order:Q"),
        tooltip=[alt.Tooltip("year:O", title=words.TREND_TOOLTIP["year"]),
                 alt.Tooltip("platform:N", title=words.TREND_TOOLTIP["platform"]),
                 alt.Tooltip("models:Q", title=words.TREND_TOOLTIP["models"])],
    ).properties(width=layout.timeline, height=layout.timeline_height,
                 title=title_params(title, layout, None if layout.axis_title else [words.TREND_Y]),
                 padding=PADDING, usermeta={"fit": True})
