#!/bin/sh
# Re-import the catalog prices (build_data/reference/catalog_prices.csv) from the rows copied
# from skypilot-org/skypilot-catalog (build_data/sources/skypilot-catalog/README.md says how and at
# which commits). Prints each refused row with its file and line.
set -e
cd "$(dirname "$0")/.."
export PYTHONPATH=scripts; PY=${PYTHON:-.venv/bin/python}
S=build_data/sources/skypilot-catalog
"$PY" -m accelbench import catalog $S/gcp-vms.csv --provider GCP --commit 017e2502fb63c7a28757acd94002b2d6099d3e3d --path catalogs/v7/gcp/vms.csv --excerpt --retrieved 2026-12-01
"$PY" -m accelbench import catalog $S/aws-vms.csv --provider AWS --commit 001367d22a0033fac286a8c71aeac7109e431bcb --path catalogs/v7/aws/vms.csv --excerpt --retrieved 2026-12-01
"$PY" -m accelbench import catalog $S/azure-vms.csv --provider Azure --commit 098741e70562f65d7af1cceb81e33b284f742604 --path catalogs/v6/azure/vms.csv --excerpt --retrieved 2026-12-01
"$PY" -m accelbench import catalog $S/lambda-vms.csv --provider Lambda --commit 11580132cea293395776b033c8533714d42abb4e --path catalogs/v7/lambda/vms.csv --excerpt --retrieved 2026-12-01
"$PY" -m accelbench import catalog $S/nebius-vms.csv --provider Nebius --commit 22fd1feab9aa97a155f0f5a9d39351d9aa8ae9be --path catalogs/v7/nebius/vms.csv --excerpt --retrieved 2026-12-01
"$PY" -m accelbench import catalog $S/runpod-vms.csv --provider RunPod --commit 0727c2bd9e77f91cb1377127c5f793a28cf01384 --path catalogs/v7/runpod/vms.csv --excerpt --retrieved 2026-12-01
