"""One command, many accelerators: SkyPilot task files that run the full profile on each target,
and the collection of the run files they produce.

``plan`` writes one SkyPilot task per target under ``cloud/`` (setup installs the frameworks for
that hardware with the project's Makefile; run measures the full profile under a deadline and
copies the new run file to the results location) and returns the ``sky`` commands that launch
them. ``collect`` takes run files from a results folder, validates each with the checks a pull
request gets, and adds the valid ones to ``build_data/runs/``; invalid ones are reported and never
copied, and no stored file is overwritten.

SkyPilot itself is optional (``pip install -e .[cloud]``): writing and collecting need none of it.
"""

from __future__ import annotations

import filecmp
import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from accelbench.measure.targets import DEADLINE_S, CloudError, Target, targets
from accelbench.store.validation import Validator, load_valid

BUCKET = re.compile(r"(gs|s3|r2|cos|oci)://[A-Za-z0-9][A-Za-z0-9._/-]*")
PYTHON = "3.12"  # the project needs 3.11 or newer; the clouds' Ubuntu 22.04 images have 3.10
RESULTS_MOUNT = "/accelbench-results"


def task_yaml(target: Target, bucket: str | None) -> str:
    """The SkyPilot task for one target. With a bucket, the run file is copied into it (mounted);
    without, it stays in the cluster's workdir under cloud-results/ for `rsync` to bring home."""
    dest = RESULTS_MOUNT if bucket else "~/sky_workdir/cloud-results"
    resources = [f"  accelerators: {target.accelerators}", "  disk_size: 200"]
    if target.is_tpu:
        resources.append(f"  accelerator_args:\n    runtime_version: {target.tpu_runtime}")
    # json.dumps: a YAML-safe quoted string (the bucket was checked against BUCKET too)
    mounts = f"file_mounts:\n  {RESULTS_MOUNT}:\n    source: {json.dumps(bucket)}\n    mode: MOUNT\n" if bucket else ""
    envs = ".venv/.installed-site" + " xla-env" * target.is_tpu + " tf-env" * target.tensorflow
    runs = "".join(f"  {venv}/bin/accelbench run --profile full --frameworks {frameworks} --deadline {DEADLINE_S}"
                   f"{target.run_options(frameworks)} "
                   f"--summary || status=$?\n" for venv, frameworks in target.runs)
    return f"""# Written by `accelbench cloud plan`: the full profile on {target.name} ({target.chip}).
name: accelbench-{target.slug}
workdir: .
resources:
{chr(10).join(resources)}
envs:
  ACCELBENCH_HOST_LABEL: sky-{target.slug}
  NO_MKDOCS_2_WARNING: "1"
{mounts}setup: |
  set -euo pipefail
  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq make python3-pip
  python3 -m pip install --quiet --user uv
  ~/.local/bin/uv python install {PYTHON}
  make {envs} PYTHON="$(~/.local/bin/uv python find {PYTHON})" {target.make_vars}
run: |
  set -uo pipefail
  touch /tmp/accelbench-started
  status=0
{runs}  # the run file is copied even when a measurement failed: it says which, and why
  mkdir -p {dest}
  find build_data/runs -name '*.json' -newer /tmp/accelbench-started -exec cp {{}} {dest}/ \\;
  ls -l {dest}
  exit $status
"""


def launch_commands(target: Target, path: Path, bucket: str | None) -> list[str]:
    """The commands that run one task: a managed job when results go to a bucket (it recovers
    from preemption), else a cluster whose results are copied home before it is torn down."""
    task = shlex.quote(str(path))
    if bucket:
        return [f"sky jobs launch -y -n accelbench-{target.slug} {task}"]
    cluster = f"accelbench-{target.slug}"
    return [f"sky launch -y -c {cluster} {task}",
            f"rsync -Pavz {cluster}:~/sky_workdir/cloud-results/ cloud-results/",
            f"sky down -y {cluster}"]


def plan(names: list[str], out_dir: Path, bucket: str | None = None) -> list[tuple[Target, Path, list[str]]]:
    """Write one task file per target into ``out_dir``; returns (target, file, commands) each."""
    if bucket and not BUCKET.fullmatch(bucket):
        raise CloudError(f"--bucket {bucket!r}: a bucket URL such as gs://my-results or s3://my-results")
    out_dir.mkdir(parents=True, exist_ok=True)
    planned = []
    for target in targets(names):
        path = out_dir / f"{target.slug}.yaml"
        path.write_text(task_yaml(target, bucket), encoding="utf-8")
        planned.append((target, path, launch_commands(target, path, bucket)))
    return planned


@dataclass
class Collected:
    added: list[Path]
    already_stored: list[Path]
    rejected: list[tuple[Path, list[str]]]


def collect(folder: Path, runs_dir: Path, validator: Validator) -> Collected:
    """Validate every run file under ``folder`` and copy the valid ones into ``runs_dir``. A file
    whose name is taken by a different stored file, or whose run_id a stored file has, is rejected."""
    if not folder.is_dir():
        raise CloudError(f"{folder}: no such folder (copy a bucket down first, e.g. gsutil -m cp -r gs://BUCKET/* {folder})")
    files = sorted(folder.rglob("*.json"))
    loaded, rejected = load_valid(files, validator)
    stored_ids = _stored_run_ids(runs_dir)
    added, already = [], []
    for path, run in loaded:
        dest = runs_dir / path.name
        if dest.exists() and filecmp.cmp(path, dest, shallow=False):
            already.append(path)
        elif run["run_id"] in stored_ids and not dest.exists():
            rejected.append((path, [f"{path}: run_id: {run['run_id']!r} is already stored as {stored_ids[run['run_id']]}"]))
        elif _copy_new(path, dest):
            added.append(dest)
        else:
            rejected.append((path, [f"{path}: (file): {dest} exists with different contents; not overwritten"]))
    return Collected(added, already, rejected)


def _stored_run_ids(runs_dir: Path) -> dict[str, Path]:
    """run_id -> file, of every stored file that names one, valid today or not (a duplicate of an
    invalid stored run is still a duplicate)."""
    ids = {}
    for path in sorted(runs_dir.glob("*.json")):
        try:
            run_id = json.loads(path.read_text(encoding="utf-8")).get("run_id")
        except (OSError, ValueError, AttributeError):
            continue
        if isinstance(run_id, str):
            ids.setdefault(run_id, path)
    return ids


def _copy_new(path: Path, dest: Path) -> bool:
    """Copy into a file that must not exist yet (created exclusively, so a file that appears
    meanwhile is never overwritten); False when it exists."""
    try:
        with open(dest, "xb") as out:
            out.write(path.read_bytes())
    except FileExistsError:
        return False
    return True
