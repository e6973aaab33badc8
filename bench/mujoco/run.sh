#!/usr/bin/env bash
# run.sh: build and run the MuJoCo rope peer benchmark, print a Markdown table.
#
#   bench/mujoco/run.sh            # full table (default + stiff contacts)
#   QUICK=1 bench/mujoco/run.sh    # skip the 1000-link runs (they take minutes)
#   bench/mujoco/run.sh pbd        # the peer scenes of knotsim's pbd (issue 10): coil100,
#                                  # tight1000 (overhand knot), pendulum; ~4 minutes
#
# Raw JSON lines are also written to bench/mujoco/results.jsonl (git-ignored).
set -euo pipefail
DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$DIR"

# ---- MuJoCo from Debian (libmujoco-dev, 2.2.2 in bookworm)
if ! dpkg -s libmujoco-dev >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update
  $SUDO apt-get install -y libmujoco-dev
fi

# ---- compiler flags
if pkg-config --exists mujoco 2>/dev/null; then
  CFLAGS_MJ="$(pkg-config --cflags mujoco)"
  LIBS_MJ="$(pkg-config --libs mujoco)"
else
  hdr="$(dpkg -L libmujoco-dev | grep '/mujoco/mujoco\.h$' | head -n1)"
  inc="$(dirname "$(dirname "$hdr")")"      # .../include (header is included as <mujoco/mujoco.h>)
  lib="$(dirname "$(dpkg -L libmujoco-dev | grep '/libmujoco\.so$' | head -n1)")"
  CFLAGS_MJ="-I$inc"
  LIBS_MJ="-L$lib -lmujoco"
fi
gcc -O2 -Wall -Wextra -o "$DIR/rope" "$DIR/rope.c" $CFLAGS_MJ $LIBS_MJ -lm

