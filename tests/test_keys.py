"""Every line a rule or a reader records is keyed, and the keys and the templates match both ways, read from
the source code without running a rule: each key a call names (``said("mlperf_training.speed.pair", ...)``,
``linked(url, "named", ...)``, a reading's ``reading(holds, "coverage", ...)``, which words "sentence.coverage")
has its template in publish/wording/, and each template is named by some module outside it."""

import ast

import pytest

import accelbench.sources  # noqa: F401  (registers the sources, whose declarations name their templates)
from accelbench.publish.wording import lines

from conftest import ROOT

PACKAGE = ROOT / "scripts" / "accelbench"
WORDING = PACKAGE / "publish" / "wording"
SENTENCE = "sentence."  # a reading's key, as judge/sentences.reading prefixes it


def _modules():
    return [p for p in sorted(PACKAGE.rglob("*.py")) if WORDING not in p.parents]


def _called(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _constant(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def keys_named() -> dict[str, str]:
    """Each key a call in the engine names with a constant, -> where (file:line)."""
    found = {}
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name, args = _called(node), node.args
            key = (_constant(args[0]) if name == "said" and args else
                   _constant(args[1]) if name == "linked" and len(args) > 1 else
                   SENTENCE + _constant(args[1]) if name == "reading" and len(args) > 1 and _constant(args[1]) else None)
            if key:
                found.setdefault(key, f"{path.relative_to(PACKAGE)}:{node.lineno}")
    return found


def constants() -> set[str]:
    """Every string constant of the engine outside the wording package (a key may pass through a helper)."""
    return {n.value for path in _modules() for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def test_the_search_finds_the_keys_it_looks_for():
    named = keys_named()
    assert named["mlperf_training.speed.pair"].startswith("sources/mlperf_training/rules.py")
    assert "named" in named and SENTENCE + "coverage" in named and len(named) > 80


def test_every_key_named_has_its_template():
    templates = lines.templates()
    missing = {key: where for key, where in keys_named().items() if key not in templates}
    assert not missing, f"keys with no template in publish/wording/: {missing}"


def test_every_template_is_named_by_the_engine():
    names = constants()
    unused = [key for key in lines.templates()
              if key not in names and not (key.startswith(SENTENCE) and key.removeprefix(SENTENCE) in names)]
    assert not unused, f"templates no module names (remove them, or name them where the line is made): {unused}"


@pytest.mark.parametrize("source", ['said("no.such.key")', 'reading(Holds.HOLDS, "no_such_reading")'])
def test_a_key_without_a_template_would_be_found(tmp_path, monkeypatch, source):
    fake = tmp_path / "accelbench"
    (fake / "judge").mkdir(parents=True)
    (fake / "judge" / "x.py").write_text(source + "\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", fake)
    monkeypatch.setattr(__import__(__name__), "WORDING", fake / "publish" / "wording")
    found = keys_named()
    assert set(found) == {"no.such.key"} or set(found) == {SENTENCE + "no_such_reading"}
    assert not set(found) <= set(lines.templates())
