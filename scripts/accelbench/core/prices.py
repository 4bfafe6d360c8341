"""Prices per chip-hour: what the catalog import wrote (build_data/reference/catalog_prices.csv)
and the few rows typed by hand because no catalog has them (build_data/reference/prices.csv).

These are list prices (reference data), never measurements. Every price keeps where it came from:
a catalog price its repository, commit, path and row; a hand-entered one its source, address and
the day it was read. A comparison prices both chips at one provider, in one tier, from one list
(one catalog commit, or the hand-entered list), so that two chips never meet at two dates.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import TypedDict

# The tiers a provider may publish, cheapest commitment last. "At scale" is about the last three.
TIERS = ("on-demand", "spot", "1-year", "3-year")
COMMITTED = ("3-year", "1-year")  # the committed-use tiers, the longest first
STALE_MONTHS = 12  # a price older than this is shown with its age

CATALOG_FILE = "catalog_prices.csv"
HAND_FILE = "prices.csv"
HAND_COLUMNS = ["chip", "provider", "region", "tier", "usd_per_chip_hour", "offer", "host_included", "from_catalog",
                "source", "source_kind", "source_url", "source_date", "retrieved", "quote", "notes"]
# Who published a hand-entered price: the provider's own page, or a news report of it (used only where the
# provider's page could not be found, and said so). A third-party blog is no price.
SOURCE_KINDS = ("provider", "report")
CATALOG_COLUMNS = ["chip", "provider", "region", "zone", "tier", "usd_per_chip_hour", "offer", "chips_per_offer",
                   "usd_per_offer_hour", "host_included", "catalog", "repository", "commit", "path", "line",
                   "excerpt", "excerpt_line", "row", "commit_date", "retrieved", "notes"]


def chip_hours(work: str, quantity: float, units: float = 1) -> float:
    """Chip-hours for UNITS of work: billion tokens at QUANTITY tokens/s per chip, or training
    runs of QUANTITY chip-hours each. assets/estimator.js does the same sum."""
    return units * 1e9 / (quantity * 3600) if work == "tokens" else units * quantity


def usd(work: str, usd_per_chip_hour: float, quantity: float) -> float:
    """Dollars per billion tokens (WORK "tokens") or per training run ("runs") at a price per chip-hour:
    the one place a price becomes dollars."""
    return usd_per_chip_hour * chip_hours(work, quantity)


def break_even(work: str, known_usd_per_chip_hour: float, known_quantity: float, other_quantity: float) -> float:
    """The price per chip-hour at which the unpriced side costs the same per unit of WORK as the side
    priced at KNOWN_USD_PER_CHIP_HOUR: the known price times the known side's chip-hours over the
    other's (both per billion tokens, or per run). Below it the unpriced side is the cheaper one."""
    return known_usd_per_chip_hour * chip_hours(work, known_quantity) / chip_hours(work, other_quantity)


def to_cents(usd_per_chip_hour: float) -> str:
    """A price as the estimator's field shows it: dollars to the cent, a half cent rounded up, from the
    price as written ('5.38' for 5.38326875, '2.70' for 2.7): never more digits than a reader types."""
    return str(_cents(usd_per_chip_hour))


CENT, DIME = Decimal("0.01"), Decimal("0.10")


def _cents(value: float) -> Decimal:
    """VALUE to the cent, a half cent rounded up from the figure as written (8.055 -> 8.06, where the
    float's binary value is a hair below it); float() first, as a numpy figure's repr is not a number."""
    return Decimal(repr(float(value))).quantize(CENT, rounding=ROUND_HALF_UP)


def usd_per_pflop(usd_per_chip_hour: float, tflops: float) -> float:
    """Dollars per PFLOP of matrix work at TFLOPS sustained: the price of a chip-hour over the PFLOP it does."""
    return usd_per_chip_hour / (tflops * 3600 / 1000)


def usd_for_time(usd_per_chip_hour: float, chips: int, seconds: float) -> float:
    """Dollars for CHIPS chips held SECONDS at a price per chip-hour (a cloud task's bound): their
    chip-hours priced as one run's."""
    return usd("runs", usd_per_chip_hour, chips * (seconds / 3600))


