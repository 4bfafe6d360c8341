"""The records facts are made of (judge/facts.py): a model, an MLPerf entry, a pair of them, counts by
platform, each a frozen dataclass whose fields say what they mean (``doc``); a map whose keys are data is
a :class:`FrozenMap`. judgement.schema.json's record_<Class> definitions are made from them. Counts by platform
and ``doc`` are core's (core/records.py), which Epoch AI's queries and the recommendation share."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from accelbench.core.records import Counts, doc

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V], Generic[K, V]):
    """A read-only mapping, hashable, equal to another with the same items: a fact stays frozen to the bottom."""

    def __init__(self, items: Mapping[K, V] | None = None):
        self._items = dict(items or {})

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(tuple(self._items.items()))

    def __eq__(self, other) -> bool:
        return isinstance(other, Mapping) and dict(self._items) == dict(other)

    def __repr__(self) -> str:
        return f"FrozenMap({self._items!r})"


@dataclass(frozen=True)
class YearCounts(Counts):
    """The models published in one year, by the platform Epoch AI records they were trained on."""

    year: int = doc("The year of publication.")


@dataclass(frozen=True)
class Recorded:
    """How many of the models a rule counts have their hardware recorded: a verdict holds where recorded."""

    recorded: int = doc("Models whose hardware is recorded.")
    total: int = doc("Models counted.")


@dataclass(frozen=True)
class Model:
    """A notable model as Epoch AI records it."""

    model: str = doc("Its name.")
    platform: str | None = doc("gpu, tpu, other or mixed; null where not recorded.")
    hardware: tuple[str, ...] = doc("The chips recorded.")
    chips: int | None = doc("How many chips trained it, where recorded.")
    year: int = doc("The year it was published.")
    url: str = doc("The paper or page its record cites first.")
    record: str = doc("Its record in Epoch AI's database.")
    compute_flop: float | None = doc("Its training compute, where recorded.")


@dataclass(frozen=True)
class TrainingEntry:
    """An MLPerf Training entry as the published summary shows it."""

    name: str = doc("Its chip (the reference data's name, else the submission's accelerator).")
    chips: int = doc("How many chips it ran on.")
    submitter: str = doc("Who submitted it.")
    availability: str = doc("available or preview.")
    accelerator: str = doc("The submission's own name for its accelerator.")
    chip_hours: float = doc("Chip-hours to train.")
    minutes: float = doc("Its score: minutes to train.")
    url: str = doc("Its results folder.")


@dataclass(frozen=True)
class TrainingPair:
    """The speed rule's pair on one benchmark: like with like on availability."""

    benchmark: str = doc("The benchmark.")
    round: str = doc("The round.")
    tpu: TrainingEntry = doc("The TPU entry with the fewest chip-hours.")
    gpu: TrainingEntry = doc("The GPU entry of the same availability at the same or nearest chip count.")
    advantage: float = doc("GPU chip-hours / TPU chip-hours: above 1, the TPU trained with fewer.")
    side: str = doc("tpu, gpu or either (within the margin): the side the rule found.")


@dataclass(frozen=True)
class InferenceResult:
    """An MLPerf Inference result as the published summary shows it."""

    name: str = doc("Its chip.")
    chips: int = doc("How many chips it ran on.")
    submitter: str = doc("Who submitted it.")
    availability: str = doc("available or preview.")
    per_chip: float = doc("Its result per chip.")
    unit: str = doc("The result's unit (samples/s, queries/s).")
    url: str = doc("Its results folder.")


@dataclass(frozen=True)
class InferencePair:
    """The inference speed rule's pair in one scenario: the most per chip on each side."""

    scenario: str = doc("Offline or Server.")
    round: str = doc("The round.")
    tpu: InferenceResult = doc("The TPU result with the most per chip.")
    gpu: InferenceResult = doc("The GPU result with the most per chip.")
    available: InferenceResult | None = doc("The best TPU available now (beside a preview TPU).")
    ratio: float = doc("TPU per chip / GPU per chip.")
    verdict: str = doc("The rule's verdict on this scenario (a verdict code).")


@dataclass(frozen=True)
class Flip:
    """Another price tier of the same provider that changes the cost answer."""

    tier: str = doc("The tier.")
    favours: str = doc("tpu, gpu or tie at that tier.")


@dataclass(frozen=True)
class BreakEven:
    """What a buyer can act on, for one benchmark's priced pair."""

    tpu: str = doc("The TPU.")
    gpu: str = doc("The GPU.")
    tier: str = doc("The price tier judged.")
    provider: str = doc("The provider judged.")
    break_even: float = doc("The TPU price per chip-hour at which its run costs what the GPU's does.")
    tpu_price: float = doc("The TPU's price per chip-hour in that tier.")
    flips: tuple[Flip, ...] = doc("The provider's other tiers that flip the answer.")


@dataclass(frozen=True)
class Largest:
    """The largest system of one platform with a scored result on one LLM-pretraining benchmark."""

    platform: str = doc("tpu or gpu.")
    chips: int = doc("Its chips.")
    chip: str = doc("Its chip.")
    benchmark: str = doc("The benchmark.")
    round: str = doc("The round.")
    submitter: str = doc("Who submitted it.")
    minutes: float = doc("Its score: minutes to train.")
    availability: str = doc("available or preview.")
    url: str = doc("Its results folder.")


@dataclass(frozen=True)
class Breadth:
    """What one platform trained under MLPerf's audit."""

    benchmarks: int = doc("Benchmarks trained to their quality target.")
    fields: int = doc("Fields of machine learning those cover.")


@dataclass(frozen=True)
class Sides:
    """A count for each platform."""

    tpu: int = doc("TPUs.")
    gpu: int = doc("GPUs.")


@dataclass(frozen=True)
class Categories:
    """Epoch AI's categories a comparison of organisations reads."""

    labs: str = doc("The category of research labs.")
    industry: str = doc("The category of industry.")


