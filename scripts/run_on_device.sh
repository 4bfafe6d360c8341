#!/usr/bin/env bash
# The full benchmark profile on a lent accelerator machine, with only what is preinstalled there
# (python3 with torch, jax, numpy, pandas, nvidia-ml-py): nothing is installed, and neither mkdocs
# nor jsonschema is needed. The run file and logs go under $OUT; a summary table is printed last.
#
#   OUT=/tmp/out ACCELBENCH_GIT_COMMIT=<sha> scripts/run_on_device.sh [extra accelbench run options]
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:?set OUT to the folder that comes back}
mkdir -p "$OUT/build_data/runs"
cp -r build_data/reference "$OUT/build_data/"
export PYTHONPATH="$PWD/scripts${PYTHONPATH:+:$PYTHONPATH}"
export ACCELBENCH_HOST_LABEL=${ACCELBENCH_HOST_LABEL:-lent-$(hostname | cut -c1-12)}
PYTHON=${PYTHON:-python3}
if command -v nvidia-smi >/dev/null; then  # the card's state as found (never changed)
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,power.draw,temperature.gpu,persistence_mode \
    --format=csv > "$OUT/nvidia-smi-before.csv" 2>&1
fi
start=$(date +%s)
"$PYTHON" -m accelbench --data-dir "$OUT/build_data" run --profile full "$@" 2> >(tee "$OUT/run.log" >&2)
status=$?
echo "wall time: $(( $(date +%s) - start )) s" | tee -a "$OUT/run.log"
run_file=$(ls -t "$OUT"/build_data/runs/*.json 2>/dev/null | head -n 1)
[ -n "$run_file" ] && "$PYTHON" -m accelbench summary "$run_file"
exit $status
