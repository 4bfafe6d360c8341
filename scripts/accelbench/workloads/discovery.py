"""The snippets in `snippets/` as the engine sees them: found by convention, read and versioned
without importing them, and imported and checked against the contract in :mod:`accelbench.workloads.snippet`.

Snippets are discovered by convention (every ``snippets/*.py`` not starting with ``_``), never by
a hand-kept list. The site build reads their literals and hashes only: it must not execute
snippet code. The runner imports them (:func:`discover`) to build and time their cases.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from accelbench.core.metrics import RATES
from accelbench.core.profiles import PROFILES
from accelbench.workloads.snippet import Case, SnippetError, load_module
from accelbench.workloads.versions import companion_path, is_current, legacy_versions, measured_version

FRAMEWORKS = ("torch", "jax", "tensorflow")
# Frameworks whose code lives in a companion file, snippets/<framework>/<workload>.py, so that it reads
# as code of its own beside the workload's (each framework's results have a version of their own).
COMPANION_FRAMEWORKS = ("tensorflow",)
DEFAULT_RUN_ORDER = 100
# Per-call work a snippet may declare as functions of its params (flops and bytes_moved required):
# whatever the metric registry has a rate of.
WORK_FUNCTIONS = tuple(m.work for m in RATES)
REQUIRED_ATTRIBUTES = ("WORKLOAD", "TITLE", "CLAIM", "PROFILES", "CHART", "flops", "bytes_moved", "skip_reason")


@dataclass
class Snippet:
    """One snippet module, imported and checked against the contract, with its versions."""

    path: Path
    module: ModuleType
    versions: dict[str, str]  # framework -> version of its results (versions.measured_version)
    companions: dict[str, ModuleType] = field(default_factory=dict)  # framework -> its companion module
    legacy: dict[str, dict[str, str]] = field(default_factory=dict)  # framework -> versions.legacy_versions' table

    def hash_for(self, framework: str) -> str:
        """The version of this framework's results: the code they measure (or the VERSION declared)."""
        return self.versions[framework]

    def is_current(self, framework: str, stored: Iterable[str]) -> bool:
        """Whether one of the versions ``stored`` for a measurement of this framework measured today's
        code (versions.is_current: a whole-file hash from before counts where its code is today's)."""
        return any(is_current(h, self.hash_for(framework), self.legacy.get(framework, {})) for h in stored)

    def _module_for(self, framework: str) -> ModuleType:
        return self.companions.get(framework, self.module)

    @property
    def workload(self) -> str:
        return self.module.WORKLOAD

    @property
    def chart(self) -> dict:
        return self.module.CHART

    @property
    def peak_spec(self) -> dict | None:
        """Which metric is divided by which vendor peak, and the name of the fraction."""
        spec = getattr(self.module, "PEAK", None)
        return {"name": "fraction_of_peak", **spec} if spec else None

    def wants_energy(self, params: dict) -> bool:
        """Whether this measurement is also metered for energy (the snippet's energy_params)."""
        chooser = getattr(self.module, "energy_params", None)
        return bool(chooser and chooser(params))

    @property
    def run_order(self) -> int:
        return getattr(self.module, "RUN_ORDER", DEFAULT_RUN_ORDER)

    def priority(self, params: dict) -> int:
        chooser = getattr(self.module, "priority", None)
        return chooser(params) if chooser else 0

    def memory_bytes(self, params: dict, framework: str | None = None, platform: str | None = None) -> int | None:
        """Device memory the measurement needs at least, for this framework and platform where the
        snippet's memory_bytes takes them (the least over all where they are not given)."""
        companion = self.companions.get(framework)
        if companion is not None and hasattr(companion, "memory_bytes"):  # what this framework's code keeps
            return companion.memory_bytes(params, platform=platform)
        need = getattr(self.module, "memory_bytes", None)
        if need is None:
            return None
        if framework is None or "framework" not in inspect.signature(need).parameters:
            return need(params)
        return need(params, framework=framework, platform=platform)

    def setup_s(self, framework: str, platform: str, params: dict) -> float | None:
        estimate = getattr(self.module, "setup_s", None)
        return estimate(framework, platform, params) if estimate else None

    def work(self, params: dict, override: dict | None = None) -> dict[str, float]:
        """What one call does (flops, bytes_moved, elements, tokens), from the module's functions
        unless the built case knew better (``Case.work``)."""
        out = {}
        for name in WORK_FUNCTIONS:
            function = getattr(self.module, name, None)
            amount = (override or {}).get(name, function(params) if function else 0)
            if amount:
                out[name] = amount
        return out

    def frameworks(self) -> list[str]:
        return [fw for fw in FRAMEWORKS if hasattr(self._module_for(fw), f"{fw}_case")]

    def params(self, profile: str, framework: str | None = None) -> list[dict]:
        """The grid of ``profile``: a companion's own where it declares one (its variants differ)."""
        module = self._module_for(framework) if framework else self.module
        profiles = getattr(module, "PROFILES", self.module.PROFILES)
        return [dict(p) for p in profiles.get(profile, [])]

    def skip_reason(self, framework: str, platform: str, params: dict, count: int = 1):
        """The workload's reason this cannot run, else the companion's own (its framework's limits)."""
        said = self.module.skip_reason(framework, platform, params, count=count)
        companion = self.companions.get(framework)
        if not said and companion is not None and hasattr(companion, "skip_reason"):
            said = companion.skip_reason(platform, params, count=count)
        return said

    def case(self, framework: str, params: dict, device: Any) -> Case:
        return getattr(self._module_for(framework), f"{framework}_case")(params, device)


