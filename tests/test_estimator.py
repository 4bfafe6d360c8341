"""The cost estimator's page (docs/estimator.md, assets/estimator.js) in a real browser (Debian's
Chromium via Playwright), on the site built once per session: what it shows for the work, chips,
prices and throughput typed is the engine's arithmetic on the page's own data (core/prices.py), it
calls a cost ratio within the verdicts' margin the same cost, it agrees with the hardware page's
priced and break-even tables to the cent, it fits a phone, and nothing typed is stored or sent.
Screenshots go to test-artifacts/ for a person to look at."""

import json

import pytest

from accelbench.core.prices import chip_hours
from accelbench.judge.judging import MARGIN
from accelbench.publish.wording.terms import TIE_BAND

from conftest import ROOT
from helpers import chromium, require_chromium, served

ARTIFACTS = ROOT / "test-artifacts"
PAGE = "estimator.html"

require_chromium("the estimator's browser tests")


@pytest.fixture(scope="module")
def built_site(committed_site):
    return committed_site  # the session's one build of the committed run files


@pytest.fixture(scope="module")
def site_url(built_site):
    """The built site, served on a free local port."""
    with served(built_site) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


class Opened:
    """The estimator's page at one width: the page, its form, the data it embeds, and every request
    it made (each intercepted: one to another host is refused and recorded)."""

    def __init__(self, browser, url: str, width: int):
        self.context = browser.new_context(viewport={"width": width, "height": 900})
        self.requests: list[tuple[str, str]] = []  # (method, url)
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("console", lambda msg: self.errors.append(msg.text) if msg.type == "error" else None)
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.goto(url, wait_until="networkidle" if url.startswith("http") else "load")
        self.form = self.page.locator("form.ab-estimator")
        self.data = json.loads(self.form.locator(".ab-estimator__data").text_content())
        self.out = self.form.locator("output")

    def _route(self, route):
        request = route.request
        self.requests.append((request.method, request.url))
        if request.url.startswith(("http://127.0.0.1:", "file:", "data:", "blob:")):
            route.continue_()
        else:
            route.abort()

    def foreign(self) -> list[tuple[str, str]]:
        """Requests that left this machine's server or disk, or sent anything (a method other than GET)."""
        return [(m, u) for m, u in self.requests
                if m != "GET" or not u.startswith(("http://127.0.0.1:", "file:", "data:", "blob:"))]

    def page_errors(self) -> list[str]:
        return [e for e in self.errors if "search" not in e and "ERR_FILE_NOT_FOUND" not in e]  # no index from disk

    def pick(self, index: int, offer: int | None = None):
        self.form.locator("select[name=comparison]").select_option(str(index))
        if offer is not None:
            self.form.locator("select[name=offer]").select_option(str(offer))

    def field(self, name: str):
        return self.form.locator(f"[name={name}]")

    def storage(self) -> list:
        """Everything in localStorage and sessionStorage but the theme's own colour scheme (Material keeps
        it under "<scope>.__palette" on every page, as it loads): nothing of the estimator's, nothing typed."""
        stored = self.page.evaluate("[Object.entries(localStorage), Object.entries(sessionStorage)]")
        return [[(k, v) for k, v in entries if not k.endswith(".__palette") or '"color"' not in v] for entries in stored]

    def close(self):
        self.context.close()


def money(value: float) -> str:
    """Dollars to the cent, as the page writes them."""
    return f"${value:,.2f}"


def duration(hours: float) -> str:
    """The time as the page writes it: minutes under an hour, hours under two days, else days."""
    if hours < 1:
        return f"{hours * 60:,.1f} minutes"
    return f"{hours:,.1f} hours" if hours < 48 else f"{hours / 24:,.1f} days"


def tokens_comparison(data: dict, tpu: str, gpu: str, model: str) -> int:
    return next(i for i, c in enumerate(data["comparisons"]) if c["work"] == "tokens" and c["tpu"]["chip"] == tpu
                and c["gpu"]["chip"] == gpu and model in c["label"])


