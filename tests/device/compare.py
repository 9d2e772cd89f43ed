#!/usr/bin/env python3
"""Compares the device check's GPU output (run.sh) with gpurace's simulator.

For each kernel of this folder: `gpurace run` with the flags of its `// sim:`
line and `--dump`, then every buffer element against the GPU's: integers
exactly, floats bit for bit where they can be and within a relative 2e-6
otherwise (the math library's documented error); the lines device `printf`
printed (those starting with `p `), as multisets. Also prints what racecheck
and each of gpurace's detectors reported. Usage: compare.py GPU_OUT [GPURACE]"""
import json, math, pathlib, shlex, struct, subprocess, sys

here = pathlib.Path(__file__).parent
out = pathlib.Path(sys.argv[1])
gpurace = sys.argv[2] if len(sys.argv) > 2 else str(here / "../../target/release/gpurace")


def buffers(text):
    result = {}
    for line in text.splitlines():
        if ":" in line:
            name, values = line.split(":", 1)
            result[name.strip()] = values.split()
    return result


failed = False
for cu in sorted(here.glob("*.cu")):
    name = cu.name[:-3]
    flags = next(l for l in cu.read_text().splitlines() if l.startswith("// sim:"))[7:]
    dump = out / f"{name}.sim.txt"
    run = subprocess.run([gpurace, "run", str(cu), "--format", "json", "--dump", str(dump), *shlex.split(flags)],
                         capture_output=True, text=True)
    report = json.loads(run.stdout)
    races = sorted({(r.get("engine", "hb"), r["rule"], r["first"]["line"], r["second"]["line"]) for r in report["races"]})
    gpu_file = out / f"{name}.gpu.txt"
    if not gpu_file.exists():
        print(f"{name}: no GPU output")
        failed = True
        continue
    gpu, sim = buffers(gpu_file.read_text()), buffers(dump.read_text())
    exact = close = differ = 0
    for buf, values in gpu.items():
        mine = sim.get(buf, [])
        for i, (g, s) in enumerate(zip(values, mine)):
            gv, sv = float(g), float(s)
            # The GPU prints floats with %.9g, gpurace with the shortest text
            # that reads back: compare single-precision values as such.
            if any(c in g + s for c in ".en") and abs(gv) < 3.4e38 and abs(sv) < 3.4e38:
                gv, sv = (struct.unpack("f", struct.pack("f", v))[0] for v in (gv, sv))
            if gv == sv or (math.isnan(gv) and math.isnan(sv)):
                exact += 1
            elif abs(gv - sv) <= 2e-6 * max(abs(gv), abs(sv)):
                close += 1
            else:
                differ += 1
                if differ <= 5:
                    print(f"  {name}: {buf}[{i}] GPU {g} simulator {s}")
        if len(values) != len(mine):
            print(f"  {name}: {buf} has {len(values)} elements on the GPU, {len(mine)} in the simulator")
            differ += 1
    gpu_lines = sorted(l for l in gpu_file.read_text().splitlines() if l.startswith("p "))
    sim_lines = sorted(l for l in run.stderr.splitlines() if l.startswith("p "))
    if gpu_lines or sim_lines:
        same = sum(1 for a, b in zip(gpu_lines, sim_lines) if a == b)
        print(f"  {name}: printf {len(gpu_lines)} lines on the GPU, {len(sim_lines)} in the simulator, {same} equal")
        for a, b in [(a, b) for a, b in zip(gpu_lines, sim_lines) if a != b][:5]:
            print(f"    GPU       {a}\n    simulator {b}")
        failed |= gpu_lines != sim_lines
    racecheck = (out / f"{name}.racecheck.txt").read_text() if (out / f"{name}.racecheck.txt").exists() else ""
    hazards = [l.strip() for l in racecheck.splitlines() if "hazard" in l.lower() and "RACECHECK SUMMARY" not in l]
    summary = next((l.strip() for l in racecheck.splitlines() if "RACECHECK SUMMARY" in l), "no racecheck summary")
    print(f"{name}: {exact} elements equal, {close} within 2e-6, {differ} differ; "
          f"racecheck: {summary}; gpurace: {len(races)} race(s) {races}")
    # A racy kernel's values are the schedule's: they are shown, not required.
    failed |= differ > 0 and not name.endswith(".racy")
sys.exit(1 if failed else 0)
