"""Prices per chip-hour: the catalog import (each price traced to its catalog row, per chip, host
included where the catalog prices it apart, placeholders and unknown chips refused with file and
line, nothing stored lost), the hand-entered rows, and how a comparison is priced (one provider,
one tier, one list; never a GPU without its host against a TPU slice with its own)."""

import csv
import re
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

import numpy as np
import pytest

from accelbench.core.catalog import import_catalog, write_catalog
from accelbench.core.price_files import read_prices
from accelbench.core.prices import (
    Price,
    PricedPair,
    PriceError,
    PriceList,
    Unpriced,
    chip_hours,
    dollars,
    to_cents,
    usd,
    usd_for_time,
)
from accelbench.core.reference import Reference
from accelbench.publish.wording.terms import unpriced

from conftest import ROOT

REFERENCE = ROOT / "build_data" / "reference"
EXCERPTS = ROOT / "build_data" / "sources" / "skypilot-catalog"
COMMIT = "0" * 40
GCP_HEADER = "InstanceType,vCPUs,MemoryGiB,AcceleratorName,AcceleratorCount,GpuInfo,Region,AvailabilityZone,Price,SpotPrice"


def catalog_rows():
    with open(REFERENCE / "catalog_prices.csv", newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def known_chips():
    return {row["chip"] for row in Reference(REFERENCE).accelerators}


@pytest.fixture
def reference_dir(tmp_path):
    """A copy of the reference data to import into."""
    copy = tmp_path / "reference"
    shutil.copytree(REFERENCE, copy)
    return copy


def gcp_file(tmp_path, *rows):
    path = tmp_path / "vms.csv"
    path.write_text("\n".join([GCP_HEADER, *rows]) + "\n", encoding="utf-8")
    return path


def run_import(path, reference_dir, provider="GCP"):
    return import_catalog(path, reference_dir, known_chips(), provider=provider, repository="skypilot-org/skypilot-catalog",
                          commit=COMMIT, upstream_path="catalogs/v7/gcp/vms.csv", excerpt=None, retrieved="2026-12-01")


@pytest.mark.parametrize("row", catalog_rows(), ids=lambda r: f"{r['provider']} {r['chip']} {r['region']} {r['tier']}")
def test_every_catalog_price_quotes_the_row_it_came_from_and_recomputes_from_it(row):
    assert len(row["commit"]) == 40 and row["repository"] == "skypilot-org/skypilot-catalog" and row["path"]
    excerpt = (ROOT / row["excerpt"]).read_text(encoding="utf-8").splitlines()
    assert excerpt[int(row["excerpt_line"]) - 1] == row["row"]  # the quoted row is the copied line
    header = excerpt[0].split(",")
    fields = next(csv.DictReader([excerpt[0], row["row"]]))
    assert list(fields) == header
    offer = float(fields["Price" if row["tier"] == "on-demand" else "SpotPrice"])
    chips = int(row["chips_per_offer"])
    host = float(row["usd_per_offer_hour"]) - offer  # the GCP host VM's share, zero where the VM row holds all
    assert host >= -1e-9 and float(row["usd_per_chip_hour"]) == pytest.approx((offer + host) / chips, rel=1e-5)
    assert offer != 700.0  # placeholders never become prices


def test_gcp_gpus_are_priced_with_their_host_vm_and_tpu_slices_per_chip(tmp_path, reference_dir):
    path = gcp_file(tmp_path,
                    "a3-highgpu-8g,208.0,1872.0,,,,us-central1,us-central1-a,9.46006,2.17547",
                    ",,,H100,8,{'Gpus': []},us-central1,us-central1-a,33.60609,18.024",
                    ",,,tpu-v5p-8,1,tpu-v5p-8,us-central1,us-central1-a,16.8,5.0",
                    ",,,tpu-v6e-8,1,tpu-v6e-8,us-central1,us-central1-b,21.6,5.18666")
    found = {(r["chip"], r["tier"]): r for r in run_import(path, reference_dir).rows}
    h100 = found[("H100 SXM", "on-demand")]
    assert float(h100["usd_per_chip_hour"]) == pytest.approx((33.60609 + 9.46006) / 8, rel=1e-5)
    assert h100["host_included"] == "yes" and h100["offer"].startswith("a3-highgpu-8g")
    assert float(found[("TPU v5p", "on-demand")]["usd_per_chip_hour"]) == pytest.approx(16.8 / 4)  # v5p-8: 4 chips
    assert float(found[("TPU v6e (Trillium)", "spot")]["usd_per_chip_hour"]) == pytest.approx(5.18666 / 8, rel=1e-5)


def test_a_gpu_without_its_host_row_is_marked_and_never_priced_against_a_tpu(tmp_path, reference_dir):
    path = gcp_file(tmp_path, ",,,B200,8,{'Gpus': []},us-central1,us-central1-b,90.216,64.44",
                    ",,,tpu-v6e-8,1,tpu-v6e-8,us-central1,us-central1-b,21.6,5.18666")
    imported = run_import(path, reference_dir)
    assert {r["host_included"] for r in imported.rows if r["chip"].startswith("B200")} == {"no"}
    write_catalog(reference_dir, "GCP", imported.rows)
    found = read_prices(reference_dir, lambda n: (Reference(reference_dir).chip_for(n) or {}).get("chip"))
    pair = found.pair("TPU v6e (Trillium)", "B200 (HGX 1000 W)", "GCP", "on-demand")
    assert isinstance(pair, Unpriced) and (pair.side, pair.why) == ("GPU", "no_host")
    assert "without the VM" in unpriced(pair.facts)


def test_bad_catalog_rows_are_refused_with_file_and_line_and_the_rest_imported(tmp_path, reference_dir):
    path = gcp_file(tmp_path,
                    ",,,tpu-v6e-8,1,tpu-v6e-8,asia-east1,asia-east1-c,700.0,700.0",  # line 2: placeholder
                    ",,,tpu-v6e-8,1,tpu-v6e-8,us-east1,us-east1-d,,5.0",  # line 3: no price
                    ",,,tpu-v6e-8,1,tpu-v6e-8,us-east4,us-east4-a,about 20,5.0",  # line 4: not a number
                    ",,,L4,1,{'Gpus': []},us-central1,us-central1-a,0.56,0.22",  # line 5: no chip of ours
                    ",,,tpu-v6e-8,1,tpu-v6e-8,us-central1,us-central1-b,21.6,5.18666")  # line 6: fine
    imported = run_import(path, reference_dir)
    refused = "\n".join(imported.refused)
    for line, why in ((2, "placeholder"), (3, "not a price"), (4, "not a price"), (5, "L4")):
        assert f"{path}:{line}: " in refused and why in refused
    assert {r["region"] for r in imported.rows} == {"us-central1"}


def test_an_import_replaces_only_its_provider_and_one_that_prices_nothing_writes_nothing(tmp_path, reference_dir):
    before = (reference_dir / "catalog_prices.csv").read_text(encoding="utf-8")
    others = [r for r in catalog_rows() if r["provider"] != "GCP"]
    nothing = gcp_file(tmp_path, ",,,tpu-v6e-8,1,tpu-v6e-8,asia-east1,asia-east1-c,700.0,700.0")
    with pytest.raises(PriceError, match="left as it was"):
        write_catalog(reference_dir, "GCP", run_import(nothing, reference_dir).rows)
    assert (reference_dir / "catalog_prices.csv").read_text(encoding="utf-8") == before
    one = gcp_file(tmp_path, ",,,tpu-v6e-8,1,tpu-v6e-8,us-central1,us-central1-b,21.6,5.18666")
    write_catalog(reference_dir, "GCP", run_import(one, reference_dir).rows)
    with open(reference_dir / "catalog_prices.csv", newline="", encoding="utf-8") as fh:
        after = list(csv.DictReader(fh))
    assert [r for r in after if r["provider"] != "GCP"] == others
    assert {(r["chip"], r["tier"]) for r in after if r["provider"] == "GCP"} == {("TPU v6e (Trillium)", "on-demand"),
                                                                                ("TPU v6e (Trillium)", "spot")}


def test_the_command_line_import_prints_refusals_and_keeps_the_file_on_a_bad_commit(tmp_path, reference_dir):
    data_dir = reference_dir.parent
    path = gcp_file(tmp_path, ",,,tpu-v6e-8,1,tpu-v6e-8,asia-east1,asia-east1-c,700.0,700.0",
                    ",,,tpu-v6e-8,1,tpu-v6e-8,us-central1,us-central1-b,21.6,5.18666")
    before = (reference_dir / "catalog_prices.csv").read_bytes()
    base = [sys.executable, "-m", "accelbench", "--data-dir", str(data_dir), "import", "catalog", str(path),
            "--provider", "GCP", "--path", "catalogs/v7/gcp/vms.csv"]
    env = {"PYTHONPATH": str(ROOT / "scripts"), "PATH": "/usr/bin:/bin"}
    bad = subprocess.run([*base, "--commit", "abc"], capture_output=True, text=True, env=env, cwd=ROOT)
    assert bad.returncode == 2 and "--commit" in bad.stderr
    assert (reference_dir / "catalog_prices.csv").read_bytes() == before
    good = subprocess.run([*base, "--commit", COMMIT], capture_output=True, text=True, env=env, cwd=ROOT)
    assert good.returncode == 0, good.stderr
    assert f"refused {path}:2: Price: 700.0" in good.stderr


def test_a_catalog_value_known_to_be_wrong_is_corrected_with_its_source():
    azure = [r for r in catalog_rows() if r["provider"] == "Azure" and r["chip"] == "H100 SXM"]
    assert azure and all(r["chips_per_offer"] == "8" and "Microsoft Learn" in r["notes"] for r in azure)
    assert all(",H100,12," in r["row"] for r in azure)  # the catalog's own row, as it was


def test_a_bad_hand_entered_price_names_file_line_and_field(tmp_path, reference_dir):
    path = reference_dir / "prices.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[1] = lines[1].replace(",no,", ",yes,", 1)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(PriceError, match=r"prices.csv: line 2: from_catalog"):
        Reference(reference_dir)


def price(chip, provider="GCP", region="us-central1", tier="on-demand", usd=1.0, list_key="catalog", host=True,
          when="", retrieved="2026-12-01"):
    return Price(chip, provider, region, tier, usd, "offer", host, list_key != "hand-entered", "source", "url",
                 list_key, when, retrieved, "cite")


def test_a_pair_is_priced_from_one_list_in_the_region_both_share():
    prices = PriceList([price("TPU v6e (Trillium)", usd=2.7), price("TPU v6e (Trillium)", region="us-east5", usd=2.0),
                        price("H100 SXM", usd=5.4), price("H100 SXM", region="europe-west4", usd=1.0),
                        price("TPU v6e (Trillium)", tier="3-year", usd=1.22, list_key="hand-entered", region="")])
    pair = prices.pair("TPU v6e (Trillium)", "H100 SXM", "GCP", "on-demand")
    assert isinstance(pair, PricedPair) and pair.same_region and pair.tpu.usd_per_chip_hour == 2.7
    basis = prices.gcp_basis("TPU v6e (Trillium)", "H100 SXM")  # no 3-year GPU price: on-demand for both
    assert basis.tier == "on-demand"
    three = prices.pair("TPU v6e (Trillium)", "H100 SXM", "GCP", "3-year")
    assert isinstance(three, Unpriced) and three.side == "GPU" and "3-year" in unpriced(three.facts) and three.why == "no_price"


def test_two_lists_never_meet_in_one_comparison():
    prices = PriceList([price("TPU v6e (Trillium)", tier="1-year", list_key="hand-entered"),
                        price("H100 SXM", tier="1-year", list_key="catalog")])
    found = prices.pair("TPU v6e (Trillium)", "H100 SXM", "GCP", "1-year")
    assert isinstance(found, Unpriced) and (found.side, found.why) == ("both", "two_lists")
    assert "different lists" in unpriced(found.facts)


def test_a_price_older_than_a_year_shows_its_age_and_a_catalog_one_its_unknown_date():
    old = price("TPU v6e (Trillium)", list_key="hand-entered", when="2024-12")
    assert old.when(date(2026, 12, 1)) == "2024-12 (24 months old on 2026-12-01)"
    assert price("TPU v6e (Trillium)", when="2026-06").when(date(2026, 12, 1)) == "2026-06"
    assert "commit date not recorded" in price("H100 SXM").when(date(2026, 12, 1))


def test_the_committed_excerpts_import_to_the_committed_prices(tmp_path, reference_dir):
    """scripts/import_prices.sh, run again, writes the catalog_prices.csv that is committed."""
    (reference_dir / "catalog_prices.csv").unlink()
    data_dir = reference_dir.parent
    script = (ROOT / "scripts" / "import_prices.sh").read_text(encoding="utf-8")
    for line in script.splitlines():
        if " import catalog " in line:
            args = line.split(" import catalog ", 1)[1].replace("$S", str(EXCERPTS)).split()
            out = subprocess.run([sys.executable, "-m", "accelbench", "--data-dir", str(data_dir), "import", "catalog",
                                  *args], capture_output=True, text=True, cwd=ROOT,
                                 env={"PYTHONPATH": str(ROOT / "scripts"), "PATH": "/usr/bin:/bin"})
            assert out.returncode == 0, out.stderr
    made = (reference_dir / "catalog_prices.csv").read_text(encoding="utf-8")
    committed = (REFERENCE / "catalog_prices.csv").read_text(encoding="utf-8")
    # the excerpt paths are relative to where the import ran: the same
    assert made == committed


# --- a price becomes dollars in one place, and every dollar amount is written by one function ---------

def test_a_runs_dollars_are_its_chip_hours_times_the_price_per_chip_hour():
    """512 chips for 30 minutes are 256 chip-hours; at $4.00 per chip-hour, $1,024 (worked by hand)."""
    assert chip_hours("runs", 256.0) == 256.0
    assert usd("runs", 4.00, 256.0) == pytest.approx(1024.0)
    assert usd("runs", 2.50, 40.0) == pytest.approx(100.0)
    # a billion tokens at 500,000 tokens/s per chip: 0.556 chip-hours; at $2.70, $1.50
    assert usd("tokens", 2.70, 500_000) == pytest.approx(1.50)


def test_the_mlperf_tables_dollars_per_run_are_core_prices_figure(tmp_path):
    """The MLPerf table's dollar cell and its download are core.prices' usd of the entry's chip-hours at its
    chip's GCP price, for a synthetic round: a change of that step anywhere but core.prices fails here."""
    import pandas as pd

    from accelbench.sources.mlperf_training.format import nearest_gpus
    from accelbench.sources.mlperf_training.rules import results_url
    from accelbench.sources.mlperf_training.tables import published_table

    from helpers import reference_with_prices

    reference = Reference(reference_with_prices(tmp_path, [("TPU v5p", "GCP", 4.00, "us-central1"),
                                                           ("H100 SXM", "GCP", 3.85, "us-central1")]))

    def entry(platform, chips, minutes, chip):
        return {"benchmark": "gpt3", "round": "v4.1", "platform": platform, "chips": chips, "score_minutes": minutes,
                "chip_hours": minutes / 60 * chips, "submitter": "Google" if platform == "tpu" else "NVIDIA",
                "system": f"{platform}-{chips}", "chip": chip, "accelerator": chip, "status": "Available cloud",
                "availability": "available", "relisted_from": None, "runs": [{"minutes": minutes}],
                "repository": "mlcommons/training_results_v4.1", "commit": "0" * 40}

    rows = pd.DataFrame([entry("tpu", 512, 30.0, "TPU v5p"), entry("gpu", 512, 50.0, "H100 SXM")])
    rows = rows.assign(nearest_gpu_chip_hours=nearest_gpus(rows))  # as format.load gives them
    table = published_table(rows, reference, results_url)
    by_chip = {r["chip"]: r for r in table.rows}
    for chip, row in by_chip.items():
        expected = usd("runs", reference.cheapest_price(chip, "GCP").usd_per_chip_hour, row["chip_hours"])
        assert row["usd_per_training_run"] == expected
        assert f">{dollars(expected)}</span>" in table.html
    assert by_chip["TPU v5p"]["usd_per_training_run"] == pytest.approx(1024.0)  # 256 chip-hours at $4.00, by hand
    assert ">$1,024.00</span>" in table.html and ">$1,642.67</span>" in table.html  # 426.7 chip-hours at $3.85


@pytest.mark.parametrize("value, shown", [
    (5.38326875, "$5.38"),  # a catalog price per chip-hour: to the cent, never its eight decimals
    (2.7, "$2.70"),
    (8.055, "$8.06"),  # a half cent rounds up from the figure as written, as the estimator's field does
    (0.35, "$0.35"),
    (99.996, "$100.00"),
    (1024, "$1,024.00"),  # thousands separated, still to the cent: the estimator's figures read alike
    (1234567.5, "$1,234,567.50"),
    (0.0017, "$0.0017"),  # under a dime: two significant figures, never "$0.00"
    (0.052, "$0.052"),
    (0.00995, "$0.010"),
    (0, "$0.00"),
    (-3.5, "-$3.50"),
])
def test_every_dollar_amount_is_written_by_one_rule(value, shown):
    assert dollars(value) == shown
    assert dollars(np.float64(value)) == shown  # a figure out of a table reads the same


def test_the_cents_a_price_shows_are_its_estimator_fields():
    for p in Reference(REFERENCE).prices.prices:
        assert dollars(p.usd_per_chip_hour) == f"${to_cents(p.usd_per_chip_hour)}", p


DOLLAR_FORMATS = re.compile(r"""\$\{(?!\{)|["']\$["']\s*[+%]|\$%""")  # f"${x:.2f}", "$" + ..., "$%.2f" % ...


def test_no_module_but_core_prices_dollars_writes_a_dollar_amount():
    """A grep over the engine: a dollar sign before a formatted figure is core.prices.dollars' alone."""
    import inspect

    from accelbench.core import prices

    engine = ROOT / "scripts" / "accelbench"
    found = []
    for path in sorted(engine.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path == Path(prices.__file__):
            text = text.replace(inspect.getsource(prices.dollars), "")
        found += [f"{path.relative_to(ROOT)}:{text[:m.start()].count(chr(10)) + 1}" for m in DOLLAR_FORMATS.finditer(text)]
    assert found == []


def test_chips_held_for_a_time_cost_their_chip_hours_at_the_price():
    assert usd_for_time(4.2, 4, 900 + 3 * 2400) == pytest.approx(4 * 4.2 * 8100 / 3600)
    assert usd_for_time(2.7, 1, 3600) == usd("runs", 2.7, 1) == 2.7
