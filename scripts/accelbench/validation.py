"""Checks beyond the schema, which need to know the project: workload ids that exist, values no
real device produces, run ids shared by two files. Every problem is one line naming the file
and the field. Used by `accelbench validate` and by the store (hence the site build).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from accelbench.metrics import METRICS
from accelbench.reference import Reference
from accelbench.runfile import RunFileError, load_run
from accelbench.snippet import snippet_hashes

# A measurement above this multiple of the vendor's dense peak is not a measurement.
ABSURD_PEAK_FACTOR = 10


class Validator:
    def __init__(self, snippets_dir: Path, reference_dir: Path):
        self.workloads = set(snippet_hashes(snippets_dir))
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
            lines += self._absurd(rec, where)
        return lines

    def _absurd(self, rec: dict, where: str) -> list[str]:
        lines = []
        metrics = rec["metrics"]
        peak = self.reference.peak(rec["device"], str(rec["params"].get("dtype", "bfloat16"))) if rec["device"] else None
        if peak is None and rec["device"]:
            peak = self.reference.peak(rec["device"], "bfloat16")  # the fastest dense rate it has
        if peak and "tflops" in metrics and metrics["tflops"] > ABSURD_PEAK_FACTOR * peak.value:
            lines.append(f"{where}.metrics.tflops: {metrics['tflops']:.4g} TFLOP/s is more than "
                         f"{ABSURD_PEAK_FACTOR} times the vendor peak of {peak.chip} ({peak.value:g} TFLOP/s)")
        bandwidth = self.reference.bandwidth(rec["device"]) if rec["device"] else None
        if bandwidth and "gbps" in metrics and metrics["gbps"] > ABSURD_PEAK_FACTOR * bandwidth.value:
            lines.append(f"{where}.metrics.gbps: {metrics['gbps']:.4g} GB/s is more than "
                         f"{ABSURD_PEAK_FACTOR} times the memory bandwidth of {bandwidth.chip} ({bandwidth.value:g} GB/s)")
        checked_against_vendor = {"tflops": bool(peak), "gbps": bool(bandwidth)}
        for name, value in metrics.items():
            limit = METRICS[name].bound if name in METRICS else None
            if limit is not None and value > limit and not checked_against_vendor.get(name):
                lines.append(f"{where}.metrics.{name}: {value:.4g} is not a plausible value (limit {limit:g})")
        return lines

    def load(self, path: Path) -> dict:
        """Read, schema-check and check one file; raises RunFileError with every problem."""
        run = load_run(path)
        problems = self.problems(run, path)
        if problems:
            raise RunFileError(problems)
        return run


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
