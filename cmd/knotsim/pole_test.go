package main

import (
	"math"
	"strings"
	"testing"
)

// FuzzParsePole: -pole never panics, and what it accepts is a pole: seven finite numbers, two
// different axis points, a radius ≥ 0; what it refuses, it refuses naming the flag.
func FuzzParsePole(f *testing.F) {
	for _, s := range []string{"0,0,-0.15,0,0,0.15,0.02", "0 0 0 1 1 1 0", "0,0,0,0,0,0,1", "1,2,3", "a,b,c,d,e,f,g",
		"0,0,0,0,0,1,-1", "0,0,0,0,0,1,NaN", "0,0,0,0,0,1e309,1", ",,,,,,,0,0,0,0,0,1,1", "0x1p3,0,0,0,0,1,0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := parsePole(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "-pole ") {
				t.Fatalf("%q: error %q does not name -pole", s, err)
			}
			return
		}
		if !p.a.IsFinite() || !p.b.IsFinite() || p.a == p.b || !(p.radius >= 0) || math.IsInf(p.radius, 0) {
			t.Fatalf("%q accepted as %+v", s, p)
		}
	})
}
