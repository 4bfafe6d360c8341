"""The facts a rule hands the wording where it compares no number: one frozen dataclass per topic, so
that judgement.json types every fact (its schema's ``$defs`` for them are made from these classes,
judge/fact_schema.py) and the wording reads named fields, never a dict's keys. A finding with nothing
to say has no fact (``None``), not an empty one.

Each topic declares its code (``topic``, written into judgement.json beside the fields) and each field
its meaning (``doc``), once, here. A map whose keys are data (frameworks, vendors) is a :class:`FrozenMap`;
every list is a tuple."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from accelbench.core.prices import Unpriced
from accelbench.judge.fact_records import (
    Breadth,
    BreakEven,
    Categories,
    Counts,
    FrozenMap,
    InferencePair,
    Largest,
    Model,
    Recorded,
    Sides,
    TrainingPair,
    YearCounts,
    doc,
)


@dataclass(frozen=True)
class Fact:
    """A topic of facts: its code, and the fields the wording reads."""

    topic: ClassVar[str] = ""


def topic_of(fact: Fact | None) -> str | None:
    """A finding's topic of facts; None where it has none."""
    return fact.topic if fact is not None else None


# --- the topics ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Fp64(Fact):
    """Which chips run FP64 by their vendors' specifications."""

    topic: ClassVar[str] = "fp64"
    tpus: int = doc("TPUs with stated formats.")
    tpus_with: int = doc("TPUs that run FP64.")
    gpus: int = doc("GPUs with stated formats.")
    gpus_with: int = doc("GPUs that run FP64.")


@dataclass(frozen=True)
class Offers(Fact):
    """The providers whose dated price lists rent each platform."""

    topic: ClassVar[str] = "offers"
    tpu: tuple[str, ...] = doc("Providers renting TPUs.")
    gpu: tuple[str, ...] = doc("Providers renting GPUs.")


@dataclass(frozen=True)
class Frameworks(Fact):
    """The frameworks the newest TPU's vendor states, and the GPUs'."""

    topic: ClassVar[str] = "frameworks"
    vendor: str = doc("The newest TPU's vendor.")
    chip: str = doc("The newest TPU.")
    support: FrozenMap[str, str] = doc("Framework -> the vendor's word for it on that chip.")
    gpus_with_all: int = doc("GPUs for which all three frameworks are stated.")
    gpus: int = doc("GPUs in the reference data.")
    stated_on: FrozenMap[str, tuple[str, ...]] = doc("Framework -> the older TPUs its support is stated for.")
    read: str = doc("When the vendor's pages were read.")
    page: str = doc("The vendor's page on TensorFlow for that chip, where one is held.", default="")


@dataclass(frozen=True)
class TrainingPairs(Fact):
    """The speed rule's pairs of MLPerf Training entries, as the published summary shows them."""

    topic: ClassVar[str] = "pairs"
    pairs: tuple[TrainingPair, ...] = doc("One per benchmark and availability.")


@dataclass(frozen=True)
class InferencePairs(Fact):
    """The inference speed rule's pairs, as the published summary shows them."""

    topic: ClassVar[str] = "inference_pairs"
    pairs: tuple[InferencePair, ...] = doc("One per scenario.")


@dataclass(frozen=True)
class BreakEvens(Fact):
    """The break-even TPU price of each priced MLPerf pair."""

    topic: ClassVar[str] = "break_even"
    pairs: tuple[BreakEven, ...] = doc("One per benchmark priced.")


@dataclass(frozen=True)
class AuditedBreadth(Fact):
    """What each platform trained under MLPerf's audit."""

    topic: ClassVar[str] = "coverage"
    tpu: Breadth = doc("The TPUs'.")
    gpu: Breadth = doc("The GPUs'.")
    mirrored: tuple[str, ...] = doc("The rounds read from a public mirror of MLCommons' results.", default=())


@dataclass(frozen=True)
class Submitters(Fact):
    """Who entered each platform in MLPerf Training, and where."""

    topic: ClassVar[str] = "submitters"
    tpu: tuple[str, ...] = doc("Organisations that entered TPUs.")
    gpu: tuple[str, ...] = doc("Organisations that entered GPUs.")
    cloud_only: bool = doc("Every available TPU entry is in the cloud.")
    on_premises: Sides = doc("Available entries not in the cloud, per platform.")
    mirrored: tuple[str, ...] = doc("The rounds read from a public mirror of MLCommons' results.", default=())


@dataclass(frozen=True)
class Stacks(Fact):
    """The software stacks MLPerf Training entries ran, per platform."""

    topic: ClassVar[str] = "stacks"
    tpu: tuple[str, ...] = doc("The TPU entries' stacks (JAX, PyTorch, other).")
    gpu: tuple[str, ...] = doc("The GPU entries' stacks.")
    mirrored: tuple[str, ...] = doc("The rounds read from a public mirror of MLCommons' results.", default=())


