"""Under MkDocs only: run the pre-build step (`accelbench render`) before every build, and have
`mkdocs serve` rebuild when run files or snippets change. It renders nothing itself: the pages
include what the render step wrote, as they do under Zensical, which runs no plugin. So `make
build` runs MkDocs alone and the fragments are rendered once, here; `make build-zensical` runs the
render step first. It also names Material's search dialog in every page it writes (on_post_page and
on_post_template, the 404 page included): Material 9.8 leaves the dialog unnamed, which Lighthouse's
accessibility rules count against a page; Zensical's label is used.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin

from accelbench.core.runfile import RunFileError
from accelbench.prebuild import render_site
from accelbench.publish.fragments import FragmentError
from accelbench.workloads.snippet import SnippetError

log = logging.getLogger("mkdocs.plugins.accelbench")

# Material 9.8's search dialog has no accessible name (axe's and Lighthouse's aria-dialog-name);
# Zensical's names it with the word of its search box, as this does
SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog"'
SEARCH_NAME = ' aria-label="Search"'


def named_search_dialog(html: str, where: str) -> str:
    """The page with its search dialog named; a page whose dialog is written otherwise (a newer
    Material) is left as it is, with a warning, so the change is seen rather than lost."""
    if SEARCH_DIALOG + ">" in html:
        return html.replace(SEARCH_DIALOG + ">", SEARCH_DIALOG + SEARCH_NAME + ">", 1)
    if 'data-md-component="search"' in html and SEARCH_DIALOG + SEARCH_NAME not in html:
        log.warning(f"accelbench: {where}: the search dialog is not written as Material 9.8 writes it; not named")
    return html


class AccelbenchConfig(base.Config):
    data_dir = c.Type(str, default="build_data")
    snippets_dir = c.Type(str, default="snippets")


class AccelbenchPlugin(BasePlugin[AccelbenchConfig]):
    def on_config(self, config):
        self.root = Path(config.config_file_path).parent
        self.data_dir = self.root / self.config.data_dir
        self.snippets_dir = self.root / self.config.snippets_dir
        for option, path in (("data_dir", self.data_dir), ("snippets_dir", self.snippets_dir)):
            if not path.is_dir():
                raise PluginError(f"accelbench: {option} {path} does not exist")
        return config

    def on_pre_build(self, config):
        try:
            folder = render_site(self.root, self.data_dir, self.snippets_dir, strict=config.strict, warn=log.warning,
                                 execute_notebooks=os.environ.get("ACCELBENCH_EXECUTE_NOTEBOOKS", "true").lower() != "false")
        except RunFileError as exc:
            raise PluginError("accelbench: invalid run file(s); fix or remove them "
                              "(`accelbench validate` lists every problem):\n" + "\n".join(exc.problems)) from None
        except (FragmentError, SnippetError) as exc:
            raise PluginError(f"accelbench: {exc}") from None
        # the one line a build log has of the render, as `accelbench render` prints it
        log.info(f"accelbench: rendered {sum(1 for _ in folder.rglob('*.md'))} fragment(s) into {folder}")

    def on_post_page(self, output, page, config):
        return named_search_dialog(output, page.file.src_uri)

    def on_post_template(self, output_content, template_name, config):
        return named_search_dialog(output_content, template_name)  # 404.html, which is no page

    def on_serve(self, server, config, builder):
        for path in (self.data_dir, self.snippets_dir):
            server.watch(str(path))
        return server
