package scene

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot/live"
	"github.com/knotsim/knotsim/layout"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/world"
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

// The five security scenes are built-in scenes, each once, the same as SecurityScene under
// implicit at SecurityMu.
func TestSecurityBuiltinsRegistered(t *testing.T) {
	n := 0
	for _, name := range BuiltinNames() {
		if IsSecurityBuiltin(name) {
			n++
		}
	}
	if n != len(SecurityKnots) {
		t.Fatalf("%d security scenes built in, want %d", n, len(SecurityKnots))
	}
	got, err := Builtin("security-thief")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := SecurityScene("thief", SecurityMu, "implicit")
	a, _ := Marshal(got)
	b, _ := Marshal(want)
	if string(a) != string(b) {
		t.Error("Builtin(security-thief) differs from SecurityScene(thief)")
	}
}

// Every built-in security scene, run to its end as `knotsim run` would: the knot is set
// without friction (set_friction until the tails are let go), then holds at μ = 0.95 by
// friction alone — the loaded points part by less than a diameter after the release, and the
// knot's type is unchanged.
func TestSecurityBuiltins(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the five security scenes (2,500 cycles each)")
	}
	for _, name := range BuiltinNames() {
		if !IsSecurityBuiltin(name) {
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			sim := buildBuiltin(t, name)
			w := sim.World
			identify := live.WorldIdentifier(w.Obstacles)
			var snap world.Snapshot
			start := identify(w.Snapshot(&snap)).Ropes[0]
			a, b := sim.Scene.Tools[2].Node, sim.Scene.Tools[3].Node
			release := *sim.Scene.Tools[0].Release
			set, drift := 0.0, 0.0
			for !sim.Done() {
				before := w.Time
				if err := sim.Step(); err != nil {
					t.Fatalf("cycle %d: %v", w.Cycle, err)
				}
				d := w.State.Pos[a].Dist(w.State.Pos[b])
				switch {
				case w.Time < release:
					if mu := w.State.Strands[0].Material.Friction.Static; mu != SecuritySetMu {
						t.Fatalf("t = %.3f s, before the release: friction %v, want %v", w.Time, mu, SecuritySetMu)
					}
					set = d
				case before < release:
					if mu := w.State.Strands[0].Material.Friction.Static; mu != SecurityMu {
						t.Fatalf("t = %.3f s, the release: friction %v, want %v", w.Time, mu, SecurityMu)
					}
					fallthrough
				default:
					drift = math.Max(drift, d-set)
				}
			}
			end := identify(w.Snapshot(&snap)).Ropes[0]
			t.Logf("standing parts %.2f mm apart when set, drift %.3f mm after the release; knot %s → %s", set*1e3, drift*1e3, start, end)
			if drift > 2*SecurityRadius {
				t.Errorf("the knot slipped at μ = %v: the loaded points parted by %.3f mm", SecurityMu, drift*1e3)
			}
			if end != start {
				t.Errorf("the knot changed from %s to %s", start, end)
			}
		})
	}
}

// set_friction: until its time the rope has that friction, from the cycle that reaches it on
// its material's (the solver takes it: a rope lying on a tilted plane slides while frictionless
// and stops once its friction is back); an FTL scene ignores it; bad values name the field.
func TestSetFriction(t *testing.T) {
	sc := &Scene{Dt: 1e-3, Duration: 0.3, Gravity: &Vec{2, 0, -9.81},
		Solver: Solver{Type: "implicit"},
		Ropes: []Rope{{Links: 10, LinkLength: 0.01, Radius: 0.002,
			Material: &Material{Custom: &CustomMaterial{Density: 1140, Young: 2e9, Shear: 8e8,
				Friction: MaterialFriction{Static: 0.5, Kinetic: 0.4}, Damping: 1}},
			Layout:      Layout{Type: LayoutStraight, From: &Vec{0, 0, 0.002}, Dir: &Vec{0, 1, 0}},
			SetFriction: &SetFriction{Until: 0.1, Friction: MaterialFriction{}}}},
		Obstacles: []Obstacle{{Type: ObstaclePlane, Point: &Vec{}, Normal: &Vec{0, 0, 1}}},
	}
	sim, err := Build(sc, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w := sim.World
	for range 99 { // to t = 0.099 s: the cycle that reaches 0.1 s has the material's
		if err := sim.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if f := w.State.Strands[0].Material.Friction; f.Static != 0 || f.Kinetic != 0 {
		t.Fatalf("at %.3f s the friction is %+v, want 0", w.Time, f)
	}
	x1 := w.State.Pos[0].X
	if x1 < 1e-3 {
		t.Fatalf("frictionless on a plane pushed along x by 2 m/s²: moved %.3g m in 0.099 s", x1)
	}
	for !sim.Done() {
		if err := sim.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if f := w.State.Strands[0].Material.Friction; f.Static != 0.5 || f.Kinetic != 0.4 {
		t.Fatalf("after 0.1 s the friction is %+v, want the material's", f)
	}
	if v := w.Solver.(solver.Physical).Velocity(0).X; math.Abs(v) > 1e-3 {
		t.Errorf("with μ 0.5 against a pull of 0.2 g the rope still slides at %.3g m/s", v)
	}
	// FTL: ignored (the material is not used).
	ftl, err := Build(sc, BuildOptions{Solver: "ftl"})
	if err != nil {
		t.Fatal(err)
	}
	if ftl.until[0] != 0 {
		t.Error("an FTL scene keeps a set_friction schedule")
	}
	for _, c := range []struct {
		sf   SetFriction
		path string
	}{
		{SetFriction{Until: 0}, "set_friction.until"},
		{SetFriction{Until: math.NaN()}, "set_friction.until"},
		{SetFriction{Until: 0.5}, "set_friction.until"}, // beyond the duration
		{SetFriction{Until: 0.1, Friction: MaterialFriction{Static: -1}}, "set_friction.friction.static"},
		{SetFriction{Until: 0.1, Friction: MaterialFriction{Static: 0.1, Kinetic: 0.2}}, "set_friction.friction.kinetic"},
		{SetFriction{Until: 0.1, Friction: MaterialFriction{Static: math.Inf(1)}}, "set_friction.friction.static"},
	} {
		bad := *sc
		bad.Ropes = slices.Clone(sc.Ropes)
		bad.Ropes[0].SetFriction = &c.sf
		if err := bad.Validate(); err == nil || !strings.Contains(err.Error(), c.path) {
			t.Errorf("%+v: error %v, want one naming %s", c.sf, err, c.path)
		}
	}
}
