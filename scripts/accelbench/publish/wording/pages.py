"""The words the pages share, outside any one source: the note where a table has no result yet, the
badges of a measured record with their tooltips (publish/render/tables.py), and which kinds of device
the stored runs measured (publish/render/coverage.py). Markdown and HTML stay in the modules that
render them: a link or an emphasis is filled in where the words say {...}."""

from __future__ import annotations

from accelbench.judge.codes import Verdict
from accelbench.publish.wording.terms import verdict_words

# The note where no run file holds a result (publish/render/tables.py): WHAT is missing (bold there)
# and REPRODUCE, the link to the page that says how to run the benchmarks, with its words
NOT_MEASURED_TITLE = "Not measured yet"
NOT_MEASURED = "No run file holds a result for {what} yet. {reproduce} and send the run file."
REPRODUCE_LINK = "Run the benchmarks on your hardware"

# The badges of a measured record, each with its tooltip (publish/render/tables.py)
STALE = "stale"
STALE_TITLE = "the snippet changed after this run"
WIDE_SPREAD = "wide spread"
PARTIAL = "partial run"
PARTIAL_TITLE = "the run did not finish: {why}"
NOT_FINISHED = "it ended before finishing (killed, or still running)"  # a partial file no one finished


def compiled_while_timed(compilations: int) -> str:
    """Why a record's spread is wide: its samples include compiling."""
    return f"{compilations} graph compilation(s) while timed: the samples include compiling"


def spread_rule(share: str) -> str:
    """The methodology's rule for a wide spread, at SHARE (a percentage: measure/timing.WIDE_SPREAD)."""
    return ("- **Median and spread.** Tables show the median time per call and the interquartile range (IQR) as a "
            "percentage of the median; charts draw the IQR as error bars. A result whose IQR exceeds "
            f"{share} of its median carries a *wide spread* badge instead of being hidden. So does a result for "
            "which torch_xla compiled a graph while the samples were timed: those samples include compiling. The "
            "number of such compilations is kept in the run file (`stats.compilations`) and in the badge's title.")


def spread_above(share: str) -> str:
    """Why a record's spread is wide: its interquartile range, above SHARE (a percentage) of the median."""
    return f"interquartile range above {share} of the median"


def interrupted_by(who: str) -> str:
    return f"interrupted by {who}"


# Which kinds of device the stored runs measured (publish/render/coverage.py): the platforms' names,
# the admonition's title and body (CONTRIBUTE and a platform's NOT_MEASURED filled with Markdown
# there), and the one line under a results page (RUN, the link, with its words)
PLATFORM_NAMES = {"cpu": "CPU", "gpu": "GPU", "tpu": "TPU"}
NOT_MEASURED_YET = verdict_words(Verdict.NOT_MEASURED)  # the verdict's own words, as every table without a result says them
PLATFORM_NOT_MEASURED = "{not_measured}: every result for it reads {shown}"
COVERAGE_HEAD = "The stored runs measured:"
COVERAGE_FOOT = ("Vendor figures appear only as labelled references, never as results. {contribute} from hardware that "
                 "is missing.")
CONTRIBUTE_LINK = "Contribute a run"
MEASURED_SO_FAR = "Measured here so far:"
MEASURED_LINE = "{parts}. {run} and send the run file to add one."
RUN_LINK = "Run the benchmarks on a GPU or a TPU"
EVERY_PLATFORM = "Measured on CPUs, GPUs and TPUs"


def not_measured_on(platforms: list[str]) -> str:
    """The admonition's title where PLATFORMS (GPU, TPU) have no result."""
    return f"Not measured yet: {' and '.join(platforms)}"


def measured_on(platform: str, devices: list[str]) -> str:
    """A platform's part of the one line: its DEVICES (already escaped), or that it has none."""
    return f"{platform}s ({', '.join(devices)})" if devices else f"no {platform} yet"
# the button under an executed notebook's title (publish/notebooks.py)
DOWNLOAD_NOTEBOOK = "Download the notebook ({file})"
