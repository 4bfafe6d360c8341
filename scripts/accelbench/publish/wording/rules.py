"""The rules that belong to no single kind of evidence, in words, as the methodology page shows them: how the
answers combine the kinds (judge/answers.py ANSWER_RULE), which comparisons are of one generation and what a
chip's date is (judge/generations.py GENERATION_RULE and DATE_RULE, core/availability.py). Each is a template
filled from the constants the code applies, so a changed threshold changes its words (tests/test_margin.py)."""

from __future__ import annotations

LINES = {
    "rules.answer":
        "Each kind of evidence judges the article's TPU claim by its own written rules and keeps its own verdict. A "
        "decisive verdict (supported or contradicted) points the reader to one chip: to the TPU where a TPU advantage "
        "holds (speed, cost, energy) or a TPU limitation fails, to the GPU otherwise. The answer points to a chip when "
        "every decisive kind points to it; the kinds disagree when they point to different chips; it is even when no "
        "kind is decisive but one ties or splits; otherwise there is no evidence yet. It is strong when {strong_at:word} or "
        "more kinds agree, weak when every decisive kind is vendor-reported or vendor-authored. Inference results are "
        "shown beside the answer and never counted towards an answer on training.",
    "rules.generation":
        "Chips are compared with their contemporaries. Each chip has the date it was first available to customers "
        "(reference data with its source; the rule for that date is below), and a comparison is of the same generation "
        "when the two dates are within {months} months (a date known only to its year counts as {midyear:month}). The "
        "per-chip verdicts, speed and energy, are decided for each kind of evidence by its same-generation comparisons "
        "only; the others stay on the charts and in the tables, labelled with the gap, and the answer names them. Where "
        "the kinds of evidence then point to different chips, a side whose newest TPU is more than {months} months "
        "older than the other side's is named in the answer as an older generation and not counted. Cost is judged on "
        "every comparison priced at one date, since a price already reflects a chip's age.",
    "rules.date":
        "A chip's date is the first day customers outside its vendor could rent or buy it: a cloud preview, general "
        "availability, or shipping to customers, to the day where a source publishes it. A vendor's own use (TPU v4 "
        "inside Google from 2020) and engineering samples to one customer (B200 to OpenAI in October 2024) do not "
        "count. It is taken from the vendor's or the cloud's own announcement where one could be read, else from a "
        "report of it, which the reference table says.",
}
