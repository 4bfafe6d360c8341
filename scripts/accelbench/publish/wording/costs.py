"""The words of what training costs: the priced and break-even tables' cells and notes, why a
comparison is not priced (publish/render/pricing.py), the cost-to-train estimator's note, labels and
offer notes (the same module; its verdict's words are terms.ESTIMATE), the cost fragments'
sentences and the cost verdict's line per kind of evidence (publish/fragments/costs.py), and the
measured cost table's cells (publish/render/costs.py). Filled from data: a side, a chip, a unit,
a region, a comparison; the markup, escaping and numbers' formats stay where the tables are made."""

from __future__ import annotations

from accelbench.judge.judging import Comparison
from accelbench.publish.wording.lines import figures, text
from accelbench.publish.wording.terms import unpriced

# why a side has no price, in the priced table's "Not priced because" cell, the line under the table
# and the estimator's offer note (render/pricing.py): "TPU: ..." (the side, then why)


def side_says(side: str, why: str) -> str:
    """A reason prefixed with the side it is about: 'TPU: TPU7x (Ironwood) has no ...'."""
    return f"{side}: {why}"


def side_unpriced(side: str, facts: dict) -> str:
    """A side left unpriced at one provider and tier (an Unpriced's fields, in terms' words)."""
    return side_says(side, unpriced(facts))


def no_chip(side: str) -> str:
    """A side whose system is no chip of the reference data."""
    return side_says(side, "the system is no chip of the reference data, so no price can be attached")


def no_price_anywhere(side: str, chip: str) -> str:
    """A side whose chip no price list holds, at any provider or tier."""
    return side_says(side, f"{chip} has no price in the catalog or the hand-entered list")


def different_regions(regions: str) -> str:
    """Both sides priced, each at its cheapest region (PricedPair.regions): the priced table's last
    cell and the estimator's offer note."""
    return f"priced in different regions: {regions}"


def no_list_price(chip: str) -> str:
    """The estimator's offer note where a chip has no list price anywhere (its field left to the reader)."""
    return f"{chip} has no public list price"


# a price per chip-hour's cell in the priced table (render/pricing.py): under the price, where, from
# which list and when; a GPU priced without its host VM says so
REGION_NOT_STATED = "region not stated"
GPUS_ALONE = "GPUs alone: no host VM price in the catalog"


def origin(from_catalog: bool) -> str:
    """Which list a price comes from: 'catalog' or 'hand-entered'."""
    return "catalog" if from_catalog else "hand-entered"


def per(unit: str) -> str:
    """A side's dollars' unit of work under them (render/pricing.py UNIT): 'per billion tokens'."""
    return f"per {unit}"


# the break-even table's figure, under the price (render/pricing.py)
def cheaper_below(side: str) -> str:
    """'the TPU is cheaper below it': the side that costs less while its price stays under the figure."""
    return f"the {side} is cheaper below it"


# the cost-to-train estimator's form (render/pricing.py): its name (the form's aria-label), the note
# above it, its fields' labels and the price field's placeholder
ESTIMATOR_NAME = "Cost and time to train"
ESTIMATOR_NOTE = ("Arithmetic on published throughput and list prices: not a measurement and not a quote. "
                  "Chip-hours = work ÷ throughput per chip; time = chip-hours ÷ chips, as if the throughput per chip "
                  "held at your chip count; dollars = chip-hours × the price per chip-hour. "
                  "Nothing you type is stored or sent anywhere.")
ESTIMATOR_LABELS = {"comparison": "Comparison", "unit": "Unit", "offer": "List prices from", "chips": "Chips",
                    "price": "USD per chip-hour", "quote": "enter your quote"}


def unit_option(short: str, name: str) -> str:
    """An entry of the estimator's unit menu: 'B (billion)'."""
    return f"{short} ({name})"


# the cost fragments' sentences where they have nothing to show, the line over what the priced table
# leaves out, and what their downloads hold (fragments/costs.py)
NOTHING_TO_PRICE = "Nothing of this kind to price yet."
LEFT_OUT = "Left out, one line per reason:"
NONE_PRICED = "No comparison of this kind has both chips priced from one list."
NO_BREAK_EVEN = "No comparison of this kind has one chip priced and the other not."
NOTHING_TO_ESTIMATE = "No comparison to estimate yet."
PRICED_DOWNLOAD = "the priced comparisons"
BREAK_EVEN_DOWNLOAD = "the break-even prices"

# the cost verdict's line per kind of evidence, after its verdict (fragments/costs.py "cost-verdict")
NONE_ON_GCP = "No comparison is priced on GCP yet"


def priced_on_gcp(comparisons: list[Comparison]) -> str:
    """The comparisons a cost verdict priced, each with both GCP prices and GPU over TPU cost; or that
    there is none."""
    return "; ".join(f"{text(c.name)}: {figures(c)}, GPU cost over TPU cost {c.advantage:.2f}"
                     for c in comparisons) or NONE_ON_GCP


# the measured cost table's cells (render/costs.py): a chip with no on-demand price, a figure not measured
NO_ON_DEMAND = "no on-demand price"
SPEC_ONLY = "spec only: not measured yet"
