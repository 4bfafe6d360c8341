"""The runner on a lent accelerator machine: only the frameworks and numpy are needed there
(no pandas, no jsonschema, no mkdocs, the project not installed), and the tree is a copy without .git."""

import json
import os
import subprocess
import sys

from conftest import ROOT

# pandas too: the device machine has it today, but measuring and the summary must not need it
BLOCKED = ("jsonschema", "fastjsonschema", "mkdocs", "material", "hypothesis", "playwright", "altair", "vl_convert",
           "nbconvert", "sky", "pandas")


def test_device_script_runs_with_only_the_frameworks(tmp_path):
    # a sitecustomize that makes the site-only packages unimportable, as on the device machine
    blocker = tmp_path / "blocker"
    blocker.mkdir()
    (blocker / "sitecustomize.py").write_text(
        "import sys\n" + "".join(f"sys.modules[{name!r}] = None\n" for name in BLOCKED))
    out = tmp_path / "out"
    env = {**os.environ, "OUT": str(out), "PYTHON": sys.executable, "PYTHONPATH": str(blocker),
           "ACCELBENCH_GIT_COMMIT": "0123456789abcdef0123456789abcdef01234567"}
    result = subprocess.run([str(ROOT / "scripts" / "run_on_device.sh"), "--profile", "test", "--only", "matmul"],
                            capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert result.returncode == 0, result.stderr
    runs = list((out / "build_data" / "runs").glob("*.json"))
    assert len(runs) == 1
    run = json.loads(runs[0].read_text())
    assert run["code"]["git_commit"] == "0123456789abcdef0123456789abcdef01234567"
    assert {r["status"] for r in run["records"]} == {"ok"}
    assert (out / "run.log").exists() and (out / "build_data" / "reference" / "accelerators.csv").exists()
    lines = result.stdout.strip().splitlines()
    assert lines[0] == str(runs[0])  # the runner's last line: the run file
    summary = lines[lines.index(next(x for x in lines if x.startswith("run "))):]
    assert summary[0].startswith(f"run {run['run_id']} (test profile, complete)")
    assert summary[-1].startswith("matmul") and "TFLOP/s" in summary[-1]  # the summary table comes last
    # and the file it wrote is valid where the validator is installed
    from accelbench.core.runfile import load_run

    load_run(runs[0])