def verdict(data: dict, tpu_usd: float, gpu_usd: float) -> tuple[str, str]:
    """The verdict line the page should show, by the verdicts' rule on the TPU's advantage (the GPU's cost
    over the TPU's), in the page's own words: (its data-ab-cheaper, its text)."""
    advantage, m = gpu_usd / tpu_usd, data["margin"]
    side = "tpu" if advantage > 1 + m else "gpu" if advantage < 1 - m else None
    cheap = side or ("tpu" if tpu_usd <= gpu_usd else "gpu")
    names = {"tpu": "TPU", "gpu": "GPU"}
    words = data["words"]["cheaper" if side else "tie"]
    ratio = f"{max(tpu_usd, gpu_usd) / min(tpu_usd, gpu_usd):.2f}"
    return side or "neither", words.format(cheap=names[cheap], dear=names["gpu" if cheap == "tpu" else "tpu"],
                                           ratio=ratio)


@pytest.mark.parametrize("width", [390, 1280])
def test_the_money_and_time_shown_are_the_engines_arithmetic_on_what_was_typed(browser, site_url, width):
    """Two billion tokens (typed "2", unit B) on a vendor pair (Ironwood against DGX-H100, Llama 3.1 70B):
    each side's chips, its price per chip-hour and, on the TPU, a throughput of one's own. Each side's
    dollars (to the cent) and time equal core/prices.py's chip_hours on the page's data and those
    figures; the verdict line is the verdicts' rule at the margin the page embeds, which is the engine's."""
    opened = Opened(browser, site_url + PAGE, width)
    data = opened.data
    assert data["margin"] == MARGIN and TIE_BAND in data["words"]["tie"]
    index = tokens_comparison(data, "TPU7x (Ironwood)", "H100 SXM", "Llama 3.1 70B")
    c = data["comparisons"][index]
    opened.pick(index)
    assert opened.field("unit").is_visible()
    opened.field("amount").fill("2")
    opened.field("unit").select_option(label="B (billion)")
    typed = {"tpu": {"chips": "128", "price": "3.17", "own": "5000"}, "gpu": {"chips": "96", "price": "2.99", "own": ""}}
    for side, fields in typed.items():
        for name, value in fields.items():
            opened.field(f"{side}_{name}").fill(value)

    units = 2 * 10**9 / 1e9  # billions of tokens, as the page sums them
    usd = {}
    for side, fields in typed.items():
        throughput = float(fields["own"]) if fields["own"] else c[side]["quantity"]
        hours = chip_hours("tokens", throughput, units)
        usd[side] = hours * float(fields["price"])
        assert opened.out.locator(f"[data-side={side}]").text_content() == money(usd[side]), side
        assert opened.out.locator(f"[data-ab-time={side}]").text_content() == duration(hours / int(fields["chips"])), side
    cheaper, said = verdict(data, usd["tpu"], usd["gpu"])
    line = opened.out.locator("[data-ab-cheaper]")
    assert (line.get_attribute("data-ab-cheaper"), line.text_content()) == (cheaper, said)
    assert "at your throughput" in opened.out.locator("li").first.text_content()

    opened.field("unit").select_option(label="T (trillion)")  # a thousand times the work: a thousand times the dollars
    assert opened.out.locator("[data-side=gpu]").text_content() == money(
        chip_hours("tokens", c["gpu"]["quantity"], 2 * 10**12 / 1e9) * 2.99)

    ARTIFACTS.mkdir(exist_ok=True)
    opened.page.screenshot(path=str(ARTIFACTS / f"estimator-{width}.png"), full_page=True)
    assert opened.page_errors() == [] and opened.foreign() == []
    opened.close()


