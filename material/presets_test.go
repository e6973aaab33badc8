package material

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestPresetsValid(t *testing.T) {
	names := PresetNames()
	if len(names) < 14 {
		t.Fatalf("%d presets: %v", len(names), names)
	}
	if !slices.IsSortedFunc(names, naturalCompare) {
		t.Fatalf("not sorted: %v", names)
	}
	for _, n := range names {
		m, err := Preset(n)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Validate(); err != nil {
			t.Errorf("%s: %v", n, err)
		}
		if m.Name != n || !(m.Diameter > 0) || !(m.Damping > 0) || m.IsZero() {
			t.Errorf("%s: %+v", n, m)
		}
		if nu := m.Poisson(); !(nu >= 0.3 && nu <= 0.5+1e-12) {
			t.Errorf("%s: Poisson's ratio %v", n, nu)
		}
	}
	for _, want := range []string{"polypropylene-2-0", "polypropylene-6-0", "nylon-2-0", "nylon-6-0", "silk-3-0", "cotton-string", "climbing-rope-10mm"} {
		if !slices.Contains(names, want) {
			t.Errorf("no preset %q", want)
		}
	}
}

func TestPresetUnknown(t *testing.T) {
	_, err := Preset("hemp")
	if err == nil || !strings.Contains(err.Error(), `unknown preset "hemp"; valid presets are `) ||
		!strings.Contains(err.Error(), "nylon-3-0") || !strings.Contains(err.Error(), "climbing-rope-10mm") {
		t.Fatalf("error %v", err)
	}
	if _, err := Preset(""); err == nil {
		t.Fatal("empty name accepted")
	}
}

// TestPresetUSPDiameters checks every suture preset's diameter against the USP limits on
// average diameter of Class I nonabsorbable sutures (monograph "Nonabsorbable Surgical
// Suture", Table 1), typed in here independently of presets.go.
func TestPresetUSPDiameters(t *testing.T) {
	usp := map[string][2]float64{ // mm
		"2-0":  {0.300, 0.339},
		"3-0":  {0.200, 0.249},
		"4-0":  {0.150, 0.199},
		"5-0":  {0.100, 0.149},
		"6-0":  {0.070, 0.099},
		"7-0":  {0.050, 0.069},
		"8-0":  {0.040, 0.049},
		"9-0":  {0.030, 0.039},
		"10-0": {0.020, 0.029},
	}
	n := 0
	for _, name := range PresetNames() {
		for _, kind := range []string{"polypropylene-", "nylon-", "silk-"} {
			size, ok := strings.CutPrefix(name, kind)
			if !ok {
				continue
			}
			r, ok := usp[size]
			if !ok {
				t.Errorf("%s: no USP range for size %q", name, size)
				continue
			}
			m, _ := Preset(name)
			if d := m.Diameter * 1e3; !(d >= r[0] && d <= r[1]) {
				t.Errorf("%s: diameter %v mm outside USP %s range %v mm", name, d, size, r)
			}
			n++
		}
	}
	if n != 21 {
		t.Errorf("%d suture presets, want 21 (9 polypropylene, 9 nylon, 3 silk)", n)
	}
}

func TestClimbingRope(t *testing.T) {
	m, err := Preset("climbing-rope-10mm")
	if err != nil {
		t.Fatal(err)
	}
	s := m.Section(m.Diameter / 2)
	if g := s.MassPerLen * 1e3; !(g >= 60 && g <= 66) {
		t.Errorf("mass %v g/m, want 60–66", g)
	}
	// EN 892: static elongation under 80 kg (from a 5 kg pre-load) at most 10 %.
	strain := 75 * 9.80665 / s.Stretch
	if !(strain > 0.05 && strain <= 0.10) {
		t.Errorf("static elongation %.3g, want 5–10 %%", strain)
	}
	if m.Diameter != 0.01 {
		t.Errorf("diameter %v", m.Diameter)
	}
	// Bending stiffness from EN 892's knotability (K ≤ 1.1; overhand knot set at 10 kg,
	// measured at 1 kg), with the loop of a planar elastica (width 1.066·√(EI/T)): typed in
	// here from the derivation in presets.go, 3.8e-3 ≤ EI ≤ 3.8e-2 N·m².
	lo := 9.80665 * math.Pow(0.021/1.0657, 2)
	if !(s.Bend >= lo*0.99 && s.Bend <= 10*lo*1.01) || math.Abs(lo/3.808e-3-1) > 1e-3 {
		t.Errorf("EI %v N·m², want %v … %v", s.Bend, lo, 10*lo)
	}
	if solid := m.Young * math.Pi * math.Pow(m.Diameter/2, 4) / 4; !(s.Bend < solid/10) {
		t.Errorf("EI %v not well below the solid rod's %v", s.Bend, solid)
	}
}

