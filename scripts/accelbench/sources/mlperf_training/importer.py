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
  non-converging run." 3D U-Net drops four runs from each end of its 40 and tolerates four that do
  not converge, as MLCommons' result_summarizer scores it (benchmarks.py names the line).
- "Score scaling": a scaling.json beside the logs holds the factor the committee applied.

Every benchmark of a round is imported (benchmarks.py declares each one's rule), for the GPUs of
every vendor and for TPUs; accelerators of other platforms (Intel Gaudi, CPUs) are left out and said.

Bad input (a missing system file, a malformed log line, an aborted run) is left out with its
reason, naming the file and line; the importer never stops on it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from accelbench.core.columns import csv_rows
from accelbench.sources.git import ListedSource, Source
from accelbench.sources.mlperf_training.benchmarks import BENCHMARKS

SCHEMA_VERSION = 2  # 2: the chip's platform (gpu, tpu) is `platform`, was `kind`
RULES_DOCUMENT = "mlcommons/training_policies, training_rules.adoc"
RULE = ("olympic mean: the fastest and the slowest run dropped (four of each for 3D U-Net), the mean of the "
        "rest, times the scaling.json factor where there is one (training_rules.adoc, 'Benchmark Results' and "
        "'Score scaling'; mlcommons/logging result_summarizer.py for 3D U-Net)")
# "a system may use a maximum model initialization time of 30 minutes for Closed division"
# (training_rules.adoc, 'Run Results'); MLCommons' compliance checker fails a run whose init_stop
# comes later (training_5.1.0/common.yaml, init_stop), and its result_summarizer drops that run.
MAX_INIT_MINUTES = 30
ABSENT = "log not in the source read"  # a snapshot without its largest files: no time, and no failure either
RESULT = re.compile(r"^(?P<submitter>[^/]+)/results/(?P<system>[^/]+)/(?P<benchmark>[^/]+)/result_(?P<n>\d+)\.txt$")
MLLOG = ":::MLLOG "


@dataclass
class Run:
    file: str
    minutes: float | None  # None: did not converge
    outcome: str  # success, or why the run has no time (the published file's run "status")


def parse_log(text: str | None, path: str) -> Run:
    """A run's time to train from its :::MLLOG lines; any malformed line leaves the run out. None
    for the text: the file is listed but absent from the source, which says nothing of the run."""
    if text is None:
        return Run(path, None, f"{ABSENT}: {path}")
    start = stop = first_init = init_stop = None
    for number, line in enumerate(text.splitlines(), 1):
        at = line.find(MLLOG)  # multi-process logs prefix each line with its rank ("0: :::MLLOG ...")
        if at < 0:
            continue
        try:
            event = json.loads(line[at + len(MLLOG):])
            key, when = event["key"], float(event["time_ms"])
        except (ValueError, KeyError, TypeError):
            return Run(path, None, f"malformed MLLOG line at {path}:{number}")
        if key == "init_start":
            first_init = when if first_init is None else min(first_init, when)
        elif key == "init_stop" and init_stop is None:
            init_stop = when
        elif key == "run_start" and start is None:
            start = when
        elif key == "run_stop":
            stop = (when, str((event.get("metadata") or {}).get("status", "")))
    if start is None:
        return Run(path, None, f"no run_start in {path}")
    if stop is None:
        return Run(path, None, f"no run_stop in {path}")
    if stop[1] != "success":
        return Run(path, None, f"run_stop status {stop[1] or 'missing'} in {path}")
    if first_init is not None and init_stop is not None and init_stop - first_init >= MAX_INIT_MINUTES * 60_000:
        return Run(path, None, f"initialization took {(init_stop - first_init) / 60_000:.1f} min, beyond the "
                               f"{MAX_INIT_MINUTES} the closed division allows, in {path}")
    return Run(path, (stop[0] - start) / 60_000, "success")


def olympic_minutes(runs: list[Run], dropped: int = 1) -> tuple[float | None, str]:
    """The benchmark result by 'Benchmark Results': drop ``dropped`` runs from each end of the
    sorted times (non-converging runs count as the slowest, up to ``dropped`` of them), mean of
    the rest. (None, why) when invalid."""
    failed = [r for r in runs if r.minutes is None]
    if len(failed) > dropped:
        return None, (f"{len(failed)} runs did not converge (more than {'one' if dropped == 1 else dropped} "
                      f"makes the result invalid)")
    if len(runs) < 2 * dropped + 1:
        return None, f"{len(runs)} run(s): an olympic mean needs at least {2 * dropped + 1}"
    times = sorted(r.minutes for r in runs if r.minutes is not None)
    kept = times[dropped:len(times) - (dropped - len(failed))]  # the failed runs are the slowest, dropped
    return sum(kept) / len(kept), "ok"


@dataclass(frozen=True)
class Accelerators:
    """MLPerf accelerator names -> our chip (accelerators.csv), platform and chip family, from the
    reference data (mlperf_accelerators.csv)."""

    names: dict[str, tuple[str | None, str]]
    families: dict[str, str]

    @classmethod
    def load(cls, reference_dir: Path) -> Accelerators:
        path = Path(reference_dir) / "mlperf_accelerators.csv"
        rows = [row for _, row in csv_rows(path, ("accelerator_model_name", "chip", "platform"), optional=False)]
        return cls({r["accelerator_model_name"]: (r["chip"] or None, r["platform"]) for r in rows},
                   {r["accelerator_model_name"]: (r.get("family") or "").strip() for r in rows})

    def lookup(self, name: str) -> tuple[str | None, str]:
        return self.names.get(name.strip(), (None, "unknown"))

    def family(self, name: str) -> str:
        """The chip family (an architecture generation: "NVIDIA Hopper", "Google TPU v5p"); the
        accelerator's own name where the table gives none."""
        return self.families.get(name.strip()) or name.strip()


def availability(submitted: str) -> str:
    """The availability a submission states (its system file's "status") as MLPerf's categories:
    available, preview, or research."""
    text = submitted.lower()
    return "preview" if "preview" in text else "research" if "research" in text or "rdi" in text else "available"


def import_round(source: Source, round_name: str, reference_dir: Path) -> dict:
    """Every closed-division GPU and TPU result of every benchmark benchmarks.py declares."""
    accelerators = Accelerators.load(reference_dir)
    groups: dict[tuple[str, str, str], list[str]] = {}
    for path in source.paths():
        match = RESULT.match(path)
        if match:
            groups.setdefault((match["submitter"], match["system"], match["benchmark"]), []).append(path)
    left_out, systems, results, entered = [], {}, [], []
    for (submitter, system, benchmark), files in sorted(groups.items()):
        if (submitter, system) not in systems:
            systems[(submitter, system)] = _system(source, submitter, system, accelerators, left_out)
        info = systems[(submitter, system)]
        if info is None:
            continue
        why = _not_imported(info, benchmark)
        if why:
            item = {"path": f"{submitter}/results/{system}/{benchmark}", "reason": why}
            if info["platform"] not in ("gpu", "tpu"):  # named apart: the site lists what stays out for its platform
                item.update(accelerator=info["accelerator"], platform=info["platform"])
            left_out.append(item)
            continue
        result = _result(source, submitter, system, benchmark, files, info, left_out)
        if result:
            (entered if "runs_listed" in result else results).append(result)
    # the format module needs pandas, which the command line must not load where it only measures
    from accelbench.sources.mlperf_training.format import entry_order

    results.sort(key=entry_order)
    entered.sort(key=entry_order)
    published = {"schema_version": SCHEMA_VERSION, "kind": "mlperf-training", "round": round_name,
                 "source": {"repository": source.repository, "commit": source.commit,
                            "url": f"https://github.com/{source.repository}"},
                 "rules": {"document": RULES_DOCUMENT, "rule": RULE},
                 "benchmarks": sorted({r["benchmark"] for r in results + entered}),
                 "results": results, "left_out": sorted(left_out, key=lambda x: (x["path"], x["reason"]))}
    if entered:  # only where a source lists logs it does not hold: every other round's file stays as it was
        published["entered"] = entered
    return published


def _not_imported(info: dict, benchmark: str) -> str | None:
    """Why an entry stays out (another division, an accelerator that is no GPU or TPU, a benchmark
    without a declared rule), or None."""
    if info["division"] != "closed":
        return f"{benchmark}: {info['division'] or 'no'} division (only the closed division compares like with like)"
    if info["platform"] not in ("gpu", "tpu"):
        what = "not in mlperf_accelerators.csv" if info["platform"] == "unknown" else \
            f"neither a GPU nor a TPU (mlperf_accelerators.csv: {info['platform']})"
        return f"{benchmark}: {info['accelerator'] or 'no accelerator'} is {what}"
    if benchmark not in BENCHMARKS:
        return f"{benchmark}: a benchmark benchmarks.py does not declare (no rule to score it by)"
    return None


def _system(source: Source, submitter: str, system: str, accelerators: Accelerators, left_out: list) -> dict | None:
    path = f"{submitter}/systems/{system}.json"
    text = source.read(path)
    if text is None:
        left_out.append({"path": path, "reason": "missing system file"})
        return None
    try:
        data = json.loads(text)
        name = str(data["accelerator_model_name"])
        chip, platform = accelerators.lookup(name)
        # a system without accelerators (a CPU cluster) has none to count: it stays out for its platform
        nodes, per_node = (_count(data["number_of_nodes"]), _count(data["accelerators_per_node"])) \
            if platform in ("gpu", "tpu") else (None, None)
    except (ValueError, KeyError, TypeError) as exc:
        left_out.append({"path": path, "reason": f"unreadable system file ({type(exc).__name__}: {exc})"})
        return None
    software = data.get("other_software_stack") or {}
    return {"file": path, "accelerator": name.strip(), "chip": chip, "platform": platform,
            "family": accelerators.family(name), "nodes": nodes,
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


def _entry(submitter, system, benchmark, info, files: list[str]) -> dict:
    """What an entry is, scored or not: its benchmark, system and chips as its system file says."""
    return {
        "benchmark": benchmark, "submitter": submitter, "system": system, "system_name": info["system_name"],
        "division": info["division"], "status": info["status"], "availability": availability(info["status"]),
        "accelerator": info["accelerator"], "chip": info["chip"], "platform": info["platform"], "family": info["family"],
        "nodes": info["nodes"], "accelerators_per_node": info["accelerators_per_node"],
        "chips": info["nodes"] * info["accelerators_per_node"], "framework": info["framework"],
        "software": info["software"], "required_runs": BENCHMARKS[benchmark].min_runs, "files": [info["file"], *files],
    }


def _result(source, submitter, system, benchmark, files, info, left_out) -> dict | None:
    """The scored result; an entered entry (``runs_listed``) where a repository read file by file
    lists every log and holds none (the logs are about 1 MB each); None, with the reason in
    ``left_out``, where it cannot be scored (a snapshot without its largest files among them)."""
    ordered = sorted(files, key=lambda p: int(RESULT.match(p)["n"]))
    runs = [parse_log(source.read(p), p) for p in ordered]
    absent = [r for r in runs if r.outcome.startswith(ABSENT)]
    if len(absent) == len(runs) and isinstance(source, ListedSource):
        return {**_entry(submitter, system, benchmark, info, ordered), "runs_listed": len(runs),
                "reason": f"{len(runs)} run logs listed, none in the source read: entered, not scored"}
    if absent:  # an absent log is neither a time nor a failure: the entry cannot be scored
        left_out.append({"path": f"{submitter}/results/{system}/{benchmark}",
                         "reason": f"{len(absent)} of {len(runs)} logs not in the source read: not scored"})
        return None
    for run in runs:
        if run.minutes is None:
            left_out.append({"path": run.file, "reason": run.outcome})
    rule = BENCHMARKS[benchmark]
    olympic, why = olympic_minutes(runs, rule.dropped)
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
    entry = _entry(submitter, system, benchmark, info, ordered + ([scaling_path] if scaling_text is not None else []))
    minutes = olympic * factor
    return {**entry, "runs": [{"file": r.file, "minutes": r.minutes, "status": r.outcome} for r in runs],
            "olympic_minutes": olympic, "scaling_factor": factor,
            "score_minutes": minutes, "chip_hours": minutes / 60 * entry["chips"]}



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
    """The round; read from a mirror (any repository but MLCommons' own), its file says so and
    names the submitters present against the organisations MLCommons reported."""
    published = import_round(source, args.round, reference_dir)
    if source.repository.lower() != repository(args).lower():
        published["source"]["mirror_of"] = repository(args)
        published["submitters"] = submitters(source, args.round, reference_dir)
    return [published]


def submitters(source: Source, round_name: str, reference_dir: Path) -> dict:
    """The submitter folders the source holds results or systems of; with the count of
    organisations reported for the round (reference/mlperf_rounds.csv), and how many of those the
    source lacks."""
    present = sorted({p.split("/")[0] for p in source.paths() if p.count("/") >= 2
                      and p.split("/")[1] in ("results", "systems")})
    out: dict = {"present": present}
    for _, row in csv_rows(Path(reference_dir) / "mlperf_rounds.csv", ROUND_COLUMNS, ValueError):
        if row["suite"] == "training" and row["round"] == round_name:
            count = int(row["organisations"])
            out["reported"] = {"count": count, "source": row["source"], "quote": row["quote"], "read": row["read"]}
            out["lacking"] = max(count - len(present), 0)
    return out


ROUND_COLUMNS = ("suite", "round", "organisations", "results", "source", "quote", "read")


def summary(published: dict) -> str:
    platforms = {p: sum(r["platform"] == p for r in published["results"]) for p in ("tpu", "gpu")}
    entered = published.get("entered", [])
    also = (f"; {len(entered)} entered, not scored ({sum(r['platform'] == 'tpu' for r in entered)} TPU)"
            if entered else "")
    return (f"{len(published['results'])} result(s) ({platforms['tpu']} TPU, {platforms['gpu']} GPU){also} on "
            f"{', '.join(published['benchmarks']) or 'no benchmark'}")
