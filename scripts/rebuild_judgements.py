"""Make the judgement again at earlier commits of this repository, into build_data/judgements/, so that the
"What changed" page has a history from before deploys began keeping theirs.

For each commit (given, or by default the newest N that changed the published files, the reference data or
a rule), the commit is checked out in a temporary worktree and its own code judges its own data; the result
is written as build_data/judgements/<commit day>-<hour><minute>-<commit>.json. A commit whose code has no judgement as data
(before judge.judgement.as_data existed) is skipped and said so. Run from the repository root:

    .venv/bin/python scripts/rebuild_judgements.py --last 5
    .venv/bin/python scripts/rebuild_judgements.py 29a49cf a91bdc4
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WATCHED = ["build_data/published", "build_data/reference", "scripts/accelbench/judge",
           "scripts/accelbench/sources/*/rules.py", "scripts/accelbench/sources/*/statements.py"]
JUDGE = """
import json, sys
from pathlib import Path
from accelbench.core.reference import Reference
from accelbench.judge.judgement import as_data, judge
from accelbench.registry import REGISTRY
from accelbench.store.published import load_published
from accelbench.store.store import load_store
data = Path("build_data")
made = judge(load_store(data, Path("snippets")), load_published(data), Reference(data / "reference"), REGISTRY.rules)
sys.stdout.write(json.dumps(as_data(made), separators=(",", ":"), ensure_ascii=False) + "\\n")
"""


def git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=True).stdout.strip()


def commits(last: int) -> list[str]:
    return git("log", f"-{last}", "--format=%H", "--", *WATCHED).splitlines()[::-1]


def rebuild(commit: str, out_dir: Path) -> Path | None:
    day = git("show", "-s", "--format=%cd", "--date=format:%Y-%m-%d-%H%M", commit)  # sorts as the commits came
    with tempfile.TemporaryDirectory() as scratch:
        tree = Path(scratch) / "tree"
        git("worktree", "add", "--detach", "--quiet", str(tree), commit)
        try:
            made = subprocess.run([sys.executable, "-c", JUDGE], cwd=tree, capture_output=True, text=True,
                                  env={"PYTHONPATH": str(tree / "scripts"), "PATH": "/usr/bin:/bin"})
        finally:
            git("worktree", "remove", "--force", str(tree))
    if made.returncode != 0:
        print(f"{commit[:12]} ({day}): skipped, its code made no judgement: {made.stderr.strip().splitlines()[-1:]}",
              file=sys.stderr)
        return None
    out = out_dir / f"{day}-{commit[:8]}.json"
    out.write_text(made.stdout, encoding="utf-8")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("commits", nargs="*", help="commits to judge (default: the newest --last that changed "
                                                    "the data or a rule)")
    parser.add_argument("--last", type=int, default=5)
    args = parser.parse_args()
    out_dir = ROOT / "build_data" / "judgements"
    out_dir.mkdir(parents=True, exist_ok=True)
    for commit in [git("rev-parse", c) for c in args.commits] or commits(args.last):
        written = rebuild(commit, out_dir)
        if written:
            print(written.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
