package pd

import "testing"

func TestBuilders(t *testing.T) {
	c, err := Parse("[[1,5,2,4],[3,1,4,6],[5,3,6,2]]")
	if err != nil || c.String() != Torus2(3).String() {
		t.Fatalf("Parse/Torus2: %v %v %v", c, Torus2(3), err)
	}
	for _, bad := range []string{"[[1,2,3]]", "[[1,5,2,4],[3,1,4,6]]", "1,2,3,4", "[[a,b,c,d]]"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
	if c, err := Parse("[]"); err != nil || len(c.X) != 0 {
		t.Errorf("unknot: %v %v", c, err)
	}
	// The trefoil as the closure of σ₁³ on 2 strands, the figure-eight as (σ₁σ₂⁻¹)² on 3.
	tr, err := FromBraid(2, []int{1, 1, 1})
	if err != nil || tr.Validate() != nil || tr.Writhe() != 3 {
		t.Errorf("σ₁³: %v writhe %d err %v", tr, tr.Writhe(), err)
	}
	f8, err := FromBraid(3, []int{1, -2, 1, -2})
	if err != nil || f8.Validate() != nil || f8.Writhe() != 0 || len(f8.X) != 4 {
		t.Errorf("figure-eight: %v err %v", f8, err)
	}
	// A strand no generator touches is a split unknot.
	s, err := FromBraid(3, []int{1, 1, 1})
	if err != nil || s.Loops != 1 || s.Validate() != nil {
		t.Errorf("σ₁³ on 3 strands: %+v %v", s, err)
	}
	if _, err := FromBraid(2, []int{2}); err == nil {
		t.Error("generator out of range accepted")
	}
	sum, err := ConnectedSum(tr, f8)
	if err != nil || len(sum.X) != 7 || sum.Writhe() != 3 {
		t.Errorf("3_1 # 4_1: %v err %v", sum, err)
	}
}
