package scene

import (
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/knotsim/knotsim/layout"
)

// Knot security scenes (seed 003 §4.2.2, Table 4.1 col. 1; issue 12): each bend's scene
// validates and builds with the thesis's thread (r = l0 = 0.5 mm, 150 vertices; 180 for the
// surgeon's knot), runs 50 cycles under pbd, and its force tools pull with 1 N along ∓x while
// the tail tools hold.
func TestSecurityScenes(t *testing.T) {
	for _, k := range SecurityKnots {
		t.Run(k, func(t *testing.T) {
			t.Parallel()
			sc, err := SecurityScene(k, SecurityMu, "")
			if err != nil {
				t.Fatal(err)
			}
			if err := sc.Validate(); err != nil {
				t.Fatal(err)
			}
			r := sc.Ropes[0]
			if r.Links != SecurityLinks(k) || r.LinkLength != 0.5e-3 || r.Radius != 0.5e-3 || sc.Solver.Type != "pbd" {
				t.Errorf("thread %d links of %v m, radius %v m, solver %q", r.Links, r.LinkLength, r.Radius, sc.Solver.Type)
			}
			if m := r.Material.Custom; m == nil || m.Friction.Static != SecurityMu || m.Friction.Kinetic != SecurityMu {
				t.Errorf("material %+v, want friction %v", r.Material, SecurityMu)
			}
			sim, err := Build(sc, BuildOptions{})
			if err != nil {
				t.Fatal(err)
			}
			w := sim.World
			for range 50 {
				if err := sim.Step(); err != nil {
					t.Fatalf("cycle %d: %v", w.Cycle, err)
				}
			}
			for i, dir := range []float64{-1, 1} {
				tl := w.Tools[2+i]
				if !tl.HasForce || math.Abs(tl.Applied.Norm()-SecurityForce) > 1e-9 || math.Abs(tl.Applied.X-dir*SecurityForce) > 1e-9 {
					t.Errorf("%s pulls with %v N (known %v), want %v N along %+.0f x", tl.Name, tl.Applied, tl.HasForce, SecurityForce, dir)
				}
			}
			for i := range 2 {
				if tl := w.Tools[i]; !tl.Active || tl.Applied.Norm() == 0 {
					t.Errorf("%s: active %v, force %v N: the tail is not held", tl.Name, tl.Active, tl.Applied)
				}
			}
			// The standing nodes are where the layout put them.
			bend, _ := layout.Bend(layout.Options{Links: r.Links, Link: r.LinkLength, Radius: r.Radius}, layout.BendKind(k), 0)
			if sc.Tools[2].Node != bend.Standing[0] || sc.Tools[3].Node != bend.Standing[1] {
				t.Errorf("force tools at nodes %d, %d; the standing parts are at %v", sc.Tools[2].Node, sc.Tools[3].Node, bend.Standing)
			}
			t.Logf("after 50 cycles: self contacts %d, standing parts %.2f mm apart", w.Last.SelfContacts,
				1e3*w.State.Pos[sim.nodes[2]].Dist(w.State.Pos[sim.nodes[3]]))
		})
	}
}

func TestSecuritySceneErrors(t *testing.T) {
	for _, c := range []struct {
		knot   string
		mu     float64
		solver string
		want   string
	}{
		{"bowline", 0.5, "pbd", "unknown bend"},
		{"reef", 0, "pbd", "μ"},
		{"reef", math.NaN(), "pbd", "μ"},
		{"reef", 0.5, "ftl", "not a physical solver"},
		{"reef", 0.5, "verlet", "not a physical solver"},
	} {
		_, err := SecurityScene(c.knot, c.mu, c.solver)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("SecurityScene(%q, %v, %q): %v, want an error with %q", c.knot, c.mu, c.solver, err, c.want)
		}
	}
	// Every physical solver is accepted (the list, not a copy of it).
	for _, s := range PhysicalSolverTypes {
		if sc, err := SecurityScene("granny", 0.3, s); err != nil || sc.Solver.Type != s {
			t.Errorf("solver %s: %v", s, err)
		}
	}
}

// RegisterSecurityBuiltins adds the five scenes under their names, each once; Builtin then
// returns the same scene as SecurityScene. (It is called only here: see its comment.)
func TestRegisterSecurityBuiltins(t *testing.T) {
	saved := builtins
	defer func() { builtins = saved; securityOnce = sync.Once{} }()
	builtins = slices.Clone(saved)
	RegisterSecurityBuiltins()
	RegisterSecurityBuiltins()
	n := 0
	for _, name := range BuiltinNames() {
		if strings.HasPrefix(name, "security-") {
			n++
		}
	}
	if n != len(SecurityKnots) {
		t.Fatalf("%d security scenes registered, want %d", n, len(SecurityKnots))
	}
	got, err := Builtin("security-thief")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := SecurityScene("thief", SecurityMu, "pbd")
	a, _ := Marshal(got)
	b, _ := Marshal(want)
	if string(a) != string(b) {
		t.Error("Builtin(security-thief) differs from SecurityScene(thief)")
	}
}

// SetSecurityFriction sets μ on every strand and the solver takes it; μ = 0 (the set phase,
// SecuritySetMu) is allowed, a negative, NaN or too large μ is not.
func TestSetSecurityFriction(t *testing.T) {
	sc, err := SecurityScene("thief", SecurityMu, "implicit")
	if err != nil {
		t.Fatal(err)
	}
	sim, err := Build(sc, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, mu := range []float64{SecuritySetMu, 0.35} {
		if err := SetSecurityFriction(sim, mu); err != nil {
			t.Fatalf("μ = %v: %v", mu, err)
		}
		for i, s := range sim.World.State.Strands {
			if f := s.Material.Friction; f.Static != mu || f.Kinetic != mu {
				t.Errorf("μ = %v: strand %d has friction %+v", mu, i, f)
			}
		}
		if err := sim.Step(); err != nil {
			t.Fatalf("μ = %v: step: %v", mu, err)
		}
	}
	for _, mu := range []float64{-0.1, math.NaN(), math.Inf(1), 11} {
		if err := SetSecurityFriction(sim, mu); err == nil || !strings.Contains(err.Error(), "μ") {
			t.Errorf("μ = %v: error %v, want one naming μ", mu, err)
		}
	}
	if f := sim.World.State.Strands[0].Material.Friction; f.Static != 0.35 {
		t.Errorf("a refused μ changed the friction to %+v", f)
	}
}