// TestPresetBend checks that textile presets bend far more easily than a solid rod of their
// tensile modulus, monofilaments are solid rods, and twist follows bend.
func TestPresetBend(t *testing.T) {
	for _, n := range PresetNames() {
		m, _ := Preset(n)
		s := m.Section(m.Diameter / 2)
		solid := m.Young * math.Pi * math.Pow(m.Diameter/2, 4) / 4
		textile := strings.HasPrefix(n, "silk-") || n == "cotton-string" || n == "climbing-rope-10mm"
		switch {
		case textile && !(m.Bend > 0 && s.Bend < solid/10 && m.Twist == m.Bend/3):
			t.Errorf("%s: bend %v, twist %v, EI %v vs solid %v", n, m.Bend, m.Twist, s.Bend, solid)
		case !textile && (m.Bend != 0 || m.Twist != 0 || math.Abs(s.Bend/solid-1) > 1e-12):
			t.Errorf("%s: monofilament with bend %v, twist %v", n, m.Bend, m.Twist)
		}
	}
	// Free-fibre silk, 3-0: 8.7 GPa·(5.5 µm/112.5 µm)², by hand.
	silk, _ := Preset("silk-3-0")
	if want := 8.7e9 * math.Pow(5.5/112.5, 2); math.Abs(silk.Bend/want-1) > 1e-9 {
		t.Errorf("silk-3-0 bend %v, want %v", silk.Bend, want)
	}
	// Cotton: 7.7 GPa·0.55·(r_f/1 mm)², r_f² = 1.77e-7/(π·1540).
	co, _ := Preset("cotton-string")
	if want := 7.7e9 * 0.55 * 1.77e-7 / (math.Pi * 1540) / 1e-6; math.Abs(co.Bend/want-1) > 1e-9 {
		t.Errorf("cotton bend %v, want %v", co.Bend, want)
	}
}

func TestPresetMagnitudes(t *testing.T) {
	// Mass per length of a 3-0 nylon suture, and of cotton string, against hand calculations.
	ny, _ := Preset("nylon-3-0")
	if got, want := ny.Section(ny.Diameter/2).MassPerLen, 1140*math.Pi*0.1125e-3*0.1125e-3; math.Abs(got/want-1) > 1e-12 {
		t.Errorf("nylon-3-0 mass %v kg/m, want %v", got, want)
	}
	co, _ := Preset("cotton-string")
	if g := co.Section(co.Diameter/2).MassPerLen * 1e3; !(g > 2 && g < 3.5) {
		t.Errorf("cotton string %v g/m", g)
	}
	// Air damping grows as the thread thins: Stokes-like drag per length over a mass per
	// length ∝ d², about 200/s at 10-0 (0.025 mm).
	prev := 0.0
	for _, size := range []string{"2-0", "3-0", "4-0", "5-0", "6-0", "7-0", "8-0", "9-0", "10-0"} {
		m, _ := Preset("nylon-" + size)
		if !(m.Damping > prev) || m.Damping > 300 {
			t.Errorf("nylon-%s damping %v after %v", size, m.Damping, prev)
		}
		prev = m.Damping
	}
}

func ExamplePreset() {
	for _, n := range []string{"nylon-3-0", "climbing-rope-10mm"} {
		m, _ := Preset(n)
		s := m.Section(m.Diameter / 2)
		fmt.Printf("%s: d = %.3g mm, %.3g g/m, E = %.3g Pa, EI = %.3g N·m²\n", n, m.Diameter*1e3, s.MassPerLen*1e3, m.Young, s.Bend)
	}
	// Output:
	// nylon-3-0: d = 0.225 mm, 0.0453 g/m, E = 2.5e+09 Pa, EI = 3.15e-07 N·m²
	// climbing-rope-10mm: d = 10 mm, 63 g/m, E = 1.17e+08 Pa, EI = 0.00381 N·m²
}

// PresetNames lists the presets with their sizes in numeric order (nylon-2-0 … nylon-10-0),
// each once.
func TestPresetNamesOrder(t *testing.T) {
	names := PresetNames()
	idx := func(n string) int { return slices.Index(names, n) }
	for _, pair := range [][2]string{{"nylon-2-0", "nylon-3-0"}, {"nylon-9-0", "nylon-10-0"}, {"cotton-string", "nylon-2-0"}, {"nylon-10-0", "polypropylene-2-0"}} {
		if a, b := idx(pair[0]), idx(pair[1]); a < 0 || b < 0 || a >= b {
			t.Errorf("%s at %d, %s at %d: want the first before the second (%v)", pair[0], a, pair[1], b, names)
		}
	}
	if len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Errorf("duplicates in %v", names)
	}
	for _, c := range []struct {
		a, b string
		want int
	}{{"a2", "a10", -1}, {"a10", "a2", 1}, {"a02", "a2", 0}, {"a", "a1", -1}, {"b", "a9", 1}, {"x-9-0", "x-10-0", -1}} {
		if got := naturalCompare(c.a, c.b); got != c.want {
			t.Errorf("naturalCompare(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
