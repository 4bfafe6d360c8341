"""How good the plan's time budgets were: what each measurement took (``wall_s``) against what the
plan gave it (``budget_s``), both recorded in every measured record of a run file.

A ratio above 1 is a budget that was too small (under a deadline, the runner starts what will not
finish); far below 1, one that keeps measurements out that would have fitted. The planning
estimates (plan.COMPILE_S, the snippets' ``setup_s``) are calibrated against this report.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass
class Calibration:
    """The measurements of one group, summed: a ratio of sums, so long measurements weigh more."""

    device: str
    workload: str
    framework: str
    variant: str
    count: int = 0
    wall_s: float = 0.0
    budget_s: float = 0.0
    not_ok: int = 0  # failed or skipped while running (a timeout's wall_s is its limit)

    @property
    def ratio(self) -> float | None:
        return self.wall_s / self.budget_s if self.budget_s > 0 else None

    def add(self, record: dict) -> None:
        self.count += 1
        self.wall_s += record["wall_s"]
        self.budget_s += record["budget_s"]
        self.not_ok += record.get("status") != "ok"


def variant_of(record: dict, swept: dict[str, str]) -> str:
    """The record's parameters without the size its chart sweeps (``swept``: workload -> param)."""
    size = swept.get(record["workload"])
    return " ".join(f"{k}={v}" for k, v in sorted(record.get("params", {}).items()) if k != size) or "-"


def calibrate(runs: Iterable[dict], swept: dict[str, str]) -> list[Calibration]:
    """One Calibration per device, workload, framework and variant, in the order first met.
    Records without both figures (planned skips, run files older than the budgets) are left out."""
    groups: dict[tuple, Calibration] = {}
    for run in runs:
        for record in run.get("records", []):
            if record.get("wall_s") is None or record.get("budget_s") is None:
                continue
            key = (record.get("device") or "-", record["workload"], record["framework"], variant_of(record, swept))
            groups.setdefault(key, Calibration(*key)).add(record)
    return list(groups.values())


def totals(rows: list[Calibration]) -> list[Calibration]:
    """Per device, every group summed; then all devices together when there are several."""
    out: dict[str, Calibration] = {}
    for row in rows:
        _add_to(out.setdefault(row.device, Calibration(row.device, "total", "", "")), row)
    if len(out) > 1:
        everything = Calibration("all devices", "total", "", "")
        for row in rows:
            _add_to(everything, row)
        out["all devices"] = everything
    return list(out.values())


def _add_to(total: Calibration, row: Calibration) -> None:
    total.count += row.count
    total.wall_s += row.wall_s
    total.budget_s += row.budget_s
    total.not_ok += row.not_ok


def format_calibration(rows: list[Calibration]) -> list[str]:
    if not rows:
        return ["no record with both wall_s and budget_s (run files written before budgets were recorded have neither)"]
    lines = [f"{'device':<28} {'workload':<18} {'framework':<9} {'variant':<44} {'n':>3} {'wall_s':>8} "
             f"{'budget_s':>8} {'wall/budget':>11}"]
    for row in [*rows, *totals(rows)]:
        ratio = f"{row.ratio:.2f}" if row.ratio is not None else "-"
        failed = f"  ({row.not_ok} not ok)" if row.not_ok else ""
        lines.append(f"{row.device[:28]:<28} {row.workload:<18} {row.framework:<9} {row.variant[:44]:<44} "
                     f"{row.count:>3} {row.wall_s:>8.1f} {row.budget_s:>8.1f} {ratio:>11}{failed}")
    return lines
