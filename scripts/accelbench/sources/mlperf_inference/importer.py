"""MLPerf Inference results on Stable Diffusion XL -> published evidence, with the repository,
commit, path and line of every figure used.

Published by others, never mixed with what this project measured, and never counted as training:
the records written here live in build_data/published/. Each result is read where MLCommons' own
submission checker reads it (mlcommons/inference, tools/submission/submission_checker.py,
RESULT_FIELD_NEW for v4.1 and later rounds): the LoadGen log ``mlperf_log_detail.txt`` of the
result's performance run,

- Offline: ``result_samples_per_second`` (samples/s),
- Server: ``result_completed_samples_per_sec`` (queries/s: one sample per query on this benchmark),

kept only where the same log says ``result_validity`` VALID and its ``effective_scenario`` is the
scenario of the folder. The human-readable ``mlperf_log_summary.txt`` beside it prints the same
figure rounded; it is checked to agree. The system description (``systems/<system>.json``) gives
the accelerator, ``number_of_nodes`` and ``accelerators_per_node``; per chip = the figure ÷ (nodes ×
accelerators per node).

Kept: the closed division's TPU systems and the GPU systems whose accelerator is a chip of the
hardware reference (build_data/reference/mlperf_accelerators.csv -> accelerators.csv), in a round
that has both. Bad input (a missing or malformed system file or log, an invalid run) is left out
with its reason, naming the file and line; the importer never stops on it.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

from accelbench.sources.git import Source

SCHEMA_VERSION = 2  # 2: the chip's platform (gpu, tpu) is `platform`, was `kind`
BENCHMARK = "stable-diffusion-xl"
CHECKER = "mlcommons/inference, tools/submission/submission_checker.py (RESULT_FIELD_NEW, v4.1 and later)"
RULE = ("Offline: result_samples_per_second, Server: result_completed_samples_per_sec, read from the performance "
        "run's mlperf_log_detail.txt where result_validity is VALID; per chip = that figure / (number_of_nodes x "
        "accelerators_per_node) of the system description")
# scenario -> (LoadGen key in mlperf_log_detail.txt, the line of mlperf_log_summary.txt, unit)
SCENARIOS = {
    "Offline": ("result_samples_per_second", "Samples per second", "samples/s"),
    "Server": ("result_completed_samples_per_sec", "Completed samples per second", "queries/s"),
}
FIRST_ROUND = (4, 1)  # the Server figure is the completed (not the scheduled) rate from v4.1 on
# where the detail log is not in the source read (a mirror read file by file: the detail logs are
# the large files), the figure as the summary prints it, checked as the checker checks the log
SUMMARY_RULE = ("; where the detail log is not in the source read, the figure as mlperf_log_summary.txt prints it, "
                "kept only where that summary names the folder's scenario and says 'Result is : VALID'")
# a performance run's LoadGen logs: the detail log, or the summary beside it
RUN_LOG = re.compile(rf"^closed/(?P<submitter>[^/]+)/results/(?P<system>[^/]+)/{re.escape(BENCHMARK)}/"
                     r"(?P<scenario>[^/]+)/performance/run_1/mlperf_log_(?:detail|summary)\.txt$")
MLLOG = ":::MLLOG "


class Problem(ValueError):
    """Why one file gives no figure, naming the file and the line."""


def located(path: str, line: int) -> dict:
    return {"path": path, "line": line}


def read_detail(text: str, path: str, scenario: str) -> tuple[float, int]:
    """(the scenario's figure, its line) from a LoadGen detail log; Problem where the log is malformed,
    is of another scenario, is not VALID, or has no positive figure."""
    key = SCENARIOS[scenario][0]
    found: dict[str, tuple[object, int]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        at = line.find(MLLOG)
        if at < 0:
            continue
        try:
            event = json.loads(line[at + len(MLLOG):])
            name, value = event["key"], event["value"]
        except (ValueError, KeyError, TypeError):
            raise Problem(f"malformed MLLOG line at {path}:{number}") from None
        if name in ("effective_scenario", "result_validity", key):
            found.setdefault(name, (value, number))
    if "effective_scenario" not in found:
        raise Problem(f"no effective_scenario in {path}")
    actual, number = found["effective_scenario"]
    if actual != scenario:
        raise Problem(f"effective_scenario {actual!r} at {path}:{number}, in a {scenario} folder")
    validity, number = found.get("result_validity", (None, None))
    if validity != "VALID":
        raise Problem(f"result_validity {validity!r} at {path}:{number}" if number else f"no result_validity in {path}")
    if key not in found:
        raise Problem(f"no {key} in {path}")
    value, number = found[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise Problem(f"{key} {value!r} at {path}:{number} is not a positive number")
    return float(value), number


def read_summary(text: str, path: str, scenario: str) -> tuple[str, int] | None:
    """(the figure as the summary prints it, its line), or None where the summary has no such line."""
    label = SCENARIOS[scenario][1]
    pattern = re.compile(rf"^{re.escape(label)}\s*:\s*(\S+)\s*$")
    for number, line in enumerate(text.splitlines(), 1):
        match = pattern.match(line.strip())
        if match:
            return match[1], number
    return None


def read_summary_only(text: str, path: str, scenario: str) -> tuple[float, int]:
    """(the figure, its line) from a summary alone, where no detail log was read: Problem unless it
    names SCENARIO and says VALID, and prints a positive figure."""
    said = {}
    for number, line in enumerate(text.splitlines(), 1):
        key, colon, value = line.partition(":")
        if colon and key.strip() in ("Scenario", "Result is"):
            said.setdefault(key.strip(), (value.strip(), number))
    actual, number = said.get("Scenario", (None, None))
    if actual != scenario:
        raise Problem(f"scenario {actual!r} at {path}:{number}, in a {scenario} folder" if number else
                      f"no 'Scenario :' line in {path}")
    validity, number = said.get("Result is", (None, None))
    if validity != "VALID":
        raise Problem(f"'Result is : {validity}' at {path}:{number}" if number else f"no 'Result is :' line in {path}")
    printed = read_summary(text, path, scenario)
    if printed is None:
        raise Problem(f"no '{SCENARIOS[scenario][1]}' line in {path}")
    try:
        value = float(printed[0])
    except ValueError:
        raise Problem(f"{printed[0]!r} at {path}:{printed[1]} is not a number") from None
    if not math.isfinite(value) or value <= 0:
        raise Problem(f"{printed[0]} at {path}:{printed[1]} is not a positive number")
    return value, printed[1]


def agrees(value: float, printed: str) -> bool:
    """The summary's rounded figure is the log's: within half a unit of its last printed digit."""
    try:
        shown = float(printed)
    except ValueError:
        return False
    decimals = len(printed.split(".")[1]) if "." in printed and "e" not in printed.lower() else 0
    return abs(shown - value) <= 0.5 * 10 ** -decimals + 1e-12 * abs(value)


def line_of(text: str, key: str) -> int | None:
    """The line of a JSON file on which ``"key":`` first appears."""
    pattern = re.compile(rf'"{re.escape(key)}"\s*:')
    return next((n for n, line in enumerate(text.splitlines(), 1) if pattern.search(line)), None)


def count(value) -> int:
    """A whole count as system files write it: 4, "4" or "4.0"."""
    number = float(str(value).strip())
    if not math.isfinite(number) or number != int(number) or number < 1:
        raise ValueError(f"{value!r} is not a count")
    return int(number)


def read_system(source: Source, submitter: str, system: str, accelerators) -> dict:
    """The system description: accelerator, chip and platform, counts (each with its line), division,
    status, software. Problem where it is missing or unreadable."""
    path = f"closed/{submitter}/systems/{system}.json"
    text = source.read(path)
    if text is None:
        raise Problem(f"missing system file {path}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise Problem(f"malformed JSON at {path}:{exc.lineno} ({exc.msg})") from None
    if not isinstance(data, dict):
        raise Problem(f"{path}:1: a system file is a JSON object")
    out = {"file": path}
    for key in ("accelerator_model_name", "number_of_nodes", "accelerators_per_node"):
        if key not in data:
            raise Problem(f"no {key} in {path}")
        out[f"{key}_line"] = line_of(text, key) or 1
    counts = {}
    for key in ("number_of_nodes", "accelerators_per_node"):
        try:
            counts[key] = count(data[key])
        except ValueError as exc:
            raise Problem(f"{key}: {exc} at {path}:{out[f'{key}_line']}") from None
    nodes, per_node = counts["number_of_nodes"], counts["accelerators_per_node"]
    name = str(data["accelerator_model_name"]).strip()
    chip, platform = accelerators.lookup(name)
    software = data.get("other_software_stack") or {}
    out.update(accelerator=name, chip=chip, platform=platform, nodes=nodes, accelerators_per_node=per_node,
               division=str(data.get("division", "")).strip().lower(), status=str(data.get("status", "")).strip(),
               framework=str(data.get("framework", "")).strip(), system_name=str(data.get("system_name", system)).strip(),
               software={str(k): str(v).strip() for k, v in software.items()} if isinstance(software, dict)
               else {"stack": str(software)})
    return out


def import_round(source: Source, round_name: str, reference_dir: Path) -> dict:
    """Every closed-division TPU result on Stable Diffusion XL and every GPU result on a chip of the
    hardware reference, per scenario, where the round has both platforms."""
    from accelbench.sources.mlperf_training.importer import Accelerators, availability  # the one reader of the table

    accelerators = Accelerators.load(reference_dir)
    systems: dict[tuple[str, str], dict[str, str]] = {}
    left_out: list[dict] = []
    for path in source.paths():
        match = RUN_LOG.match(path)
        if match:  # keyed by the detail log's path, which _result reads first
            detail = path.replace("mlperf_log_summary.txt", "mlperf_log_detail.txt")
            systems.setdefault((match["submitter"], match["system"]), {})[match["scenario"]] = detail
    results = []
    for (submitter, system), logs in sorted(systems.items()):
        try:
            info = read_system(source, submitter, system, accelerators)
        except Problem as exc:
            left_out.append({"path": f"closed/{submitter}/systems/{system}.json", "reason": str(exc)})
            continue
        if info["division"] != "closed":
            left_out.append({"path": info["file"], "reason": f"division {info['division']!r} in a closed/ folder"})
            continue
        if info["platform"] not in ("gpu", "tpu") or not info["chip"]:
            left_out.append({"path": info["file"], "reason": f"{info['accelerator']}: not a GPU or TPU chip of the "
                                                             f"hardware reference (mlperf_accelerators.csv)"})
            continue
        for folder, detail in sorted(logs.items()):
            scenario = next((s for s in SCENARIOS if s.lower() == folder.lower()), None)
            if scenario is None:
                left_out.append({"path": detail, "reason": f"scenario {folder!r}: only Offline and Server are compared"})
                continue
            try:
                results.append(_result(source, submitter, system, scenario, detail, info, availability))
            except Problem as exc:
                left_out.append({"path": detail, "reason": str(exc)})
    platforms = {r["platform"] for r in results}
    if results and platforms != {"gpu", "tpu"}:
        missing = "TPU" if "tpu" not in platforms else "GPU"
        left_out.append({"path": "closed", "reason": f"no closed-division {missing} result on {BENCHMARK}: "
                                                     f"{len(results)} result(s) of the other platform not kept"})
        results = []
    elif not results:
        left_out.append({"path": "closed", "reason": f"no closed-division GPU or TPU result on {BENCHMARK}"})
    results.sort(key=lambda r: (r["scenario"], r["platform"], -r["per_chip"], r["submitter"], r["system"]))
    rule = RULE + (SUMMARY_RULE if any(r.get("read_from") == "summary" for r in results) else "")
    return {"schema_version": SCHEMA_VERSION, "kind": "mlperf-inference", "round": round_name, "benchmark": BENCHMARK,
            "source": {"repository": source.repository, "commit": source.commit,
                       "url": f"https://github.com/{source.repository}"},
            "rules": {"document": CHECKER, "rule": rule}, "results": results,
            "left_out": sorted(left_out, key=lambda x: (x["path"], x["reason"]))}


def _result(source: Source, submitter: str, system: str, scenario: str, detail: str, info: dict, availability) -> dict:
    """One scenario's result, from the detail log (the summary checked against it), or from the
    summary alone where the source holds no detail log (``read_from``: summary)."""
    text = source.read(detail)
    summary_path = detail.replace("mlperf_log_detail.txt", "mlperf_log_summary.txt")
    summary_text = source.read(summary_path)
    if text is None and summary_text is None:
        raise Problem(f"missing {detail}")
    if text is None:
        value, line = read_summary_only(summary_text, summary_path, scenario)
        at, printed = summary_path, read_summary(summary_text, summary_path, scenario)
    else:
        value, line = read_detail(text, detail, scenario)
        at = detail
        printed = read_summary(summary_text, summary_path, scenario) if summary_text is not None else None
        if printed is not None and not agrees(value, printed[0]):
            raise Problem(f"{SCENARIOS[scenario][0]} {value} at {detail}:{line} disagrees with "
                          f"{printed[0]} at {summary_path}:{printed[1]}")
    chips = info["nodes"] * info["accelerators_per_node"]
    return {
        "submitter": submitter, "system": system, "system_name": info["system_name"], "division": info["division"],
        "status": info["status"], "availability": availability(info["status"]), "accelerator": info["accelerator"],
        "chip": info["chip"], "platform": info["platform"], "nodes": info["nodes"],
        "accelerators_per_node": info["accelerators_per_node"], "chips": chips, "framework": info["framework"],
        "software": info["software"], "scenario": scenario, "metric": SCENARIOS[scenario][0],
        "unit": SCENARIOS[scenario][2], "value": value, "per_chip": value / chips,
        "read_from": "detail" if at == detail else "summary",
        "at": {"value": located(at, line),
               "summary": {**located(summary_path, printed[1]), "text": printed[0]} if printed else None,
               "accelerator": located(info["file"], info["accelerator_model_name_line"]),
               "number_of_nodes": located(info["file"], info["number_of_nodes_line"]),
               "accelerators_per_node": located(info["file"], info["accelerators_per_node_line"])},
        "files": [info["file"], *dict.fromkeys([at] + ([summary_path] if printed else []))],
    }



# The contract every importer keeps with `accelbench import` (cli.py)

REPOSITORY = "mlcommons/inference_results_ROUND"


def add_arguments(parser) -> None:
    parser.add_argument("--round", required=True, help="the round, as v4.1 (v4.1 or later)")


def check_arguments(args) -> str | None:
    """What is wrong with the command's arguments, or None."""
    match = re.fullmatch(r"v(\d+)\.(\d+)", args.round)
    if not match:
        return f"--round {args.round!r} is not a round like v4.1"
    if (int(match[1]), int(match[2])) < FIRST_ROUND:
        return (f"--round {args.round}: only v4.1 and later are read (before v4.1 the Server figure MLCommons "
                f"scored was the scheduled, not the completed, rate)")
    return None


def repository(args) -> str:
    return REPOSITORY.replace("ROUND", args.round)


def import_files(source: Source, args, reference_dir: Path) -> list[dict]:
    """The round; read from a mirror (any repository but MLCommons' own), its file says so."""
    published = import_round(source, args.round, reference_dir)
    if source.repository.lower() != repository(args).lower():
        published["source"]["mirror_of"] = repository(args)
    return [published]


def summary(published: dict) -> str:
    platforms = {p: sum(1 for r in published["results"] if r["platform"] == p) for p in ("tpu", "gpu")}
    return (f"{len(published['results'])} result(s) on {published['benchmark']} ({platforms['tpu']} TPU, {platforms['gpu']} GPU; "
            f"Offline and Server), {len(published['left_out'])} left out")
