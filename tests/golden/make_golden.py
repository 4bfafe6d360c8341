"""Writes tests/golden/: every fragment and download `accelbench render` makes from fixed data
(the synthetic GPU and TPU runs of tests/fixtures/runs, the committed MLPerf files, the reference
tables), notebooks converted without executing them. tests/test_golden.py renders the same again
and wants the same bytes: a refactor that changes no output passes untouched; a change whose
point is a different output regenerates this folder and shows the difference in its diff.

    python tests/golden/make_golden.py
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(HERE.parent), str(ROOT / "scripts")]


def render_fixed(folder: Path) -> dict[str, bytes]:
    """Render from the fixed data in ``folder`` (a scratch copy of the project); path -> bytes of
    every generated fragment (generated/...) and download (files/...)."""
    from accelbench.prebuild import GENERATED, render_site
    from accelbench.publish.downloads import FILES

    from conftest import new_data_dir
    from helpers import copy_project

    config = copy_project(folder)
    data = new_data_dir(folder)
    for run in sorted((ROOT / "tests" / "fixtures" / "runs").glob("*.json")):
        shutil.copy(run, data / "runs" / run.name)
    shutil.copytree(ROOT / "build_data" / "published", data / "published")
    render_site(config.parent, data, config.parent / "snippets", execute_notebooks=False)
    out = {}
    for prefix, base in (("generated", config.parent / GENERATED), ("files", config.parent / "docs" / FILES)):
        for path in sorted(p for p in base.rglob("*") if p.is_file()):
            out[f"{prefix}/{path.relative_to(base).as_posix()}"] = path.read_bytes()
    return out


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        rendered = render_fixed(Path(scratch))
    for old in (HERE / "generated", HERE / "files"):
        shutil.rmtree(old, ignore_errors=True)
    for name, content in rendered.items():
        (HERE / name).parent.mkdir(parents=True, exist_ok=True)
        (HERE / name).write_bytes(content)
    print(f"wrote {len(rendered)} file(s) under {HERE}")


if __name__ == "__main__":
    main()
