"""The "What changed" page: the judgement's history across the site's published versions. Each deploy
keeps the judgement it published under build_data/judgements/<date>.json (the pages workflow commits
it; scripts/rebuild_judgements.py makes them again for earlier commits of the repository); this build's
judgement is the newest. Between each two, what changed (judge/changes.py) with its cause: the sources
whose commits moved, a rule's constant, or, where neither, the code or the reference data."""

from __future__ import annotations

import json
from pathlib import Path

from accelbench.core.text import esc
from accelbench.judge.changes import changes, moved_sources, rules_moved
from accelbench.judge.judgement import as_data
from accelbench.publish.fragments.core import Context, fragment
from accelbench.publish.wording import changes as words

KEPT = "judgements"  # build_data/judgements/: one judgement.json per published version, named by its date


def kept(data_dir: Path | None) -> list[tuple[str, dict]]:
    """(its date, its data) for every kept judgement, oldest first; none where the folder is missing."""
    folder = Path(data_dir) / KEPT if data_dir else None
    if folder is None or not folder.is_dir():
        return []
    return [(p.stem, json.loads(p.read_text(encoding="utf-8"))) for p in sorted(folder.glob("*.json"))]


def _version(label: str, old: dict, new: dict) -> str:
    found = changes(old, new)
    causes = words.sources_line(moved_sources(old, new)) + [words.rule_moved(name, old.get(name), new.get(name))
                                                             for name in rules_moved(old, new)]
    cause = words.CAUSE.format(causes="; ".join(causes)) if causes else words.NO_CAUSE
    return (f"<h3>{esc(label)}</h3>\n<p>{esc(cause) if found else esc(words.NOTHING)}</p>\n"
            + (("<ul>" + "".join(f"<li>{esc(said)}</li>" for said in words.lines(found)) + "</ul>\n") if found else ""))


@fragment("changes", "", "the judgement's history: between each two published versions (build_data/judgements/, then "
          "this build), every verdict, comparison, sentence and condition that changed, with its cause")
def _changes(ctx: Context, args: list[str]) -> str:
    versions = [*kept(ctx.data_dir), (words.THIS_BUILD, as_data(ctx.judgement))]
    if len(versions) == 1:
        return f"\n<p>{esc(words.NO_HISTORY)}</p>\n"
    out = []
    for (was, old), (now, new) in zip(versions, versions[1:], strict=False):
        out.append(_version(words.between(was, now), old, new))
    # out of the search index, which every page fetches: the lists name every comparison again
    return '\n<div class="ab-history" data-search-exclude markdown="0">\n' + "".join(reversed(out)) + "</div>\n"


@fragment("pins", "", "every published source and price catalog with the commit it is pinned to, its date, and the "
          "earlier commits whose figures are kept as history")
def _pins(ctx: Context, args: list[str]) -> str:
    from accelbench.publish.fragments.core import wrap
    from accelbench.publish.render.tables import html_table
    from accelbench.store.pins import pins

    if ctx.data_dir is None:
        return f"\n<p>{esc(words.NO_PINS)}</p>\n"
    history = sorted((Path(ctx.data_dir) / "published" / "history").glob("*.json"))
    rows = []
    for pin in pins(ctx.data_dir):
        earlier = [p.stem.partition("@")[2] for p in history if p.stem.partition("@")[0] == pin.name]
        url = f"https://github.com/{pin.repository}/tree/{pin.commit}"
        rows.append([esc(pin.name), f'<a href="{esc(url)}">{esc(pin.repository)} @ {esc(pin.commit[:12])}</a>',
                     esc(words.dated(pin.date, pin.dated_by)), esc(", ".join(earlier) or "–")])
    return wrap(html_table(words.PINS_HEAD, rows, stacked=True))
