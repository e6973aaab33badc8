package material

import (
	"math"
	"strings"
	"testing"
)

func TestSectionBendTwist(t *testing.T) {
	r := 1e-3
	i := math.Pi * r * r * r * r / 4
	m := Material{Density: 1000, Young: 1e9, Shear: 4e8}
	s := m.Section(r)
	if s.Bend != 1e9*i || s.Twist != 4e8*2*i || s.Stretch != 1e9*math.Pi*r*r {
		t.Errorf("solid rod: %+v", s)
	}
	m.Bend, m.Twist = 1e7, 2e6
	s2 := m.Section(r)
	if s2.Bend != 1e7*i || s2.Twist != 2e6*2*i {
		t.Errorf("effective moduli: %+v", s2)
	}
	if s2.Stretch != s.Stretch || s2.MassPerLen != s.MassPerLen || s2.Area != s.Area {
		t.Errorf("Bend/Twist changed stretch or mass: %+v vs %+v", s2, s)
	}
	if m.BendModulus() != 1e7 || m.TwistModulus() != 2e6 || (Material{Young: 3, Shear: 1}).BendModulus() != 3 || (Material{Young: 3, Shear: 1}).TwistModulus() != 1 {
		t.Error("BendModulus/TwistModulus")
	}
	if err := m.Validate(); err != nil {
		t.Errorf("valid material: %v", err)
	}
	if (Material{Bend: 1}).IsZero() {
		t.Error("IsZero with Bend set")
	}
}

func TestValidateBendTwist(t *testing.T) {
	base := Material{Density: 1000, Young: 1e9, Shear: 4e8}
	cases := []struct {
		name        string
		bend, twist float64
		want        string // "" for valid
	}{
		{"zero", 0, 0, ""},
		{"equal", 1e9, 4e8, ""},
		{"soft", 1e3, 1e2, ""},
		{"bend negative", -1, 0, "bend: -1 Pa must be ≥ 0 and finite"},
		{"bend NaN", math.NaN(), 0, "bend: NaN Pa must be ≥ 0 and finite"},
		{"bend Inf", math.Inf(1), 0, "bend: +Inf Pa must be ≥ 0 and finite"},
		{"bend huge", 2e12, 0, "bend: 2e+12 Pa is above 1.5e+12 (stiffer than diamond)"},
		{"bend above young", 2e9, 0, "bend: 2e+09 Pa is above young 1e+09 Pa; a braided or twisted rope bends more easily"},
		{"twist negative", 0, -2, "twist: -2 Pa must be ≥ 0 and finite"},
		{"twist NaN", 0, math.NaN(), "twist: NaN Pa must be ≥ 0 and finite"},
		{"twist Inf", 0, math.Inf(-1), "twist: -Inf Pa must be ≥ 0 and finite"},
		{"twist huge", 0, 1e13, "twist: 1e+13 Pa is above 1.5e+12"},
		{"twist above shear", 0, 5e8, "twist: 5e+08 Pa is above shear 4e+08 Pa"},
	}
	for _, c := range cases {
		m := base
		m.Bend, m.Twist = c.bend, c.twist
		err := m.Validate()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("%s: error %v, want prefix %q", c.name, err, c.want)
		}
	}
	// Poisson's check stays on young and shear: a soft bend does not trip it.
	m := base
	m.Bend = 1
	if err := m.Validate(); err != nil {
		t.Errorf("soft bend: %v", err)
	}
	// Every error is named, and both fields are reported.
	m.Bend, m.Twist = -1, -1
	if err := m.Validate(); err == nil || !strings.Contains(err.Error(), "bend: ") || !strings.Contains(err.Error(), "\ntwist: ") {
		t.Errorf("both: %v", err)
	}
}
