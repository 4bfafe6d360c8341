"""Energy: counters read where they exist, the reason where they do not, efficiency from the metered
window alone, idle power read once before any load, the NVML device found by PCI bus id."""

import dataclasses
import json
import math

import pytest

from accelbench.core.profiles import PROFILES
from accelbench.core.reference import Reference
from accelbench.measure import energy, runner
from accelbench.measure.measurement import measure
from accelbench.measure.plan import Planned
from accelbench.workloads.discovery import discover

from conftest import ROOT, SNIPPETS
from helpers import cpu_hw, fake_snippets

REFERENCE = Reference(ROOT / "build_data" / "reference")


class FakeMeter:
    """An energy counter that reads 250 W of draw on the real clock, and 40 W when asked for power."""

    method = "fake counter"

    def __init__(self):
        import time

        self.start = time.perf_counter()
        self.power_reads = 0

    def joules(self):
        import time

        return 250.0 * (time.perf_counter() - self.start)

    def watts(self):
        self.power_reads += 1
        return 40.0


def matmul_item(n=64):
    snip = discover(SNIPPETS, ["matmul"])[0]
    device = next(d for d in cpu_hw().devices if d.platform == "cpu")
    return Planned(snip, "torch", device, {"n": n, "dtype": "float32"}, None)


def test_energy_is_metered_around_a_sustained_run():
    item = matmul_item()
    profile = dataclasses.replace(PROFILES["test"], energy_s=0.3)
    record = measure(item, profile, REFERENCE, metering=energy.Metering(FakeMeter(), None, idle_watts=40.0))
    info = record["energy"]
    assert info["measured"] and info["seconds"] >= 0.3 and info["calls"] > 1 and info["idle_watts"] == 40.0
    m = record["metrics"]
    assert m["watts"] == pytest.approx(250.0, rel=0.05)
    assert m["joules"] == pytest.approx(info["joules"] / info["calls"])
    # the window's own work over its own joules
    assert m["tflops_per_watt"] == pytest.approx(2 * 64**3 * info["calls"] / info["joules"] / 1e12)


def test_efficiency_comes_from_the_metered_window_not_from_the_timing_median():
    # the window ran 1000 calls in 2 s on 500 J; the timed burst (not passed in) may have been faster
    info = {"measured": True, "method": "fake", "seconds": 2.0, "calls": 1000, "joules": 500.0, "idle_watts": None}
    out = energy.efficiency(info, {"flops": 1e12, "tokens": 2048})
    assert out == {"watts": 250.0, "joules": 0.5, "tflops_per_watt": 2.0, "tokens_per_joule": 4096.0}
    assert energy.efficiency({"measured": False, "reason": "none"}, {"flops": 1}) == {}


def test_idle_power_is_read_once_after_a_settle_before_any_load():
    events = []
    meter = FakeMeter()
    metering = energy.open_metering("gpu", "nvidia", "00000000:3B:00.0", settle_s=2.0,
                                    sleep=lambda s: events.append(("sleep", s)),
                                    meter=lambda *a: (events.append(("open", a)) or meter, None))
    assert events == [("open", ("gpu", "nvidia", "00000000:3B:00.0")), ("sleep", 2.0)]
    assert metering.idle_watts == 40.0 and meter.power_reads == 1


def test_a_run_opens_each_meter_once_before_the_first_measurement(tmp_path, data_dir, monkeypatch):
    opened = []
    snippets = fake_snippets(tmp_path, energy=True)

    def fake_open(platform, vendor, bus=None, **kw):
        stored = [json.loads(f.read_text()) for f in (data_dir / "runs").glob("*.json")]
        opened.append((platform, vendor, bus, sum(len(r["records"]) for r in stored)))
        return energy.Metering(FakeMeter(), None, idle_watts=40.0)

    monkeypatch.setattr(energy, "open_metering", fake_open)
    path = runner.run(snippets, profile="test", frameworks=["torch"], data_dir=data_dir, root=tmp_path, hw=cpu_hw())
    assert opened == [("cpu", None, None, 0)]  # once, before any measurement
    records = json.loads(path.read_text())["records"]
    assert [r["energy"]["idle_watts"] for r in records] == [40.0, 40.0, 40.0]


