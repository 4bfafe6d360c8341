"""The words of Epoch AI's Notable AI Models on the site's pages (sources/epoch_models/fragments.py and
tables.py): what was used, never what is faster. Its label, its attribution, its own caveats, the
examples it answers, and the words of its tables' cells and tooltips. The sentences of the article's
other claims that it answers are in publish/wording/__init__.py (STATEMENT_SENTENCES)."""

from __future__ import annotations

# Above and under every table (sources/epoch_models/fragments.py): the kind of evidence, what is
# missing where nothing is imported, an empty table, and the records refused at import
LABEL = "What notable models were trained on (Epoch AI): what was used, never what is faster."
MISSING = "Epoch AI's Notable AI Models"
NO_MODEL = "No model of Epoch AI's database is in this table."
NONE_REFUSED = "No record was refused."

# The words of the links the pages give to Epoch AI's own pages (sources/epoch_models/fragments.py)
LINKS = {"inclusion": "Epoch AI's inclusion criteria", "faq": "its FAQ", "documentation": "its documentation"}

# The attribution its licence asks for (sources/epoch_models/fragments.py), filled with HTML: the
# database, its publisher and licence, the changes made, where the copy was read and when
ATTRIBUTION = "Data: {database} by {publisher}, licensed under {licence}; see {documentation}. Cite it as: {citation}."
CHANGES = "Changes made here: {changes}"
READ_FROM = ("Read from a copy of Epoch AI's CSV, {file} in {repository} at commit {commit} ({when}). {read} records "
             "read: {kept} kept, {stated} of them with their training hardware stated; {refused} refused (listed at the "
             "end of this page).")
DOWNLOADED_ON = "downloaded from Epoch AI on {accessed}, as {stated_in} states"
ON_OR_BEFORE = ("the repository does not state the day it was downloaded from Epoch AI: on or before {committed}, the "
                "day of the commit")
NOT_DATED = "the day it was downloaded from Epoch AI is not stated"

# Epoch AI's own caveats, paraphrased, above the table of years (sources/epoch_models/fragments.py):
# NOTABLE emphasised and each link filled with HTML (LINKS' words)
NOTABLE = "notable"
CAVEATS = (
    "Epoch AI records {notable} models: those that advanced the state of the art, were highly cited, widely used or "
    "historically significant, not every model trained; where a family has several sizes it prefers the one that used "
    "the most compute ({inclusion}). A year's count is a count of such models, not of all training.",
    "Epoch AI records what developers, labs and researchers make public ({faq}, {documentation}): a model whose "
    'developer did not say what it was trained on counts here under "hardware not stated".',
)

# Who trained what on which chip (sources/epoch_models/fragments.py): each example's words (which the
# fragment type's usage lists too, and its download names), the models an example names that the
# database lacks, and the fold of every model
EXAMPLES = {
    "openai-early-gpt": "OpenAI's early GPT models (GPT-1, GPT-2, GPT-3)",
    "deepmind-games": "DeepMind's game-playing models (Epoch AI's domain Games), its reinforcement-learning agents",
    "research-labs": "models whose every organisation is academic or a research collective, hardware stated",
    "all": "every model with its training hardware stated, by organisation",
}
NOT_IN_DATABASE = "Not in Epoch AI's database: {models}."


def all_models(n: int) -> str:
    return f"All {n} models, by organisation"


# What each of the other tables' downloads holds (sources/epoch_models/fragments.py)
CATEGORIES_DOWNLOAD = "models per organisation category and platform"
YEARS_DOWNLOAD = "models per year and platform"
UTILISATION_DOWNLOAD = "the utilisation reported per chip"


def largest_download(n: int) -> str:
    return f"the {n} largest training runs"


# The cells of Epoch AI's tables (sources/epoch_models/tables.py): the platforms and measures as
# the cells name them, a field the record does not state, and the link to a record with its tooltip
NOT_STATED = "not stated"
PLATFORM_NAMES = {"gpu": "GPU", "tpu": "TPU", "other": "other", "mixed": "several platforms", None: NOT_STATED}
MEASURE_NAMES = {"mfu": "MFU", "hfu": "HFU"}
RECORD_TITLE = "the record in the copy of Epoch AI's CSV"


