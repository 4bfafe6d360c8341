"""MLPerf Training results -> published evidence, with the provenance of every file used.

Published by others, never mixed with what this project measured: the records written here live
in build_data/published/, carry the repository, commit and path of each system description and
log they come from, and are scored by MLCommons' own rule, implemented here from the rules
document (mlcommons/training_policies, training_rules.adoc):

- "Run Results": a run's time is the wall clock from run_start to run_stop; a run whose run_stop
  is missing or not successful did not converge.
- "Benchmark Results": "Each benchmark result is computed by dropping the fastest and slowest runs,
  then taking the mean of the remaining times. ... a single non-converging run may be treated as
  the slowest run and dropped. A benchmark result is invalid if there is more than one
  non-converging run."
- "Score scaling": a scaling.json beside the logs holds the factor the committee applied.

Bad input (a missing system file, a malformed log line, an aborted run) is left out with its
reason, naming the file and line; the importer never stops on it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from accelbench.sources.git import Source

SCHEMA_VERSION = 1
RULES_DOCUMENT = "mlcommons/training_policies, training_rules.adoc"
RULE = ("olympic mean: the fastest and the slowest run dropped, the mean of the rest, times the "
        "scaling.json factor where there is one (training_rules.adoc, 'Benchmark Results' and 'Score scaling')")
# Runs a result needs (training_rules.adoc: 'Benchmark Results' for LLM pretraining; 'Deprecated
# benchmarks results' for Stable Diffusion v2.0). Fewer are scored, and said so.
MIN_RUNS = {"gpt3": 3, "stable_diffusion": 10, "llama2_70b_lora": 10, "llama31_405b": 3}
RESULT = re.compile(r"^(?P<submitter>[^/]+)/results/(?P<system>[^/]+)/(?P<benchmark>[^/]+)/result_(?P<n>\d+)\.txt$")
MLLOG = ":::MLLOG "


@dataclass
class Run:
    file: str
    minutes: float | None  # None: did not converge
    status: str  # success, or why the run has no time


def parse_log(text: str, path: str) -> Run:
    """A run's time to train from its :::MLLOG lines; any malformed line leaves the run out."""
    start = stop = None
    for number, line in enumerate(text.splitlines(), 1):
        at = line.find(MLLOG)  # multi-process logs prefix each line with its rank ("0: :::MLLOG ...")
        if at < 0:
            continue
        try:
            event = json.loads(line[at + len(MLLOG):])
            key, when = event["key"], float(event["time_ms"])
        except (ValueError, KeyError, TypeError):
            return Run(path, None, f"malformed MLLOG line at {path}:{number}")
        if key == "run_start" and start is None:
            start = when
        elif key == "run_stop":
            stop = (when, str((event.get("metadata") or {}).get("status", "")))
    if start is None:
        return Run(path, None, f"no run_start in {path}")
    if stop is None:
        return Run(path, None, f"no run_stop in {path}")
    if stop[1] != "success":
        return Run(path, None, f"run_stop status {stop[1] or 'missing'} in {path}")
    return Run(path, (stop[0] - start) / 60_000, "success")


def olympic_minutes(runs: list[Run]) -> tuple[float | None, str]:
    """The benchmark result by 'Benchmark Results': drop the fastest and the slowest (a single
    non-converging run counts as the slowest), mean of the rest. (None, why) when invalid."""
    failed = [r for r in runs if r.minutes is None]
    if len(failed) > 1:
        return None, f"{len(failed)} runs did not converge (more than one makes the result invalid)"
    if len(runs) < 3:
        return None, f"{len(runs)} run(s): an olympic mean needs at least 3"
    times = sorted(r.minutes for r in runs if r.minutes is not None)
    kept = times[1:] if failed else times[1:-1]  # the failed run is the slowest, dropped
    return sum(kept) / len(kept), "ok"


@dataclass(frozen=True)
class Accelerators:
    """MLPerf accelerator names -> our chip (accelerators.csv) and kind, from the reference data."""

    names: dict[str, tuple[str | None, str]]

    @classmethod
    def load(cls, reference_dir: Path) -> Accelerators:
        import csv

        with open(Path(reference_dir) / "mlperf_accelerators.csv", newline="", encoding="utf-8") as fh:
            return cls({r["accelerator_model_name"]: (r["chip"] or None, r["kind"]) for r in csv.DictReader(fh)})

    def lookup(self, name: str) -> tuple[str | None, str]:
        return self.names.get(name.strip(), (None, "unknown"))


def availability(status: str) -> str:
    """The submission's status as MLPerf's categories: available, preview, or research."""
    text = status.lower()
    return "preview" if "preview" in text else "research" if "research" in text or "rdi" in text else "available"


