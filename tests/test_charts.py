"""Charts from the store: the Vega-Lite specification the page draws interactively and the static
SVG rendered from it; series, error bars, tooltips, legend and zoom, vendor peaks, escaping."""

import json
import re
import xml.etree.ElementTree as ET

import pandas as pd

from accelbench.core.text import fmt
from accelbench.publish.render import chart_theme, charts
from accelbench.publish.wording.measured import PEAK_NAMES
from accelbench.store.store import load_store

from conftest import SNIPPETS, make_record, make_run, write_run

CHART = {"x": "n", "y": "tflops", "series": ["dtype"], "x_label": "matrix size n", "y_label": "TFLOP/s",
         "title": "Matrix multiplication throughput", "log_x": True}
NS = "{http://www.w3.org/2000/svg}"


def latest(data_dir, records, **run):
    write_run(data_dir, make_run(records=records, **run))
    return load_store(data_dir, SNIPPETS).latest("matmul")


def grid_records(device="Synthetic CPU"):
    return [make_record(device=device, framework=fw, params={"n": n, "dtype": "float32"},
                        samples_s=[t, t * 1.1, t * 0.9, t, t * 1.05])
            for fw in ("torch", "jax") for n, t in ((256, 0.001), (512, 0.006), (1024, 0.04))]


def drawn(chart: chart_theme.Chart) -> list[dict]:
    """The rows the chart's layers draw (Altair puts each layer's data in the spec's datasets)."""
    return [row for rows in chart.spec["datasets"].values() for row in rows if "series" in row]


def marks(svg: str, mark: str) -> list:
    """The static SVG's drawn marks of one type (symbol, rule, line), not the legend's."""
    root = ET.fromstring(svg)
    groups = [g for g in root.iter(f"{NS}g") if f"mark-{mark} role-mark" in (g.get("class") or "")]
    return [p for g in groups for p in g if p.tag in (f"{NS}path", f"{NS}line")]


def test_a_line_per_series_with_a_point_and_an_iqr_bar_per_result(data_dir):
    frame = latest(data_dir, grid_records() + grid_records(device="Other Device"))
    chart = charts.line_chart(frame, CHART, "alt text")
    rows = drawn(chart)
    assert len({r["series"] for r in rows}) == 4  # 2 devices x 2 frameworks x 1 dtype
    assert len({(r["series"], r["x"]) for r in rows}) == 12
    record = frame[(frame["framework"] == "torch") & (frame["device"] == "Other Device")].iloc[0]
    row = next(r for r in rows if r["series"] == "Other Device · torch · float32" and r["x"] == record["params"]["n"])
    # the metric is inversely proportional to time: the IQR of time bounds it
    assert row["lo"] == record["m_tflops"] * record["median_s"] / record["q3_s"]
    assert row["hi"] == record["m_tflops"] * record["median_s"] / record["q1_s"]
    assert all(r["lo"] <= r["y"] * (1 + 1e-12) and r["hi"] >= r["y"] * (1 - 1e-12) for r in rows)
    assert all(r["lo"] < r["hi"] for r in rows)
    assert row["value"] == fmt(record["m_tflops"], "tflops") and row["run"] == record["run_id"]
    # the static SVG draws the same: 12 points, 12 error bars, 4 lines, titled and described
    svg = chart.svg
    assert len(marks(svg, "symbol")) == 12 and len(marks(svg, "rule")) == 12 and len(marks(svg, "line")) == 4
    root = ET.fromstring(svg)
    assert root.get("role") == "img" and root.get("aria-label") == "alt text"
    text = "".join(root.itertext())
    for label in ("Matrix multiplication throughput", "matrix size n (log scale)", "TFLOP/s", "Other Device · jax · float32"):
        assert label in text


def test_every_point_has_a_tooltip_the_legend_hides_series_and_the_axes_zoom(data_dir):
    spec = charts.line_chart(latest(data_dir, grid_records()), CHART, "alt").spec
    tooltips = [layer["encoding"]["tooltip"] for layer in spec["layer"] if "tooltip" in layer.get("encoding", {})]
    assert [t["field"] for t in tooltips[0]] == ["value", "device", "framework", "parameters", "run", "date"]
    params = spec["params"]  # Altair lifts a layer's selections to the top, naming the views
    legend = next(p for p in params if p["select"].get("type") == "point")
    assert legend["bind"] == "legend" and legend["select"]["fields"] == ["series"] and legend["select"]["toggle"] == "true"
    zoom = next(p for p in params if p["select"].get("type") == "interval")
    assert zoom["bind"] == "scales" and set(zoom["select"]["encodings"]) == {"x", "y"}
    # the hidden series' points and error bars are filtered out, its line made invisible
    assert sum(1 for layer in spec["layer"] for t in layer.get("transform", []) if t.get("filter")) == 2


