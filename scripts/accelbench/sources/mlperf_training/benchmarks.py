"""MLPerf Training's benchmarks, declared once: what each trains, how many runs a result needs and
how many runs its score drops from each end. The importer scores by it, the pages name benchmarks
by it and the coverage view groups by it.

Sources, read at the commits named:
- names, tasks and datasets: mlcommons/logging ``mlperf_logging/result_summarizer/config.yaml``
  (7bbf7926), the columns of MLCommons' own results tables (v6.0's gpt_oss_20b and deepseekv3_671b:
  lines 111-112);
- minimum runs: mlcommons/training_policies ``training_rules.adoc`` (d73e20f1), the table under
  "Benchmark Results" (lines 497-506: v6.0's two MoE pretraining benchmarks, "Small LLM MoE
  pretraining" 10 runs and "LLM MoE Pretraining" 3) and, for retired benchmarks, the one under
  "Deprecated benchmarks results";
- runs dropped: mlcommons/logging ``result_summarizer.py`` line 387 (``max_dropped_scores = 4 if
  benchmark == "unet3d" else 1``): 3D U-Net's 40 runs lose four from each end, every other
  benchmark one, and as many runs may fail to converge as are dropped from the slow end.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Benchmark:
    slug: str  # as the result folders name it
    name: str  # as MLCommons' results tables name it
    area: str  # the field of machine learning, as the coverage view groups benchmarks
    task: str
    dataset: str
    min_runs: int
    dropped: int = 1  # runs dropped from each end of the sorted times
    page: str = ""  # the docs page of its published results (one page per model: ssd and retinanet share one)

    @property
    def page_path(self) -> str:
        return f"published/{self.page or self.slug}.md"


_BENCHMARKS = (
    Benchmark("bert", "BERT", "language", "language model (NLP)", "Wikipedia", 10),
    Benchmark("deepseekv3_671b", "DeepSeek-V3 671B", "language", "LLM MoE pretraining", "C4", 3),
    Benchmark("dlrm_dcnv2", "DLRM DCNv2", "recommendation", "recommendation", "1TB Multihot Clickthrough", 10),
    Benchmark("flux1", "Flux.1", "image generation", "text to image", "CC12M, COCO-2014 for evaluation", 10),
    Benchmark("gnn", "R-GAT", "graphs", "graph node classification", "IGBH-Full", 10, page="rgat"),
    Benchmark("gpt3", "GPT-3 175B", "language", "LLM pretraining", "C4", 3),
    Benchmark("gpt_oss_20b", "GPT-OSS 20B", "language", "small LLM MoE pretraining", "C4", 10),
    Benchmark("llama2_70b_lora", "Llama 2 70B LoRA", "language", "LLM fine-tuning", "SCROLLS GovReport", 10),
    Benchmark("llama31_405b", "Llama 3.1 405B", "language", "LLM pretraining", "C4", 3),
    Benchmark("llama31_8b", "Llama 3.1 8B", "language", "small LLM pretraining", "C4", 10),
    Benchmark("maskrcnn", "Mask R-CNN", "vision", "object detection, heavy-weight", "COCO", 5),
    Benchmark("resnet", "ResNet-50", "vision", "image classification", "ImageNet", 5),
    Benchmark("retinanet", "RetinaNet", "vision", "object detection, light-weight", "OpenImages", 5),
    Benchmark("rgat", "R-GAT", "graphs", "graph node classification", "IGBH-Full", 10),
    Benchmark("rnnt", "RNN-T", "speech", "speech recognition", "LibriSpeech", 10),
    Benchmark("ssd", "RetinaNet", "vision", "object detection, light-weight", "OpenImages", 5, page="retinanet"),
    Benchmark("stable_diffusion", "Stable Diffusion v2", "image generation", "text to image",
              "LAION-400M, COCO-2017 for evaluation", 10),
    Benchmark("unet3d", "3D U-Net", "vision", "image segmentation (medical)", "KiTS19", 40, dropped=4),
)
BENCHMARKS: dict[str, Benchmark] = {b.slug: b for b in _BENCHMARKS}
AREAS = ("language", "image generation", "vision", "recommendation", "graphs", "speech")  # the coverage view's order


def name_of(slug: str) -> str:
    """The model's name as MLCommons' tables give it; the folder name for a benchmark not declared."""
    return BENCHMARKS[slug].name if slug in BENCHMARKS else slug
