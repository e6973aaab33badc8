#!/usr/bin/python3
"""Regina's half of the benchmark (bench/regina/run.sh): times Link.jones() on the groups of PD
codes written by `gojones -emit` (one JSON line per group, like gojones -time).

Usage: /usr/bin/python3 bench/regina/regina_jones.py inputs.json [mintime_seconds]

Regina caches polynomials on the Link, so every repetition builds fresh Links with
Link.fromPD (not timed) and then times jones() (and, separately, bracket()) on all of them.
Default algorithm (ALG_DEFAULT: Regina's treewidth-based dynamic programme), one thread.
"""
import json
import sys
import time

import regina


def coeffs(p):
    if p.isZero():
        return 0, []
    return p.minExp(), [int(str(p[e])) for e in range(p.minExp(), p.maxExp() + 1)]


def best(codes, method, mintime):
    b, reps, start = float("inf"), 0, time.perf_counter()
    while reps < 3 or time.perf_counter() - start < mintime:
        links = [regina.Link.fromPD(c) for c in codes]
        t0 = time.perf_counter()
        for L in links:
            getattr(L, method)()
        b = min(b, time.perf_counter() - t0)
        reps += 1
    return b, reps


def main():
    groups = json.load(open(sys.argv[1]))
    mintime = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    for g in groups:
        codes = g["knots"]
        checksum = 0
        for c in codes:
            lo, cs = coeffs(regina.Link.fromPD(c).jones())  # in t^(1/2)
            for i, x in enumerate(cs):
                if x:
                    e = lo + i
                    assert e % 2 == 0, "half-integer exponent in the Jones polynomial of a knot"
                    checksum += x * (e // 2) ** 2
        sizes = [len(c) for c in codes]
        cr = str(min(sizes)) if min(sizes) == max(sizes) else "%d–%d" % (min(sizes), max(sizes))
        js, reps = best(codes, "jones", mintime)
        bs, _ = best(codes, "bracket", mintime)
        print(json.dumps({"side": "regina", "group": g["name"], "knots": len(codes), "crossings": cr,
                          "reps": reps, "jones_s": js, "bracket_s": bs, "checksum": checksum}),
              flush=True)


if __name__ == "__main__":
    main()