def test_vendor_peaks_are_drawn_and_labelled_as_vendor_figures(data_dir):
    chart = charts.line_chart(latest(data_dir, grid_records()), CHART, "alt", peaks=[("H200 bf16 peak", 989.0)])
    assert "H200 bf16 peak: 989 (vendor figure)" in "".join(ET.fromstring(chart.svg).itertext())
    assert "(log scale)" in chart.spec["layer"][0]["encoding"]["y"]["title"]  # 989 against 0.1: a log axis


def test_bars_one_per_result_with_whiskers_and_values(data_dir):
    bar = dict(CHART, mark="bar")
    chart = charts.bar_chart(latest(data_dir, grid_records()), bar, "alt")
    assert len(drawn(chart)) == 6
    assert len(marks(chart.svg, "rect")) == 6 and len(marks(chart.svg, "rule")) == 6


def test_nothing_measured_draws_no_chart(data_dir):
    skipped = latest(data_dir, [make_record(status="skipped", reason="no GPU", samples_s=[], metrics={})])
    assert charts.line_chart(skipped, CHART, "alt") is None


def test_zero_rates_draw_nothing_instead_of_crashing(data_dir):
    zero = latest(data_dir, [make_record(metrics={"tflops": 0.0, "compile_s": 0.1})])
    assert charts.line_chart(zero, CHART, "alt") is None
    assert charts.bar_chart(zero, dict(CHART, mark="bar"), "alt") is None


def test_hostile_strings_stay_text_in_the_svg_and_cannot_end_the_script_element(data_dir):
    evil = "<script>alert(1)</script></script><!--"
    chart = charts.line_chart(latest(data_dir, [make_record(device=evil)], host=evil), CHART, f"alt {evil}")
    assert "<script>" not in chart.svg and "&lt;script&gt;" in chart.svg
    ET.fromstring(chart.svg)  # still well-formed XML
    carried = chart_theme.page_json(chart)
    assert "<" not in carried
    assert evil in json.dumps(json.loads(carried))  # the data is intact once parsed


def test_two_charts_on_one_page_share_no_svg_id_and_the_same_data_gives_the_same_bytes(data_dir):
    frame = latest(data_dir, grid_records())
    first, second = (charts.line_chart(frame, CHART, "alt", uid=u) for u in ("one", "two"))
    ids = [set(re.findall(r'\bid="([^"]+)"', f.svg)) for f in (first, second)]
    assert ids[0] and ids[1] and not ids[0] & ids[1]
    assert all(re.findall(r"url\(#([^)]+)\)", f.svg) and set(re.findall(r"url\(#([^)]+)\)", f.svg)) <= i
               for f, i in zip((first, second), ids, strict=True))
    assert charts.line_chart(frame, CHART, "alt", uid="one").svg == first.svg


def test_a_kept_svg_is_the_one_vl_convert_draws_and_none_is_kept_without_the_folder(data_dir, tmp_path, monkeypatch):
    spec = json.dumps(charts.line_chart(latest(data_dir, grid_records()), CHART, "alt", uid="k").spec, sort_keys=True)
    drawn = chart_theme._rendered.__wrapped__  # the page's SVG (ids renumbered), past the in-process cache
    monkeypatch.delenv(chart_theme.SVG_CACHE, raising=False)
    fresh = drawn(spec, "alt", "k")
    assert not (tmp_path / "kept").exists()
    monkeypatch.setenv(chart_theme.SVG_CACHE, str(tmp_path / "kept"))
    assert drawn(spec, "alt", "k") == fresh and len(list((tmp_path / "kept").glob("*.svg"))) == 1  # drawn, kept
    assert drawn(spec, "alt", "k") == fresh  # read back
    (kept,) = (tmp_path / "kept").glob("*.svg")
    kept.write_text("<svg>kept</svg>")
    assert chart_theme._svg(spec) == "<svg>kept</svg>"  # read back, not drawn again
    # another version of vl-convert draws it again, kept under another name
    monkeypatch.setattr(chart_theme.vl_convert, "__version__", "0.0.0-other")
    assert drawn(spec, "alt", "k") == fresh and len(list((tmp_path / "kept").glob("*.svg"))) == 2


def test_the_page_gets_the_dark_theme_and_nothing_that_names_another_host(data_dir):
    carried = json.loads(chart_theme.page_json(charts.line_chart(latest(data_dir, grid_records()), CHART, "alt")))
    assert carried["spec"]["config"]["background"] == "#ffffff" and carried["dark"]["background"] == "#1e2129"
    assert "$schema" not in carried["spec"] and "http" not in json.dumps(carried)


# ---- the phone layout ----------------------------------------------------------------------------

LONG_DEVICE = "Intel(R) Xeon(R) Processor"  # a legend label of it is longer than a phone's line