UNITS = {"tokens": "per billion tokens", "runs": "per run"}  # what one unit of each kind of work is, in words


def dollars(value: float) -> str:
    """Every dollar amount a page, table or sentence shows, by one rule:

    - a dime or more, whatever its size: to the cent, thousands separated ("$5.38" for 5.38326875,
      "$2.70", "$1,706.67"). A price per chip-hour is in this band (no list price is under a dime) and
      reads as its estimator field does (to_cents); a large amount keeps its cents because the
      estimator (assets/estimator.js, money) writes every figure to the cent and a reader compares
      its figure with the tables' (tests/test_estimator.py holds them equal);
    - under a dime: two significant figures, so a small cost (a PFLOP of matrix work) never reads
      "$0.00" ("$0.0017", "$0.052"); only zero does.

    A half rounds up, from the figure as written (as to_cents does); a negative amount is "-$1.50"."""
    sign, shown = "-" if value < 0 else "", _cents(abs(value))
    amount = Decimal(repr(abs(float(value))))
    if shown < DIME and amount:  # two significant figures, counted again where rounding adds a digit
        shown = amount.quantize(Decimal(1).scaleb(amount.adjusted() - 1), rounding=ROUND_HALF_UP)
        shown = shown.quantize(Decimal(1).scaleb(shown.adjusted() - 1), rounding=ROUND_HALF_UP)
    return f"{sign}${shown:,f}"


def dollars_per(work: str, value: float) -> str:
    """A cost per unit of WORK as the sentences write it: '$1,024.00 per run', '$2.31 per billion tokens'."""
    return f"{dollars(value)} {UNITS[work]}"


def price_words(p: dict) -> str:
    """A price (a Price's facts) as every sentence, table and tooltip says it: '$2.70 per chip-hour
    (GCP us-central1, on-demand)', with the host where it is left out. Said here, beside dollars(),
    so that the one wording of a price serves the pages and the command line alike."""
    host = ", the GPUs alone: the catalog has no host VM price there" if p["host_included"] is False else ""
    return f"{dollars(p['usd_per_chip_hour'])} per chip-hour ({place(p['provider'], p['region'])}, {p['tier']}{host})"


def place(provider: str, region: str) -> str:
    """Where a price is offered: 'GCP us-central1', or 'GCP, region not stated'."""
    return f"{provider} {region}" if region else f"{provider}, region not stated"


class PriceError(ValueError):
    """A price file or row that cannot be read: the message names the file, the line and the field."""


class PriceFacts(TypedDict):
    """A price per chip-hour: the chip, the provider, the region and the tier, and whether the host is in it."""

    chip: str
    provider: str
    region: str
    tier: str
    usd_per_chip_hour: float
    host_included: bool | None


class UnpricedFacts(TypedDict):
    """Why one side of a pair has no price at one provider and tier."""

    side: str
    why: str
    chip: str
    provider: str
    tier: str
    other: str


