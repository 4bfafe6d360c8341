"""The engine's snapshot (tests/golden/, written by tests/golden/make_golden.py): the judgement made
from fixed data (tests/fixtures/: synthetic runs with today's snippet versions, frozen extracts of
the published files, frozen reference tables) and the HTML of a few fragments rendered from it,
byte for byte. A refactor of the engine must leave them as they are; a change meant to alter them
regenerates the folder, and its diff shows what changed in the verdicts and on the pages. A data
import never touches it: nothing in it is read from build_data/."""

import difflib
import json

import pytest

from conftest import ROOT

GOLDEN = ROOT / "tests" / "golden"
REGENERATE = "python tests/golden/make_golden.py"
# the claims the measured kind of evidence judges, each of which the fixtures must bring to a verdict
HTML_BUDGET = 100_000  # bytes of the fragments' snapshot
MEASURED_CLAIMS = ("designed", "speed", "flexibility", "cost", "energy", "frameworks")


def stored_judgement() -> dict:
    from golden.make_golden import JUDGEMENT

    return json.loads((GOLDEN / JUDGEMENT).read_text(encoding="utf-8"))


def _compare(made: dict, kept: dict, which: str) -> None:
    assert sorted(made) == sorted(kept), f"{which} snapshot files added or gone: {REGENERATE}"
    changed = [name for name in made if made[name] != kept[name]]
    if changed:
        from golden.make_golden import in_words

        diff = "".join("".join(difflib.unified_diff(kept[name].decode(errors="replace").splitlines(True),
                                                    made[name].decode(errors="replace").splitlines(True),
                                                    f"golden/{name}", f"made/{name}", n=1))[:3000]
                       for name in changed[:3])
        raise AssertionError(f"{len(changed)} file(s) differ from the golden snapshot ({', '.join(changed)}); "
                             f"if that is the point of the change, run {REGENERATE} (it says the change in words, for "
                             "the commit message) and commit its diff\n" + in_words(kept, made) + diff)


@pytest.fixture(scope="module")
def snapshots(tmp_path_factory):
    from golden.make_golden import snapshot, stored

    return snapshot(tmp_path_factory.mktemp("golden")), stored()


def test_the_judgement_is_the_golden_snapshot(snapshots):
    from golden.make_golden import JUDGEMENT

    made, kept = snapshots
    _compare({JUDGEMENT: made[JUDGEMENT]}, {JUDGEMENT: kept[JUDGEMENT]}, "judgement")


def test_the_fragments_are_the_golden_html_snapshot(snapshots):
    """Kept apart from the judgement's: a wording or layout change shows here and leaves the judgement's as it is."""
    from golden.make_golden import JUDGEMENT

    made, kept = ({k: v for k, v in d.items() if k != JUDGEMENT} for d in snapshots)
    _compare(made, kept, "HTML")
    assert sum(map(len, kept.values())) < HTML_BUDGET  # small enough that a reviewer reads its diff


def test_a_changed_snapshot_is_said_in_words_first():
    from golden.make_golden import JUDGEMENT
    from golden.make_golden import in_words as _in_words

    kept = {JUDGEMENT: (GOLDEN / JUDGEMENT).read_bytes()}
    data = json.loads(kept[JUDGEMENT])
    speed = next(c for c in data["claims"] if c["claim"] == "speed")
    speed["direction"] = "tpu" if speed["direction"] != "tpu" else "gpu"
    said = _in_words(kept, {JUDGEMENT: json.dumps(data).encode()})
    assert said.startswith("What changed in the judgement:\n- Speed, the answer: ")
    assert _in_words(kept, kept).startswith("The judgement is unchanged")


def test_the_fixtures_bring_every_measured_rule_to_a_verdict():
    """The synthetic runs are current and cover what each measured rule needs (matmul and GPT-2 on
    both chips, energy on both, the three frameworks on both, general-purpose operations), so a
    refactor of any measured rule shows in the snapshot instead of hiding behind "not measured"."""
    verdicts = {(c["claim"], k["kind"]): k["verdict"] for c in stored_judgement()["claims"] for k in c["kinds"]}
    measured = {claim: verdicts.get((claim, "measured")) for claim in MEASURED_CLAIMS}
    assert all(v not in (None, "not_measured") for v in measured.values()), measured
    assert {"speed", "energy", "frameworks"} <= {c for c, v in measured.items() if v != "not_measured"}


def test_the_judgement_snapshot_follows_its_schema():
    import jsonschema

    from accelbench.judge.judgement import SCHEMA

    jsonschema.validate(stored_judgement(), json.loads(SCHEMA.read_text(encoding="utf-8")))


def test_the_snapshot_stays_small():
    """A handful of files that a reviewer reads in a diff (it was 259 files and 8.8 MB)."""
    files = [p for p in GOLDEN.rglob("*") if p.is_file() and p.suffix in (".json", ".md")]
    assert len(files) <= 10 and sum(p.stat().st_size for p in files) < 250_000

