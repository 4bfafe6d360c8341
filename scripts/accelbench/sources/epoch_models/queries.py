"""The questions the Epoch AI page asks of the database, as data (rows and small frozen
dataclasses), never HTML: tables.py draws them, and a rule may read them as they are. Each says
what was used, never what is faster.

- :func:`openai_early_gpt`: OpenAI's GPT-1, GPT-2 and GPT-3 as Epoch AI records them (an
  :class:`Example`: the declared models found, and those missing);
- :func:`deepmind_game_players`: every model of DeepMind (alone or with others) in Epoch AI's
  domain "Games", the reinforcement-learning players the article means (AlphaGo, AlphaZero,
  AlphaStar, MuZero, ...) among them (an :class:`Example`);
- :func:`research_lab_models`: the models whose every organisation is academic or a research
  collective, with their hardware stated (rows);
- :func:`who_trained_what`: every model with its hardware stated, by organisation (rows);
- :func:`platform_by_category`: per set of organisation categories, how many models were trained
  on GPUs, TPUs, other chips, several platforms, or hardware not stated (:class:`PlatformCount`);
- :func:`platform_by_year`: the same per year of publication;
- :func:`largest_runs`: the N largest training runs by compute (rows);
- :func:`utilisation_by_chip`: per chip and measure (MFU, HFU), the utilisation reported for
  production runs: count, median and range (:class:`Utilisation`).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from accelbench.core.records import Counts
from accelbench.sources.epoch_models.format import EpochModels

# the categories Epoch AI gives organisations, in the order the page lists them (any other sorts after)
CATEGORIES = ("Industry", "Academia", "Research collective", "Government")
RESEARCH_LABS = frozenset({"Academia", "Research collective"})
# OpenAI's early GPT models, as Epoch AI names them
OPENAI_EARLY_GPT = ("GPT-1", "GPT-2 (1.5B)", "GPT-3 175B (davinci)")
# DeepMind as Epoch AI names it among a model's organisations, and its domain of game-playing agents
DEEPMIND = frozenset({"DeepMind", "Google DeepMind"})
GAMES = "Games"
MEASURES = ("mfu", "hfu")  # hardware utilization as Epoch AI reports it: model FLOPs, hardware FLOPs


@dataclass(frozen=True)
class Example:
    """One of the article's examples as the database holds it: the rows found (in date order) and,
    for a declared list of models, those the database does not hold."""

    key: str
    rows: tuple[dict, ...]
    missing: tuple[str, ...] = ()

    def platforms(self) -> dict[str | None, int]:
        """Platform (None: not stated) -> models."""
        return _tally(r["platform"] for r in self.rows)


@dataclass(frozen=True)
class PlatformCount(Counts):
    """Models of one group (a set of organisation categories, or a year) by the platform they were
    trained on."""

    group: tuple[str, ...] | int  # the categories (empty: not stated), or the year


@dataclass(frozen=True)
class Utilisation:
    """The hardware utilization reported for the training runs on one chip (or one combination of
    chips), by one measure."""

    chip: tuple[str | None, ...]  # each item's id in the hardware reference (None: not in it)
    hardware: tuple[str, ...]  # the names Epoch AI writes for it, sorted
    platform: str | None
    measure: str  # mfu or hfu
    values: tuple[tuple[float, dict], ...]  # (value, row), lowest first

    @property
    def count(self) -> int:
        return len(self.values)

    @property
    def median(self) -> float:
        return statistics.median(v for v, _ in self.values)

    @property
    def low(self) -> float:
        return self.values[0][0]

    @property
    def high(self) -> float:
        return self.values[-1][0]


def _tally(platforms: Iterable[str | None]) -> dict[str | None, int]:
    out: dict[str | None, int] = {}
    for p in platforms:
        out[p] = out.get(p, 0) + 1
    return out


def _by_date(rows: Iterable[dict]) -> tuple[dict, ...]:
    return tuple(sorted(rows, key=lambda r: (r["published"], r["line"])))


def openai_early_gpt(data: EpochModels) -> Example:
    """GPT-1, GPT-2 and GPT-3 (OPENAI_EARLY_GPT), where the database holds them."""
    by_name = {r["model"]: r for r in data.rows}
    return Example("openai-early-gpt", _by_date(by_name[m] for m in OPENAI_EARLY_GPT if m in by_name),
                   tuple(m for m in OPENAI_EARLY_GPT if m not in by_name))


# Google's own organisations as Epoch AI names them: the makers of "Google's AI services"
GOOGLE = frozenset({"Google", "Google DeepMind", "DeepMind", "Google Brain", "Google Research", "Google Cloud", "Google AI"})


def google_models(data: EpochModels) -> Example:
    """Every model one of whose organisations is Google's (GOOGLE)."""
    return Example("google", _by_date(r for r in data.rows if GOOGLE & set(r["organizations"])))


