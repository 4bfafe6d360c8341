"""The papers' files in build_data/published/ (one per paper, written by hand and reviewed): where
they are, the checks the schema cannot make, what they load into, and the rows and columns of its
dataset file.

No number is typed into a paper's file: each figure is a phrase quoted from the paper ("1.2x-1.7x
faster"), which must appear word for word in the file's quotation, and its numbers are read from
that phrase here."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from accelbench.core.columns import Column
from accelbench.core.runfile import RunFileError
from accelbench.sources.papers import SOURCE
from accelbench.store.published import problems_in, write_published

KIND = SOURCE.kind  # as the source declares itself (its __init__)
SCHEMA = Path(__file__).with_name("schema.json")
# the words a figure may use, and the claim each bears on; every one says the TPU (the subject of
# the quoted sentence) is ahead by the factor
MEASURES = {"faster": "speed", "less power": "energy"}  # the phrase's measure -> the claim it bears on
COMPARED = {"faster": "speed", "less power": "power"}  # the phrase's measure -> what it compares (a power figure is no energy)
PHRASE = re.compile(r"^(?P<approx>~)?(?P<low>[0-9]+(?:\.[0-9]+)?)x(?:[-–](?P<high>[0-9]+(?:\.[0-9]+)?)x)? "
                    r"(?P<measure>faster|less power)$")
PEER_REVIEWED, VENDOR_AUTHORED = "peer-reviewed", "peer-reviewed, vendor-authored"


def published_path(data_dir: Path, paper_id: str) -> Path:
    return Path(data_dir) / "published" / f"paper-{paper_id}.json"


def write(data_dir: Path, published: dict) -> Path:
    """Check a paper's file (schema, then the quotation) and replace it."""
    path = published_path(data_dir, published["id"])
    problems = problems_in(published, path, SCHEMA) or problems_of(published, path)
    if problems:
        raise RunFileError(problems)
    return write_published(path, published, SCHEMA)


@dataclass(frozen=True)
class QuotedRange:
    """One quoted figure: the TPU ahead of the GPU by ``low``-``high`` times on ``claim``."""

    claim: str
    phrase: str
    measure: str
    low: float
    high: float
    approximate: bool


def figure_of(phrase: str) -> QuotedRange | None:
    match = PHRASE.match(phrase)
    if not match:
        return None
    low = float(match["low"])
    high = float(match["high"]) if match["high"] else low
    return QuotedRange(MEASURES[match["measure"]], phrase, match["measure"], low, high, bool(match["approx"]))


def problems_of(paper: dict, path) -> list[str]:
    """What the schema cannot check, one line each naming file and field: every figure's phrase
    appears once, word for word, in the quotation, reads as a range, and bears on the claim it is
    filed under; both chips are named in the title or the quotation."""
    out = []
    quote = paper["quotation"]["text"]
    for i, item in enumerate(paper["figures"]):
        where = f"{path}: figures[{i}]"
        found = figure_of(item["phrase"])
        if found is None:
            out.append(f"{where}.phrase: {item['phrase']!r} is not a figure like '1.2x-1.7x faster'")
            continue
        if quote.count(item["phrase"]) != 1:
            out.append(f"{where}.phrase: {item['phrase']!r} appears {quote.count(item['phrase'])} times in "
                       f"quotation.text (it must appear once, word for word)")
        if found.claim != item["claim"]:
            out.append(f"{where}.claim: {item['claim']!r}, but {found.measure!r} bears on {found.claim!r}")
        if found.low > found.high:
            out.append(f"{where}.phrase: {item['phrase']!r} runs from more to less")
    for side in ("tpu", "gpu"):
        name = paper["chips"][side]["name"]
        if name not in quote and name not in paper["citation"]["title"]:
            out.append(f"{path}: chips.{side}.name: {name!r} is in neither citation.title nor quotation.text")
    return out


def label(paper: dict) -> str:
    """'peer-reviewed, vendor-authored' where an author's organisation is the vendor of a chip the
    paper compares; 'peer-reviewed' otherwise."""
    organisations = {o.strip().lower() for o in paper["affiliation"]["organisations"]}
    vendors = {paper["chips"][side]["vendor"].strip().lower() for side in ("tpu", "gpu")}
    return VENDOR_AUTHORED if organisations & vendors else PEER_REVIEWED


@dataclass
class Papers:
    """Every paper's file, checked, with its figures read from their phrases."""

    papers: list[dict]

    def figures(self, claim: str | None = None) -> list[tuple[dict, QuotedRange]]:
        """(paper, figure) for every figure (on one claim, where one is named), papers by id."""
        return [(p, f) for p in self.papers for f in p["_figures"] if claim is None or f.claim == claim]


def load(files: list[tuple[Path, dict]]) -> Papers:
    """The schema-checked paper files -> their figures; RunFileError naming file and field where a
    quotation does not hold a figure."""
    problems, papers = [], []
    for path, data in files:
        found = problems_of(data, path)
        if found:
            problems += found
            continue
        papers.append({**data, "_file": str(path), "_label": label(data),
                       "_figures": [figure_of(f["phrase"]) for f in data["figures"]]})
    if problems:
        raise RunFileError(problems)
    return Papers(sorted(papers, key=lambda p: p["id"]))


def doi_url(paper: dict) -> str:
    return f"https://doi.org/{paper['citation']['doi']}"


def short_citation(paper: dict) -> str:
    c = paper["citation"]
    first = c["authors"][0].split()[-1]
    return f"{first}{' et al.' if len(c['authors']) > 1 else ''}, {c['venue_short']} {c['year']}"


COLUMNS = [
    Column("paper", "the paper's id in build_data/published/paper-<id>.json"),
    Column("title", "the paper's title"),
    Column("authors", "the paper's authors"),
    Column("venue", "where it was published after peer review"),
    Column("year", "the year of publication", "year"),
    Column("doi", "the paper's DOI"),
    Column("affiliation", "the organisations the authors worked for, as the paper gives them"),
    Column("label", "the kind of evidence", "peer-reviewed, or peer-reviewed, vendor-authored"),
    Column("claim", "the article's claim the figure bears on"),
    Column("tpu", "the TPU the paper compares, as it names it"),
    Column("gpu", "the GPU the paper compares, as it names it"),
    Column("phrase", "the figure, word for word from the quotation"),
    Column("low", "the low end of the TPU's advantage, read from the phrase", "times"),
    Column("high", "the high end of the TPU's advantage, read from the phrase", "times"),
    Column("quotation", "the sentence quoted, word for word"),
    Column("where", "where in the paper the quotation is"),
    Column("note", "a note on the quotation for whoever checks it (empty where there is none)"),
]


def dataset_rows(data: Papers | None) -> list[dict]:
    if data is None:
        return []
    return [{"paper": p["id"], "title": p["citation"]["title"], "authors": "; ".join(p["citation"]["authors"]),
             "venue": p["citation"]["venue"], "year": p["citation"]["year"], "doi": p["citation"]["doi"],
             "affiliation": "; ".join(p["affiliation"]["organisations"]), "label": p["_label"], "claim": f.claim,
             "tpu": p["chips"]["tpu"]["name"], "gpu": p["chips"]["gpu"]["name"], "phrase": f.phrase, "low": f.low,
             "high": f.high, "quotation": p["quotation"]["text"], "where": p["quotation"]["where"],
             "note": p["quotation"].get("note", "")}
            for p, f in data.figures()]


def describe(rows: list[dict]) -> str:
    return f"{len(rows)} quoted figures from {len({r['paper'] for r in rows})} paper(s)"
