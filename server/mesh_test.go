package server

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/scene"
	"github.com/knotsim/knotsim/tissue"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

func blockScene(t testing.TB) *scene.Scene { return sampleScene(t, "thread_on_block.json") }

// helloMeshes decodes an event's "meshes".
func helloMeshes(t testing.TB, ev map[string]any) []MeshInfo {
	t.Helper()
	raw, err := json.Marshal(ev["meshes"])
	if err != nil {
		t.Fatal(err)
	}
	var ms []MeshInfo
	if err := json.Unmarshal(raw, &ms); err != nil || ms == nil {
		t.Fatalf("meshes %s: %v", raw, err)
	}
	return ms
}

// The hello of the thread-on-block scene describes its block (8 vertices at the world's
// positions, 12 triangles), a reset's scene event the same, and a scene without meshes has
// "meshes": [].
func TestMeshHello(t *testing.T) {
	s, ts := start(t, Config{Scene: blockScene(t), Paused: true})
	c := dial(t, ts)
	h := c.event("hello", nil)
	ms := helloMeshes(t, h)
	if len(ms) != 1 {
		t.Fatalf("%d meshes", len(ms))
	}
	m := ms[0]
	if m.Name != "block" || len(m.Vertices) != 3*8 || len(m.Triangles) != 3*12 || m.Omitted != "" {
		t.Fatalf("mesh %q: %d vertex coordinates, %d triangle indices, omitted %q", m.Name, len(m.Vertices), len(m.Triangles), m.Omitted)
	}
	surf := s.cur.Load().w.Rigid[0].Surface
	for i, p := range surf.Nodes {
		if got, want := m.Vertices[3*i:3*i+3], []float32{float32(p.X), float32(p.Y), float32(p.Z)}; !reflect.DeepEqual(got, want) {
			t.Errorf("vertex %d: %v, want %v", i, got, want)
		}
	}
	for k, tr := range surf.Tris {
		if got := m.Triangles[3*k : 3*k+3]; !reflect.DeepEqual(got, tr[:]) {
			t.Errorf("triangle %d: %v, want %v", k, got, tr)
		}
	}
	// the block spans [0, 0.02] × [0, 0.01] × [0, 0.004]
	var hi [3]float32
	for i, v := range m.Vertices {
		hi[i%3] = max(hi[i%3], v)
	}
	if hi != [3]float32{0.02, 0.01, 0.004} {
		t.Errorf("block's upper corner %v", hi)
	}
	if f := c.frame(); f.Flags&FlagTissues != 0 {
		t.Errorf("frame flags %#x: a rigid mesh adds no section", f.Flags)
	}
	c.send(`{"type":"reset"}`)
	if ms2 := helloMeshes(t, c.event("scene", nil)); !reflect.DeepEqual(ms2, ms) {
		t.Errorf("after reset: %+v", ms2)
	}
	c.send(`{"type":"scene","name":"overhand"}`)
	ev := c.event("scene", func(ev map[string]any) bool { return ev["scene"] == "overhand" })
	if raw, _ := json.Marshal(ev["meshes"]); string(raw) != "[]" {
		t.Errorf("overhand meshes %s, want []", raw)
	}
}

// A mesh beyond the hello's triangle or vertex budget, or with a non-finite coordinate, is
// sent with empty lists and the reason; the meshes after it are sent when they fit.
func TestMeshInfosLimits(t *testing.T) {
	tet := &tissue.Surface{
		Nodes: []vec.V3{{}, {X: 1}, {Y: 1}, {Z: 1}},
		Tris:  [][3]int32{{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}},
	}
	tris := func(n int) *tissue.Surface {
		return &tissue.Surface{Nodes: tet.Nodes[:3], Tris: make([][3]int32, n)}
	}
	nan := &tissue.Surface{Nodes: []vec.V3{{X: math.NaN()}, {X: 1}, {Y: 1}, {Z: 1}}, Tris: tet.Tris}
	huge := &tissue.Surface{Nodes: []vec.V3{{X: 1e300}, {X: 1}, {Y: 1}, {Z: 1}}, Tris: tet.Tris}
	w := &world.World{Rigid: []world.Rigid{
		{Name: "too many triangles", Surface: tris(MaxHelloMeshTriangles + 1)},
		{Name: "tet", Surface: tet},
		{Name: "too many vertices", Surface: &tissue.Surface{Nodes: make([]vec.V3, MaxHelloMeshVertices), Tris: [][3]int32{{0, 1, 2}}}},
		{Name: "nan", Surface: nan},
		{Name: "huge", Surface: huge},
		{Name: "most", Surface: tris(MaxHelloMeshTriangles - 10)},
		{Name: "beyond the rest", Surface: tris(7)},
		{Name: "fits the rest", Surface: tris(6)},
	}}
	ms := meshInfos(w)
	want := map[string]string{
		"too many triangles": "200001 triangles would take the hello beyond 200000",
		"beyond the rest":    "7 triangles would take the hello beyond 200000",
		"too many vertices":  "200000 vertices would take the hello beyond 200000",
		"nan":                "not a finite",
		"huge":               "not a finite",
	}
	if len(ms) != len(w.Rigid) {
		t.Fatalf("%d infos for %d meshes", len(ms), len(w.Rigid))
	}
	for k, m := range ms {
		if m.Name != w.Rigid[k].Name {
			t.Errorf("info %d is %q, mesh %q", k, m.Name, w.Rigid[k].Name)
		}
		if reason, omitted := want[m.Name]; omitted {
			if !strings.Contains(m.Omitted, reason) || len(m.Vertices) != 0 || len(m.Triangles) != 0 || m.Vertices == nil || m.Triangles == nil {
				t.Errorf("%s: omitted %q (want %q), %d vertex coordinates, %d triangle indices", m.Name, m.Omitted, reason, len(m.Vertices), len(m.Triangles))
			}
			continue
		}
		s := w.Rigid[k].Surface
		if m.Omitted != "" || len(m.Vertices) != 3*len(s.Nodes) || len(m.Triangles) != 3*len(s.Tris) {
			t.Errorf("%s: omitted %q, %d vertex coordinates, %d triangle indices", m.Name, m.Omitted, len(m.Vertices), len(m.Triangles))
		}
	}
	// through the scene event: the cached encodings decode to the same descriptions
	b, err := json.Marshal(SceneEvent{Type: "hello", Meshes: ms[:2]})
	if err != nil {
		t.Fatal(err)
	}
	var ev struct{ Meshes []MeshInfo }
	if err := json.Unmarshal(b, &ev); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"omitted":"its 200001 triangles`) || !strings.Contains(string(b), `{"name":"tet","vertices":[0,0,0,1,0,0,0,1,0,0,0,1],"triangles":[0,2,1,0,1,3,0,3,2,1,2,3]}`) {
		t.Errorf("encoding %.300s", b)
	}
	for k := range ev.Meshes {
		ev.Meshes[k].enc = ms[k].enc
	}
	if !reflect.DeepEqual(ev.Meshes, ms[:2]) {
		t.Errorf("decoded %+v", ev.Meshes)
	}
	if len(meshInfos(&world.World{})) != 0 || meshInfos(&world.World{}) == nil {
		t.Error("a world without meshes: want an empty, non-nil list")
	}
}
