package collide

import "github.com/knotsim/knotsim/rope"

// Brute tests every pair of non-adjacent segments: O(n²), the reference every other Detector
// is checked against.
type Brute struct{}

// Name implements Detector.
func (Brute) Name() string { return "brute" }

// Update implements Detector; brute force keeps no structure.
func (Brute) Update(*rope.State) {}

// Self implements Detector.
func (Brute) Self(dst []Contact, st *rope.State, margin float64) []Contact {
	n := st.NumSegs()
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ { // a+1 may start the next strand; Adjacent decides
			if st.Adjacent(a, b) {
				continue
			}
			if c, ok := selfContact(st, a, b, margin); ok {
				dst = append(dst, c)
			}
		}
	}
	return dst
}
