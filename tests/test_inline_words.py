"""The words of every table heading and chart title live in publish/wording/, never typed where the table or the
chart is made: a static search of the modules that make pages (publish/ outside the wording package, and each
source's tables, fragments and charts) for a heading list of words (``head = ["Chip", ...]``,
``html_table(["Chip", ...], ...)``) and a title typed as a string (``alt.Tooltip("x:N", title="chip-hours")``)."""

import ast

import pytest

from conftest import ROOT

PACKAGE = ROOT / "scripts" / "accelbench"
PAGE_MODULES = ("fragments", "tables", "charts")  # a source's modules that make what its pages show


def _makes_pages(path) -> bool:
    parts = path.relative_to(PACKAGE).parts
    return (parts[0] == "publish" and parts[1:2] != ("wording",)) or (parts[0] == "sources" and path.stem in PAGE_MODULES)


def _called(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _words(node) -> bool:
    """A list holding a string typed in place."""
    return isinstance(node, ast.List) and any(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts)


def typed_words(source: str) -> list[tuple[int, str]]:
    """(line, what) of each heading list or title typed as words in one module's source."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "head" for t in node.targets) and _words(node.value):
            found.append((node.lineno, "a heading list"))
        if isinstance(node, ast.Call):
            if _called(node) == "html_table" and node.args and _words(node.args[0]):
                found.append((node.lineno, "html_table's headings"))
            found += [(node.lineno, f"{_called(node)}'s title {k.value.value!r}") for k in node.keywords
                      if k.arg == "title" and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)
                      and k.value.value]
    return found


def test_no_module_that_makes_pages_types_a_heading_or_a_title():
    modules = [p for p in sorted(PACKAGE.rglob("*.py")) if _makes_pages(p)]
    assert len(modules) > 30  # publish/'s fragments and renderers, and every source's page modules
    typed = [f"{p.relative_to(PACKAGE)}:{line}: {what}" for p in modules
             for line, what in typed_words(p.read_text(encoding="utf-8"))]
    assert not typed, "declare these words in publish/wording/ and read them there:\n" + "\n".join(typed)


@pytest.mark.parametrize("source, what", [
    ('head = ["Chip", "Price"]', "a heading list"),
    ('html_table(["Chip", name], rows)', "html_table's headings"),
    ('alt.Tooltip("value:N", title="chip-hours")', "Tooltip's title 'chip-hours'"),
])
def test_the_search_finds_words_typed_in_place(source, what):
    assert typed_words(source) == [(1, what)]


@pytest.mark.parametrize("source", ['head = list(words.COLUMNS)', 'html_table([words.CHIP, *names], rows)',
                                    'alt.Tooltip("value:N", title=words.VALUE)', 'alt.Y("y:Q", title=None)'])
def test_words_read_from_the_wording_package_pass(source):
    assert typed_words(source) == []
