#!/usr/bin/python3
"""Regina oracle for knotsim: invariants of a batch of PD codes, computed by Regina.

Usage: /usr/bin/python3 tools/regina/oracle.py IN.json OUT.json

IN.json:  {"exhaustive_max": 14,            # optional: simplifyExhaustive(height=1) after
                                            # intelligentSimplify when at most this many crossings
           "knots": [{"id": "walk-3", "pd": [[1,5,2,4],[3,1,4,6],[5,3,6,2]]}, ...]}
OUT.json: {"regina": "7.3", "results": [{
             "id": "walk-3",
             "crossings": 3, "components": 1, "writhe": 3,
             "signs": [1, 1, 1],            # Regina's sign of each crossing, in PD order
             "bracket_min": -7,             # Kauffman bracket in A, <unknot> = 1
             "bracket": [1, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, -1],
             "jones_half_min": 2,           # Jones polynomial in s = t^(1/2), as Regina returns
             "jones_half": [1, 0, 0, 0, 1, 0, -1],  # coefficients of s^min, s^(min+1), ...
             "jones_min": 1, "jones": [1, 0, 1, -1],  # in t (knots), null if half-integer
             "alexander": [1, -1, 1],       # from HOMFLY (alpha = 1 gives Conway, z = s - 1/s),
                                            # lowest exponent 0, lowest coefficient positive;
                                            # links too ([] for split links)
             "simplified": 3,               # crossings after intelligentSimplify (+ exhaustive)
             "exhaustive": true,            # whether simplifyExhaustive ran
             "simplified_pd": [[...]],
             "seconds": 0.001,
             "error": null}]}

Covers mode: IN.json {"mode": "covers", "covers_timeout": 20,
                      "knots": [{"id": "3_1", "pd": [...], "covers_max": 5}, ...]}
gives {"regina": "7.3", "results": [{"id": "3_1", "covers": [1, 2, 3, 2], "seconds": 0.001,
"timeout": false, "error": null}]}: the numbers of connected n-fold covers of the knot
complement for n = 2 ... covers_max, i.e. GroupPresentation.enumerateCovers(n) of Link.group()
(transitive representations into S_n up to conjugacy). Regina's time depends on how far its
presentation simplifies: index 7 of 12a_452 (4 generators) runs for many minutes, so each knot
gets covers_timeout seconds (default 20); past it "timeout" is true and "covers" null. The
limit is hard: enumerateCovers is one C++ call that a Python alarm cannot interrupt (it waited
for minutes in CI), so the knots are counted in a forked worker process that is killed and
replaced when a knot overruns.

Regina's Link.jones() is the Jones polynomial with all exponents doubled (a Laurent polynomial
in x = sqrt(t)). Regina 7.3 has no Alexander polynomial for links; it is read off the HOMFLY-PT
polynomial homflyAZ() (alpha P(L+) - alpha^-1 P(L-) = z P(L0)): at alpha = 1 this is the
Conway skein relation, and Delta(t) = Conway(t^(1/2) - t^(-1/2)).
"""
import json
import re
import multiprocessing
import sys
import time

import regina


def laurent_coeffs(p):
    """Coefficients of a regina.Laurent as (min exponent, [ints])."""
    if p.isZero():
        return 0, []
    lo, hi = p.minExp(), p.maxExp()
    return lo, [int(str(p[e])) for e in range(lo, hi + 1)]


_TERM = re.compile(r"^(\d+)?\s*(?:x(?:\^(-?\d+))?)?\s*(?:y(?:\^(-?\d+))?)?$")


def laurent2_terms(p):
    """Terms {(xexp, yexp): coeff} of a regina.Laurent2, parsed from its str()."""
    s = str(p).strip()
    out = {}
    if s == "0" or p.isZero():
        return out
    # Split into signed terms; exponents like x^-2 contain '-' after '^' only.
    parts = re.split(r"\s+([+-])\s+", s)
    signs = [1]
    terms = [parts[0]]
    for i in range(1, len(parts), 2):
        signs.append(1 if parts[i] == "+" else -1)
        terms.append(parts[i + 1])
    for sign, t in zip(signs, terms):
        t = t.strip()
        if t.startswith("-"):
            sign, t = -sign, t[1:].strip()
        m = _TERM.match(t)
        if not m or t == "":
            raise ValueError("cannot parse Laurent2 term %r in %r" % (t, s))
        c = int(m.group(1)) if m.group(1) else 1
        xe = 0
        if "x" in t:
            xe = int(m.group(2)) if m.group(2) is not None else 1
        ye = 0
        if "y" in t:
            ye = int(m.group(3)) if m.group(3) is not None else 1
        out[(xe, ye)] = out.get((xe, ye), 0) + sign * c
    return out