def test_a_cost_ratio_within_the_margin_is_the_same_cost_as_the_verdicts_say(browser, site_url):
    """The GPT-3 pair at GCP's on-demand list prices, which the cost verdict calls a tie: the estimator
    says the same cost within the tie band, never "the GPU is cheaper". Then a GPU price that puts the
    ratio just inside the margin, and one just outside it."""
    opened = Opened(browser, site_url + PAGE, 1280)
    data = opened.data
    index, c = next((i, c) for i, c in enumerate(data["comparisons"]) if "GPT-3" in c["label"])
    o, offer = next((o, x) for o, x in enumerate(c["offers"]) if (x["provider"], x["tier"]) == ("GCP", "on-demand"))
    opened.pick(index, o)
    assert not opened.field("unit").is_visible()  # MLPerf: training runs, no unit
    assert opened.field("tpu_price").input_value() == offer["tpu"]["to_cents"]  # shown to the cent
    assert opened.field("gpu_price").input_value() == offer["gpu"]["to_cents"]
    tpu_usd = chip_hours("runs", c["tpu"]["quantity"]) * offer["tpu"]["usd_per_chip_hour"]
    gpu_usd = chip_hours("runs", c["gpu"]["quantity"]) * offer["gpu"]["usd_per_chip_hour"]
    assert 1 - MARGIN <= gpu_usd / tpu_usd <= 1 + MARGIN  # the pair the verdicts call a tie
    line = opened.out.locator("[data-ab-cheaper]")
    assert line.get_attribute("data-ab-cheaper") == "neither"
    assert line.text_content() == verdict(data, tpu_usd, gpu_usd)[1]
    assert line.text_content().startswith(f"The same cost within {TIE_BAND}") and "cheaper" not in line.text_content()

    gpu_hours = chip_hours("runs", c["gpu"]["quantity"])
    for factor, cheaper in ((1 + MARGIN * 0.8, "neither"), (1 + MARGIN * 1.3, "tpu"), (1 - MARGIN * 1.3, "gpu")):
        price = round(tpu_usd * factor / gpu_hours, 2)
        opened.field("gpu_price").fill(f"{price:.2f}")
        assert line.get_attribute("data-ab-cheaper") == cheaper, factor
        assert line.text_content() == verdict(data, tpu_usd, gpu_hours * price)[1]
    assert opened.form.locator("[data-ab-hint=gpu]").text_content().startswith("Your price; the list price is $")
    assert opened.page_errors() == [] and opened.foreign() == []
    opened.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_it_fits_a_phone_sends_nothing_and_stores_nothing(browser, site_url, width):
    """At 390 px the comparison menu and every field lie inside the screen and the sides stack; at 1280
    they stand side by side. Typing in every field and pressing Enter loads nothing, sends nothing (each
    request is intercepted: none leaves 127.0.0.1, none but GET) and stores nothing."""
    opened = Opened(browser, site_url + PAGE, width)
    page = opened.page
    comparisons = opened.data["comparisons"]
    longest = max((c for c in comparisons if c["work"] == "tokens"), key=lambda c: len(c["label"]))
    opened.pick(comparisons.index(longest))  # the widest name the menu shows, and the work with a unit
    for name in ("comparison", "amount", "unit", "offer", "tpu_chips", "tpu_price", "tpu_own", "gpu_chips", "gpu_price",
                 "gpu_own"):
        box = opened.field(name).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (name, box)
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    tpu, gpu = (opened.form.locator(f"[data-ab-side={s}]").bounding_box() for s in ("tpu", "gpu"))
    assert (tpu["y"] + tpu["height"] <= gpu["y"]) == (width < 600), (tpu, gpu)  # stacked on a phone only

    before = len(opened.requests)
    for name, value in (("amount", "7"), ("tpu_chips", "512"), ("tpu_price", "1.11"), ("tpu_own", "1234"),
                        ("gpu_chips", "64"), ("gpu_price", "2.22"), ("gpu_own", "4321")):
        opened.field(name).fill(value)
    opened.field("gpu_price").press("Enter")  # no submission
    opened.field("unit").select_option(label="M (million)")
    page.wait_for_timeout(300)
    assert page.url == site_url + PAGE
    assert opened.requests[before:] == [] and opened.foreign() == []
    assert opened.storage() == [[], []] and opened.context.cookies() == []
    menu = opened.field("comparison").bounding_box()
    assert menu["x"] + menu["width"] <= width
    if width == 390:
        opened.form.screenshot(path=str(ARTIFACTS / "estimator-form-390.png"))
    assert opened.page_errors() == []
    opened.close()


