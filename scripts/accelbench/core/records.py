"""Records more than one stage declares its data with, each field with its meaning: ``doc`` (which
judgement.schema.json's descriptions say, for every record of judge/fact_records.py), and the counts of models by
the platform Epoch AI records they were trained on (``Counts``), which the source's queries (a store-stage module)
and the judgement's facts share."""

from __future__ import annotations

from dataclasses import dataclass, field


def doc(text: str, **default):
    """A field with its meaning, which the schema's description says (and judgement.json's dictionary)."""
    return field(metadata={"doc": text}, **default)


@dataclass(frozen=True)
class Counts:
    """Models by the platform Epoch AI records they were trained on."""

    gpu: int = doc("Trained on GPUs.")
    tpu: int = doc("Trained on TPUs.")
    other: int = doc("Trained on other chips (none of the two).")
    mixed: int = doc("Trained on more than one kind of chip.")
    not_stated: int = doc("Whose training hardware is not recorded.")

    @property
    def stated(self) -> int:
        return self.gpu + self.tpu + self.other + self.mixed

    @property
    def total(self) -> int:
        return self.stated + self.not_stated

    def share(self, platform: str) -> float | None:
        """The fraction of the models with their hardware stated that were trained on ``platform``."""
        return getattr(self, platform) / self.stated if self.stated else None
