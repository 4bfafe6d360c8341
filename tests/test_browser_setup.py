"""Without Chromium, the browser tests skip with one line on a person's machine and fail under CI."""

import os
import subprocess
import sys

from conftest import ROOT


def _collect_without_chromium(ci: str | None) -> subprocess.CompletedProcess:
    env = {**os.environ, "ACCELBENCH_CHROMIUM": "/nonexistent/chromium"}
    env.pop("CI", None)
    if ci is not None:
        env["CI"] = ci
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs",
                           "tests/test_browser.py"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_a_machine_without_chromium_skips_the_browser_tests_and_says_how_to_enable_them():
    run = _collect_without_chromium(None)
    # 5: pytest collected nothing from the file (the whole module skipped); in the full suite, 0
    assert run.returncode == 5, run.stdout + run.stderr
    assert "skipped" in run.stdout and "error" not in run.stdout.lower()
    assert "apt-get install chromium" in run.stdout


def test_under_ci_a_missing_chromium_fails():
    run = _collect_without_chromium("true")
    assert run.returncode not in (0, 5)
    assert "required under CI=true" in run.stdout