@dataclass(frozen=True)
class UnpricedPairs(Fact):
    """The vendor pairs GCP's price list leaves unpriced, and why."""

    topic: ClassVar[str] = "unpriced"
    priced: int = doc("Pairs priced.")
    pairs: int = doc("Pairs compared.")
    provider: str = doc("The provider looked at.")
    no_price: tuple[str, ...] = doc("Chips it has no price for.")
    no_chip: tuple[str, ...] = doc("Systems with no chip in the reference data.")
    other: tuple[Unpriced, ...] = doc("Any other reason, as the pricing gave it.")


@dataclass(frozen=True)
class Brands(Fact):
    """MLPerf Training's GPU entries by their chip's vendor."""

    topic: ClassVar[str] = "brands"
    entries: FrozenMap[str, int] = doc("Vendor -> GPU entries.")
    chips: FrozenMap[str, tuple[str, ...]] = doc("Vendor -> its chips entered.")
    unknown: int = doc("GPU entries whose chip the reference data does not know.")
    rounds: tuple[str, ...] = doc("The rounds counted.")


@dataclass(frozen=True)
class LargestSystems(Fact):
    """The largest systems with a scored LLM-pretraining result, per benchmark and platform."""

    topic: ClassVar[str] = "largest_systems"
    pod_scale: int = doc("The chips a system needs to count as pod scale.")
    largest: tuple[Largest, ...] = doc("One per benchmark and platform.")

    def of(self, platform: str) -> Largest | None:
        """The largest system of PLATFORM over every benchmark."""
        return max((v for v in self.largest if v.platform == platform), key=lambda v: v.chips, default=None)


@dataclass(frozen=True)
class PlatformShare(Fact):
    """Notable models by platform, over every year and over the recent ones."""

    topic: ClassVar[str] = "platform_share"
    every: Counts = doc("Every year.")
    recent: Counts = doc("The recent years.")
    from_year: int = doc("The first year.")
    recent_from: int = doc("The first recent year.")
    to_year: int = doc("The last year.")
    coverage: Recorded = doc("How many have their hardware recorded.")


@dataclass(frozen=True)
class Models(Fact):
    """Named models and the platform they were trained on."""

    topic: ClassVar[str] = "models"
    models: tuple[Model, ...] = doc("The models found.")
    missing: tuple[str, ...] = doc("The models asked for that the database does not hold.")
    platform: str = doc("The platform the claim names.")
    matching: int = doc("Models trained on it.")
    stated: int = doc("Models whose hardware is recorded.")
    coverage: Recorded = doc("How many have their hardware recorded.")


@dataclass(frozen=True)
class GroupCount(Fact):
    """One group's models by platform (DeepMind's game players)."""

    topic: ClassVar[str] = "platform_count"
    counts: Counts = doc("Its models by platform.")
    platform: str = doc("The platform the claim names.")
    models: tuple[Model, ...] = doc("Its models of recorded hardware.")
    coverage: Recorded = doc("How many have their hardware recorded.")


@dataclass(frozen=True)
class GoogleModels(Fact):
    """Google's models by platform."""

    topic: ClassVar[str] = "google_models"
    counts: Counts = doc("Its models by platform.")
    coverage: Recorded = doc("How many have their hardware recorded.")


@dataclass(frozen=True)
class LabsVsIndustry(Fact):
    """Research labs' models by platform, beside industry's."""

    topic: ClassVar[str] = "labs_vs_industry"
    labs: Counts = doc("The labs' models by platform.")
    industry: Counts | None = doc("Industry's, where any.")
    categories: Categories = doc("Epoch AI's categories read.")
    coverage: Recorded = doc("How many of the labs' have their hardware recorded.")


@dataclass(frozen=True)
class Trend(Fact):
    """Notable models by platform, year by year."""

    topic: ClassVar[str] = "trend"
    years: tuple[YearCounts, ...] = doc("Each year's models by platform.")
    min_known: int = doc("The models of recorded hardware a year needs to draw a trend.")


@dataclass(frozen=True)
class Hybrid(Fact):
    """Models trained on more than one kind of chip."""

    topic: ClassVar[str] = "hybrid"
    mixed: int = doc("Models trained on more than one kind of chip.")
    stated: int = doc("Models whose hardware is recorded.")
    models: tuple[Model, ...] = doc("Those models.")


@dataclass(frozen=True)
class MassiveRuns(Fact):
    """The models trained with the most compute, by platform."""

    topic: ClassVar[str] = "massive_runs"
    threshold_flop: float = doc("The training compute a run needs to count.")
    counts: Counts = doc("Those models by platform.")
    largest_tpu: tuple[Model, ...] = doc("The largest trained on TPUs.")
    coverage: Recorded = doc("How many have their hardware recorded.")


TOPICS: dict[str, type[Fact]] = {t.topic: t for t in (
    Fp64, Offers, Frameworks, TrainingPairs, InferencePairs, BreakEvens, AuditedBreadth, Submitters, Stacks, UnpricedPairs,
    Brands, LargestSystems, PlatformShare, Models, GroupCount, GoogleModels, LabsVsIndustry, Trend, Hybrid, MassiveRuns)}