def deepmind_game_players(data: EpochModels) -> Example:
    """Every model one of whose organisations is DeepMind and whose domains include Games."""
    return Example("deepmind-games", _by_date(r for r in data.rows
                                              if DEEPMIND & set(r["organizations"]) and GAMES in r["domains"]))


def category_set(row: dict) -> tuple[str, ...]:
    """The distinct categories of a row's organisations, in CATEGORIES' order (empty: not stated)."""
    found = set(row["categories"])
    return tuple(sorted(found, key=lambda c: (CATEGORIES.index(c) if c in CATEGORIES else len(CATEGORIES), c)))


def research_lab_models(data: EpochModels) -> list[dict]:
    """Models whose every organisation is academic or a research collective, hardware stated, by
    organisation then date."""
    return who_trained_what(data, lambda r: bool(r["categories"]) and set(r["categories"]) <= RESEARCH_LABS)


def who_trained_what(data: EpochModels, keep: Callable[[dict], bool] | None = None) -> list[dict]:
    """Every model with its training hardware stated (and kept by ``keep``), by organisation (as
    Epoch AI lists them, case-insensitive), then date."""
    return sorted((r for r in data.rows if r["hardware"] and (keep is None or keep(r))),
                  key=lambda r: (", ".join(r["organizations"]).casefold(), r["published"], r["line"]))


def _counts(groups: dict) -> list[PlatformCount]:
    return [platform_count(g, t) for g, t in groups.items()]


def platform_count(group, tally: dict) -> PlatformCount:
    """A group's tally by platform (None: not stated) as its PlatformCount."""
    return PlatformCount(tally.get("gpu", 0), tally.get("tpu", 0), tally.get("other", 0), tally.get("mixed", 0),
                         tally.get(None, 0), group)


def platform_by_category(data: EpochModels) -> list[PlatformCount]:
    """Per set of organisation categories: models by platform; most models first, then by name."""
    groups: dict[tuple[str, ...], list] = {}
    for r in data.rows:
        groups.setdefault(category_set(r), []).append(r["platform"])
    counts = _counts({g: _tally(p) for g, p in groups.items()})
    return sorted(counts, key=lambda c: (-c.total, c.group))


def platform_by_year(data: EpochModels) -> list[PlatformCount]:
    """Per year of publication, oldest first: models by platform."""
    groups: dict[int, list] = {}
    for r in data.rows:
        groups.setdefault(int(r["published"][:4]), []).append(r["platform"])
    return _counts({year: _tally(groups[year]) for year in sorted(groups)})


def largest_runs(data: EpochModels, n: int = 15) -> list[dict]:
    """The ``n`` models with the most training compute, largest first (ties in the CSV's order)."""
    return sorted((r for r in data.rows if r["compute_flop"] is not None),
                  key=lambda r: (-r["compute_flop"], r["line"]))[:n]


def utilisation_by_chip(data: EpochModels) -> list[Utilisation]:
    """Per measure (MFU, then HFU) and chip: every reported value. Names of one chip in the hardware
    reference count together (NVIDIA A100, A100 SXM4 40 GB and 80 GB); a chip the reference lacks
    counts under Epoch AI's name; a run on several chips, under that combination. Most values
    first, then by name."""
    out = []
    for measure in MEASURES:
        groups: dict[tuple, list] = {}
        for r in data.rows:
            if r[measure] is not None:
                key = tuple(h["chip"] or h["name"] for h in r["hardware"])
                groups.setdefault(key, []).append(r)
        found = []
        for rows in groups.values():
            hardware = [h for r in rows for h in r["hardware"]]
            found.append(Utilisation(
                chip=tuple(h["chip"] for h in rows[0]["hardware"]),
                hardware=tuple(sorted({h["name"] for h in hardware})),
                platform=rows[0]["platform"], measure=measure,
                values=tuple(sorted(((r[measure], r) for r in rows), key=lambda v: (v[0], v[1]["line"])))))
        out += sorted(found, key=lambda u: (-u.count, u.hardware))
    return out
