"""The vendors' documents the importer reads, declared once: each upstream document (or folder of
recipe READMEs), what it says of all its tables at once, the ``--document`` names that select them,
and the chip each system they name stands for.

Upstream documents, none audited:

- Google, AI-Hypercomputer/tpu-recipes ``training/ironwood/README.md``: one table of MaxText
  recipes on TPU7x (Ironwood): model, chips, GBS, sequence length, precision, step time, TFLOP/s
  per chip and tokens/s per chip. Where a rule reads a recipe's settings (names.QUALIFIERS), the
  recipe file of a row is declared (``Document.recipes``) and its MaxText settings are imported
  with the row, each with its line.
- Google, the same repository's recipe READMEs for Trillium (TPU v6e, ``training/trillium``) and
  v5p (``training/v5p``), and their archives: no table, but one README per recipe, with the step
  line MaxText logs (read by maxtext.py).
- NVIDIA, NVIDIA-NeMo/Megatron-Bridge ``docs/performance-summary.md`` (the newest release) and
  ``docs/performance-summary-archive.md`` (the older ones): one section per NeMo container release,
  with tables whose columns change from release to release (read by megatron.py).

Standard library only, as the importer: the command line reads it on machines that only measure.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Document:
    """One upstream document and what it says of all its tables at once."""

    name: str  # its published file: build_data/published/vendor-training-NAME.json
    path: str  # in its repository
    vendor: str
    platform: str  # gpu or tpu
    framework: str
    system: str | None  # the system of every table, where the document names one for all of them
    task: str | None  # the task of every table, where the document has one for all of them
    said_where: str  # where ``framework``, ``system`` and ``task`` come from
    # (model, chips, GBS, sequence length, precision as a row writes them) -> the recipe file the row
    # comes from, whose MaxText settings are imported with it (recipes.recipe)
    recipes: tuple[tuple[tuple, str], ...] = ()


@dataclass(frozen=True)
class RecipeFolders:
    """Google's recipe READMEs of one TPU generation: one README per recipe, each logging MaxText's
    step line under the command and configuration that made it."""

    name: str  # its published file: build_data/published/vendor-training-NAME.json
    roots: tuple[str, ...]  # the folders read, in the repository
    family: str  # the accelerator type of its commands: v6e, v5p (recipes.CORES_PER_CHIP)
    system: str
    said_where: str
    vendor: str = "Google"
    platform: str = "tpu"
    task: str = "pre-training"


_DEEPSEEK = "training/ironwood/deepseek3-671b/4k-{}-tpu7x-{}/xpk/run_recipe.sh"
IRONWOOD = Document(
    "tpu-recipes-ironwood", "training/ironwood/README.md", "Google", "tpu", "MaxText", "Ironwood", "pre-training",
    "the document's title ('Training Recipes for Ironwood TPU'); each recipe it lists is a MaxText pretraining "
    "workload (the recipes' own READMEs under training/ironwood/)",
    # the DeepSeek-V3 rows, whose MTP setting decides their pairing with 'DeepSeekV3 (w/o MTP)':
    # the folder names the sequence (4k), the precision and the topology (4x4x8: 128 chips, 4x8x8: 256)
    recipes=tuple(((("deepseek-v3", chips, gbs, 4096, precision), _DEEPSEEK.format(folder, topology)))
                  for chips, gbs, topology in ((128, 2048, "4x4x8"), (256, 4096, "4x8x8"))
                  for precision, folder in (("bf16", "bf16"), ("fp8_full", "fp8"))))
_READMES = ("each README's title ('Instructions for training <model>-MaxText on TPU {0}'), its command "
            "(--device_type, --num_slices) and the MaxText workload it quotes (model_type, per_device_batch_size, "
            "max_target_length, dtype); framework: the recipe's folder (<model>-MaxText) and MaxText's step line; "
            "task: MaxText pre-training on synthetic data (dataset_type)")
TRILLIUM = RecipeFolders("tpu-recipes-trillium", ("training/trillium", "training/archive/trillium"), "v6e", "Trillium",
                         _READMES.format("trillium"))
V5P = RecipeFolders("tpu-recipes-v5p", ("training/v5p", "training/archive/v5p"), "v5p", "TPU v5p",
                    _READMES.format("v5p"))
MEGATRON = tuple(Document(
    name, path, "NVIDIA", "gpu", "Megatron-Bridge (NeMo)", None, None,
    "the document's title and headings: '## <release> NeMo Container', '### Pre-Training Performance' (or SFT, "
    "LoRA), '#### Model: X' or '#### System: X'") for name, path in (
    ("megatron-bridge-performance-summary", "docs/performance-summary.md"),
    ("megatron-bridge-performance-summary-archive", "docs/performance-summary-archive.md")))

# --document NAME -> (repository, its documents)
DOCUMENTS: dict[str, tuple[str, tuple[Document | RecipeFolders, ...]]] = {
    "ironwood": ("AI-Hypercomputer/tpu-recipes", (IRONWOOD,)),
    "trillium": ("AI-Hypercomputer/tpu-recipes", (TRILLIUM,)),
    "v5p": ("AI-Hypercomputer/tpu-recipes", (V5P,)),
    "megatron-bridge": ("NVIDIA-NeMo/Megatron-Bridge", MEGATRON),
}

# The systems the documents name -> the chip in build_data/reference/accelerators.csv (a name that
# file does not hold is dropped at import: the row's chip is null). A system missing here has no
# chip in the reference data (DGX-B300: sources disagree on the B300's figures, so it has no row).
SYSTEM_CHIPS = {
    "Ironwood": "TPU7x (Ironwood)",  # Google's name for TPU7x (cloud.google.com/tpu/docs/tpu7x)
    "Trillium": "TPU v6e (Trillium)",  # Google's name for TPU v6e (cloud.google.com/tpu/docs/v6e)
    "TPU v5p": "TPU v5p",
    "DGX-H100": "H100 SXM",  # DGX H100: eight H100 SXM5 80GB
    "DGX-B200": "B200 (HGX 1000 W)",  # DGX B200: eight B200 at 1000 W (as MLPerf's B200-SXM-180GB)
    # a GB200 / GB300 NVL72 rack's GPUs, each one of its superchips' two (Megatron counts per GPU),
    # as mlperf_accelerators.csv maps MLPerf's GB200 and GB300 systems
    "DGX-GB200": "GB200 (one Blackwell GPU)",
    "DGX-GB300": "GB300 (one Blackwell Ultra GPU)",
}
