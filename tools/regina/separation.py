#!/usr/bin/python3
"""How far HOMFLY-PT and cover counts separate the knot table's look-alikes, computed by Regina.

Usage: /usr/bin/python3 tools/regina/separation.py [MAX_INDEX]   (default 6; about 20 s)

Reads the KnotInfo table that knotsim embeds (knot/table/data/prime_knots_upto_12.csv). An
entry is a knot in one chirality (an amphichiral knot is one entry, a chiral one two). Entries
are grouped by Alexander polynomial (up to sign), Jones polynomial (mirrored: t -> 1/t) and
signature (mirrored: negated), the invariants knotsim computed before cover counts; then each
group is split by Regina's HOMFLY-PT polynomial (Link.homfly(), of the mirror for a mirrored
entry) and, separately, by the numbers of connected n-fold covers for n = 2..MAX_INDEX
(Link.group().enumerateCovers(n)). Prints the groups left and the entries in them after each
addition; knot/table's TestSeparation asserts knotsim's own counts for the covers.
"""
import csv
import json
import os
import sys

import regina

HERE = os.path.dirname(os.path.abspath(__file__))
TABLE = os.path.join(HERE, "..", "..", "knot", "table", "data", "prime_knots_upto_12.csv")


def main():
    max_index = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    rows = list(csv.DictReader(open(TABLE)))
    groups = {}
    for r in rows:
        a = [int(x) for x in r["alexander_coeffs"].split()]
        if a and a[0] < 0:
            a = [-x for x in a]
        jc = [int(x) for x in r["jones_coeffs"].split()]
        lo = int(r["jones_lowest_exponent"])
        for mirror in (False, True):
            if mirror and r["chiral"] != "Y":
                continue
            j = (-(lo + len(jc) - 1), tuple(reversed(jc))) if mirror else (lo, tuple(jc))
            sig = -int(r["signature"]) if mirror else int(r["signature"])
            groups.setdefault((tuple(a), j, sig), []).append((r, mirror))
    shared = [g for g in groups.values() if len(g) > 1]
    print("Alexander, Jones, signature: %d groups, %d entries" % (len(shared), sum(map(len, shared))))
    cache = {}

    def inv(r):
        if r["name"] not in cache:
            L = regina.Link.fromPD(json.loads(r["pd_notation"]))
            M = regina.Link(L)
            M.reflect()
            g = L.group()
            cache[r["name"]] = (str(L.homfly()), str(M.homfly()),
                                [g.enumerateCovers(n, lambda *a: None) for n in range(2, max_index + 1)])
        return cache[r["name"]]

    def split(gs, key):
        out = []
        for g in gs:
            sub = {}
            for e in g:
                sub.setdefault(key(e), []).append(e)
            out += [s for s in sub.values() if len(s) > 1]
        return out

    h = split(shared, lambda e: inv(e[0])[1 if e[1] else 0])
    print("+ HOMFLY-PT: %d groups, %d entries" % (len(h), sum(map(len, h))))
    c = shared
    for n in range(2, max_index + 1):
        c = split(c, lambda e: inv(e[0])[2][n - 2])
        print("+ %d-fold covers: %d groups, %d entries" % (n, len(c), sum(map(len, c))))
    both = split(c, lambda e: inv(e[0])[1 if e[1] else 0])
    print("covers to %d and HOMFLY-PT: %d groups, %d entries" % (max_index, len(both), sum(map(len, both))))


if __name__ == "__main__":
    main()
