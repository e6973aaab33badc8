package diagram

import "testing"

// The test helpers reproduce the table: Jones polynomial and determinant of every knot through
// 10 crossings from its PD code.
func TestHelpersAgainstTable(t *testing.T) {
	for _, r := range readTable(t) {
		if r.crossings > 10 || r.crossings == 0 {
			continue
		}
		c := parsePD(t, r.pd)
		if d := determinant(c); d != r.det {
			t.Errorf("%s: determinant %d, table %d", r.name, d, r.det)
		}
		if r.crossings <= 9 {
			if j := jones(t, c); j != r.jones {
				t.Errorf("%s: jones %s, table %s", r.name, j, r.jones)
			}
		}
	}
}
