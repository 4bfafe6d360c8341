"""SVG line charts: a metric against a parameter, one line per device x framework x series,
error bars from the interquartile range of the timing samples.

The chart carries its own light background so it reads the same in light and dark mode.
"""

from __future__ import annotations

import math

import pandas as pd

from accelbench.render.text import esc, fmt

WIDTH, HEIGHT = 760, 440
LEFT, RIGHT, TOP, BOTTOM = 72, 250, 56, 64
# Okabe-Ito, readable for colour-blind readers, on a white background
PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#999999"]
DASH = {"torch": "", "jax": "6 4"}


def _svg_open(width: int, height: int, title: str, alt: str | None, uid: str, title_x: int = LEFT) -> list[str]:
    """The opening of every chart: accessible title and description (ids unique on the page, as
    several charts are inlined into one), its own white card, and the title drawn at the top."""
    return [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
            f'role="img" aria-labelledby="{uid}-t {uid}-d" '
            f'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif">',
            f'<title id="{uid}-t">{esc(title)}</title><desc id="{uid}-d">{esc(alt or title)}</desc>',
            f'<rect width="{width}" height="{height}" rx="6" fill="#ffffff"/>',
            f'<text x="{title_x}" y="30" font-size="17" font-weight="600" fill="#1a1a1a">{esc(title)}</text>']


def _grid(out: list[str], y_ticks, py, x_ticks, px, x_label, y_label, plot_w, plot_h, height, x_text=None) -> None:
    """Gridlines with tick labels on both axes, the plot frame and the axis titles."""
    for t in y_ticks:
        out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{py(t):.1f}" y2="{py(t):.1f}" stroke="#e3e3e3"/>')
        out.append(f'<text x="{LEFT - 8}" y="{py(t) + 4:.1f}" font-size="12" text-anchor="end" fill="#333">{tick(t)}</text>')
    for t in x_ticks:
        out.append(f'<line x1="{px(t):.1f}" x2="{px(t):.1f}" y1="{TOP}" y2="{TOP + plot_h}" stroke="#f0f0f0"/>')
        out.append(f'<text x="{px(t):.1f}" y="{TOP + plot_h + 18}" font-size="12" text-anchor="middle" fill="#333">'
                   f'{(x_text or tick)(t)}</text>')
    out.append(f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#888"/>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{height - 18}" font-size="13" text-anchor="middle" fill="#1a1a1a">'
               f'{esc(x_label)}</text>')
    out.append(f'<text transform="translate(20 {TOP + plot_h / 2}) rotate(-90)" font-size="13" text-anchor="middle" '
               f'fill="#1a1a1a">{esc(y_label)}</text>')


def _legend_name(out: list[str], x: float, y: float, name: str, second: str | None = None) -> None:
    """A legend entry's text: the device (shortened, full name on hover), then the rest of its key."""
    short = name if len(name) <= 30 else name[:29] + "…"
    out.append(f'<text x="{x}" y="{y}" font-size="12" fill="#1a1a1a"><title>{esc(name)}</title>{esc(short)}</text>')
    if second is not None:
        out.append(f'<text x="{x}" y="{y + 15}" font-size="12" fill="#555">{esc(second)}</text>')


def _series(latest: pd.DataFrame, chart: dict) -> dict[tuple, pd.DataFrame]:
    metric = f"m_{chart['y']}"
    ok = latest[(latest["status"] == "ok") & (latest.get(metric) is not None)]
    if metric not in ok:
        return {}
    ok = ok[ok[metric].notna() & (ok[metric] > 0)]  # a zero rate cannot be drawn on a log axis
    groups: dict[tuple, list] = {}
    for _, row in ok.iterrows():
        x = row["params"].get(chart["x"])
        if isinstance(x, bool) or not isinstance(x, (int, float)) or x <= 0:
            continue  # a record without a usable x (a contributed file may lack it) is not drawn
        key = (row["device"], row["framework"], *[row["params"].get(p) for p in chart.get("series", [])])
        groups.setdefault(key, []).append(row)
    return {k: pd.DataFrame(rows).assign(_x=lambda d: d["params"].map(lambda p: p[chart["x"]])).sort_values("_x")
            for k, rows in sorted(groups.items(), key=lambda kv: tuple(map(str, kv[0])))}


def tick(value: float) -> str:
    """Axis labels short enough for the margin: 1.2k, 35M, 4G."""
    for scale, suffix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e4, "k")):
        if abs(value) >= scale:
            return f"{value / scale:.3g}{suffix}"
    return f"{value:,.0f}" if abs(value) >= 1000 else fmt(value)