def test_the_estimators_cost_at_list_prices_equals_the_priced_table_to_the_cent(browser, built_site):
    """The estimator opened from disk: at every offer with both list prices, for one MLPerf run or a
    billion tokens, each side's dollars equal the hardware page's priced table's cell of the same
    comparison, provider and tier (the list price itself is summed while its field shows it to the cent)."""
    opened = Opened(browser, (built_site / PAGE).as_uri(), 1280)
    tables = opened.context.new_page()
    tables.goto((built_site / "about" / "hardware.html").as_uri())
    checked = 0
    for index, comparison in enumerate(opened.data["comparisons"]):
        for o, offer in enumerate(comparison["offers"]):
            if not (offer["tpu"] and offer["gpu"]):
                continue
            opened.pick(index, o)
            opened.field("amount").fill("1")
            if comparison["work"] == "tokens":
                opened.field("unit").select_option(label="B (billion)")
            row = tables.locator("table tr", has_text=comparison["label"]).filter(
                has_text=f"{offer['provider']}").filter(has=tables.locator(f"td:text-is('{offer['tier']}')")).first
            cells = row.locator("td")
            table_usd = [cells.nth(5).text_content().split(" ")[0], cells.nth(6).text_content().split(" ")[0]]
            shown = [opened.out.locator("[data-side=tpu]").text_content(), opened.out.locator("[data-side=gpu]").text_content()]
            assert shown == table_usd, (comparison["label"], offer["provider"], offer["tier"])
            checked += 1
    assert checked >= 2 and opened.page_errors() == [] and opened.foreign() == []
    opened.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_the_estimator_takes_the_readers_price_for_an_unpriced_tpu_and_gives_the_break_even_tables_figure(
        browser, built_site, width):
    """A vendor pair whose TPU has no list price (Ironwood against DGX-H100), at GCP on-demand, opened from
    disk: the TPU field is left for the reader's quote, the GPU's holds its list price to the cent, and the
    TPU's break-even price is the cost answer's break-even table's for that row. A TPU price below it
    makes the TPU the cheaper, one above it the GPU; a GPU price typed over the list price moves the
    break-even, and picking the offer again fills the list price back in."""
    opened = Opened(browser, (built_site / PAGE).as_uri(), width)
    form, out, data = opened.form, opened.out, opened.data
    index = tokens_comparison(data, "TPU7x (Ironwood)", "H100 SXM", "Llama 3.1 70B")
    comparison = data["comparisons"][index]
    o, offer = next((o, x) for o, x in enumerate(comparison["offers"]) if (x["provider"], x["tier"]) == ("GCP", "on-demand"))
    opened.pick(index, o)
    tpu, gpu = opened.field("tpu_price"), opened.field("gpu_price")
    assert tpu.input_value() == "" and tpu.get_attribute("placeholder") == "enter your quote"
    assert "enter your quote" in form.locator("[data-ab-hint=tpu]").text_content()
    assert gpu.input_value() == offer["gpu"]["to_cents"]
    assert form.locator("[data-ab-hint=gpu]").text_content().startswith(f"List price: ${offer['gpu']['to_cents']} (GCP ")
    assert form.locator("[data-ab-chip=tpu]").text_content() == "TPU7x (Ironwood)"

    tables = opened.context.new_page()
    tables.goto((built_site / "article" / "comparison.html").as_uri())  # the break-even table: the cost answer's
    row = tables.locator("table tr", has_text=comparison["label"]).filter(
        has=tables.locator("td", has_text=f"{offer['gpu']['where']} · on-demand")).first
    table_break_even = row.locator("td").nth(1).locator("strong").text_content()  # "$13.35"
    assert out.locator("[data-ab-break-even=tpu]").text_content() == table_break_even
    even = float(table_break_even.lstrip("$"))
    for typed, cheaper in ((even * 0.9, "tpu"), (even * 1.1, "gpu")):
        tpu.fill(f"{typed:.2f}")
        assert out.locator("[data-ab-cheaper]").get_attribute("data-ab-cheaper") == cheaper, typed
        assert out.locator("[data-ab-break-even=tpu]").text_content() == table_break_even  # both given: the TPU's

    gpu.fill("4")  # the reader's GPU quote in place of the list price
    tpu.fill("")
    assert out.locator("[data-ab-break-even=tpu]").text_content() == money(
        4 * comparison["tpu"]["quantity"] / comparison["gpu"]["quantity"])
    assert form.locator("[data-ab-hint=gpu]").text_content().startswith("Your price")
    form.locator("select[name=offer]").select_option(str((o + 1) % len(comparison["offers"])))
    form.locator("select[name=offer]").select_option(str(o))
    assert gpu.input_value() == offer["gpu"]["to_cents"]  # picked again: the list price again

    assert "not a measurement and not a quote" in form.text_content()
    assert "Nothing you type is stored or sent anywhere" in form.text_content()
    assert opened.storage() == [[], []] and opened.context.cookies() == []
    assert opened.page_errors() == [] and opened.foreign() == []
    opened.close()
