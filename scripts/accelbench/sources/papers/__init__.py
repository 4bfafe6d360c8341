"""Peer-reviewed papers: figures quoted word for word from a paper, with its citation and its authors'
affiliation, one small reviewed file per paper (build_data/published/paper-<id>.json, written by
hand and checked by its schema). A paper whose authors work for the vendor of a chip it compares
is labelled vendor-authored (``format.label``, shown beside each figure). The kind's own label and
``vendor`` flag say the same of the paper held (Google's authors on Google's TPU), so an answer
resting on it alone is weak; a paper by independent authors is labelled "peer-reviewed" where it
is shown. Its format, importer, rules, tables and fragment types live in this folder; this module
declares it to the registry."""

from accelbench.store.published import Source

SOURCE = Source(kind="paper", title="Peer-reviewed papers", label="peer-reviewed, vendor-authored",
                         dataset="paper-figures-published", package=__name__,
                         page="published/papers.md", vendor=True,
                         noun="peer-reviewed papers", unit="paper", wording="accelbench.publish.wording.papers")
