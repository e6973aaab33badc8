package server

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/scene"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// sampleScene parses the scene sample ../scene/testdata/pbd/name.
func sampleScene(t testing.TB, name string) *scene.Scene {
	t.Helper()
	data, err := os.ReadFile("../scene/testdata/pbd/" + name)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scene.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func tissueScene(t testing.TB) *scene.Scene { return sampleScene(t, "thread_on_slab.json") }

// The tissue section round-trips (flag bit 2 after the contacts, a count, then per tissue its
// node count, positions and strains), a frame without tissues is byte for byte the version 2
// frame, and malformed or oversized tissue sections are refused.
func TestSnapshotTissues(t *testing.T) {
	s := &world.Snapshot{
		Cycle: 4, Time: 0.004,
		Pos:     []vec.V3{{X: 0}, {X: 0.01}},
		Strands: []rope.Strand{{First: 0, Nodes: 2, Radius: 0.001}},
		Tools:   []world.Tool{{Node: 0, Active: true}},
		Tension: []float64{0.5},
	}
	plain := EncodeSnapshot(nil, s, 1, 1000)
	if b := EncodeFrame(nil, s, nil, 1, 1000); !bytes.Equal(b, plain) {
		t.Fatal("EncodeFrame without tissues differs from EncodeSnapshot")
	}
	if d, err := DecodeSnapshot(plain); err != nil || d.Flags != FlagTensions || d.Tissues != nil {
		t.Fatalf("frame without tissues: %+v, %v", d, err)
	}
	tissues := []TissueFrame{
		{Pos: []float32{1, 2, 3, 4, 5, 6, 7, 8, 9}, Strain: []float32{0, 0.25, 0.5}},
		{Pos: []float32{}, Strain: []float32{}}, // an omitted tissue
		{Pos: []float32{-1, -2, -3}, Strain: []float32{1e-3}},
	}
	b := EncodeFrame(nil, s, tissues, 1, 1000)
	head := len(plain)
	want := head + 4 + (4 + 3*16) + 4 + (4 + 16)
	if len(b) != want || FrameSize(s, tissues) != want {
		t.Fatalf("%d bytes (FrameSize %d), want %d", len(b), FrameSize(s, tissues), want)
	}
	if !bytes.Equal(b[:32], plain[:32]) || !bytes.Equal(b[32:36], []byte{1 | 4, 0, 0, 0}) || !bytes.Equal(b[36:head], plain[36:head]) {
		t.Errorf("the sections before the tissues changed; flags % x", b[32:36])
	}
	le := binary.LittleEndian
	if le.Uint32(b[head:]) != 3 || le.Uint32(b[head+4:]) != 3 || math.Float32frombits(le.Uint32(b[head+8:])) != 1 ||
		math.Float32frombits(le.Uint32(b[head+8+36+4:])) != 0.25 {
		t.Errorf("tissue section % x", b[head:])
	}
	d, err := DecodeSnapshot(b)
	if err != nil {
		t.Fatal(err)
	}
	if d.Flags != FlagTensions|FlagTissues || !reflect.DeepEqual(d.Tissues, tissues) || !reflect.DeepEqual(d.Tensions, []float32{0.5}) {
		t.Errorf("decoded flags %#x, tissues %+v", d.Flags, d.Tissues)
	}
	// with the contact section before it
	s.HasContacts = true
	bc := EncodeFrame(nil, s, tissues, 1, 1000)
	if d, err := DecodeSnapshot(bc); err != nil || len(bc) != want+8 || d.Flags != FlagTensions|FlagContacts|FlagTissues || !reflect.DeepEqual(d.Tissues, tissues) {
		t.Errorf("with contacts: %d bytes, %+v, %v", len(bc), d, err)
	}
	s.HasContacts = false

	mod := func(f func(b []byte) []byte) []byte { return f(append([]byte(nil), b...)) }
	bad := map[string]struct {
		b    []byte
		want string
	}{
		"one byte short":           {b[:len(b)-1], "header says"},
		"one byte long":            {append(b[:len(b):len(b)], 0), "header says"},
		"cut in the count":         {b[:head+2], "at least"},
		"cut in a record's count":  {b[:head+4+4+3*16+2], "needs at least"},
		"a count beyond the bytes": {mod(func(x []byte) []byte { le.PutUint32(x[head:], 4); return x }), "needs at least"},
		"nodes beyond the bytes":   {mod(func(x []byte) []byte { le.PutUint32(x[head+4+52+4:], 2); return x }), "header says"},
		"too many tissues":         {mod(func(x []byte) []byte { le.PutUint32(x[head:], MaxFrameTissues+1); return x }), "tissues; at most"},
		"too many nodes": {mod(func(x []byte) []byte {
			le.PutUint32(x[head+4:], MaxFrameTissueNodes+1)
			return x
		}), "at most 65536"},
		"section without the flag": {mod(func(x []byte) []byte { x[32] = 1; return x }), "header says"},
		"flag without the section": {mod(func(x []byte) []byte { x[32] = 1 | 4; return x[:head] }), "at least"},
		"an unknown flag":          {mod(func(x []byte) []byte { x[32] = 1 | 4 | 32; return x }), "unknown flags"},
	}
	// two records of 65536 and 1 nodes, each within the limit but not together
	full := EncodeFrame(nil, s, []TissueFrame{{Pos: make([]float32, 3*MaxFrameTissueNodes), Strain: make([]float32, MaxFrameTissueNodes)}, {}}, 1, 1000)
	le.PutUint32(full[len(full)-4:], 1)
	bad["too many nodes in all"] = struct {
		b    []byte
		want string
	}{append(full, make([]byte, 16)...), "65537 tissue nodes; at most 65536"}
	for name, c := range bad {
		if _, err := DecodeSnapshot(c.b); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", name, err, c.want)
		}
	}

	// more than a frame carries: the first MaxFrameTissues records, and a record beyond the
	// node budget written with 0 nodes
	many := make([]TissueFrame, MaxFrameTissues+3)
	b = EncodeFrame(nil, s, many, 1, 1000)
	if d, err := DecodeSnapshot(b); err != nil || len(d.Tissues) != MaxFrameTissues {
		t.Errorf("%d tissue records: %v", len(d.Tissues), err)
	}
	big := []TissueFrame{
		{Pos: make([]float32, 3*(MaxFrameTissueNodes-10)), Strain: make([]float32, MaxFrameTissueNodes-10)},
		{Pos: make([]float32, 3*11), Strain: make([]float32, 11)},
		{Pos: make([]float32, 3*10), Strain: make([]float32, 10)},
	}
	b = EncodeFrame(nil, s, big, 1, 1000)
	d, err = DecodeSnapshot(b)
	if err != nil || len(d.Tissues) != 3 || len(d.Tissues[0].Strain) != MaxFrameTissueNodes-10 || len(d.Tissues[1].Strain) != 0 || len(d.Tissues[2].Strain) != 10 {
		t.Errorf("node budget: %v", err)
	}
}

