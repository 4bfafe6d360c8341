"""Every sentence of the article read (judge/sentences.py): the readers of the table's cells and of the
other sentences, gathered in one table, and applied once per build (judge/judgement.py)."""

from __future__ import annotations

from accelbench.judge import cell_readers, statement_readers
from accelbench.judge.claims import STATEMENTS
from accelbench.judge.sentences import SITUATIONS, Evidence, Reader, Reading, cells


def _gathered(*tables: dict[str, Reader]) -> dict[str, Reader]:
    out: dict[str, Reader] = {}
    for table in tables:
        for slug, reader in table.items():
            if slug in out:
                raise ValueError(f"sentence {slug!r} has two readers")
            out[slug] = reader
    return out


READERS = _gathered(cell_readers.READERS, statement_readers.READERS)


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
