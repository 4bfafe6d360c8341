"""Every fragment and download the render step makes from fixed data, byte for byte against
tests/golden/ (written by tests/golden/make_golden.py). A refactor of the engine must leave them
as they are; a change meant to alter the output regenerates the folder, and its diff shows what
changed on the pages."""

import difflib

from conftest import ROOT

GOLDEN = ROOT / "tests" / "golden"


def test_the_render_step_makes_the_same_bytes_as_the_golden_snapshot(tmp_path):
    from golden.make_golden import render_fixed

    rendered = render_fixed(tmp_path)
    stored = {p.relative_to(GOLDEN).as_posix(): p.read_bytes() for p in sorted(GOLDEN.rglob("*"))
              if p.is_file() and p.parts[len(GOLDEN.parts)] in ("generated", "files")}
    assert sorted(rendered) == sorted(stored), "fragments or downloads added or gone: python tests/golden/make_golden.py"
    changed = [name for name in rendered if rendered[name] != stored[name]]
    if changed:
        first = changed[0]
        diff = "".join(difflib.unified_diff(stored[first].decode(errors="replace").splitlines(True)[:4000],
                                            rendered[first].decode(errors="replace").splitlines(True)[:4000],
                                            f"golden/{first}", f"rendered/{first}", n=1))
        raise AssertionError(f"{len(changed)} file(s) differ from the golden snapshot ({', '.join(changed[:8])}); "
                             f"if that is the point of the change, run python tests/golden/make_golden.py\n{diff[:3000]}")
