"""The engine's modules import one another in one direction, the pipeline's: a stage imports only
from itself or a stage below it (lazy imports inside functions included), and no module imports
itself back, however long the way round (an import circle hides an order of initialisation)."""

import ast

import pytest

from accelbench.sources import SOURCES

from conftest import ROOT

PACKAGE = ROOT / "scripts" / "accelbench"

# Lowest first. `sources` sits above `publish`: its package imports every slice, whose rules,
# tables and fragment kinds register into the registries of `judge` and `publish`.
STAGES = ["core", "frameworks", "workloads", "measure", "store", "judge", "publish", "sources"]
TOP = len(STAGES)  # the command line, the pre-build step, the registry, the MkDocs plugin, cloud
# Inside a source's slice each module has the stage its source's declaration gives it (Source.stages: format,
# importer and their helpers store-side, rules judge-side, tables and fragments publish-side), so the slice
# runs format -> importer -> rules -> tables and fragments, and its format never reaches the publishing side.
# The slice's own declaration (its __init__) and the helpers slices share are store-side.
DECLARED = {source.package: source.stages() for source in SOURCES.values()}


def module_name(path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def stage_of(module: str) -> int:
    parts = module.split(".")
    if len(parts) == 1 or parts[1] not in STAGES:
        return TOP
    if parts[1] == "sources" and len(parts) > 3:  # a module of a slice: as its source declares it
        return STAGES.index(DECLARED[".".join(parts[:3])][parts[3]])
    if parts[1] == "sources":  # a slice's declaration, or a helper the slices share
        return STAGES.index("store")
    return STAGES.index(parts[1])


def is_source(module: str) -> bool:
    return module == "accelbench.sources" or module.startswith("accelbench.sources.")


def imports_in(source: str, filename: str, modules: set[str]) -> set[str]:
    """The engine modules SOURCE imports, at the top or inside a function alike."""
    found = set()
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # `from accelbench.x import y` imports the module x.y where there is one
            found |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                      for a in node.names}
    return {m for m in found if m in modules}


def engine_imports() -> dict[str, set[str]]:
    """Module -> the engine modules it imports."""
    paths = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: imports_in(path.read_text(), str(path), set(paths)) - {name} for name, path in paths.items()}


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """Every import of a higher stage by a lower one, naming both modules and their stages."""
    def named(module):
        stage = stage_of(module)
        return f"{module} ({STAGES[stage] if stage < TOP else 'top'})"
    found = []
    for module in sorted(graph):
        for imported in sorted(graph[module]):
            if stage_of(imported) > stage_of(module):
                found.append(f"{named(module)} imports {named(imported)}, a higher stage")
            elif is_source(imported) and not is_source(module) and stage_of(module) < TOP:
                # the registries are below the sources: a stage knows them, never a source by name
                found.append(f"{named(module)} imports {named(imported)}, a source (only the top and the sources may)")
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle, each as the modules along it (depth-first search for back edges)."""
    found, state, path = [], {}, []

    def visit(node):
        state[node] = "open"
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                found.append(path[path.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def test_the_engines_imports_have_no_circle():
    assert circles(engine_imports()) == []


def test_no_stage_imports_a_higher_one():
    violations = upward_imports(engine_imports())
    assert not violations, "\n".join(violations)


def test_every_engine_module_belongs_to_a_stage_or_the_top():
    unknown = [m for m in engine_imports() if is_source(m) and len(m.split(".")) > 3
               and m.split(".")[-1] not in DECLARED.get(".".join(m.split(".")[:3]), {})]
    assert not unknown, f"modules of a source slice its Source does not declare: {unknown}"
    top = {"accelbench", "accelbench.__main__", "accelbench.cli", "accelbench.cli_arguments", "accelbench.cloud",
           "accelbench.mkdocs_plugin", "accelbench.prebuild", "accelbench.registry", "accelbench.schema",
           "accelbench.snippet"}
    assert {m for m in engine_imports() if stage_of(m) == TOP} == top


@pytest.mark.parametrize("module, line", [
    ("accelbench.core.runfile", "from accelbench.measure.timing import TimingPlan"),
    ("accelbench.judge.judgement", "    from accelbench.sources import mlperf_training"),  # lazy, inside a function
    ("accelbench.store.queries", "import accelbench.publish.downloads"),
    ("accelbench.sources.papers.format", "from accelbench.publish.render import tables"),  # a format reaching publish
    ("accelbench.publish.fragments.core", "from accelbench.sources.papers import rules"),  # a registry importing a source
])
def test_an_upward_import_injected_by_hand_fails_and_names_both_modules(module, line):
    graph = engine_imports()
    path = PACKAGE.joinpath(*module.split(".")[1:]).with_suffix(".py")
    source = path.read_text() + ("\ndef injected():\n" + line + "\n" if line.startswith(" ") else "\n" + line + "\n")
    graph[module] = imports_in(source, str(path), set(graph)) - {module}
    imported = line.split()[1]
    found = upward_imports(graph)
    assert any(v.startswith(f"{module} (") and f"imports {imported}" in v for v in found), found


def test_an_import_within_a_stage_or_downward_passes():
    assert upward_imports({"accelbench.judge.measured_rules": {"accelbench.store.queries", "accelbench.judge.judging"},
                           "accelbench.cli": {"accelbench.sources", "accelbench.measure.runner"}}) == []


def test_a_circle_is_found_when_there_is_one():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_every_module_of_a_source_is_declared_by_its_source():
    """A module in a slice's folder that its Source does not name would have no stage, no rules and no
    fragment types: each one is named, and each name is a module."""
    for package, stages in DECLARED.items():
        folder = PACKAGE.parent / package.replace(".", "/")
        assert {p.stem for p in folder.glob("*.py")} - {"__init__"} == set(stages), package