def polymul(a, b):
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def alexander_from_homfly(h):
    """One-variable Alexander polynomial, normalised like knotsim/KnotInfo (lowest exponent 0,
    lowest coefficient positive), of a knot or link from its homflyAZ(): alpha = 1 gives the
    Conway polynomial, and z = s - 1/s with s = t^(1/2). For a link Delta(t) is defined up to
    +-t^(k/2); the s-exponents of one link all have one parity, so halving them after the shift
    to lowest exponent 0 gives integer exponents. A split link gives [] (zero)."""
    conway = {}
    for (xe, ye), c in laurent2_terms(h).items():
        conway[ye] = conway.get(ye, 0) + c
    conway = {k: v for k, v in conway.items() if v}
    if any(k < 0 for k in conway):
        raise ValueError("Conway polynomial with negative z powers: %r" % conway)
    if not conway:
        return []
    top = max(conway)
    # z^m = (s - 1/s)^m = s^-m (s^2 - 1)^m; multiply everything by s^top.
    total = [0] * (2 * top + 1)
    for m, c in conway.items():
        p = [1]
        for _ in range(m):
            p = polymul(p, [-1, 0, 1])
        for i, v in enumerate(p):
            total[top - m + i] += c * v
    while total and total[0] == 0:
        total.pop(0)
    while total and total[-1] == 0:
        total.pop()
    if any(total[1::2]):
        raise ValueError("Alexander polynomial with mixed half-integer exponents: %r" % total)
    total = total[0::2]
    if total and total[0] < 0:
        total = [-v for v in total]
    return total


def analyse(k, exhaustive_max):
    r = {"id": k.get("id"), "error": None}
    start = time.perf_counter()
    try:
        L = regina.Link.fromPD(k["pd"]) if k["pd"] else regina.Link(1)
        r["crossings"] = L.size()
        r["components"] = L.countComponents()
        r["writhe"] = L.writhe()
        r["signs"] = [L.crossing(i).sign() for i in range(L.size())]
        lo, cs = laurent_coeffs(L.bracket())
        r["bracket_min"], r["bracket"] = lo, cs
        lo, cs = laurent_coeffs(L.jones())
        r["jones_half_min"], r["jones_half"] = lo, cs
        if r["components"] == 1:
            if lo % 2 == 0 and all(c == 0 for c in cs[1::2]):
                r["jones_min"], r["jones"] = lo // 2, cs[0::2]
            else:
                r["jones_min"], r["jones"] = None, None
        S = regina.Link(L)
        S.intelligentSimplify()
        r["exhaustive"] = False
        if r["components"] == 1 and 0 < S.size() <= exhaustive_max:
            S.simplifyExhaustive(1)
            r["exhaustive"] = True
        r["simplified"] = S.size()
        r["simplified_pd"] = [list(x) for x in S.pdData()]
        if S.size() == 0:
            r["alexander"] = [1] if r["components"] == 1 else []
        else:
            r["alexander"] = alexander_from_homfly(S.homflyAZ())
    except Exception as e:  # report, do not stop the batch
        r["error"] = "%s: %s" % (type(e).__name__, e)
    r["seconds"] = time.perf_counter() - start
    return r


def covers(k):
    r = {"id": k.get("id"), "error": None, "timeout": False, "covers": None}
    start = time.perf_counter()
    try:
        L = regina.Link.fromPD(k["pd"])
        if L.countComponents() != 1:
            raise ValueError("%d components: covers are counted for knots" % L.countComponents())
        g = L.group()
        r["covers"] = [g.enumerateCovers(n, lambda *a: None) for n in range(2, k["covers_max"] + 1)]
    except Exception as e:  # report, do not stop the batch
        r["error"] = "%s: %s" % (type(e).__name__, e)
    r["seconds"] = time.perf_counter() - start
    return r


def _cover_worker(conn):
    while True:
        k = conn.recv()
        if k is None:
            return
        conn.send(covers(k))


def all_covers(knots, timeout):
    """covers of every knot, each in at most timeout seconds of a worker process."""
    ctx = multiprocessing.get_context("fork")
    results, worker, conn = [], None, None
    for k in knots:
        if worker is None:
            conn, child = ctx.Pipe()
            worker = ctx.Process(target=_cover_worker, args=(child,), daemon=True)
            worker.start()
            child.close()
        start = time.perf_counter()
        conn.send(k)
        if conn.poll(timeout):
            try:
                results.append(conn.recv())
                continue
            except EOFError:  # the worker died (Regina crashed): report it, start another
                results.append({"id": k.get("id"), "error": "the worker process died (exit %s)" % worker.exitcode,
                                "timeout": False, "covers": None, "seconds": time.perf_counter() - start})
                worker.join()
                conn.close()
                worker = None
                continue
        worker.kill()
        worker.join()
        conn.close()
        worker = None
        results.append({"id": k.get("id"), "error": None, "timeout": True, "covers": None,
                        "seconds": time.perf_counter() - start})
    if worker is not None:
        conn.send(None)
        worker.join()
    return results


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: oracle.py IN.json OUT.json")
    with open(sys.argv[1]) as f:
        batch = json.load(f)
    exhaustive_max = batch.get("exhaustive_max", 0)
    if batch.get("mode") == "covers":
        results = all_covers(batch["knots"], float(batch.get("covers_timeout", 20)))
    else:
        results = [analyse(k, exhaustive_max) for k in batch["knots"]]
    with open(sys.argv[2], "w") as f:
        json.dump({"regina": regina.versionString(), "results": results}, f)


if __name__ == "__main__":
    main()