def _ticks_log(lo: float, hi: float) -> list[float]:
    """Decades spanning lo..hi, thinned to at most about ten labels."""
    first, last = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    step = max(1, math.ceil((last - first) / 10))
    last = first + step * math.ceil((last - first) / step)
    return [10.0 ** e for e in range(first, last + 1, step)]


def _ticks_linear(hi: float) -> list[float]:
    if not hi > 0:
        return [0.0, 1.0]
    raw = hi / 5
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    return [i * step for i in range(0, int(hi / step) + 2)]


def line_chart(latest: pd.DataFrame, chart: dict, alt: str | None = None,
               peaks: list[tuple[str, float]] = (), uid: str = "chart") -> str | None:
    """The chart as an SVG document, or None when there is nothing measured to draw. ``peaks``:
    (label, value) reference lines, such as a vendor's peak."""
    series = _series(latest, chart)
    if not series:
        return None
    metric = f"m_{chart['y']}"
    xs = sorted({x for df in series.values() for x in df["_x"]})
    # error bars: the metric is inversely proportional to time, so q1/q3 of time bound it
    lows = {k: df[metric] * df["median_s"] / df["q3_s"] for k, df in series.items()}
    highs = {k: df[metric] * df["median_s"] / df["q1_s"] for k, df in series.items()}
    y_min = min(v.min() for v in lows.values())
    y_max = max([v.max() for v in highs.values()] + [value for _, value in peaks])
    log_y = y_min > 0 and y_max / y_min > 30
    height = max(HEIGHT, TOP + 8 + 34 * len(series) + BOTTOM)  # room for every legend entry
    plot_w, plot_h = WIDTH - LEFT - RIGHT, height - TOP - BOTTOM

    def px(x):
        if len(xs) == 1:
            return LEFT + plot_w / 2
        if chart.get("log_x"):
            return LEFT + plot_w * (math.log(x) - math.log(xs[0])) / (math.log(xs[-1]) - math.log(xs[0]))
        return LEFT + plot_w * (x - xs[0]) / (xs[-1] - xs[0])

    if log_y:
        y_ticks = _ticks_log(y_min, y_max)
        lo, hi = math.log10(y_ticks[0]), math.log10(y_ticks[-1])
        py = lambda y: TOP + plot_h * (1 - (math.log10(max(y, 1e-30)) - lo) / (hi - lo))
    else:
        y_ticks = _ticks_linear(y_max * 1.05)
        top = y_ticks[-1]
        py = lambda y: TOP + plot_h * (1 - y / top)

    title = chart.get("title", chart["y"])
    out = _svg_open(WIDTH, height, title, alt or f"{title}: {len(series)} series", uid)
    # every measured size as a tick, unless so many that their labels would run together
    x_ticks = xs if len(xs) <= 8 or not chart.get("log_x") else \
        [t for t in _ticks_log(xs[0], xs[-1]) if xs[0] <= t <= xs[-1]] or [xs[0], xs[-1]]
    _grid(out, y_ticks, py, x_ticks, px, chart.get("x_label", chart["x"]),
          f'{chart.get("y_label", chart["y"])}{" (log scale)" if log_y else ""}', plot_w, plot_h, height,
          x_text=esc if x_ticks is xs else tick)

    for label, value in peaks:
        out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{py(value):.1f}" y2="{py(value):.1f}" stroke="#b3261e" '
                   f'stroke-width="1" stroke-dasharray="8 4"/>')
        out.append(f'<text x="{LEFT + plot_w - 4}" y="{py(value) - 4:.1f}" font-size="11" text-anchor="end" fill="#b3261e">'
                   f'{esc(label)}: {fmt(value)} (vendor figure)</text>')
    for i, (key, df) in enumerate(series.items()):
        color = PALETTE[i % len(PALETTE)]
        dash = DASH.get(key[1], "2 3")
        points = [(px(x), py(y)) for x, y in zip(df["_x"], df[metric], strict=True)]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        out.append(f'<g><title>{esc(" · ".join(map(str, key)))}</title>')
        out.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2" stroke-dasharray="{dash}"/>')
        for (x, y), lo_v, hi_v, value in zip(points, lows[key], highs[key], df[metric], strict=True):
            out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{py(lo_v):.1f}" y2="{py(hi_v):.1f}" stroke="{color}" stroke-width="1.5"/>')
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{color}"><title>{fmt(value)} '
                       f'{esc(chart.get("y_label", ""))}</title></circle>')
        out.append("</g>")
        ly, lx = TOP + 8 + i * 34, LEFT + plot_w + 16
        out.append(f'<line x1="{lx}" x2="{lx + 26}" y1="{ly + 6}" y2="{ly + 6}" stroke="{color}" stroke-width="2.5" stroke-dasharray="{dash}"/>')
        _legend_name(out, lx + 32, ly + 4, str(key[0]), " · ".join(map(str, key[1:])))
    out.append("</svg>")
    return "\n".join(out) + "\n"


