"""Checks beyond the schema, which need to know the project: workload ids that exist, numbers
that must follow from the record's own samples, throughput no device can reach, run ids shared
by two files. Every problem is one line naming the file, the record and the field. Used by
`accelbench validate` and by the store (hence the site build).
"""

from __future__ import annotations

import statistics
from datetime import datetime
from pathlib import Path

from accelbench.core.metrics import METRICS, RATES
from accelbench.core.reference import Reference
from accelbench.core.runfile import RunFileError, load_run
from accelbench.workloads.discovery import snippet_hashes

AGREE = 0.01  # a derived figure must agree with what its samples and work give, within 1%
PEAK_SLACK = 0.02  # above the vendor peak by more than rounding is not a measurement


class Validator:
    def __init__(self, snippets_dir: Path, reference_dir: Path):
        self.workloads = {workload for workload, _ in snippet_hashes(snippets_dir)}
        self.reference = Reference(reference_dir)

    def problems(self, run: dict, path: Path | str) -> list[str]:
        """Problems in a run that already passed the schema."""
        lines = []
        for name in ("created_at", "finished_at"):
            value = run.get(name)
            if isinstance(value, str) and not _is_datetime(value):
                lines.append(f"{path}: {name}: {value!r} is not a valid ISO 8601 date and time")
        for i, rec in enumerate(run["records"]):
            where = f"{path}: records[{i}]"
            if rec["workload"] not in self.workloads:
                lines.append(f"{where}.workload: {rec['workload']!r} is not a known workload "
                             f"(known: {', '.join(sorted(self.workloads))})")
            if rec["status"] == "ok":
                lines += _disagreements(rec, where) + self._beyond_peak(rec, where) + _beyond_bounds(rec, where)
        return lines

    def _beyond_peak(self, rec: dict, where: str) -> list[str]:
        """Compute throughput above the vendor's peak for the device and dtype (or, without a peak
        row, the registry's bound, said as such): no chip computes faster than its peak. Bandwidth
        is not refused above HBM: a size that fits a cache legitimately beats it. A fraction of
        peak must be its figure over the peak the record says it divided by."""
        lines, metrics = [], rec["metrics"]
        peak = self.reference.peak(rec["device"], str(rec["params"].get("dtype", "")))
        if "tflops" in metrics:
            limit, what = (peak.value, f"the vendor peak of {peak.chip} for {rec['params'].get('dtype')} ({peak.value:g})") \
                if peak else (METRICS["tflops"].bound, f"the bound for a device with no peak row "
                                                      f"({METRICS['tflops'].bound:g})")
            if metrics["tflops"] > limit * (1 + PEAK_SLACK):
                lines.append(f"{where}.metrics.tflops: {metrics['tflops']:.4g} TFLOP/s is above {what}")
        stored = rec.get("peak") or {}
        base = "gbps" if stored.get("unit") == "GB/s" else "tflops"
        for name in ("fraction_of_peak", "mfu"):
            if name in metrics and base in metrics and stored.get("value") \
                    and not _close(metrics[name], metrics[base] / stored["value"]):
                lines.append(f"{where}.metrics.{name}: {metrics[name]:.4g} is not {base} over the peak it names "
                             f"({stored.get('chip')}, {stored['value']:g}): {metrics[base] / stored['value']:.4g}")
        return lines

    def load(self, path: Path) -> dict:
        """Read, schema-check and check one file; raises RunFileError with every problem."""
        run = load_run(path)
        problems = self.problems(run, path)
        if problems:
            raise RunFileError(problems)
        return run


def _disagreements(rec: dict, where: str) -> list[str]:
    """The median must be that of the samples; each rate must be the work of one call over it."""
    lines = []
    median = statistics.median(rec["samples_s"])
    stated = (rec.get("stats") or {}).get("median_s")
    if stated is not None and not _close(stated, median):
        lines.append(f"{where}.stats.median_s: {stated:.4g} s is not the median of samples_s ({median:.4g} s)")
    work = rec.get("work")
    if work is None:  # files written before records carried their work: the median check only
        return lines
    for metric in RATES:
        value = rec["metrics"].get(metric.name)
        if value is not None and metric.work in work and not _close(value, work[metric.work] / median / metric.scale):
            lines.append(f"{where}.metrics.{metric.name}: {value:.4g} does not follow from samples_s and work "
                         f"({work[metric.work] / median / metric.scale:.4g})")
    return lines


def _beyond_bounds(rec: dict, where: str) -> list[str]:
    """Figures no single device produces today (compile times among them)."""
    lines = []
    for name, value in rec["metrics"].items():
        bound = METRICS[name].bound if name in METRICS else None
        if bound is not None and value > bound and name != "tflops":  # tflops: checked against its peak
            lines.append(f"{where}.metrics.{name}: {value:.4g} is not a plausible value (bound {bound:g})")
    return lines


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= AGREE * max(abs(a), abs(b))


def _is_datetime(value: str) -> bool:
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
        return True
    except ValueError:
        return False


def load_valid(files: list[Path], validator: Validator) -> tuple[list[tuple[Path, dict]], list[tuple[Path, list[str]]]]:
    """Every file read and checked: (path, run) for the valid ones, (path, problem lines) for the
    rest. A run_id already used by an earlier file is a problem of the later file."""
    loaded, rejected, owners = [], [], {}
    for path in files:
        try:
            run = validator.load(path)
        except RunFileError as exc:
            rejected.append((path, exc.problems))
            continue
        except OSError as exc:
            rejected.append((path, [f"{path}: (file): cannot read: {exc.strerror or exc}"]))
            continue
        first = owners.setdefault(run["run_id"], path)
        if first != path:
            rejected.append((path, [f"{path}: run_id: {run['run_id']!r} is also the run_id of {first}"]))
            continue
        loaded.append((path, run))
    return loaded, rejected


def validate_files(files: list[Path], validator: Validator) -> list[str]:
    """Problems in ``files``, one line each (empty when all are valid)."""
    return [line for _, problems in load_valid(files, validator)[1] for line in problems]
