#!/usr/bin/env bash
# run.sh: build and run the MuJoCo rope peer benchmark, print a Markdown table.
#
#   bench/mujoco/run.sh            # full table (default + stiff contacts)
#   QUICK=1 bench/mujoco/run.sh    # skip the 1000-link runs (they take minutes)
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