// The hello of a scene with a tissue describes its surface, and every frame carries the
// surface nodes' positions (at the mesh's rest positions at first) and strains.
func TestTissueHelloAndFrames(t *testing.T) {
	sc := tissueScene(t)
	s, ts := start(t, Config{Scene: sc, Paused: true})
	c := dial(t, ts)
	h := c.event("hello", nil)
	raw, _ := json.Marshal(h["tissues"])
	var infos []TissueInfo
	if err := json.Unmarshal(raw, &infos); err != nil || len(infos) != 1 {
		t.Fatalf("hello tissues %s: %v", raw, err)
	}
	ti := infos[0]
	// a 10 × 5 × 2 cell slab: 11·6·3 nodes, of which all but the 9·4·1 inner ones are on the
	// surface; two triangles a boundary cell face
	surfNodes := 11*6*3 - 9*4*1
	surfTris := 2 * 2 * (10*5 + 10*2 + 5*2)
	if ti.Name != "slab" || ti.Nodes != 11*6*3 || len(ti.Surface) != surfNodes || len(ti.Triangles) != 3*surfTris || ti.Omitted != "" {
		t.Fatalf("tissue %q: %d nodes, %d surface nodes, %d triangle indices, omitted %q", ti.Name, ti.Nodes, len(ti.Surface), len(ti.Triangles), ti.Omitted)
	}
	for _, j := range ti.Triangles {
		if j < 0 || int(j) >= len(ti.Surface) {
			t.Fatalf("triangle index %d beyond %d surface nodes", j, len(ti.Surface))
		}
	}
	if len(ti.Clamped) != 11*6 { // the base layer
		t.Errorf("%d clamped surface nodes", len(ti.Clamped))
	}
	ep := s.cur.Load()
	rest := ep.w.Tissues[0].Body.Mesh.Nodes
	f := c.frame()
	if f.Flags&FlagTissues == 0 || len(f.Tissues) != 1 || len(f.Tissues[0].Strain) != surfNodes {
		t.Fatalf("frame flags %#x, tissues %d", f.Flags, len(f.Tissues))
	}
	for j, i := range ti.Surface {
		p, q := f.Tissues[0].Pos[3*j:3*j+3], rest[i]
		if math.Abs(float64(p[0])-q.X) > 1e-6 || math.Abs(float64(p[1])-q.Y) > 1e-6 || math.Abs(float64(p[2])-q.Z) > 1e-6 {
			t.Fatalf("surface node %d (body %d) at %v, rest %v", j, i, p, q)
		}
	}
	// run: the pulled thread dents the slab, which strains
	c.send(`{"type":"play"}`)
	var peak float32
	waitFor(t, "a strained slab", func() bool {
		f := c.frame()
		if len(f.Tissues) != 1 || len(f.Tissues[0].Strain) != surfNodes {
			t.Fatalf("frame tissues %d", len(f.Tissues))
		}
		for _, v := range f.Tissues[0].Strain {
			if !(v >= 0) || math.IsInf(float64(v), 0) {
				t.Fatalf("strain %v", v)
			}
			peak = max(peak, v)
		}
		return peak > 1e-5
	})
	t.Logf("peak surface strain %.3g after cycle %d", peak, s.Cycle())
}

