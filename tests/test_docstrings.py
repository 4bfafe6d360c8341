"""Each package's docstring says what it holds: its ``Modules:`` paragraph names every module and
subpackage it has, and nothing it lacks, and a ``May import:`` paragraph says which stages it may
import. A module added, renamed or split without the docstring following fails here."""

import ast
import re

import pytest

from conftest import ROOT

ENGINE = ROOT / "scripts" / "accelbench"
# every stage, the shared part of the sources and the two packages the publishing stage holds
PACKAGES = ["core", "frameworks", "workloads", "measure", "store", "judge", "publish", "publish/render",
            "publish/fragments", "sources"]


def _paragraph(doc: str, heading: str) -> str:
    found = re.search(rf"^{heading}:(.*?)(?:\n\s*\n|\n[A-Z][a-z]+ [a-z]+:|\Z)", doc, re.S | re.M)
    return found.group(1) if found else ""


def named_modules(package: str) -> set[str]:
    doc = ast.get_docstring(ast.parse((ENGINE / package / "__init__.py").read_text(encoding="utf-8"))) or ""
    return set(re.findall(r"``(\w+)``", _paragraph(doc, "Modules")))


def modules_of(package: str) -> set[str]:
    folder = ENGINE / package
    return {p.stem for p in folder.glob("*.py") if p.stem != "__init__"} | \
        {p.name for p in folder.iterdir() if (p / "__init__.py").exists()}


@pytest.mark.parametrize("package", PACKAGES)
def test_a_package_docstring_names_exactly_the_modules_it_has(package):
    named = named_modules(package)
    assert named, f"{package}/__init__.py: no ``Modules:`` paragraph"
    assert named - modules_of(package) == set(), f"{package}: the docstring names modules that do not exist"
    assert modules_of(package) - named == set(), f"{package}: modules the docstring does not name"


@pytest.mark.parametrize("package", PACKAGES)
def test_a_package_docstring_says_what_it_may_import(package):
    doc = ast.get_docstring(ast.parse((ENGINE / package / "__init__.py").read_text(encoding="utf-8")))
    assert _paragraph(doc, "May import").strip(), f"{package}/__init__.py: no ``May import:`` paragraph"


def test_the_check_fails_on_a_module_the_docstring_lacks(tmp_path, monkeypatch):
    package = tmp_path / "accelbench" / "example"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text('"""Example.\n\nModules: ``kept``, ``gone``.\nMay import: ``core``.\n"""\n')
    (package / "kept.py").write_text("")
    (package / "added.py").write_text("")
    monkeypatch.setattr(__import__(__name__), "ENGINE", tmp_path / "accelbench")
    assert named_modules("example") == {"kept", "gone"}
    assert modules_of("example") == {"kept", "added"}