def import_round(source: Source, round_name: str, reference_dir: Path) -> dict:
    """Every closed-division GPU and TPU result on the benchmarks where both kinds appear."""
    accelerators = Accelerators.load(reference_dir)
    paths = source.paths()
    groups: dict[tuple[str, str, str], list[str]] = {}
    for path in paths:
        match = RESULT.match(path)
        if match:
            groups.setdefault((match["submitter"], match["system"], match["benchmark"]), []).append(path)
    left_out, systems = [], {}
    for submitter, system, _ in groups:
        if (submitter, system) not in systems:
            systems[(submitter, system)] = _system(source, submitter, system, accelerators, left_out)
    kinds: dict[str, set[str]] = {}
    for (submitter, system, benchmark) in groups:
        info = systems[(submitter, system)]
        if info and info["division"] == "closed":
            kinds.setdefault(benchmark, set()).add(info["kind"])
    benchmarks = sorted(b for b, k in kinds.items() if {"gpu", "tpu"} <= k)
    results = []
    for (submitter, system, benchmark), files in sorted(groups.items()):
        info = systems[(submitter, system)]
        if benchmark not in benchmarks or info is None:
            continue
        if info["division"] != "closed" or info["kind"] not in ("gpu", "tpu"):
            left_out.append({"path": info["file"], "reason": f"{benchmark}: {info['division']} division, "
                                                             f"{info['accelerator']} is {info['kind']}"})
            continue
        result = _result(source, submitter, system, benchmark, files, info, left_out)
        if result:
            results.append(result)
    results.sort(key=lambda r: (r["benchmark"], r["kind"], r["chips"], r["submitter"], r["system"]))
    return {"schema_version": SCHEMA_VERSION, "kind": "mlperf-training", "round": round_name,
            "source": {"repository": source.repository, "commit": source.commit,
                       "url": f"https://github.com/{source.repository}"},
            "rules": {"document": RULES_DOCUMENT, "rule": RULE}, "benchmarks": benchmarks,
            "results": results, "left_out": sorted(left_out, key=lambda x: (x["path"], x["reason"]))}


def _system(source: Source, submitter: str, system: str, accelerators: Accelerators, left_out: list) -> dict | None:
    path = f"{submitter}/systems/{system}.json"
    text = source.read(path)
    if text is None:
        left_out.append({"path": path, "reason": "missing system file"})
        return None
    try:
        data = json.loads(text)
        name = str(data["accelerator_model_name"])
        nodes, per_node = _count(data["number_of_nodes"]), _count(data["accelerators_per_node"])
    except (ValueError, KeyError, TypeError) as exc:
        left_out.append({"path": path, "reason": f"unreadable system file ({type(exc).__name__}: {exc})"})
        return None
    chip, kind = accelerators.lookup(name)
    software = data.get("other_software_stack") or {}
    return {"file": path, "accelerator": name.strip(), "chip": chip, "kind": kind, "nodes": nodes,
            "accelerators_per_node": per_node, "division": str(data.get("division", "")).strip().lower(),
            "status": str(data.get("status", "")).strip(), "framework": str(data.get("framework", "")).strip(),
            "system_name": str(data.get("system_name", system)).strip(),
            "software": {str(k): str(v).strip() for k, v in software.items()} if isinstance(software, dict)
            else {"stack": str(software)}}


def _count(value) -> int:
    """A whole count as system files write it: 8, "8" or "8.0"."""
    number = float(str(value).strip())
    if number != int(number) or number < 1:
        raise ValueError(f"{value!r} is not a count")
    return int(number)


def _result(source, submitter, system, benchmark, files, info, left_out) -> dict | None:
    ordered = sorted(files, key=lambda p: int(RESULT.match(p)["n"]))
    runs = [parse_log(source.read(p) or "", p) for p in ordered]
    for run in runs:
        if run.minutes is None:
            left_out.append({"path": run.file, "reason": run.status})
    olympic, why = olympic_minutes(runs)
    if olympic is None:
        left_out.append({"path": f"{submitter}/results/{system}/{benchmark}", "reason": why})
        return None
    scaling_path = f"{submitter}/results/{system}/{benchmark}/scaling.json"
    scaling_text = source.read(scaling_path)
    factor = 1.0
    if scaling_text is not None:
        try:
            factor = float(json.loads(scaling_text)["scaling_factor"])
        except (ValueError, KeyError, TypeError):
            left_out.append({"path": scaling_path, "reason": "unreadable scaling.json: the unscaled score is kept"})
            scaling_text = None
    chips = info["nodes"] * info["accelerators_per_node"]
    minutes = olympic * factor
    return {
        "benchmark": benchmark, "submitter": submitter, "system": system, "system_name": info["system_name"],
        "division": info["division"], "status": info["status"], "availability": availability(info["status"]),
        "accelerator": info["accelerator"], "chip": info["chip"], "kind": info["kind"],
        "nodes": info["nodes"], "accelerators_per_node": info["accelerators_per_node"], "chips": chips,
        "framework": info["framework"], "software": info["software"],
        "runs": [{"file": r.file, "minutes": r.minutes, "status": r.status} for r in runs],
        "required_runs": MIN_RUNS.get(benchmark), "olympic_minutes": olympic, "scaling_factor": factor,
        "score_minutes": minutes, "chip_hours": minutes / 60 * chips,
        "files": [info["file"], *ordered] + ([scaling_path] if scaling_text is not None else []),
    }



# The contract every importer keeps with `accelbench import` (cli.py)

REPOSITORY = "mlcommons/training_results_ROUND"


def add_arguments(parser) -> None:
    parser.add_argument("--round", required=True, help="the round, as v4.0")


def check_arguments(args) -> str | None:
    """What is wrong with the command's arguments, or None."""
    return None if re.fullmatch(r"v\d+\.\d+", args.round) else f"--round {args.round!r} is not a round like v4.0"


def repository(args) -> str:
    return REPOSITORY.replace("ROUND", args.round)


def import_files(source: Source, args, reference_dir: Path) -> list[dict]:
    return [import_round(source, args.round, reference_dir)]


def summary(published: dict) -> str:
    return (f"{len(published['results'])} result(s) on {', '.join(published['benchmarks']) or 'no benchmark'} "
            f"with both GPUs and TPUs")
