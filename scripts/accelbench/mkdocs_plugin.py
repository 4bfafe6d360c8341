"""MkDocs plugin: replaces ``<!-- accelbench:KIND [WORKLOAD] -->`` lines in pages with tables
and charts built from every stored run.

Markers (each alone on a line, outside code blocks):

- ``table WORKLOAD``: latest result per device x framework x params
- ``best WORKLOAD``: best value of the chart metric per device x framework x series
- ``chart WORKLOAD [METRIC]``: the workload's SVG chart, or one of its EXTRA_CHARTS (a
  generated file, never written into docs/)
- ``roofline``: matrix-multiplication results against arithmetic intensity, with ceilings
- ``runs``: every stored run with its provenance; the anchor result tables link to
- ``scaling WORKLOAD``: scaling efficiency from the one-device and all-device records of a run
- ``verdicts``: the article's comparison table with the evidence and a computed verdict per row
- ``verdict-rules``: the written rules those verdicts follow (from accelbench.verdicts.RULES)
- ``reference accelerators|prices``: the vendor specifications or dated prices, with sources
- ``cost``: cost per million training tokens and per PFLOP for every priced chip
- ``energy``: every measurement metered for energy
- ``verdict SLUG``: one row's verdict and evidence as a note (speed, flexibility, cost, ...)
- ``coverage``: which kinds of device (CPU, GPU, TPU) the stored runs measured, and which not yet

An unknown marker or workload, or (under --strict) a malformed run file, stops the build with
a message naming the page or file. The plugin never runs a benchmark or imports a snippet.
"""

from __future__ import annotations

import logging
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File
from mkdocs.utils import get_relative_url

from accelbench import verdicts
from accelbench.reference import Reference
from accelbench.render import charts, tables
from accelbench.render.text import esc, esc_md
from accelbench.runfile import RunFileError
from accelbench.snippet import literals, snippet_files
from accelbench.store import Store, load_store

log = logging.getLogger("mkdocs.plugins.accelbench")

