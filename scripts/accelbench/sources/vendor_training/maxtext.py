"""Google's recipe READMEs for Trillium (TPU v6e, ``training/trillium``) and v5p (``training/v5p``),
and their archives, read into rows: no table, but one README per recipe, with the step line MaxText
logs (seconds, TFLOP/s, tokens/s per device), the command (accelerator type, slices) and, for most,
the workload configuration quoted (per_device_batch_size, max_target_length, dtype). A row is made
where all of these are written (recipes.py reads them); the chips, the GBS (MaxText's per-device
batch × chips) and the precision where the configuration sets none (MaxText's default) are worked
out from what is written, each said in the row's notes with its lines, and checked against the step
line's own total_weights. A README without a step line (a step time only, or nothing) is left out,
naming why.

Standard library only, as the importer: the command line reads it on machines that only measure.
"""

from __future__ import annotations

from accelbench.sources.git import line_dates
from accelbench.sources.markdown import BadCell, figure
from accelbench.sources.vendor_training import recipes
from accelbench.sources.vendor_training.documents import Document
from accelbench.sources.vendor_training.megatron import BOUNDS, leave_out, number, published_row
from accelbench.sources.vendor_training.names import MAXTEXT_DEFAULTS, MAXTEXT_DEFAULTS_READ


def readme_rows(source, path, folders, chips_known) -> tuple[list[dict], list[dict], list[dict]]:
    """One README's rows, its lines left out, and an entry per step line read."""
    text = source.read(path) or ""
    lines = text.splitlines()
    logs = recipes.log_lines(lines)
    if not logs:
        step = recipes.step_time_line(lines)
        why = "no MaxText step line with Tokens/s/device: the README publishes no throughput"
        if step:
            why += (f"; line {step} speaks of a step time only, and tokens/s from it would be a derivation (GBS × "
                    f"sequence length / step time / chips), not made")
        return [], [leave_out(path, step or 1, why)], []
    title = next((t[2:].strip() for t in lines if t.startswith("# ")), path)
    document = Document(folders.name, path, folders.vendor, folders.platform, "MaxText", folders.system, folders.task,
                        folders.said_where)
    context = {"release": None, "task": folders.task, "model": None, "system": folders.system, "section": title}
    dates, found, rows, lost = line_dates(source, path), recipes.recipe(path, text), [], []
    for line, match in logs:
        try:
            values, notes = _logged(lines, match, found, path, folders.family)
        except BadCell as exc:
            lost.append(leave_out(path, line, str(exc)))
            continue
        rows.append({**published_row(line, values, False, document, context, notes, chips_known, dates), "recipe": found})
    entries = [{"line": line, "section": path, "columns": ["seconds", "TFLOP/s/device", "Tokens/s/device",
                                                           "total_weights"], "ignored": ["step", "loss"]}
               for line, _ in logs]
    return rows, lost, entries


def _logged(lines, match, found, path, family) -> tuple[dict, list[str]]:
    """A step line, what its README's command says and the settings of its configuration
    (``found``: recipes.recipe) -> the row's values and its notes (every figure not read off the
    step line, with its lines); a BadCell naming all that is missing or does not agree."""
    problems, notes = [], []
    if "maxtext" not in path.lower():
        problems.append("the recipe's folder does not name MaxText, the framework its step line is from")
    chips = _chips(lines, family, problems, notes)
    if found is None:
        raise BadCell("; ".join([*problems, "no MaxText workload configuration is quoted (MaxTextModel, tuning_params): "
                                 "per_device_batch_size and max_target_length are not stated in this README"]))
    model = recipes.setting(lines, found["first_line"], found["last_line"], "model_type")
    problems += _unset(found, model)
    if problems:
        raise BadCell("; ".join(problems))
    batch, seq = found["settings"]["per_device_batch_size"], found["settings"]["max_target_length"]
    gbs = figure(batch["value"], "per_device_batch_size", maximum=BOUNDS["gbs"]) * chips
    if gbs != int(gbs):
        raise BadCell(f"per_device_batch_size {batch['value']} × {chips} chips is no whole batch")
    values = {"model": model.value, "chips": chips, "gbs": int(gbs),
              "seq_len": number(seq["value"], "max_target_length", "seq_len"),
              "step_time_s": number(match["seconds"], "seconds", "step_time_s"),
              "tflops_per_chip": number(match["tflops"], "TFLOP/s/device", "tflops_per_chip"),
              "tokens_per_s_per_chip": number(match["tokens"], "Tokens/s/device", "tokens_per_s_per_chip")}
    _check_step_line(match, values)
    values["precision"], said = _precision(found)
    notes += [f"model: model_type (line {model.line})",
              f"GBS: per_device_batch_size {batch['value']} (line {batch['line']}) × {chips} chips, as MaxText counts "
              f"its global batch; the step line's total_weights is GBS × sequence length",
              f"sequence length: max_target_length (line {seq['line']})", said,
              "tokens/s per chip: the step line's Tokens/s/device (one JAX device per chip: Tokens/s/device × "
              "seconds × chips gives the step line's total_weights within 1%)"]
    return values, notes