// Publishing a world with a tissue allocates nothing once warm; Latest reads while Publish runs
// on another goroutine (run with -race), and after publishSync both hold the world's last cycle.
func TestTissuePublisher(t *testing.T) {
	sim, err := BuildSim(t.Context(), tissueScene(t))
	if err != nil {
		t.Fatal(err)
	}
	w := sim.World
	pub := newPublisher(w)
	if pub.tissues == nil || len(pub.infos()) != 1 {
		t.Fatal("no tissue set")
	}
	pub.Publish(w)
	if n := testing.AllocsPerRun(20, func() { pub.Publish(w) }); n != 0 {
		t.Errorf("Publish allocates %v times a call", n)
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		var snap world.Snapshot
		var tf []TissueFrame
		for {
			select {
			case <-stop:
				return
			default:
			}
			if pub.Latest(&snap, &tf) == 0 || len(tf) != 1 {
				t.Error("no tissue records")
				return
			}
			if len(tf[0].Pos) != 3*len(tf[0].Strain) || snap.Cycle < 0 {
				t.Error("torn tissue record")
				return
			}
		}
	}()
	for range 30 {
		if err := sim.Step(); err != nil {
			t.Fatal(err)
		}
		pub.Publish(w)
	}
	close(stop)
	wg.Wait()
	publishSync(pub, w)
	var snap world.Snapshot
	var tf []TissueFrame
	pub.Latest(&snap, &tf)
	b := w.Tissues[0].Body
	for j, i := range pub.tissues.maps[0].surf {
		if tf[0].Pos[3*j] != float32(b.X[i].X) || tf[0].Pos[3*j+2] != float32(b.X[i].Z) {
			t.Fatalf("surface node %d: %v, body %v", j, tf[0].Pos[3*j:3*j+3], b.X[i])
		}
	}
	if snap.Cycle != w.Cycle {
		t.Errorf("snapshot cycle %d, world %d", snap.Cycle, w.Cycle)
	}
}
