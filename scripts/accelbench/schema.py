"""judgement.schema.json's generated definitions, written: ``python -m accelbench.schema`` puts the facts',
figures' and records' ``$defs`` (from their dataclasses) and each line key's values (from the LINE_VALUES every
line-making module declares, which the registry gathers, the sources' included) into judge/judgement.schema.json.
At the top because the judge, which makes the definitions (judge/fact_schema.py), knows no source;
tests/test_facts.py fails while the file and the declarations differ."""

from __future__ import annotations

import sys

from accelbench.judge.fact_schema import write
from accelbench.judge.judgement import SCHEMA
from accelbench.registry import LINE_VALUES

if __name__ == "__main__":
    print(f"{SCHEMA}: {'written' if write(SCHEMA, LINE_VALUES) else 'already up to date'}")
    sys.exit(0)
