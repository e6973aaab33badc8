package poly

import "testing"

func TestArithmetic(t *testing.T) {
	a := Of(-1, 1, -1, 1) // t^-1 - 1 + t
	b := Of(0, 1, 1)      // 1 + t
	if got := Mul(a, b); !got.Equal(Of(-1, 1, 0, 0, 1)) {
		t.Errorf("(t^-1-1+t)(1+t) = %v", got)
	}
	if got := Sub(a, a); !got.IsZero() || got.Min != 0 {
		t.Errorf("a-a = %+v", got)
	}
	if got := Subst(Of(1, 1, 0, 1), -1); !got.Equal(Of(-3, 1, 0, 1)) {
		t.Errorf("mirror of t+t^3 = %v", got)
	}
	if s := Of(-2, 1, -1, 1, -1, 1).String(); s != "t^(-2)-t^(-1)+1-t+t^2" {
		t.Errorf("String = %q", s)
	}
	if s := Of(1, 1, 0, 1, -1).String(); s != "t+t^3-t^4" {
		t.Errorf("String = %q", s)
	}
	if s := Of(0, 2, -3).Format("A"); s != "2-3*A" {
		t.Errorf("Format = %q", s)
	}
}
