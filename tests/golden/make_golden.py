"""Writes tests/golden/: the engine's snapshot, made from fixed data only (tests/fixtures/: the
synthetic GPU and TPU runs of runs/ with today's snippet versions, the frozen extracts of the
published files in published/, the frozen reference tables in reference/), never from build_data/:
a data import or a price update leaves it as it is.

- judgement.json: the judgement the build makes, ``as_json(judge(store, published, reference,
  RULES))``: every claim's verdict, per kind of evidence, with the comparisons and figures behind it;
- fragments/: the HTML of a few fragments rendered from it as the pre-build step renders them (every
  claim's answer card as the comparison page shows it, the comparison page's verdicts table, the matrix-multiplication
  evidence table, the energy evidence), each chart reduced to its accessible name and caption
  (``undrawn``).

tests/test_golden.py makes both again and wants the same bytes: a refactor that changes no output
passes untouched; a change whose point is a different judgement or wording regenerates this folder
and shows the difference in its diff.

    python tests/golden/make_golden.py    # writes it, and says what changed in words (for the commit message)
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(HERE.parent), str(ROOT / "scripts")]

JUDGEMENT = "judgement.json"
FRAGMENTS = "fragments"
# (the folder a page includes it from, kind, arguments): as docs/guide.md, docs/article/comparison.md,
# docs/evidence/matmul.md and docs/evidence/energy.md include them
SHOWN = (("article", "answers", ()), ("article", "verdicts", ()),
         ("evidence", "table", ("matmul",)), ("evidence", "energy", ()))

CHART = re.compile(r'<figure class="ab-chart">.*?</figure>', re.S)
DRAWING = "drawing and spec left out of the snapshot (make_golden.undrawn)"


def _without_offers(made: bytes) -> bytes:
    """The judgement less the per-dollar comparisons and their offers, and the summaries' pairs (every offer of the price lists
    crossed with each comparison): their rule is carried by tests/test_per_dollar.py's and
    tests/test_recommendation.py's property tests, and kept here they would turn every price-list change
    into a snapshot change. The conditions decided from them stay."""
    data = json.loads(made)
    for key in ("offers", "per_dollar"):
        data.pop(key, None)
    # the MLPerf speed rules' pairs as their summaries show them: the comparisons above again, with their entries'
    # folders (tests/test_publish_reads.py holds each summary row to its comparison)
    for claim in data["claims"]:
        for kind in claim["kinds"]:
            if (kind["facts"] or {}).get("topic") in ("pairs", "inference_pairs"):
                kind["facts"]["pairs"] = kind["facts"]["pairs"][:1]  # one, so that the snapshot keeps the schema
    # each sentence's reading: its figures are the facts above again, and tests/test_sentences.py holds each
    # reading to them; its verdict shows in the answers' fragment
    data.pop("sentences", None)
    return (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def snapshot(folder: Path) -> dict[str, bytes]:
    """The snapshot made from the fixed data (a scratch data directory in ``folder``): name -> bytes."""
    from fixtures.make_fixtures import data_dir, published

    from accelbench.core.reference import Reference
    from accelbench.judge.judgement import as_json
    from accelbench.prebuild import context
    from accelbench.publish.fragments import Links, render
    from accelbench.store.store import load_store
    from accelbench.workloads.discovery import workload_settings

    from conftest import SNIPPETS

    data = data_dir(folder)
    # the build's own step: context() makes the judgement once, judge(store, published, reference, RULES)
    base = context(load_store(data, SNIPPETS), Reference(data / "reference"), workload_settings(SNIPPETS), Links(""),
                   published=published())
    out = {JUDGEMENT: _without_offers(as_json(base.judgement))}
    for where, kind, args in SHOWN:  # named as generated/ names them (prebuild.Include.path)
        name = "/".join(p for p in (FRAGMENTS, where, ".".join((kind, *args)) + ".md") if p)
        out[name] = undrawn(render(base.with_links(Links(where)), kind, list(args)).text).encode("utf-8")
    return out


def undrawn(html: str) -> str:
    """The fragment with each chart reduced to its words, the engine's: its accessible name and its
    caption. Its drawing (vl-convert's SVG, whose bytes change with that library) and its Vega-Lite
    spec (the judgement's comparisons again, with the theme) are left out; tests/test_charts.py and
    tests/test_answer_charts.py test the charts."""
    def words(m: re.Match) -> str:
        label = re.search(r'<svg role="img" aria-label="([^"]*)"', m[0])
        caption = re.search(r"<figcaption>.*?</figcaption>", m[0], re.S)
        return (f'<figure class="ab-chart"><!-- {DRAWING} --><svg role="img" aria-label="{label[1] if label else ""}"></svg>'
                f'{caption[0] if caption else ""}</figure>')
    # an icon's drawing is Material's bytes (publish/render/icons.py keys each by its verdict's code): its label says it
    return ICON.sub(r"\1></svg>", PER_DOLLAR_TABLES.sub(_rows_counted, CHART.sub(words, html)))


ICON = re.compile(r'(<svg xmlns="http://www.w3.org/2000/svg" viewBox="[^"]*")>.*?</svg>', re.S)


# the per-dollar block's tables (judge/per_dollar.py's offers crossed with each comparison): their rows are
# the price lists again, tested by tests/test_per_dollar.py and tests/test_break_even.py; here each keeps
# its heading row and a count of its rows, so that a price-list change is not a snapshot change
PER_DOLLAR_TABLES = re.compile(r'(<div class="ab-per-dollar" data-search-exclude>.*?</div><!-- ab-per-dollar -->)', re.S)


def _rows_counted(m: re.Match) -> str:
    """The per-dollar block as a count of its tables and rows (its words and figures are tested apart)."""
    tables = re.findall(r"<table>.*?</table>", m[1], flags=re.S)
    return f"<!-- the per-dollar block: {len(tables)} tables, {sum(t.count('<tr id=') for t in tables)} rows -->"


def stored() -> dict[str, bytes]:
    """The snapshot as committed: name -> bytes."""
    return {p.relative_to(HERE).as_posix(): p.read_bytes() for p in sorted(HERE.rglob("*"))
            if p.is_file() and (p.name == JUDGEMENT or p.relative_to(HERE).parts[0] == FRAGMENTS)}


def in_words(kept: dict[str, bytes], made: dict[str, bytes]) -> str:
    """What a regenerated snapshot changes, in words (judge/changes.py, said by publish/wording/changes.py): which
    answers, comparisons, sentences and conditions of the judgement moved, and which fragments' HTML changed."""
    from accelbench.judge.changes import changes
    from accelbench.publish.wording.changes import lines

    html = sorted(n for n in set(kept) | set(made) if n != JUDGEMENT and kept.get(n) != made.get(n))
    pages = f"The fragments' HTML changed: {', '.join(html)}.\n" if html else "The fragments' HTML is unchanged.\n"
    if kept.get(JUDGEMENT) == made.get(JUDGEMENT):
        return "The judgement is unchanged. " + pages
    said = lines(changes(json.loads(kept[JUDGEMENT]), json.loads(made[JUDGEMENT])))
    return ("What changed in the judgement:\n" + "".join(f"- {line}\n" for line in said)
            + ("" if said else "- no answer, comparison, sentence or condition: its other fields only\n") + pages)


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        made = snapshot(Path(scratch))
    print(in_words(stored(), made), end="")
    (HERE / JUDGEMENT).unlink(missing_ok=True)
    shutil.rmtree(HERE / FRAGMENTS, ignore_errors=True)
    for name, content in made.items():
        (HERE / name).parent.mkdir(parents=True, exist_ok=True)
        (HERE / name).write_bytes(content)
    print(f"wrote {len(made)} file(s) under {HERE}, {sum(map(len, made.values())):,} bytes")


if __name__ == "__main__":
    main()
