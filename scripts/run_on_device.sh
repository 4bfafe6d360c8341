#!/usr/bin/env bash
# The full benchmark profile on a lent accelerator machine, with only what is preinstalled there
# (python3 with torch, jax, numpy, pandas, nvidia-ml-py): nothing is installed, and none of pandas,
# mkdocs or jsonschema is needed. It measures every framework installed there (TensorFlow too, where
# it is, in the same process: its GPU memory grows as it needs it and is not given back). The run file
# and its log go under $OUT; a summary table is printed last.
#
#   OUT=/tmp/out ACCELBENCH_GIT_COMMIT=<sha> scripts/run_on_device.sh [extra accelbench run options]
#
# A lease runs one command of at most 600 s. The run file is on disk from the start and rewritten
# after every measurement, so whatever ends the command keeps what completed. No measurement
# starts after DEADLINE seconds, none runs longer than TIME_LIMIT or past the deadline, and a call
# hung in native code is ended at most 60 s later: the runner is done by DEADLINE + 60 s, well
# inside the command's limit. Python is exec'd, so the signals a timeout sends reach it.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:?set OUT to the folder that comes back}
DEADLINE=${DEADLINE:-420}
TIME_LIMIT=${TIME_LIMIT:-150}
mkdir -p "$OUT/build_data/runs"
cp -r build_data/reference "$OUT/build_data/"
export PYTHONPATH="$PWD/scripts${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONUNBUFFERED=1
export ACCELBENCH_HOST_LABEL=${ACCELBENCH_HOST_LABEL:-lent-$(hostname | cut -c1-12)}
PYTHON=${PYTHON:-python3}
if command -v nvidia-smi >/dev/null; then  # the card's state as found (never changed)
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,power.draw,temperature.gpu,persistence_mode \
    --format=csv > "$OUT/nvidia-smi-before.csv" 2>&1
fi
exec "$PYTHON" -m accelbench --data-dir "$OUT/build_data" run --profile full --deadline "$DEADLINE" \
  --time-limit "$TIME_LIMIT" --summary "$@" 2> >(tee "$OUT/run.log" >&2)
