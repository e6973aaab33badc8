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
		}
	})
}
