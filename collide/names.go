package collide

import (
	"fmt"
	"slices"
	"strings"
)

// names lists the detectors New accepts, fastest general-purpose choice first.
var names = []string{"bvh", "aabb", "grid", "brute", "kubiak"}

// Names returns the names New accepts, in a fresh slice the caller may modify.
func Names() []string { return slices.Clone(names) }

// New returns a fresh detector by name: "bvh" (NewSphereBVH), "aabb" (NewAABBTree), "grid"
// (NewHashGrid), "brute" (Brute) or "kubiak" (NewKubiak: Kubiak et al.'s spatial hash plus
// hierarchical curvature test). Any other name is an error that lists the valid ones.
func New(name string) (Detector, error) {
	switch name {
	case "bvh":
		return NewSphereBVH(), nil
	case "aabb":
		return NewAABBTree(), nil
	case "grid":
		return NewHashGrid(), nil
	case "brute":
		return Brute{}, nil
	case "kubiak":
		return NewKubiak(), nil
	}
	return nil, fmt.Errorf("collide: unknown detector %q; valid names are %s", name, strings.Join(names, ", "))
}
