"""Charts from the store: the Vega-Lite specification the page draws interactively and the static
SVG rendered from it; series, error bars, tooltips, legend and zoom, vendor peaks, escaping."""

import json
import re
import xml.etree.ElementTree as ET

from accelbench.core.text import fmt
from accelbench.publish.render import chart_theme, charts
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


def drawn(figure: chart_theme.Chart) -> list[dict]:
    """The rows the chart's layers draw (Altair puts each layer's data in the spec's datasets)."""
    return [row for rows in figure.spec["datasets"].values() for row in rows if "series" in row]


def marks(svg: str, kind: str) -> list:
    """The static SVG's drawn marks of one kind (symbol, rule, line), not the legend's."""
    root = ET.fromstring(svg)
    groups = [g for g in root.iter(f"{NS}g") if f"mark-{kind} role-mark" in (g.get("class") or "")]
    return [p for g in groups for p in g if p.tag in (f"{NS}path", f"{NS}line")]


def test_a_line_per_series_with_a_point_and_an_iqr_bar_per_result(data_dir):
    frame = latest(data_dir, grid_records() + grid_records(device="Other Device"))
    figure = charts.line_chart(frame, CHART, "alt text")
    rows = drawn(figure)
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
    svg = figure.svg
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
    figure = charts.line_chart(latest(data_dir, grid_records()), CHART, "alt", peaks=[("H200 bf16 peak", 989.0)])
    assert "H200 bf16 peak: 989 (vendor figure)" in "".join(ET.fromstring(figure.svg).itertext())
    assert "(log scale)" in figure.spec["layer"][0]["encoding"]["y"]["title"]  # 989 against 0.1: a log axis


def test_bars_one_per_result_with_whiskers_and_values(data_dir):
    bar = dict(CHART, mark="bar")
    figure = charts.bar_chart(latest(data_dir, grid_records()), bar, "alt")
    assert len(drawn(figure)) == 6
    assert len(marks(figure.svg, "rect")) == 6 and len(marks(figure.svg, "rule")) == 6


def test_nothing_measured_draws_no_chart(data_dir):
    skipped = latest(data_dir, [make_record(status="skipped", reason="no GPU", samples_s=[], metrics={})])
    assert charts.line_chart(skipped, CHART, "alt") is None


def test_zero_rates_draw_nothing_instead_of_crashing(data_dir):
    zero = latest(data_dir, [make_record(metrics={"tflops": 0.0, "compile_s": 0.1})])
    assert charts.line_chart(zero, CHART, "alt") is None
    assert charts.bar_chart(zero, dict(CHART, mark="bar"), "alt") is None


def test_hostile_strings_stay_text_in_the_svg_and_cannot_end_the_script_element(data_dir):
    evil = "<script>alert(1)</script></script><!--"
    figure = charts.line_chart(latest(data_dir, [make_record(device=evil)], host=evil), CHART, f"alt {evil}")
    assert "<script>" not in figure.svg and "&lt;script&gt;" in figure.svg
    ET.fromstring(figure.svg)  # still well-formed XML
    carried = chart_theme.page_json(figure)
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


def test_the_page_gets_the_dark_theme_and_nothing_that_names_another_host(data_dir):
    carried = json.loads(chart_theme.page_json(charts.line_chart(latest(data_dir, grid_records()), CHART, "alt")))
    assert carried["spec"]["config"]["background"] == "#ffffff" and carried["dark"]["background"] == "#1e2129"
    assert "$schema" not in carried["spec"] and "http" not in json.dumps(carried)