@dataclass(frozen=True)
class Price:
    chip: str  # as accelerators.csv names it
    provider: str
    region: str  # "" where the source names none
    tier: str  # one of TIERS
    usd_per_chip_hour: float
    offer: str  # the VM, slice or plan priced
    host_included: bool | None  # the VM's CPUs and memory are in the price (None: the source does not say)
    from_catalog: bool
    source: str  # the catalog ("SkyPilot catalog") or the hand-entered row's source
    url: str  # where to check it: the catalog file at its commit, or the page
    list_key: str  # one price list: the catalog file at one commit, or "hand-entered"
    date: str  # the source's date ("" where not known: a catalog commit's date is not recorded)
    retrieved: str  # the day it was read
    cite: str  # repository, commit, path and line (or the row quoted), or the source and page
    notes: str = ""
    origin: str = "catalog"  # "catalog", or a hand-entered row's source_kind: "provider" or "report"
    details: dict = field(default_factory=dict, compare=False)  # the file's row, for downloads

    def age_months(self, today: date) -> int | None:
        """Whole months between the source's date and TODAY (None where the date is not known)."""
        if not self.date:
            return None
        year, month = (int(part) for part in self.date.split("-")[:2])
        return (today.year - year) * 12 + today.month - month

    @property
    def facts(self) -> PriceFacts:
        """What a line of detail says of the price (publish/wording/terms.price words it), as data."""
        return {"chip": self.chip, "provider": self.provider, "region": self.region, "tier": self.tier,
                "usd_per_chip_hour": self.usd_per_chip_hour, "host_included": self.host_included}

    def text(self) -> str:
        return price_words(self.facts)

    def when(self, today: date) -> str:
        """The price's date as readers see it, with its age where it is older than STALE_MONTHS."""
        if not self.date:
            return f"commit date not recorded; read {self.retrieved}" if self.from_catalog else f"read {self.retrieved}"
        age = self.age_months(today)
        return f"{self.date} ({age} months old on {today})" if age is not None and age > STALE_MONTHS else self.date

    @property
    def where(self) -> str:
        return place(self.provider, self.region)


class PriceList:
    """Every price, and the questions comparisons ask of them. REFUSED: rows read and never used,
    each with the reason (a catalog "spot" price equal to its on-demand price is no spot price)."""

    def __init__(self, prices: list[Price], refused: tuple[tuple[Price, str], ...] = ()):
        self.prices = prices
        self.refused = refused

    @property
    def as_of(self) -> date:
        """The day the newest price was read: ages are counted to it, so a page built twice from
        the same lists says the same (never the build machine's clock)."""
        days = [date.fromisoformat(p.retrieved) for p in self.prices if p.retrieved]
        return max(days, default=date(1970, 1, 1))

    def of(self, chip: str, provider: str | None = None, tier: str | None = None) -> list[Price]:
        return [p for p in self.prices if p.chip == chip and provider in (None, p.provider) and tier in (None, p.tier)]

    def providers(self, chip: str) -> list[str]:
        return sorted({p.provider for p in self.of(chip)})

    def cheapest(self, chip: str, provider: str | None = None, tier: str = "on-demand") -> Price | None:
        """The cheapest offer, among those that price the host with the chip where any does (a GPU
        price without its VM is not what a TPU slice's price, host included, is compared with)."""
        return _cheapest(self.of(chip, provider, tier))

    def pair(self, tpu: str, gpu: str, provider: str, tier: str) -> PricedPair | Unpriced:
        """Both chips priced at PROVIDER in TIER from one price list, in the region both are offered
        in at the lowest price together (else each at its cheapest, said so)."""
        sides = {"TPU": (tpu, self.of(tpu, provider, tier)), "GPU": (gpu, self.of(gpu, provider, tier))}
        for side, (chip, offers) in sides.items():
            if not offers:
                return Unpriced(side, "no_price", chip, provider, tier)
            if all(p.host_included is False for p in offers):  # a TPU slice's price has its host: not comparable
                return Unpriced(side, "no_host", chip, provider, tier)
        lists = {p.list_key for p in sides["TPU"][1]} & {p.list_key for p in sides["GPU"][1]}
        if not lists:
            return Unpriced("both", "two_lists", tpu, provider, tier, gpu)
        key = sorted(lists)[0]
        return _in_one_region(provider, tier, *([p for p in sides[s][1] if p.list_key == key] for s in ("TPU", "GPU")))

    def pairs(self, tpu: str, gpu: str) -> list[PricedPair | Unpriced]:
        """At every provider that sells the TPU (GCP where none does), every tier it publishes for
        either chip: both priced, or the side that is not and why."""
        out = []
        for provider in self.providers(tpu) or ["GCP"]:
            tiers = {p.tier for p in self.prices if p.provider == provider and p.chip in (tpu, gpu)}
            out += [self.pair(tpu, gpu, provider, tier) for tier in TIERS if tier in tiers]
        return out

    def cheapest_elsewhere(self, chip: str, excluding: str = "GCP") -> Price | None:
        """The chip's cheapest on-demand offer at any provider but EXCLUDING: context beside a verdict
        judged at that provider, never part of it."""
        offers = [self.cheapest(chip, provider) for provider in self.providers(chip) if provider != excluding]
        return min((o for o in offers if o), key=lambda o: o.usd_per_chip_hour, default=None)

    def gcp_basis(self, tpu: str, gpu: str) -> PricedPair | Unpriced:
        """How the article's "cheaper at scale on GCP" is judged: both chips at GCP, in the longest
        committed-use tier both publish, else on-demand."""
        for tier in COMMITTED:
            found = self.pair(tpu, gpu, "GCP", tier)
            if isinstance(found, PricedPair):
                return found
        return self.pair(tpu, gpu, "GCP", "on-demand")