BAR_LEFT, BAR_RIGHT, BAR_ROW = 290, 110, 30


def bar_chart(latest: pd.DataFrame, chart: dict, alt: str | None = None, uid: str = "chart") -> str | None:
    """Horizontal bars, one per device x framework x series, with the IQR as a whisker."""
    metric = f"m_{chart['y']}"
    if metric not in latest:
        return None
    ok = latest[(latest["status"] == "ok") & latest[metric].notna() & (latest[metric] > 0)]
    if ok.empty:
        return None
    rows = sorted(ok.to_dict("records"), key=lambda r: (str(r["device"]), str(r["framework"]),
                                                      *[str(r["params"].get(p)) for p in chart.get("series", [])]))
    highs = [r[metric] * r["median_s"] / r["q1_s"] for r in rows]
    top = _ticks_linear(max(highs) * 1.05)[-1]
    height = TOP + BAR_ROW * len(rows) + BOTTOM
    plot_w = WIDTH - BAR_LEFT - BAR_RIGHT
    px = lambda v: BAR_LEFT + plot_w * v / top
    title = chart.get("title", chart["y"])
    out = _svg_open(WIDTH, height, title, alt, uid, title_x=16)
    for t in _ticks_linear(max(highs) * 1.05):
        out.append(f'<line x1="{px(t):.1f}" x2="{px(t):.1f}" y1="{TOP}" y2="{height - BOTTOM}" stroke="#e3e3e3"/>')
        out.append(f'<text x="{px(t):.1f}" y="{height - BOTTOM + 18}" font-size="12" text-anchor="middle" fill="#333">{tick(t)}</text>')
    out.append(f'<text x="{BAR_LEFT + plot_w / 2}" y="{height - 18}" font-size="13" text-anchor="middle" '
               f'fill="#1a1a1a">{esc(chart.get("y_label", chart["y"]))}</text>')
    devices = sorted({str(r["device"]) for r in rows})
    for i, (row, high) in enumerate(zip(rows, highs, strict=True)):
        y = TOP + i * BAR_ROW
        color = PALETTE[devices.index(str(row["device"])) % len(PALETTE)]
        low = row[metric] * row["median_s"] / row["q3_s"]
        label = " · ".join([str(row["framework"]), *[str(row["params"].get(p)) for p in chart.get("series", [])]])
        device = str(row["device"]) if len(str(row["device"])) <= 40 else str(row["device"])[:39] + "…"
        out.append(f'<g><title>{esc(row["device"])} · {esc(label)}: {fmt(row[metric])} {esc(chart.get("y_label", ""))}</title>')
        out.append(f'<text x="{BAR_LEFT - 8}" y="{y + 12}" font-size="11" text-anchor="end" fill="#555">{esc(device)}</text>')
        out.append(f'<text x="{BAR_LEFT - 8}" y="{y + 25}" font-size="12" text-anchor="end" fill="#1a1a1a">{esc(label)}</text>')
        out.append(f'<rect x="{BAR_LEFT}" y="{y + 5}" width="{max(px(row[metric]) - BAR_LEFT, 1):.1f}" height="{BAR_ROW - 10}" fill="{color}"/>')
        out.append(f'<line x1="{px(low):.1f}" x2="{px(high):.1f}" y1="{y + BAR_ROW / 2}" y2="{y + BAR_ROW / 2}" stroke="#1a1a1a" stroke-width="1.5"/>')
        out.append(f'<text x="{px(high) + 6:.1f}" y="{y + BAR_ROW / 2 + 4}" font-size="12" fill="#1a1a1a">{fmt(row[metric])}</text></g>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def chart_svg(latest: pd.DataFrame, chart: dict, alt: str | None = None, peaks=(), uid: str = "chart") -> str | None:
    """The chart a snippet's CHART asks for: lines against a parameter (default) or bars."""
    if chart.get("kind") == "bar":
        return bar_chart(latest, chart, alt, uid)
    return line_chart(latest, chart, alt, peaks, uid)


def roofline_chart(points: pd.DataFrame, ceilings: dict[str, dict], alt: str | None = None,
                   uid: str = "roofline") -> str | None:
    """Achieved TFLOP/s against arithmetic intensity (FLOP per byte moved), log-log, with each
    device's ceilings: min(peak TFLOP/s, intensity x bandwidth). ``ceilings`` maps device ->
    {"measured": (tflops, gbps) or None, "vendor": (tflops, gbps, chip) or None}."""
    if points.empty:
        return None
    devices = sorted({str(d) for d in points["device"]})
    xs = list(points["intensity"])
    ys = list(points["m_tflops"])
    for c in ceilings.values():
        for key in ("measured", "vendor"):
            if c.get(key):
                ys.append(c[key][0])
    ridges = [c[k][0] / (c[k][1] / 1000) for c in ceilings.values() for k in ("measured", "vendor") if c.get(k)]
    x_lo, x_hi = min(xs + ridges) / 3, max(xs + ridges) * 2  # show where each slope meets its peak
    y_ticks = _ticks_log(min(ys) / 2, max(ys) * 1.5)
    x_ticks = _ticks_log(x_lo, x_hi)
    height = max(HEIGHT, TOP + 8 + 34 * len(devices) + BOTTOM)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, height - TOP - BOTTOM
    lx0, lx1 = math.log10(x_ticks[0]), math.log10(x_ticks[-1])
    ly0, ly1 = math.log10(y_ticks[0]), math.log10(y_ticks[-1])
    px = lambda x: LEFT + plot_w * (math.log10(x) - lx0) / (lx1 - lx0)
    py = lambda y: TOP + plot_h * (1 - (math.log10(max(y, 1e-30)) - ly0) / (ly1 - ly0))
    title = "Roofline: achieved TFLOP/s against arithmetic intensity"
    out = _svg_open(WIDTH, height, title, alt, uid)
    out.append(f'<clipPath id="{uid}-plot"><rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}"/></clipPath>')
    _grid(out, y_ticks, py, x_ticks, px, "arithmetic intensity (FLOP per byte moved, log scale)",
          "TFLOP/s (log scale)", plot_w, plot_h, height)
    for i, device in enumerate(devices):
        color = PALETTE[i % len(PALETTE)]
        c = ceilings.get(device, {})
        for key, dash in (("measured", ""), ("vendor", "6 4")):
            if not c.get(key):
                continue
            peak, gbps = c[key][0], c[key][1]
            ridge = peak / (gbps / 1000)  # FLOP/byte where the bandwidth slope meets the peak
            line = [(x_ticks[0], x_ticks[0] * gbps / 1000), (ridge, peak), (x_ticks[-1], peak)]
            path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in line)
            what = "measured ceiling" if key == "measured" else f"vendor ceiling ({c[key][2]})"
            out.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="1.5" '
                       f'stroke-dasharray="{dash}" clip-path="url(#{uid}-plot)"><title>{esc(device)}: {esc(what)}</title></polyline>')
        for _, row in points[points["device"] == device].iterrows():
            out.append(f'<circle cx="{px(row["intensity"]):.1f}" cy="{py(row["m_tflops"]):.1f}" r="3.5" fill="{color}">'
                       f'<title>{esc(row["framework"])} {esc(row["params"].get("dtype", ""))} n={esc(row["params"].get("n", ""))}: '
                       f'{fmt(row["m_tflops"])} TFLOP/s</title></circle>')
        ly, lx = TOP + 8 + i * 34, LEFT + plot_w + 16
        out.append(f'<circle cx="{lx + 12}" cy="{ly + 6}" r="4" fill="{color}"/>')
        _legend_name(out, lx + 24, ly + 10, device)
    lx, ly = LEFT + plot_w + 16, TOP + 8 + len(devices) * 34
    out.append(f'<line x1="{lx}" x2="{lx + 24}" y1="{ly + 6}" y2="{ly + 6}" stroke="#555" stroke-width="1.5"/>'
               f'<text x="{lx + 30}" y="{ly + 10}" font-size="11" fill="#555">measured ceiling</text>')
    out.append(f'<line x1="{lx}" x2="{lx + 24}" y1="{ly + 24}" y2="{ly + 24}" stroke="#555" stroke-width="1.5" stroke-dasharray="6 4"/>'
               f'<text x="{lx + 30}" y="{ly + 28}" font-size="11" fill="#555">vendor ceiling</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