def test_nvml_finds_the_gpu_by_its_pci_bus_id():
    calls = []

    class FakeNvml:
        def nvmlInit(self):
            calls.append("init")

        def nvmlDeviceGetHandleByPciBusId(self, bus):
            calls.append(("bus", bus))
            return "handle-3b"

        def nvmlDeviceGetHandleByIndex(self, index):
            calls.append(("index", index))
            return f"handle-{index}"

        def nvmlDeviceGetTotalEnergyConsumption(self, handle):
            return {"handle-3b": 5_000, "handle-0": 1}[handle]

        def nvmlDeviceGetPowerUsage(self, handle):
            return 75_000

    meter = energy.NvmlMeter("00000000:3B:00.0", nvml=FakeNvml())
    assert ("bus", b"00000000:3B:00.0") in calls and meter.joules() == 5.0 and meter.watts() == 75.0
    assert not any(c[0] == "index" for c in calls if isinstance(c, tuple))
    unknown = energy.NvmlMeter(None, nvml=FakeNvml())
    assert unknown.joules() == 0.001 and "PCI bus id unknown" in unknown.method


def test_no_energy_counter_records_the_reason_and_no_numbers():
    record = measure(matmul_item(), PROFILES["test"], REFERENCE,
                     metering=energy.Metering(None, "RAPL not readable: /sys/class/powercap is absent"))
    assert record["energy"] == {"measured": False, "reason": "RAPL not readable: /sys/class/powercap is absent"}
    assert "watts" not in record["metrics"] and "joules" not in record["metrics"]


def test_rapl_meter_sums_packages_and_survives_wraparound(tmp_path):
    for pkg, value in (("intel-rapl:0", 999_000_000), ("intel-rapl:1", 5_000_000)):
        (tmp_path / pkg).mkdir()
        (tmp_path / pkg / "max_energy_range_uj").write_text("1000000000")
        (tmp_path / pkg / "energy_uj").write_text(str(value))
    (tmp_path / "intel-rapl:0:0").mkdir()  # a sub-domain (core), already inside its package
    meter = energy.RaplMeter(tmp_path)
    (tmp_path / "intel-rapl:0" / "energy_uj").write_text("1000000")  # wrapped: +2,000,001 uJ
    (tmp_path / "intel-rapl:1" / "energy_uj").write_text("8000000")  # +3,000,000 uJ
    assert meter.joules() == pytest.approx(5.000001)


def test_meter_reasons_where_there_is_no_counter(tmp_path, monkeypatch):
    assert energy.meter_for("tpu", "google") == (None, "TPUs expose no energy counter to programs")
    assert energy.meter_for("gpu", "amd") == (None, "no energy counter is read for amd GPUs yet")
    monkeypatch.setattr(energy, "RAPL_ROOT", tmp_path / "absent")
    counter, reason = energy.meter_for("cpu", None)
    assert counter is None and reason.startswith("RAPL not readable:") and "absent" in reason
    (tmp_path / "rapl" / "intel-rapl:0").mkdir(parents=True)
    (tmp_path / "rapl" / "intel-rapl:0" / "energy_uj").write_text("5")
    (tmp_path / "rapl" / "intel-rapl:0" / "max_energy_range_uj").write_text("100")
    monkeypatch.setattr(energy, "RAPL_ROOT", tmp_path / "rapl")
    counter, reason = energy.meter_for("cpu", None)
    assert isinstance(counter, energy.RaplMeter) and reason is None


def test_a_failing_energy_counter_keeps_the_timing():
    class BrokenMeter(FakeMeter):
        def joules(self):
            raise RuntimeError("NVML: not supported")

    record = measure(matmul_item(), PROFILES["test"], REFERENCE, metering=energy.Metering(BrokenMeter(), None))
    assert record["status"] == "ok" and record["metrics"]["tflops"] > 0
    assert record["energy"] == {"measured": False, "reason": "energy counter failed: RuntimeError: NVML: not supported"}


def test_an_unreadable_idle_power_is_none_not_a_failure():
    class NoPower(FakeMeter):
        def watts(self):
            raise RuntimeError("not supported")

    metering = energy.open_metering("gpu", "nvidia", settle_s=0, sleep=lambda s: None,
                                    meter=lambda *a: (NoPower(), None))
    assert metering.idle_watts is None and isinstance(metering.counter, NoPower)


class FakeClock:
    """Seconds that pass only when asked: every reading costs a millisecond of polling."""

    def __init__(self, now=0.03):
        self.now = now

    def __call__(self):
        self.now += 0.001
        return self.now


class SteppingCounter:
    """An NVML-like counter on a FakeClock: 250 W, but the reading advances only every ``step_s``
    (never, with step_s None). ``state`` reports the SM clock dropping and the chip warming."""

    method = "fake stepping counter"

    def __init__(self, clock, step_s=0.1, watts=250.0):
        self.clock, self.step_s, self.watts, self.states = clock, step_s, watts, 0

    def joules(self):
        if self.step_s is None:
            return 1.0
        return self.watts * self.step_s * math.floor(self.clock.now / self.step_s)

    def watts(self):
        return None

    def state(self):
        self.states += 1
        return {"sm_clock_mhz": 1980.0 if self.states == 1 else 1755.0, "temperature_c": 41.0 if self.states == 1 else 67.0}