@dataclass(frozen=True)
class PricedPair:
    provider: str
    tier: str
    tpu: Price
    gpu: Price
    same_region: bool

    @property
    def regions(self) -> str:
        return self.tpu.region if self.same_region else f"TPU {self.tpu.region or 'region not stated'}, GPU " \
            f"{self.gpu.region or 'region not stated'}"


@dataclass(frozen=True)
class PricedComparison:
    """A comparison priced: both sides' dollars per unit of WORK at one PricedPair (the step every
    rule, table and the estimator's data price a comparison with)."""

    basis: PricedPair
    work: str
    tpu_usd: float
    gpu_usd: float

    @property
    def advantage(self) -> float:
        """The TPU's advantage: the GPU's dollars over the TPU's (above 1 favours the TPU)."""
        return self.gpu_usd / self.tpu_usd


def price_comparison(basis: PricedPair | Unpriced, work: str, tpu_quantity: float,
                     gpu_quantity: float) -> PricedComparison | Unpriced:
    """Both sides of a comparison at BASIS: tokens per second per chip (WORK "tokens") or
    chip-hours per run ("runs") each -> dollars; an Unpriced basis stays as it is."""
    if isinstance(basis, Unpriced):
        return basis
    return PricedComparison(basis, work, usd(work, basis.tpu.usd_per_chip_hour, tpu_quantity),
                            usd(work, basis.gpu.usd_per_chip_hour, gpu_quantity))


@dataclass(frozen=True)
class Unpriced:
    """A side of a comparison that cannot be priced, and why, as data (publish/wording/terms.unpriced
    says it): ``why`` is "no_price" (the chip has no price in that tier there), "no_host" (priced
    without the VM that carries it), "two_lists" (the two chips' prices come from different lists)
    or "no_chip" (the system is no chip of the reference data)."""

    side: str  # "TPU", "GPU" or "both"
    why: str
    chip: str = ""  # the chip or system left unpriced (two_lists: the TPU)
    provider: str = ""  # where the pair was looked for, where it was
    tier: str = ""
    other: str = ""  # two_lists: the GPU

    @property
    def facts(self) -> UnpricedFacts:
        return UnpricedFacts(**asdict(self))


def _in_one_region(provider: str, tier: str, tpu: list[Price], gpu: list[Price]) -> PricedPair:
    """The region both chips are offered in at the lowest price together (host-included offers
    first); else each side at its cheapest, marked as priced in different regions."""
    shared = sorted({p.region for p in tpu} & {p.region for p in gpu} - {""})
    if not shared:
        return PricedPair(provider, tier, _cheapest(tpu), _cheapest(gpu), same_region=False)
    t, g = min(((_cheapest([p for p in tpu if p.region == r]), _cheapest([p for p in gpu if p.region == r]))
                for r in shared), key=lambda tg: (tg[0].host_included is False or tg[1].host_included is False,
                                                  tg[0].usd_per_chip_hour + tg[1].usd_per_chip_hour, tg[0].region))
    return PricedPair(provider, tier, t, g, same_region=True)


def _cheapest(offers: list[Price]) -> Price | None:
    with_host = [p for p in offers if p.host_included is not False]
    return min(with_host or offers, key=lambda p: (p.usd_per_chip_hour, p.region, p.offer), default=None)