MARKER = re.compile(r"^\s*<!--\s*accelbench:(?P<kind>[A-Za-z_-]+)(?P<args>[^>]*?)\s*-->\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
KINDS = ("table", "best", "chart", "runs", "scaling", "verdicts", "verdict-rules", "reference", "cost", "energy",
         "verdict", "roofline", "coverage")
NO_WORKLOAD = ("runs", "verdicts", "verdict-rules", "cost", "energy", "roofline", "coverage")
REFERENCE_TABLES = ("accelerators", "prices")
CHART_DIR = "assets/charts"


@dataclass
class Place:
    """Where a marker stands: its page, the site's files, and 'page.md:line' for messages."""
    page: object
    files: object
    where: str


class AccelbenchConfig(base.Config):
    data_dir = c.Type(str, default="build_data")
    snippets_dir = c.Type(str, default="snippets")
    runs_page = c.Type(str, default="about/runs.md")
    reproduce_page = c.Type(str, default="about/reproduce.md")
    contribute_page = c.Type(str, default="about/contribute.md")


class AccelbenchPlugin(BasePlugin[AccelbenchConfig]):
    def on_config(self, config):
        root = Path(config.config_file_path).parent
        self.data_dir = root / self.config.data_dir
        self.snippets_dir = root / self.config.snippets_dir
        for label, path in (("data_dir", self.data_dir), ("snippets_dir", self.snippets_dir)):
            if not path.is_dir():
                raise PluginError(f"accelbench: {label} {path} does not exist")
        try:
            self.store: Store = load_store(self.data_dir, self.snippets_dir, strict=config.strict, warn=log.warning)
        except RunFileError as exc:
            raise PluginError("accelbench: invalid run file(s); fix or remove them "
                              "(`accelbench validate` lists every problem):\n" + "\n".join(exc.problems)) from None
        self.reference = Reference(self.data_dir / "reference")
        self.verdicts = None  # computed once per build, on the first page that shows one
        self.charts = self._chart_meta()
        return config

    def _chart_meta(self) -> dict[str, dict]:
        """Chart and table settings per workload, read from each snippet's literals without
        importing it (the build must not execute snippet code)."""
        meta = {}
        for path in snippet_files(self.snippets_dir):
            try:
                literal = literals(path, ("CHART", "TITLE", "TABLE", "EXTRA_CHARTS"))
                charts_by_metric = {None: literal["CHART"], **{c["y"]: c for c in literal.get("EXTRA_CHARTS", [])}}
                meta[path.stem] = {"charts": charts_by_metric, "chart": literal["CHART"], "title": literal["TITLE"],
                                   "table": literal.get("TABLE", {})}
            except (KeyError, ValueError) as exc:
                raise PluginError(f"accelbench: {path}: CHART, TITLE, TABLE and EXTRA_CHARTS must be literals ({exc})") from None
        return meta

    def on_files(self, files, config):
        self.chart_files = {}
        for workload, meta in self.charts.items():
            latest = self.store.latest(workload)
            for metric, chart in meta["charts"].items():
                peaks = self._peaks(latest) if chart.get("peak_lines") else ()
                svg = charts.chart_svg(latest, chart, alt=self._alt(workload, metric), peaks=peaks)
                if svg is None:
                    continue
                uri = f"{CHART_DIR}/{workload}{'-' + metric if metric else ''}.svg"
                files.append(File.generated(config, uri, content=svg))
                self.chart_files[(workload, metric)] = uri
        points, ceilings = verdicts.roofline_inputs(self.store, self.reference)
        svg = charts.roofline_chart(points, ceilings, alt=self._roofline_alt(points, ceilings))
        if svg is not None:
            files.append(File.generated(config, f"{CHART_DIR}/roofline.svg", content=svg))
            self.chart_files[("roofline", None)] = f"{CHART_DIR}/roofline.svg"
        return files

    def _peaks(self, latest) -> list[tuple[str, float]]:
        """Vendor dense peaks for the devices and dtypes drawn (reference lines, never data)."""
        ok = latest[latest["status"] == "ok"] if not latest.empty else latest
        found = {}
        for _, row in ok.iterrows():
            peak = self.reference.peak(row["device"], str(row["params"].get("dtype", "")))
            if peak:
                found[(peak.chip, peak.column)] = (f"{peak.chip} {peak.column.replace('_tflops', '').replace('_', ' ')} peak",
                                                   peak.value)
        return sorted(found.values(), key=lambda p: p[1])

    @staticmethod
    def _roofline_alt(points, ceilings) -> str:
        if points.empty:
            return "Roofline"
        return (f"Roofline: {len(points)} matrix-multiplication results on {', '.join(sorted(map(str, points['device'].unique())))}, "
                "TFLOP/s against FLOP per byte, with measured ceilings (best TFLOP/s, best copy bandwidth) and, where "
                "published, the vendor's.")

    def _alt(self, workload: str, metric: str | None = None) -> str:
        """Alt text that says what the chart shows and its headline, for readers who cannot see it."""
        chart = self.charts[workload]["charts"][metric]
        ok = self.store.latest(workload)
        ok = ok[ok["status"] == "ok"] if not ok.empty else ok
        column = f"m_{chart['y']}"
        if ok.empty or column not in ok or ok[column].isna().all():
            return chart.get("title", workload)
        best = ok.loc[ok[column].idxmax()]
        against = f" against {chart['x_label']}" if chart.get("kind") != "bar" else ""
        return (f"{chart.get('title')}: {chart.get('y_label')}{against}, per device, framework and "
                f"{', '.join(chart.get('series', []))}; measured on {', '.join(sorted(map(str, ok['device'].unique())))}; "
                f"highest {best[column]:.3g} {chart.get('y_label')} ({best['device']}, {best['framework']}).")

    def on_page_markdown(self, markdown, page, config, files):
        out, in_fence = [], False
        for number, line in enumerate(markdown.split("\n"), 1):
            if FENCE.match(line):
                in_fence = not in_fence
            match = None if in_fence else MARKER.match(line)
            out.append(self._render(match, page, files, number) if match else line)
        return "\n".join(out)

    def _render(self, match, page, files, line_number: int) -> str:
        at = Place(page, files, f"{page.file.src_uri}:{line_number}")
        kind, args = match["kind"], match["args"].split()
        if match.group(0)[:1].isspace():
            raise PluginError(f"accelbench: {at.where}: markers must start at the beginning of a line "
                              "(not inside an admonition or list), or the HTML they become breaks the page")
        if kind not in KINDS:
            raise PluginError(f"accelbench: {at.where}: unknown marker 'accelbench:{kind}' (known: {', '.join(KINDS)})")
        if kind in NO_WORKLOAD and args:
            raise PluginError(f"accelbench: {at.where}: 'accelbench:{kind}' takes no arguments, got {args}")
        return getattr(self, f"_marker_{kind.replace('-', '_')}")(at, args)

    # Site-wide markers

    def _marker_runs(self, at, args) -> str:
        if not self.store.runs:
            return tables.not_measured("any workload", self._src_link(at.page, self.config.reproduce_page))
        return "\n" + self._wrap(tables.runs_table(self.store.runs))

    def _marker_verdicts(self, at, args) -> str:
        html = tables.verdict_table(self._verdicts(), self._runs_url(at), lambda src: self._page_url(at, src),
                                    self._page_url(at, self.config.contribute_page))
        return "\n" + self._wrap(html)

    def _marker_verdict(self, at, args) -> str:
        if len(args) != 1 or args[0] not in verdicts.SLUGS:
            raise PluginError(f"accelbench: {at.where}: 'accelbench:verdict' takes one of {', '.join(verdicts.SLUGS)}")
        row = next(v for v in self._verdicts() if v.feature == verdicts.SLUGS[args[0]])
        return tables.verdict_note(row, self._src_link(at.page, row.page) if row.page else None,
                                   self._src_link(at.page, self.config.contribute_page))

    def _marker_verdict_rules(self, at, args) -> str:
        return "\n" + "\n".join(f"- **{esc(feature)}**: {esc(rule)}" for feature, rule in verdicts.RULES.items()) + "\n"

    def _marker_reference(self, at, args) -> str:
        if args not in ([name] for name in REFERENCE_TABLES):
            raise PluginError(f"accelbench: {at.where}: 'accelbench:reference' takes one of {', '.join(REFERENCE_TABLES)}")
        if args == ["prices"]:
            return "\n" + self._wrap(tables.prices_table(self.reference.prices))
        measured = verdicts.measured_on_chips(self.store, self.reference)
        return "\n" + self._wrap(tables.accelerators_table(self.reference.accelerators, measured, self._runs_url(at)))

    def _marker_cost(self, at, args) -> str:
        return "\n" + self._wrap(tables.cost_table(verdicts.cost_rows(self.store, self.reference), self._runs_url(at)))

    def _marker_energy(self, at, args) -> str:
        records = self.store.records
        html = tables.energy_table(records[records["status"] == "ok"] if not records.empty else records, self._runs_url(at))
        if html is None:
            return tables.not_measured("energy on any device with an energy counter",
                                       self._src_link(at.page, self.config.reproduce_page))
        return "\n" + self._wrap(html)

    def _marker_coverage(self, at, args) -> str:
        return tables.coverage_note(self.store.records, self._src_link(at.page, self.config.contribute_page))

    def _marker_roofline(self, at, args) -> str:
        alt = self._roofline_alt(*verdicts.roofline_inputs(self.store, self.reference))
        return self._figure(at.page, ("roofline", None), alt,
                            "Each point is a matrix-multiplication result; solid lines are the device's measured "
                            "ceilings (best TFLOP/s, best copy bandwidth), dashed lines the vendor's.")

    # Markers about one workload

    def _workload(self, at, kind: str, args: list[str], extra: int = 0) -> str:
        """The workload a marker names (checked), allowing ``extra`` further arguments."""
        if not 1 <= len(args) <= 1 + extra:
            raise PluginError(f"accelbench: {at.where}: 'accelbench:{kind}' takes one workload id"
                              f"{' and optionally a metric' if extra else ''}, got {args or 'none'}")
        if args[0] not in self.charts:
            raise PluginError(f"accelbench: {at.where}: unknown workload {args[0]!r} (known: {', '.join(sorted(self.charts))})")
        return args[0]

    def _not_measured(self, at, workload: str, what: str | None = None) -> str:
        return tables.not_measured(what or self.charts[workload]["title"], self._src_link(at.page, self.config.reproduce_page))

    def _marker_table(self, at, args) -> str:
        workload = self._workload(at, "table", args)
        latest = self.store.latest(workload)
        if latest.empty:
            return self._not_measured(at, workload)
        return "\n" + self._wrap(tables.results_table(latest, self._runs_url(at), self.charts[workload]["table"].get("metrics")))

    def _marker_best(self, at, args) -> str:
        workload = self._workload(at, "best", args)
        chart = self.charts[workload]["chart"]
        html = tables.best_table(self.store.latest(workload), chart["y"], chart.get("series", []), chart["x"], self._runs_url(at))
        return "\n" + self._wrap(html) if html else self._not_measured(at, workload)

    def _marker_scaling(self, at, args) -> str:
        workload = self._workload(at, "scaling", args)
        html = tables.scaling_table(self.store.latest(workload), self._runs_url(at))
        return "\n" + self._wrap(html) if html else \
            self._not_measured(at, workload, f"{self.charts[workload]['title']} on more than one device")

    def _marker_chart(self, at, args) -> str:
        workload = self._workload(at, "chart", args, extra=1)
        metric = args[1] if len(args) == 2 else None
        charts_of = self.charts[workload]["charts"]
        if metric not in charts_of:
            raise PluginError(f"accelbench: {at.where}: {workload} has no chart of {metric!r} "
                              f"(its charts: {', '.join(m or 'the main one' for m in charts_of)})")
        return self._figure(at.page, (workload, metric), self._alt(workload, metric),
                            f"{charts_of[metric].get('title', self.charts[workload]['title'])}: latest result per "
                            f"device, framework and parameters; error bars span the interquartile range of the timing "
                            f"samples. Each value, with the run it came from, is in the table above.",
                            self._src_link(at.page, self.config.reproduce_page))

    def _figure(self, page, key, alt: str, caption: str, reproduce: str | None = None) -> str:
        uri = self.chart_files.get(key)
        if uri is None:  # the alt text of a chart with no data is its title
            return tables.not_measured(alt, reproduce or self._src_link(page, self.config.reproduce_page))
        src = posixpath.relpath(uri, posixpath.dirname(page.file.src_uri))
        return (f'\n<figure class="ab-chart" markdown>\n![{esc_md(alt)}]({src})\n'
                f"<figcaption>{esc(caption)}</figcaption>\n</figure>\n")

    def _verdicts(self) -> list:
        if self.verdicts is None:
            self.verdicts = verdicts.all_verdicts(self.store, self.reference)
        return self.verdicts

    @staticmethod
    def _wrap(table_html: str) -> str:
        # the same wrapper Material puts around Markdown tables, so ours scroll and look alike
        return f'<div class="md-typeset__scrollwrap"><div class="md-typeset__table">\n{table_html}</div></div>\n'

    @staticmethod
    def _src_link(page, target_src: str) -> str:
        return posixpath.relpath(target_src, posixpath.dirname(page.file.src_uri))

    def _runs_url(self, at) -> str:
        return self._page_url(at, self.config.runs_page)

    @staticmethod
    def _page_url(at, src: str) -> str:
        """URL of the docs page ``src`` relative to the marker's page (raw HTML links are not rewritten)."""
        target = at.files.get_file_from_path(src)
        if target is None:
            raise PluginError(f"accelbench: {at.page.file.src_uri} links to {src}, which is not in docs/")
        return get_relative_url(target.url, at.page.url)
