package server

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/knotsim/knotsim/world"
)

// TissueInfo describes a tissue of the world for the viewer (the hello and scene events'
// "tissues", one per world tissue in its order; frame k's tissue record is tissue k's).
type TissueInfo struct {
	Name  string `json:"name"`
	Nodes int    `json:"nodes"` // the body's nodes (all of them, inner ones included)
	// Surface maps the frame's nodes of this tissue to the body's: frame node j is body node
	// Surface[j] (the nodes of the boundary triangles, ascending).
	Surface []int32 `json:"surface"`
	// Triangles are the boundary triangles, three frame-node indices (into Surface) each,
	// flattened; wound so that (b − a) × (c − a) points out of the tissue.
	Triangles []int32 `json:"triangles"`
	// Clamped lists the frame nodes (indices into Surface) held in place by the scene's clamps.
	Clamped []int32 `json:"clamped"`
	// Omitted, when set, says why the frames carry none of this tissue's nodes (its surface
	// would take the frame beyond MaxFrameTissueNodes); Surface, Triangles and Clamped are then
	// empty and its frame records have 0 nodes.
	Omitted string `json:"omitted,omitempty"`
}

// TissueFrame is one tissue's record of a snapshot frame: its surface nodes' positions and
// strains, in the order of its TissueInfo.Surface.
type TissueFrame struct {
	Pos    []float32 // 3 per node: x, y, z, m
	Strain []float32 // per node: the mean |ε| of the tetrahedra it belongs to (dimensionless)
}

// tissueMap is what the physics goroutine needs to fill a tissue's frame record.
type tissueMap struct {
	surf   []int32 // frame node → body node
	tetOff []int32 // frame node j's tetrahedra are tets[tetOff[j]:tetOff[j+1]]
	tets   []int32
}

// tissueSet is an epoch's tissues: their description (immutable) and their latest published
// frame records, copied on the physics goroutine by publisher.Publish.
type tissueSet struct {
	info []TissueInfo
	maps []tissueMap

	strain []float64 // per tetrahedron; scratch of the physics goroutine
	copies int       // copyFrom calls so far: the strains are recomputed every strainEvery-th

	mu     sync.Mutex    // guards frames (and, held by publisher, pairs them with the world snapshot)
	frames []TissueFrame // the published records
}

// newTissueSet describes w's tissues and allocates their frame records (physics goroutine or
// before Run). A world without tissues has nil.
func newTissueSet(w *world.World) *tissueSet {
	if len(w.Tissues) == 0 {
		return nil
	}
	ts := &tissueSet{}
	budget := MaxFrameTissueNodes
	for k := range w.Tissues {
		t := &w.Tissues[k]
		b := t.Body
		info := TissueInfo{Name: t.Name, Nodes: len(b.X), Surface: []int32{}, Triangles: []int32{}, Clamped: []int32{}}
		var m tissueMap
		var surf []int32
		for _, tr := range b.Mesh.Surf {
			surf = append(surf, tr[:]...)
		}
		slices.Sort(surf)
		surf = slices.Compact(surf)
		switch {
		case k >= MaxFrameTissues:
			info.Omitted = fmt.Sprintf("a frame carries at most %d tissues", MaxFrameTissues)
		case len(surf) > budget:
			info.Omitted = fmt.Sprintf("its %d surface nodes would take the frame beyond %d tissue nodes", len(surf), MaxFrameTissueNodes)
		default:
			budget -= len(surf)
			index := make(map[int32]int32, len(surf))
			for j, i := range surf {
				index[i] = int32(j)
				if b.Clamped(int(i)) {
					info.Clamped = append(info.Clamped, int32(j))
				}
			}
			info.Surface = surf
			info.Triangles = make([]int32, 0, 3*len(b.Mesh.Surf))
			for _, tr := range b.Mesh.Surf {
				info.Triangles = append(info.Triangles, index[tr[0]], index[tr[1]], index[tr[2]])
			}
			// the tetrahedra of each surface node (counting sort by frame node)
			m.surf = surf
			m.tetOff = make([]int32, len(surf)+1)
			for _, tet := range b.Mesh.Tets {
				for _, i := range tet {
					if j, ok := index[i]; ok {
						m.tetOff[j+1]++
					}
				}
			}
			for j := range surf {
				m.tetOff[j+1] += m.tetOff[j]
			}
			m.tets = make([]int32, m.tetOff[len(surf)])
			fill := slices.Clone(m.tetOff[:len(surf)])
			for e, tet := range b.Mesh.Tets {
				for _, i := range tet {
					if j, ok := index[i]; ok {
						m.tets[fill[j]] = int32(e)
						fill[j]++
					}
				}
			}
		}
		ts.info = append(ts.info, info)
		ts.maps = append(ts.maps, m)
		n := len(m.surf)
		ts.frames = append(ts.frames, TissueFrame{Pos: make([]float32, 3*n), Strain: make([]float32, n)})
	}
	return ts
}