def record_link(line: int) -> str:
    return f"line {line}"

# Its written rules (sources/epoch_models/rules.py), each filled from the constants it applies; what a rule found
# is a fact, worded in fact_clauses.py
# the article's claims judged by what notable models were trained on: what was used, never what is faster
COUNTS_USE = "It counts what was used, never what is faster."
PREDICTION = "A prediction, which no evidence decides yet. Shown: "
MORE_THAN_THE_REST = ("Holds if more of those with recorded hardware were trained on TPUs than on every other platform "
                      "together; does not hold if fewer; a tie if as many.")
LINES = {
    "epoch_models.rule.gpu-deep-learning":
        "Of the notable models whose training hardware Epoch AI records, the share trained on GPUs, over every year "
        "and over the last {years} years of publication. Holds if GPUs trained more than {majority:share} in both; "
        "does not hold if they trained {majority:share} or fewer in both; partly otherwise. " + COUNTS_USE,
    "epoch_models.rule.openai-gpus":
        "OpenAI's GPT-1, GPT-2 and GPT-3 as Epoch AI records their training hardware. Holds if every one whose "
        "hardware is recorded was trained on GPUs; does not hold if none was; partly otherwise. The database records "
        "what was used, not why: the article's 'due to flexibility' is not judged.",
    "epoch_models.rule.deepmind-tpus":
        "Every model Epoch AI records with DeepMind among its organisations in its 'Games' domain (the reinforcement "
        "learning the article means). " + MORE_THAN_THE_REST,
    "epoch_models.rule.use-tpu-tensorflow":
        "Google's AI services run on the models Google builds: every model Epoch AI records with one of Google's "
        "organisations (Google, Google DeepMind, DeepMind, Google Brain, Google Research, Google Cloud, Google AI). "
        + MORE_THAN_THE_REST + " It counts what Google used, never what is faster.",
    "epoch_models.rule.labs-gpus":
        "The share of notable models trained on GPUs among those of research labs (every organisation academic) and "
        "those of industry (Epoch AI's categories: it has none for startups, which count as industry). Holds if GPUs "
        "trained more than {majority:share} of the labs' models and at least the industry's share; partly if more than "
        "{majority:share} but less than the industry's; does not hold if {majority:share} or fewer.",
    "epoch_models.rule.custom-chips":
        PREDICTION + "the notable models of the last {years} years by the platform Epoch AI records, so that the trend "
        "so far can be read; what would decide it is the same count in the years to come.",
    "epoch_models.rule.hybrid":
        PREDICTION + "how many notable models Epoch AI records as trained on more than one platform (GPUs and TPUs in "
        "one training); what would decide it is a measured gain in efficiency from such training.",
    "epoch_models.rule.tpu-scalable":
        "The notable models trained with at least {flop:.0e} FLOP (GPT-3 took 3.1e23) by the platform Epoch AI "
        "records. Holds if TPUs trained at least one of them; does not hold if none of those with recorded hardware "
        "was trained on TPUs.",
}

# The column headings of its tables (epoch_models/tables.py), each named by the function that makes it
LARGEST_TABLE_COLUMNS = ("Rank", "Model (its own source)", "Organisation", "Published", "Training compute (FLOP)",
                         "Epoch AI's confidence", "Training hardware (Epoch AI)", "Chips", "Epoch AI's record")
PLATFORMS_TABLE_COLUMNS = ("GPU", "TPU", "Other", "Several platforms", "Hardware not stated", "Models",
                           "GPU share (of stated)", "TPU share (of stated)")  # after the group's own heading
UTILISATION_TABLE_COLUMNS = ("Chip", "Platform", "Measure", "Runs", "Median", "Range", "Models (its own source)")
LEFT_OUT_TABLE_COLUMNS = ("Record", "Model", "Why it was left out (line, field: problem)")

# The column headings of its tables (epoch_models/fragments.py), each named by the function that makes it
EPOCH_HARDWARE_COLUMNS = ("Name (Epoch AI)", "Platform", "Chip (hardware reference)", "Note")
MODELS_COLUMNS = ("Organisation", "Model (its own source)", "Published", "Training hardware (Epoch AI)", "Platform",
                  "Chips", "Training compute (FLOP)", "Epoch AI's record")  # each model's row