def _unset(found: dict, model) -> list[str]:
    """What a row needs of the configuration and it does not say: the model, the per-device batch,
    the sequence length; and gradient accumulation, which would make the GBS more than batch × chips."""
    needed = {"model_type": model.value if model else None,
              **{name: found["settings"][name]["value"] for name in ("per_device_batch_size", "max_target_length")}}
    unset = [f"the configuration (lines {found['first_line']}-{found['last_line']}) sets no {name}"
             for name, value in needed.items() if value is None]
    if found["settings"]["gradient_accumulation_steps"]["value"] not in (None, "1"):
        unset.append("gradient accumulation is set: the GBS is not per_device_batch_size × chips alone")
    return unset


def _chips(lines, family, problems, notes) -> int:
    """The chips the README's command asks for: the accelerator type (its TensorCores, over the
    family's per chip) × the slices, each written once; what is missing goes to ``problems``."""
    types = {f.value: f for f in recipes.found(lines, recipes.DEVICE, "type")}
    slices = {f.value: f for f in recipes.found(lines, recipes.SLICES, "slices")}
    for what, seen in (("accelerator type (--device_type=...)", types), ("number of slices (--num_slices=...)", slices)):
        if len(seen) != 1:
            problems.append(f"{'no' if not seen else 'more than one'} {what} written in the README"
                            + (f" ({', '.join(sorted(seen))}: which one logged the line is not said)" if seen else ""))
    if problems:
        return 0
    (accelerator_type, at), (count, where) = next(iter(types.items())), next(iter(slices.items()))
    name, cores = accelerator_type.split("-")[0], int(accelerator_type.split("-")[1])
    per_chip = recipes.CORES_PER_CHIP.get(name)
    if name != family or per_chip is None or cores % per_chip:
        problems.append(f"the accelerator type {accelerator_type} (line {at.line}) is not one of {family}'s")
        return 0
    chips = cores // per_chip * int(count)
    notes.append(f"chips: {accelerator_type} (line {at.line}) × {count} slice(s) (line {where.line}); the number in a "
                 f"{family} type counts TensorCores, {per_chip} per chip")
    return chips


def _check_step_line(match, values: dict) -> None:
    """The step line's own total_weights (the tokens of one step) must be GBS × sequence length,
    and Tokens/s/device × seconds × chips must give it back: else the configuration quoted is not
    the one logged, or a device is not a chip."""
    weights = figure(match["weights"], "total_weights", maximum=1e13, whole=True)
    if values["gbs"] * values["seq_len"] != weights:
        raise BadCell(f"total_weights {weights:,} is not GBS {values['gbs']} × sequence length {values['seq_len']}: "
                      f"the configuration quoted is not the one logged")
    back = values["tokens_per_s_per_chip"] * values["step_time_s"] * values["chips"]
    if abs(back / weights - 1) > 0.01:
        raise BadCell(f"Tokens/s/device × seconds × {values['chips']} chips is {back:,.0f}, not total_weights "
                      f"{weights:,}: MaxText's devices are not these chips")


def _precision(found: dict) -> tuple[str, str]:
    """The precision a recipe trains in, and the note that says where from: its quantization, else
    its dtype, else MaxText's default dtype (a recipe that sets neither trains in bfloat16)."""
    quantization, dtype = found["settings"]["quantization"], found["settings"]["dtype"]
    if quantization["value"]:
        return quantization["value"], f"precision: quantization (line {quantization['line']})"
    if dtype["value"]:
        return dtype["value"], f"precision: dtype (line {dtype['line']}), no quantization"
    return MAXTEXT_DEFAULTS["dtype"], (f"precision not written: the configuration (lines {found['first_line']}-"
                                       f"{found['last_line']}) sets neither dtype nor quantization, so MaxText's "
                                       f"defaults apply (dtype bfloat16, no quantization: {MAXTEXT_DEFAULTS_READ})")
