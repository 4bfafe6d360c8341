"""Every stored run -> one tidy table (pandas), the latest result per measurement, staleness.

Loading validates each file. Under ``strict`` a bad file raises (the build must fail, naming
it); otherwise it is left out and reported through ``warn``. Two records are the same
measurement when their ``runfile.measurement_key`` agrees, as for the runner's cache.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from accelbench.core.runfile import RunFileError, category_of, measurement_key
from accelbench.store.validation import Validator, load_valid
from accelbench.workloads.discovery import snippet_hashes
from accelbench.workloads.versions import is_current, legacy_versions

VERSION_FIELDS = ("torch", "torch_xla", "jax", "jaxlib", "tensorflow", "cuda", "rocm", "driver", "libtpu")


@dataclass
class Store:
    runs: list[dict]
    files: dict[str, Path]  # run_id -> file
    records: pd.DataFrame
    _latest: dict = field(default_factory=dict, repr=False)  # the store never changes: compute once

    def latest(self, workload: str | None = None) -> pd.DataFrame:
        """Latest result per measurement (workload x params x device x framework): the newest record
        that was measured, ok or failed (a newer failure hides an older success: the newest is
        what counts); a skip only where nothing was measured. Ties go to the later run id, so
        the answer does not depend on the order of files or records. Callers must not modify
        the frame returned (it is shared)."""
        if workload not in self._latest:
            self._latest[workload] = self._compute_latest(workload)
        return self._latest[workload]

    def newest_date(self, run_ids: list[str]) -> str:
        """The day (UTC, YYYY-MM-DD) the newest of these runs was made; "" for none."""
        made = self.records.loc[self.records["run_id"].isin(run_ids), "created_at"] if run_ids else []
        return max(made).strftime("%Y-%m-%d") if len(made) else ""

    def current(self, workload: str | None = None) -> pd.DataFrame:
        """The latest results that measured the snippets' code as it is today: what verdicts may use (a stale
        result is still shown in tables, badged, but never judged)."""
        latest = self.latest(workload)
        return latest if latest.empty else latest[~latest["stale"].astype(bool)]

    def _compute_latest(self, workload: str | None) -> pd.DataFrame:
        df = self.records
        if workload is not None:
            df = df[df["workload"] == workload]
        df = df[df["device"].notna()]
        if df.empty:
            return df
        order = ["_measured", "created_at", "run_id", "_ok", "median_s"]
        df = df.assign(_measured=df["status"].ne("skipped"), _ok=df["status"].eq("ok")).sort_values(order, kind="stable")
        latest = df.groupby("key", sort=False, dropna=False).tail(1).drop(columns=["_measured", "_ok"])
        return latest.sort_values(["workload", "device", "framework", "key"], kind="stable").reset_index(drop=True)

    @classmethod
    def of_runs(cls, runs: list[dict], files: dict[str, Path], current_hashes: dict[tuple[str, str], str] | None = None,
                legacy: dict[tuple[str, str], dict[str, str]] | None = None) -> Store:
        """A store of runs already read (the summary of one file; no validation, no snippets)."""
        return cls(runs=runs, files=files, records=records_frame(runs, files, current_hashes, legacy))


def load_store(data_dir: Path, snippets_dir: Path, *, strict: bool = True,
               warn: Callable[[str], None] | None = None) -> Store:
    paths = sorted((Path(data_dir) / "runs").glob("*.json"))
    loaded, rejected = load_valid(paths, Validator(snippets_dir, Path(data_dir) / "reference"))
    problems = [line for _, lines in rejected for line in lines]
    if rejected and strict:
        raise RunFileError(problems)
    for path, lines in rejected:
        if warn:
            warn(f"left out {path}: {lines[0]}")
    runs = [run for _, run in loaded]
    files = {run["run_id"]: path for path, run in loaded}
    return Store.of_runs(runs, files, snippet_hashes(snippets_dir), legacy_versions(snippets_dir))


def records_frame(runs: list[dict], files: dict[str, Path],
                  current_hashes: dict[tuple[str, str], str] | None,
                  legacy: dict[tuple[str, str], dict[str, str]] | None = None) -> pd.DataFrame:
    """One row per record with its run's provenance. ``stale``: the code the record measured is not
    the snippet's code today, or the snippet no longer exists (never, where ``current_hashes`` is
    None); ``current_hashes`` and ``legacy`` (versions.legacy_versions) are keyed by (workload,
    framework), as each framework's code is versioned (versions.is_current decides)."""
    rows = []
    for run in runs:
        env = run["environment"]
        provenance = {
            "run_id": run["run_id"], "file": str(files[run["run_id"]]),
            "created_at": pd.Timestamp(run["created_at"]).tz_convert("UTC"),
            "host": env["host"], "profile": run["profile"], "complete": run["complete"],
            "interrupted_by": run.get("interrupted_by"),
            "git_commit": run["code"].get("git_commit"), "dirty": run["code"].get("dirty"),
            **{f"v_{k}": env["versions"].get(k) for k in VERSION_FIELDS},
        }
        for rec in run["records"]:
            stats = rec.get("stats") or {}
            rows.append({
                **provenance,
                "workload": rec["workload"], "framework": rec["framework"], "device": rec["device"],
                "platform": rec["platform"], "params": rec["params"],
                "key": measurement_key(rec["workload"], rec["params"], rec["framework"], rec["device"]),
                "status": rec["status"], "reason": rec.get("reason"), "category": category_of(rec),
                "samples_s": rec["samples_s"],
                "snippet_hash": rec["snippet_hash"],
                "stale": current_hashes is not None and _stale(rec, current_hashes, legacy or {}),
                "median_s": stats.get("median_s"), "q1_s": stats.get("q1_s"), "q3_s": stats.get("q3_s"),
                "min_s": stats.get("min_s"), "max_s": stats.get("max_s"), "n_samples": stats.get("n"),
                "wide_spread": stats.get("wide_spread", False), "compilations": stats.get("compilations"),
                "n_devices": (rec.get("notes") or {}).get("devices"),
                "energy_measured": (rec.get("energy") or {}).get("measured"),
                "energy_reason": (rec.get("energy") or {}).get("reason"),
                "idle_watts": (rec.get("energy") or {}).get("idle_watts"),
                "peak_chip": (rec.get("peak") or {}).get("chip"),
                "peak_value": (rec.get("peak") or {}).get("value"),
                "peak_unit": (rec.get("peak") or {}).get("unit"),
                **{f"m_{k}": v for k, v in rec["metrics"].items()},
            })
    columns = ["run_id", "file", "created_at", "host", "workload", "framework", "device", "platform",
               "params", "key", "status", "reason", "snippet_hash", "stale", "median_s"]
    return pd.DataFrame(rows) if rows else pd.DataFrame(columns=columns)


def _stale(record: dict, current_hashes: dict, legacy: dict) -> bool:
    key = (record["workload"], record["framework"])
    return not is_current(record["snippet_hash"], current_hashes.get(key), legacy.get(key, {}))