def fake_load(clock, call_s=0.004):
    """A call that takes ``call_s`` of the fake clock; remembers when the first one started."""
    started = []

    def run(i):
        started.append(clock.now)
        clock.now += call_s

    return run, started


def test_the_window_starts_on_a_counter_step_and_records_the_step_it_measured():
    clock = FakeClock()
    counter = SteppingCounter(clock, step_s=0.1)
    run, started = fake_load(clock)
    info = energy.meter_window(run, lambda out: None, 2, 1.05, energy.Metering(counter, None, idle_watts=40.0), clock)
    # the counter steps at 0.1 s and 0.2 s: the load starts only after the second step, the interval measured
    assert started[0] >= 0.2
    assert info["tick_interval_s"] == pytest.approx(0.1, abs=0.002)
    assert info["seconds"] >= 1.05 and info["measured"] and info["idle_watts"] == 40.0
    # from one step to another, the joules are the window's own (an unaligned 1.05 s window would
    # read 10 or 11 steps: 5% off); it ends at most one batch (8 ms) after its closing step
    assert info["joules"] / info["seconds"] == pytest.approx(250.0, rel=0.01)
    # the window's own throughput and the clock state at both ends
    assert info["calls"] == len(started) and info["calls_per_s"] == info["calls"] / info["seconds"]
    assert info["clocks"] == {"start": {"sm_clock_mhz": 1980.0, "temperature_c": 41.0},
                              "end": {"sm_clock_mhz": 1755.0, "temperature_c": 67.0}}


def test_efficiency_is_the_windows_own_work_over_its_joules():
    clock = FakeClock()
    run, started = fake_load(clock, call_s=0.01)
    info = energy.meter_window(run, lambda out: None, 1, 0.5, energy.Metering(SteppingCounter(clock), None), clock)
    out = energy.efficiency(info, {"flops": 2e12, "tokens": 1000})
    assert out["tflops_per_watt"] == pytest.approx(2.0 * len(started) / info["joules"])
    assert out["tokens_per_joule"] == pytest.approx(1000 * len(started) / info["joules"])
    assert out["watts"] == pytest.approx(info["joules"] / info["seconds"])


def test_a_counter_that_never_steps_is_read_where_it_stands_and_says_so():
    clock = FakeClock()
    run, started = fake_load(clock)
    info = energy.meter_window(run, lambda out: None, 1, 0.5,
                               energy.Metering(SteppingCounter(clock, step_s=None), None), clock)
    assert info["measured"] and info["tick_interval_s"] is None and info["seconds"] >= 0.5
    assert info["joules"] == 0.0  # nothing made up in its place
    assert energy.efficiency(info, {"flops": 1.0}) == {}


def test_the_full_profiles_energy_window_is_long_enough_for_headline_figures():
    assert PROFILES["full"].energy_s >= 10
    assert energy.TICK_WAIT_S <= 1.0


def test_nvml_reports_the_sm_clock_and_temperature_where_it_can():
    class Nvml:
        NVML_CLOCK_SM, NVML_TEMPERATURE_GPU = 1, 0

        def nvmlInit(self):
            pass

        def nvmlDeviceGetHandleByPciBusId(self, bus):
            return "gpu"

        def nvmlDeviceGetTotalEnergyConsumption(self, handle):
            return 1000

        def nvmlDeviceGetClockInfo(self, handle, kind):
            assert kind == self.NVML_CLOCK_SM
            return 1980

        def nvmlDeviceGetTemperature(self, handle, sensor):
            raise RuntimeError("NVML_ERROR_NOT_SUPPORTED")

    assert energy.NvmlMeter("00000000:3B:00.0", nvml=Nvml()).state() == {"sm_clock_mhz": 1980.0, "temperature_c": None}


def test_the_windows_new_fields_validate_and_records_without_them_still_do():
    from accelbench.core.runfile import problems_in

    from conftest import make_record, make_run

    window = {"measured": True, "method": "fake", "seconds": 10.02, "calls": 500, "joules": 7000.0, "idle_watts": 90.0,
              "calls_per_s": 49.9, "tick_interval_s": 0.1,
              "clocks": {"start": {"sm_clock_mhz": 1980.0, "temperature_c": 41.0},
                         "end": {"sm_clock_mhz": 1755.0, "temperature_c": None}}}
    old = {key: window[key] for key in ("measured", "method", "seconds", "calls", "joules", "idle_watts")}
    for block in (window, old, {**window, "tick_interval_s": None}):
        assert problems_in(make_run(records=[make_record(energy=block)]), "run.json") == []
    bad = {**window, "calls_per_s": -1.0}
    assert any("calls_per_s" in line for line in problems_in(make_run(records=[make_record(energy=bad)]), "run.json"))