// strainEvery is how often (in published cycles) copyFrom recomputes the strains: every
// element's strain is a pass over the whole mesh, a tenth of a tissue step, and the viewer draws
// at 60 Hz; at 1 kHz physics the colours are then at most 16 ms old, the positions never.
const strainEvery = 16

// copyFrom fills the frame records from w's tissues (physics goroutine, ts.mu held). It
// allocates nothing once the strain scratch has grown.
func (ts *tissueSet) copyFrom(w *world.World) {
	every := ts.copies%strainEvery == 0
	ts.copies++
	for k := range ts.maps {
		m := &ts.maps[k]
		if len(m.surf) == 0 || k >= len(w.Tissues) {
			continue
		}
		b := w.Tissues[k].Body
		f := &ts.frames[k]
		for j, i := range m.surf {
			p := b.X[i]
			f.Pos[3*j], f.Pos[3*j+1], f.Pos[3*j+2] = float32(p.X), float32(p.Y), float32(p.Z)
		}
		if !every {
			continue
		}
		ts.strain = b.Strain(ts.strain[:0])
		for j := range m.surf {
			var s float64
			tets := m.tets[m.tetOff[j]:m.tetOff[j+1]]
			for _, e := range tets {
				s += ts.strain[e]
			}
			if len(tets) > 0 {
				s /= float64(len(tets))
			}
			f.Strain[j] = float32(s)
		}
	}
}

// publisher is an epoch's world.Publisher together with its tissue records: Publish copies
// both from the same cycle (or neither), Latest reads both, and neither ever blocks physics.
// The knot identifier reads the embedded world.Publisher alone.
type publisher struct {
	*world.Publisher
	tissues *tissueSet // nil: no tissues
	skipped atomic.Uint64
}

func newPublisher(w *world.World) *publisher {
	return &publisher{Publisher: &world.Publisher{}, tissues: newTissueSet(w)}
}

// Publish publishes w's snapshot and, when that succeeded, its tissue records (physics goroutine).
func (p *publisher) Publish(w *world.World) {
	ts := p.tissues
	if ts == nil {
		p.Publisher.Publish(w)
		return
	}
	if !ts.mu.TryLock() {
		p.skipped.Add(1)
		return
	}
	before := p.Publisher.Skipped()
	p.Publisher.Publish(w)
	if p.Publisher.Skipped() == before {
		ts.copyFrom(w)
	}
	ts.mu.Unlock()
}

// Skipped returns how many Publish calls found a buffer busy.
func (p *publisher) Skipped() uint64 { return p.Publisher.Skipped() + p.skipped.Load() }

// Latest copies the newest published snapshot into dst and its tissue records into *tissues
// (reusing their buffers; nil when the world has no tissues), and returns the snapshot's
// sequence number (world.Publisher.Latest).
func (p *publisher) Latest(dst *world.Snapshot, tissues *[]TissueFrame) uint64 {
	ts := p.tissues
	if ts == nil {
		if tissues != nil {
			*tissues = (*tissues)[:0]
		}
		return p.Publisher.Latest(dst)
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	n := p.Publisher.Latest(dst)
	if tissues != nil {
		out := (*tissues)[:0]
		for k := range ts.frames {
			if k < cap(out) {
				out = out[:k+1]
			} else {
				out = append(out, TissueFrame{})
			}
			out[k].Pos = append(out[k].Pos[:0], ts.frames[k].Pos...)
			out[k].Strain = append(out[k].Strain[:0], ts.frames[k].Strain...)
		}
		*tissues = out
	}
	return n
}

// infos returns the tissues' descriptions for the hello and scene events (never nil).
func (p *publisher) infos() []TissueInfo {
	if p.tissues == nil {
		return []TissueInfo{}
	}
	return p.tissues.info
}
