package scene

import (
	"fmt"
	"slices"
	"strings"
)

// WithSolver returns a copy of the scene that runs the solver typ ("ftl", "pbd"): the solver
// object is replaced by one of that type with its own defaults, keeping only the shared broad
// phase, so that another solver's fields never make the copy invalid. It is what
// `knotsim run -solver` and the viewer's solver switch do. The copy is validated; a scene
// that cannot run under typ (a force tool under the geometric ftl) is an error naming why.
func (s *Scene) WithSolver(typ string) (*Scene, error) {
	if !slices.Contains(SolverTypes, typ) {
		return nil, fmt.Errorf("solver %q: not one of %s", typ, strings.Join(SolverTypes, ", "))
	}
	c, err := s.Clone()
	if err != nil {
		return nil, err
	}
	if c.Solver.Type == typ || (c.Solver.Type == "" && typ == "ftl") {
		return c, nil
	}
	c.Solver = Solver{Type: typ, Broadphase: s.Solver.Broadphase}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("solver %s: %w", typ, err)
	}
	return c, nil
}

// Clone returns a deep copy of s (through its JSON form, so it is also validated).
func (s *Scene) Clone() (*Scene, error) {
	data, err := Marshal(s)
	if err != nil {
		return nil, err
	}
	return Parse(data)
}
