"""What notable models were trained on: Epoch AI's "Notable AI Models" database (CC BY 4.0),
compiled by Epoch AI from each model's paper or announcement: the training hardware and how many
chips, the organisation and its category (industry, academia, ...), the training compute, the
utilisation achieved where reported, the power drawn, the date and the model's own source. It says
what was used, never what is faster: no rule compares a speed from it, and no claim's
``judged_by`` lists it for speed, cost or energy. Its format, importer, hardware table, queries,
tables and fragment types live in this folder; this module declares it (accelbench/sources/__init__.py lists it)."""

from accelbench.store.published import Source

SOURCE = Source(kind="epoch-notable-models", title="Epoch AI, Notable AI Models",
                         label="what notable models were trained on", dataset="epoch-notable-models-published",
                         package=__name__, page="published/epoch_models.md", rows_anchor="who-trained-what",
                         store=("format", "importer", "hardware", "queries"), wording="accelbench.publish.wording.epoch")
