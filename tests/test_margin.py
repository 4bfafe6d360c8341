"""The margin is declared once (judge/judging.py MARGIN): a copy of the engine with MARGIN = 0.06,
and no other edit, renders every "±", every rule's text and judgement.json with 6%, leaves no 5%
margin anywhere on the pages, and judges a 5.5% difference a tie where the real engine does not."""

import json
import re
import shutil
import subprocess
import sys

from conftest import ROOT

RENDER = """
import json, sys
from pathlib import Path
from accelbench.judge.judging import SUPPORTED, beyond_margin
from accelbench.prebuild import render_site
root = Path(sys.argv[1])
render_site(root, Path(sys.argv[2]), Path(sys.argv[3]), execute_notebooks=False)
print(json.dumps({"supported_at_1055": beyond_margin(1.055) == SUPPORTED}))
"""


def _render(tmp_path, name, margin_line=None):
    """Render the site's fragments (no notebooks) from the committed data with a copy of the engine."""
    root = tmp_path / name
    shutil.copytree(ROOT / "docs", root / "docs", ignore=shutil.ignore_patterns("files"))
    shutil.copytree(ROOT / "scripts" / "accelbench", root / "scripts" / "accelbench",
                    ignore=shutil.ignore_patterns("__pycache__"))
    judging = root / "scripts" / "accelbench" / "judge" / "judging.py"
    if margin_line:
        text = judging.read_text(encoding="utf-8")
        assert text.count("\nMARGIN = 0.05 ") == 1
        judging.write_text(text.replace("\nMARGIN = 0.05 ", f"\n{margin_line} "), encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", RENDER, str(root), str(ROOT / "build_data"), str(ROOT / "snippets")],
                          env={"PYTHONPATH": str(root / "scripts"), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    pages = "\n".join(p.read_text(encoding="utf-8") for p in sorted((root / "generated").rglob("*.md")))
    judgement = json.loads((root / "docs" / "data" / "files" / "judgement.json").read_text(encoding="utf-8"))
    return pages, judgement, json.loads(done.stdout.strip().splitlines()[-1])


def test_the_margin_is_said_once_and_every_page_follows_it(tmp_path):
    pages, judgement, probe = _render(tmp_path, "real")
    mutated, mutated_judgement, mutated_probe = _render(tmp_path, "six", "MARGIN = 0.06")
    assert pages.count("±5%") > 5 and "±6%" not in pages
    # as many or nearly: at 6% some comparisons become ties, and an answer's wording follows its verdict
    assert mutated.count("±6%") > 5 and "±5%" not in mutated
    margin_words = re.compile(r"(within|than|more than|less than) 5%")
    assert margin_words.search(pages) and not margin_words.search(mutated)
    assert (judgement["margin"], mutated_judgement["margin"]) == (0.05, 0.06)
    assert probe["supported_at_1055"] and not mutated_probe["supported_at_1055"]  # the verdicts follow it too
