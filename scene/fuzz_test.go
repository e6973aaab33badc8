package scene

import (
	"reflect"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

// FuzzParse: Parse never panics; whatever it accepts passes Validate, survives
// Marshal → Parse unchanged, and gives a WithDefaults copy that is valid too.
func FuzzParse(f *testing.F) {
	for _, b := range testdataScenes(f) {
		f.Add(b)
	}
	for _, s := range []string{
		``, `{}`, `[]`, `null`, `{"dt":1e400}`, `{"dt":-0}`, `{"ropes":[{"Links":1}]}`,
		`{"dt":0.1,"dt":0.2}`, `{"dt":0.1} {}`, `{"dt":0.1}]`, "\xef\xbb\xbf{}",
		`{"name":"\ud800","dt":0.01,"duration":1,"ropes":[{"links":1,"link_length":1,"radius":1,"layout":{"type":"figure8"}}]}`,
		`{"dt":0.01,"duration":1,"ropes":[{"links":3,"link_length":1,"radius":0.5,"layout":{"type":"points","points":[[0,0,0],[0,0,0]]}}]}`,
		`{"dt":0.01,"duration":1,"ropes":[{"links":3,"link_length":1,"radius":0.5,"layout":{"type":"torus-knot","p":4,"q":6}}]}`,
		`{"dt":0.01,"duration":1,"ropes":[{"links":3,"link_length":1,"radius":0.5,"layout":{"type":"clove","obstacle":0}}],"obstacles":[{"type":"ring","center":[0,0,0],"axis":[0,0,1],"major":1,"radius":0.1}]}`,
		`{"dt":0.01,"duration":1,"ropes":[{"links":3,"link_length":1,"radius":0.5,"layout":{"type":"straight"}}],"tools":[{"rope":0,"node":-1,"grasp":0,"path":[{"t":0,"pos":[0,0,0]}]},{"rope":0,"node":3,"grasp":0.5,"path":[{"t":1e-320,"pos":[1e-320,-0,0]}]}]}`,
		`{"seed":18446744073709551616}`, `{"ropes":[{"links":1.0}]}`, `{"ropes":[[[[[[[[[[[[`,
		// The physical layer: gravity, materials (preset and object), the pbd solver's fields,
		// force tools.
		`{"dt":0.01,"duration":1,"solver":{"type":"implicit"},"ropes":[{"links":3,"link_length":0.01,"material":"nylon-3-0","layout":{"type":"straight"},"set_friction":{"until":0.5,"friction":{"static":0.1,"kinetic":0}}}]}`,
		`{"dt":0.01,"duration":1,"ropes":[{"links":3,"link_length":0.01,"radius":0.001,"layout":{"type":"straight"},"set_friction":{"until":2,"friction":{"static":-1,"kinetic":3},"x":1}}]}`,
		`{"dt":0.01,"duration":1,"gravity":[0,0,-9.81],"solver":{"type":"pbd","substeps":4,"iterations":2,"max_grasp_force":1},"ropes":[{"links":3,"link_length":0.01,"material":"nylon-3-0","layout":{"type":"straight"}}],"tools":[{"rope":0,"node":-1,"grasp":0,"force":[{"t":0,"f":[0,0,0]},{"t":1,"f":[0.1,0,0]}]}]}`,
		`{"dt":0.01,"duration":1,"solver":{"type":"pbd"},"ropes":[{"links":3,"link_length":1,"radius":0.5,"material":{"density":1000,"young":1e7,"shear":4e6,"friction":{"static":0.5,"kinetic":0.4},"damping":0.1},"layout":{"type":"straight"}}]}`,
		`{"dt":0.01,"duration":1,"solver":{"type":"pbd"},"ropes":[{"links":3,"link_length":1,"radius":0.5,"material":{"density":1000,"young":1e7,"shear":4e6,"bend":1e5,"twist":3e4},"layout":{"type":"straight"}}]}`,
		`{"dt":0.01,"duration":1,"ropes":[{"links":3,"link_length":1,"radius":0.5,"material":{"density":1000,"young":1e7,"shear":4e6,"bend":2e7,"twist":-1},"layout":{"type":"straight"}}]}`,
		`{"dt":0.01,"duration":1,"ropes":[{"links":3,"link_length":1,"radius":0.5,"material":"cotton-string","layout":{"type":"straight"}}]}`,
		`{"dt":0.01,"duration":1,"ropes":[{"links":3,"link_length":1,"material":"climbing-rope-10mm","layout":{"type":"straight"}}]}`,
		`{"dt":0.01,"duration":1,"ropes":[{"links":3,"link_length":1,"radius":0.5,"material":"","layout":{"type":"straight"}}]}`,
		`{"dt":0.01,"duration":1,"ropes":[{"links":3,"link_length":1,"radius":0.5,"material":{"youngs":1},"layout":{"type":"straight"}}]}`,
		`{"dt":0.01,"duration":1,"ropes":[{"links":3,"link_length":1,"radius":0.5,"material":{"density":1,"young":1,"shear":0.1},"layout":{"type":"straight"}}]}`,
		`{"dt":0.01,"duration":1,"ropes":[{"links":3,"link_length":1,"radius":0.5,"material":7,"layout":{"type":"straight"}}]}`,
		`{"dt":0.01,"duration":1,"gravity":[1e308,1e308,0],"ropes":[{"links":3,"link_length":1,"radius":0.5,"layout":{"type":"straight"}}]}`,
		`{"dt":0.01,"duration":1,"solver":{"type":"pbd","epsilon":0.1},"ropes":[{"links":3,"link_length":1,"radius":0.5,"layout":{"type":"straight"}}]}`,
		`{"dt":0.01,"duration":1,"solver":{"substeps":3},"ropes":[{"links":3,"link_length":1,"radius":0.5,"layout":{"type":"straight"}}],"tools":[{"rope":0,"node":0,"grasp":0,"force":[{"t":0,"f":[1,0,0]}]}]}`,
		`{"dt":0.01,"duration":1,"solver":{"type":"pbd"},"ropes":[{"links":3,"link_length":1,"radius":0.5,"layout":{"type":"straight"}}],"tools":[{"rope":0,"node":0,"grasp":0,"relative":true,"force":[{"t":0,"f":[1,0,0]}],"path":[]}]}`,
		// Tissues.
		`{"dt":0.01,"duration":1,"solver":{"type":"implicit"},"ropes":[{"links":3,"link_length":0.01,"radius":0.001,"layout":{"type":"straight","from":[0,0,0.1]}}],"tissues":[{"material":"skin","mesh":{"type":"slab","size":[0.01,0.01,0.01],"cells":[1,1,1]},"clamp":[{"min":[0,0,0],"max":[1,1,0]}]}]}`,
		`{"dt":0.01,"duration":1,"solver":{"type":"implicit"},"ropes":[{"links":3,"link_length":0.01,"radius":0.001,"layout":{"type":"straight"}}],"tissues":[{"young":1e5,"poisson":0.4,"density":1000,"mesh":{"type":"tube","origin":[0,0,1],"inner":0.001,"wall":0.0002,"length":0.002,"around":8},"friction":{"static":0.3,"kinetic":0.2}}]}`,
		`{"dt":0.01,"duration":1,"ropes":[{"links":3,"link_length":0.01,"radius":0.001,"layout":{"type":"straight"}}],"tissues":[{"material":"x","mesh":{"type":"slab","cells":[1e9,-1,0.5],"wall":1},"clamp":[{"min":[1,1,1],"max":[0,0,0]}]}]}`,
		// Rigid meshes.
		`{"dt":0.01,"duration":1,"solver":{"type":"implicit"},"ropes":[{"links":3,"link_length":0.01,"radius":0.001,"layout":{"type":"straight","from":[0,0,1]}}],"meshes":[{"name":"t","vertices":[[0,0,0],[1,0,0],[0,1,0],[0,0,1]],"triangles":[[0,2,1],[0,1,3],[0,3,2],[1,2,3]],"scale":0.5,"offset":[0,0,-1]}]}`,
		`{"dt":0.01,"duration":1,"solver":{"type":"implicit"},"ropes":[{"links":3,"link_length":0.01,"radius":0.001,"layout":{"type":"straight"}}],"meshes":[{"file":"../x.STL","friction":{"static":0.1,"kinetic":0.1}},{"file":"a.ply","vertices":[[0,0,0]],"triangles":[[0,0,-1]]}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data)
		if err != nil {
			if s != nil {
				t.Fatal("Parse returned a scene with an error")
			}
			return
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("Parse accepted a scene Validate rejects: %v", err)
		}
		out, err := Marshal(s)
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		back, err := Parse(out)
		if err != nil {
			t.Fatalf("Parse(Marshal(s)): %v\n%s", err, out)
		}
		if !reflect.DeepEqual(s, back) {
			t.Fatalf("round trip changed the scene:\n%s\n%#v\n%#v", out, s, back)
		}
		d := s.WithDefaults()
		if err := d.Validate(); err != nil {
			t.Fatalf("WithDefaults gives an invalid scene: %v", err)
		}
		for i := range d.Tools {
			d.Tools[i].TargetAt(d.Duration/2, vec.V3{})
			if f := d.Tools[i].ForceAt(d.Duration / 2); !f.IsFinite() || f.Norm() > MaxForce*(1+1e-12) {
				t.Fatalf("ForceAt gave %v", f)
			}
		}
		for i := range d.Ropes {
			r := &d.Ropes[i]
			if !(r.Radius > 0) {
				t.Fatalf("WithDefaults left rope %d without a radius", i)
			}
			if m := r.ResolvedMaterial(); d.Solver.Physical() && m.Validate() != nil {
				t.Fatalf("rope %d under a physical solver has material %+v: %v", i, m, m.Validate())
			}
		}
	})
}