def installed_frameworks() -> list[str]:
    """The frameworks this environment can import (each framework's id is its module's name):
    what `accelbench run` measures unless told. TensorFlow has an environment of its own."""
    import importlib.util

    return [fw for fw in FRAMEWORKS if importlib.util.find_spec(fw) is not None] or list(FRAMEWORKS)


def literals(path: Path, names: tuple[str, ...]) -> dict:
    """The module-level constants ``names`` of a snippet, read as literals without importing it
    (the site build must not execute snippet code). Raises ValueError if one is not a literal."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"), filename=str(path))
    return {t.id: ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
            for t in n.targets if isinstance(t, ast.Name) and t.id in names}


def workload_settings(snippets_dir: Path) -> dict[str, dict]:
    """Per workload, how its results are shown: title, main chart, charts by metric (None for
    the main one), table settings. Read as literals: rendering never executes snippet code."""
    settings = {}
    for path in snippet_files(snippets_dir):
        try:
            literal = literals(path, ("CHART", "TITLE", "TABLE", "EXTRA_CHARTS"))
            _check_charts(path, literal["CHART"], literal.get("EXTRA_CHARTS", []))
            charts = {None: literal["CHART"], **{c["y"]: c for c in literal.get("EXTRA_CHARTS", [])}}
            settings[path.stem] = {"charts": charts, "chart": literal["CHART"], "title": literal["TITLE"],
                                   "table": literal.get("TABLE", {})}
        except (KeyError, ValueError, SyntaxError) as exc:
            raise SnippetError(f"{path}: CHART, TITLE, TABLE and EXTRA_CHARTS must be literals ({exc})") from None
    return settings


def _check_charts(path: Path, chart, extra) -> None:
    """A chart's drawing is its ``mark`` ("bar"; lines where absent), as Vega-Lite names it: a chart
    that still says ``kind`` is refused, naming the file and field, rather than drawn as lines."""
    for name, one in [("CHART", chart), *((f"EXTRA_CHARTS[{i}]", c) for i, c in enumerate(extra or []))]:
        if isinstance(one, dict) and "kind" in one:
            raise SnippetError(f"{path}: {name}: chart 'kind' is now 'mark' (write \"mark\": \"{one['kind']}\")")


def snippet_hashes(snippets_dir: Path) -> dict[tuple[str, str], str]:
    """(workload id, framework) -> current version of its results, for each framework it has code
    for, read without importing (the site build must not execute snippet code). The id is the file's
    stem, which discovery checks equals WORKLOAD."""
    versions = {(path.stem, fw): measured_version(path, fw) for path in snippet_files(snippets_dir) for fw in FRAMEWORKS}
    return {key: version for key, version in versions.items() if version is not None}


def snippet_files(snippets_dir: Path) -> list[Path]:
    """Every snippet module of a folder (names starting with _ are helpers, not workloads)."""
    return sorted(p for p in Path(snippets_dir).glob("*.py") if not p.name.startswith("_"))


def load_snippet(path: Path) -> Snippet:
    path = Path(path)
    module = load_module(path)
    missing = [a for a in REQUIRED_ATTRIBUTES if not hasattr(module, a)]
    if missing:
        raise SnippetError(f"{path}: missing {', '.join(missing)}")
    if path.stem != module.WORKLOAD:
        raise SnippetError(f"{path}: WORKLOAD is {module.WORKLOAD!r} but the file is named {path.stem!r}")
    _check_profiles(path, module.PROFILES)
    _check_charts(path, module.CHART, getattr(module, "EXTRA_CHARTS", []))
    if not any(hasattr(module, f"{fw}_case") for fw in FRAMEWORKS):
        raise SnippetError(f"{path}: defines none of {', '.join(f + '_case' for f in FRAMEWORKS)}")
    companions = {fw: load_companion(path, fw) for fw in COMPANION_FRAMEWORKS if companion_path(path, fw).is_file()}
    versions = {fw: measured_version(path, fw) for fw in FRAMEWORKS}
    legacy = legacy_versions(path.parent)
    return Snippet(path=path, module=module, versions={fw: v for fw, v in versions.items() if v is not None},
                   companions=companions, legacy={fw: legacy.get((path.stem, fw), {}) for fw in FRAMEWORKS})


def _check_profiles(path: Path, profiles: dict) -> None:
    unknown = set(profiles) - set(PROFILES)  # the registry in profiles.py
    if unknown:
        raise SnippetError(f"{path}: PROFILES has unknown profile(s) {sorted(unknown)}")


def load_companion(path: Path, framework: str) -> ModuleType:
    """A framework's companion of a workload; it must define ``<framework>_case``."""
    own = companion_path(path, framework)
    module = load_module(own)
    if not hasattr(module, f"{framework}_case"):
        raise SnippetError(f"{own}: defines no {framework}_case")
    _check_profiles(own, getattr(module, "PROFILES", {}))
    return module


def discover(snippets_dir: Path, only: list[str] | None = None) -> list[Snippet]:
    """Every snippet in ``snippets_dir`` in the order to run them: by RUN_ORDER (then name), or
    only the named workloads, in the order named."""
    files = {p.stem: p for p in snippet_files(snippets_dir)}
    if only:
        unknown = set(only) - set(files)
        if unknown:
            raise SnippetError(f"unknown workload(s) {', '.join(sorted(unknown))} in {snippets_dir}")
        return [load_snippet(files[name]) for name in dict.fromkeys(only)]
    return sorted((load_snippet(p) for p in files.values()), key=lambda s: (s.run_order, s.workload))
