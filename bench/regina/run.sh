#!/bin/sh
# Side-by-side benchmark: knotsim's invariant.Jones/Bracket against Regina's Link.jones()/bracket()
# on the same PD codes (see README.md). Prints a Markdown table.
#
#   bench/regina/run.sh [mintime_seconds]     (default 1: each group is repeated ≥ 1 s, best pass)
#
# Needs Go and Regina's Python module for /usr/bin/python3 (apt-get install -y regina-normal).
set -eu
cd "$(dirname "$0")/../.."
mintime=${1:-1}
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

if ! $py -c 'import regina' 2>/dev/null; then
	echo "run.sh: $py cannot import regina (apt-get install -y regina-normal)" >&2
	exit 1
fi
go build -o "$tmp/gojones" ./bench/regina/gojones
"$tmp/gojones" -emit "$tmp/inputs.json"
"$tmp/gojones" -time "$tmp/inputs.json" -mintime "${mintime}s" >"$tmp/knotsim.jsonl"
$py bench/regina/regina_jones.py "$tmp/inputs.json" "$mintime" >"$tmp/regina.jsonl"

model=$(lscpu | sed -n 's/^Model name:[[:space:]]*//p' | head -1)
regina=$($py -c 'import regina; print(regina.versionString())')
echo "**Machine ($(date +%F)):** $(nproc) CPUs ($model), $(uname -sr), $(go version | cut -d' ' -f3-4), Regina $regina (Debian regina-normal, Python $($py -c 'import sys; print(sys.version.split()[0])')), one thread each."
echo
$py - "$tmp/knotsim.jsonl" "$tmp/regina.jsonl" <<'PY'
import json, sys
ks = [json.loads(l) for l in open(sys.argv[1])]
rg = {r["group"]: r for r in (json.loads(l) for l in open(sys.argv[2]))}

def fmt(s):
    if s >= 1:
        return "%.2f s" % s
    if s >= 1e-3:
        return "%.1f ms" % (s * 1e3)
    return "%.0f µs" % (s * 1e6)

print("| input | knots | crossings | knotsim Jones | knotsim Bracket | Regina jones() | Regina bracket() | Regina / knotsim (Jones) | per knot: knotsim / Regina | same Jones |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|:---:|")
for k in ks:
    r = rg[k["group"]]
    n = k["knots"]
    print("| %s | %d | %s | %s | %s | %s | %s | %.1f× | %s / %s | %s |" % (
        k["group"], n, k["crossings"], fmt(k["jones_s"]), fmt(k["bracket_s"]),
        fmt(r["jones_s"]), fmt(r["bracket_s"]), r["jones_s"] / k["jones_s"],
        fmt(k["jones_s"] / n), fmt(r["jones_s"] / n),
        "yes" if k["checksum"] == r["checksum"] else "**NO**"))
PY
