"""Where a run happened: the new run file's header (machine, devices, software, code)."""

from __future__ import annotations

import os
import subprocess
import uuid
from datetime import UTC, datetime
from pathlib import Path

from accelbench.core.runfile import SCHEMA_VERSION
from accelbench.frameworks import hardware
from accelbench.frameworks.host import environment


def git_info(root: Path) -> dict:
    """The commit the snippets and engine came from. Where the tree is a copy without .git (a lent
    device machine), ACCELBENCH_GIT_COMMIT / ACCELBENCH_GIT_DIRTY say what it was copied from."""
    if os.environ.get("ACCELBENCH_GIT_COMMIT"):
        return {"git_commit": os.environ["ACCELBENCH_GIT_COMMIT"],
                "dirty": os.environ.get("ACCELBENCH_GIT_DIRTY", "").lower() in ("1", "true", "yes")}

    def git(*args):
        out = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, timeout=10)
        return out.stdout.strip() if out.returncode == 0 else None

    try:
        commit = git("rev-parse", "HEAD")
        changes = git("status", "--porcelain", "--", "snippets", "scripts")
    except (OSError, subprocess.SubprocessError):
        return {"git_commit": None, "dirty": None}
    return {"git_commit": commit, "dirty": None if commit is None or changes is None else bool(changes)}


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def new_run(profile: str, hw: hardware.Hardware, frameworks: list[str], root: Path,
            deadline_s: float | None = None) -> dict:
    """A run with no records yet, marked incomplete until the runner finishes it."""
    now = datetime.now(UTC)
    env = environment(frameworks)
    host = "".join(c if c.isalnum() or c in "-_." else "-" for c in env["host"])[:40] or "host"
    return {
        "schema_version": SCHEMA_VERSION,
        "run_id": f"{now:%Y%m%dT%H%M%SZ}-{host}-{uuid.uuid4().hex[:8]}",
        "created_at": now.isoformat(timespec="seconds").replace("+00:00", "Z"),
        "finished_at": None,
        "profile": profile,
        "complete": False,
        "interrupted_by": None,
        "deadline_s": deadline_s,
        "environment": env,
        "devices": [d.describe() for d in hw.devices],
        "unavailable": [u.describe() for u in hw.unavailable],
        "code": git_info(root),
        "records": [],
    }