def every_chart_type(data_dir) -> dict[str, chart_theme.Chart]:
    """A line chart (with a vendor peak), a bar chart and a roofline, of a device with a long name."""
    frame = latest(data_dir, grid_records(device=LONG_DEVICE) + grid_records())
    roof = pd.DataFrame([{"device": d, "framework": "jax", "params": {"n": n}, "intensity": n / 6, "m_tflops": t,
                          "run_id": "r"} for d in (LONG_DEVICE, "Synthetic CPU") for n, t in ((256, 0.1), (1024, 0.4))])
    ceilings = {d: {"measured": (0.5, 50.0), "vendor": None} for d in (LONG_DEVICE, "Synthetic CPU")}
    return {"line": charts.line_chart(frame, CHART, "alt", peaks=[("H200 bf16 peak", 989.0)]),
            "bar": charts.bar_chart(frame, dict(CHART, mark="bar"), "alt"),
            "roofline": charts.roofline_chart(roof, ceilings, "alt")}


def texts(svg: str) -> list[str]:
    """Each text of the SVG, its lines (a multi-line text's tspans) joined by a line break."""
    return ["\n".join(s.text or "" for s in t.iter(f"{NS}tspan")) or t.text or "" for t in ET.fromstring(svg).iter(f"{NS}text")]


def test_every_measured_chart_has_a_phone_layout_at_its_own_size_sharing_the_desktops_data(data_dir):
    """The phone's static SVG is the phone layout's width (nothing scaled down in a 390 px screen's
    column), its text 11 px or more; drawn, it fits the column; the page carries the data once."""
    for chart_type, chart in every_chart_type(data_dir).items():
        phone = chart.phone
        assert phone is not None, chart_type
        assert chart.spec["width"] == chart_theme.DESKTOP.width and phone.spec["width"] == chart_theme.PHONE.width, chart_type
        assert phone.spec["usermeta"] == {"fit": True} and "usermeta" not in chart.spec, chart_type
        root = ET.fromstring(phone.svg)
        padding = chart_theme.PADDING["left"] + chart_theme.PADDING["right"]
        assert float(root.get("width")) == chart_theme.PHONE.width + padding, chart_type
        sizes = [float(t.get("font-size").removesuffix("px")) for t in root.iter(f"{NS}text")]
        assert sizes and min(sizes) >= 11, chart_type
        carried = json.loads(chart_theme.page_json(chart))
        assert carried["media"] == chart_theme.PHONE_MEDIA and "datasets" not in carried["phone"], chart_type
        assert root.get("aria-label") == "alt" and phone.svg != chart.svg, chart_type


def test_a_long_label_wraps_at_its_dots_in_the_legend_and_the_bars_never_cut(data_dir):
    """A series' legend label, a bar's label and a vendor peak's label longer than a line wrap (a
    phone's lines are shorter than a desktop's); every word of them is drawn, none cut with '…'."""
    made = every_chart_type(data_dir)
    for phone, drawn in enumerate((made["line"], made["line"].phone)):
        drawn_texts = texts(drawn.svg)
        assert not any("…" in t for t in drawn_texts)
        (longest,) = [t for t in drawn_texts if t.replace("\n", " · ") == f"{LONG_DEVICE} · torch · float32"]
        assert "\n" in longest  # longer than a line on either
        (short,) = [t for t in drawn_texts if t.replace("\n", " · ") == "Synthetic CPU · torch · float32"]
        assert ("\n" in short) == bool(phone)  # a line on a desktop, two on a phone
        assert any(t.replace("\n", " ") == "H200 bf16 peak: 989 (vendor figure)" for t in drawn_texts)
    bars = texts(made["bar"].phone.svg)
    assert "torch\nfloat32" in bars or "torch · float32" in bars  # the device left to the legend
    assert not any("…" in t for t in bars)


def test_a_label_of_many_words_is_wrapped_quickly(data_dir):
    """A device's name in a contributed run file may be anything: a label of hundreds of words is
    filled line by line rather than weighed every way it could break."""
    many = " ".join(f"w{i}" for i in range(40))
    lines = chart_theme.wrapped(many, 16)  # 8 lines of 40 words: millions of ways to break it
    assert " ".join(lines) == many and all(len(line) <= 16 for line in lines)
    assert chart_theme.wrapped("a b · c", 3) == ["a b", "c"]  # a short one weighed as before
    chart = charts.line_chart(latest(data_dir, grid_records(device=many)), CHART, "alt")
    assert chart.phone is not None


def test_every_spec_column_a_vendor_peak_comes_from_is_named_on_the_chart():
    from accelbench.core.reference import PEAK_COLUMN, Peak

    assert set(PEAK_COLUMN.values()) <= set(PEAK_NAMES)  # a new column is named, never cut from its CSV name
    assert charts.vendor_peak_lines([Peak("H200 SXM", 989.0, "TFLOP/s", "bf16_dense_tflops"),
                                     Peak("H200 SXM", 67.0, "TFLOP/s", "fp32_tflops")]) == [
        ("H200 SXM bf16 dense peak", 989.0), ("H200 SXM fp32 peak", 67.0)]
