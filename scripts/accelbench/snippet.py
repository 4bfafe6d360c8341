"""The name snippet authors import (``from accelbench.snippet import Case``): the contract lives
in :mod:`accelbench.workloads.snippet`, and this name is that very module, not a copy, so its
state (the TF32 switches a case restores) is one."""

import sys

from accelbench.workloads import snippet

sys.modules[__name__] = snippet