# ---- issue 10 (pbd) peer scenes: "links mode steps timeconst-or-integrator formulation"
if [ "${1:-}" = "pbd" ]; then
  PBD_RUNS=(
    "100 coil 5000 0.02 free"      "100 coil 5000 0.002 free"
    "100 coil 5000 0.02 chain"     "100 coil 5000 0.002 chain"
    "1000 knot 5000 0.02 free"     "1000 knot 5000 0.002 free"
    "20 pendulum 100000 Euler chain" "20 pendulum 100000 implicit chain" "20 pendulum 100000 RK4 chain"
  )
  PBD_BUDGET=50   # wall seconds of stepping per run (each run stays under a minute)
  : > "$DIR/results-pbd.jsonl"
  for r in "${PBD_RUNS[@]}"; do
    read -r n mode steps arg form <<<"$r"
    chain=0; [ "$form" = chain ] && chain=1
    echo "running links=$n mode=$mode steps=$steps $arg $form ..." >&2
    # MuJoCo prints its warnings (divergence, full buffers) on stdout: show them, keep JSON only
    out="$(PEER_CHAIN=$chain "$DIR/rope" "$n" "$steps" "$mode" "$arg" "$PBD_BUDGET")"
    printf '%s\n' "$out" >&2
    printf '%s\n' "$out" | grep '^{' >> "$DIR/results-pbd.jsonl"
  done
  echo
  echo "Machine: $(nproc) CPUs, $(lscpu | grep 'Model name' | sed 's/Model name:[[:space:]]*//'); $(uname -sr)"
  echo "MuJoCo: $("$DIR/rope" 3 1 loose | sed 's/.*"version":"\([^"]*\)".*/\1/') (Debian libmujoco-dev $(dpkg-query -W -f='${Version}' libmujoco-dev))"
  echo
  awk '
  function get(k,   re, s) {
    re = "\"" k "\":\"?[^,\"}]*"
    if (match($0, re)) { s = substr($0, RSTART, RLENGTH); sub("\"" k "\":\"?", "", s); return s }
    return "?"
  }
  BEGIN {
    print "| scene | links | formulation | integrator / solver | solref τ (s) | steps | sim time (s) | steps/s | diverged at (s) | max pen. (m) | max pen. / R | max pen. \\|i−j\\|≥3 (m) | initial pen. (m) | self-contacts avg | max joint gap (m) | overflow warnings | energy start / min / max / final (J) |"
    print "|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
  }
  {
    md = get("mode")
    if (md == "pendulum") {
      pen = "| | | | | | "
      en = sprintf("%.9g / %.9g / %.9g / %.9g", get("energy_start_J"), get("energy_min_J"), get("energy_max_J"), get("energy_final_J"))
      tc = "–"
    } else {
      pen = sprintf("| %.3g | %.3g | %.3g | %.3g | %s | ", get("max_penetration_m"), get("max_penetration_over_R"),
        get("max_penetration_ge3_m"), get("initial_penetration_m"), get("self_contacts_avg"))
      en = ""
      tc = get("solref_timeconst_s")
    }
    dv = get("diverged_at_s"); if (dv == "null") dv = "–"
    w = get("warn_contactfull") + get("warn_cnstrfull")
    printf "| %s | %s | %s | %s / %s | %s | %s | %.3f | %s | %s %s%.3g | %d | %s |\n",
      md, get("links"), get("formulation"), get("integrator"), get("solver"), tc, get("steps"),
      get("sim_time_s"), get("steps_per_s"), dv, pen, get("max_eq_violation_m"), w, en
  }' "$DIR/results-pbd.jsonl"
  exit 0
fi

# ---- runs: "links mode steps timeconst"
# Steps are chosen so each timed loop takes <= ~20 s on the machine in README.md; a 20 s
# wall budget also stops a run early on slower machines (the JSON reports actual steps).
# One step with 1000 links already takes ~30 s (see README), so those runs do one step.
RUNS=(
  "50 loose 2000 0.02"   "50 tight 2000 0.02"
  "200 loose 60 0.02"    "200 tight 50 0.02"
  "1000 loose 1 0.02"    "1000 tight 1 0.02"
  "50 loose 2000 0.002"  "50 tight 2000 0.002"
  "200 loose 60 0.002"   "200 tight 50 0.002"
)
BUDGET=20

: > "$DIR/results.jsonl"
for r in "${RUNS[@]}"; do
  read -r n mode steps tc <<<"$r"
  if [ -n "${QUICK:-}" ] && [ "$n" -ge 1000 ]; then continue; fi
  echo "running links=$n mode=$mode steps=$steps timeconst=$tc ..." >&2
  "$DIR/rope" "$n" "$steps" "$mode" "$tc" "$BUDGET" | tee -a "$DIR/results.jsonl" >&2
done

# ---- Markdown table (flat JSON, parsed with awk)
echo
echo "Machine: $(nproc) CPUs, $(lscpu | grep 'Model name' | sed 's/Model name:[[:space:]]*//'); $(uname -sr)"
echo "MuJoCo: $("$DIR/rope" 3 1 loose | sed 's/.*"version":"\([^"]*\)".*/\1/') (Debian libmujoco-dev $(dpkg-query -W -f='${Version}' libmujoco-dev))"
echo
awk '
function get(k,   re, s) {
  re = "\"" k "\":\"?[^,\"}]*"
  if (match($0, re)) { s = substr($0, RSTART, RLENGTH); sub("\"" k "\":\"?", "", s); return s }
  return "?"
}
BEGIN {
  print "| links | mode | solref τ (s) | steps | sim time (s) | steps/s | load (s) | max pen. (m) | max pen. / R | max pen. \\|i−j\\|≥3 (m) | max floor pen. (m) | contacts avg | self-contacts avg | overflow/bad warnings |"
  print "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
}
{
  w = get("warn_contactfull") + get("warn_cnstrfull") + get("warn_bad")
  printf "| %s | %s | %s | %s | %.3f | %s | %s | %.3g | %.3g | %.3g | %.3g | %s | %s | %d |\n",
    get("links"), get("mode"), get("solref_timeconst_s"), get("steps"),
    get("steps") * get("timestep_s"), get("steps_per_s"), get("load_s"),
    get("max_penetration_m"), get("max_penetration_over_R"), get("max_penetration_ge3_m"),
    get("max_penetration_floor_m"), get("contacts_avg"), get("self_contacts_avg"), w
}' "$DIR/results.jsonl"
