"""Every sentence of the article read (judge/sentences.py): the readers of the table's cells and of the
other sentences, gathered in one table, and applied once per build (judge/judgement.py)."""

from __future__ import annotations

from accelbench.core.merged import merged
from accelbench.judge import cell_readers, statement_readers
from accelbench.judge.claims import STATEMENTS
from accelbench.judge.sentences import SITUATIONS, Evidence, Reader, Reading, cells


def readers_of(*tables: dict[str, Reader]) -> dict[str, Reader]:
    """The readers of several modules in one table; a sentence read twice is an error naming it."""
    return merged(*tables, twice=lambda slug: f"sentence {slug!r} has two readers")


READERS = readers_of(cell_readers.READERS, statement_readers.READERS)


def read_all(e: Evidence, readers: dict[str, Reader] = READERS) -> tuple[Reading, ...]:
    """Every sentence of the article, read: its table's cells, then its other claims in its order."""
    missing = [s for s in (*cells(), *STATEMENTS) if s not in readers]
    if missing:
        raise ValueError(f"no reader for the article's sentences {missing} (judge/readings.py READERS)")
    out = []
    for slug in (*cells(), *STATEMENTS):
        r = readers[slug](e)  # a reader shared with a situation chooses only for the situation
        out.append(Reading(slug, r.holds, r.figure, r.part, r.choice if slug in SITUATIONS else "", r.rests_on))
    return tuple(out)
