package pbd

import (
	"math"

	"github.com/knotsim/knotsim/vec"
)

// quat is a unit quaternion W + Xi + Yj + Zk (4 float64: fits the compiler's SSA limit, see
// style.md §1). It rotates material (body) coordinates into world coordinates.
type quat struct{ W, X, Y, Z float64 }

var identity = quat{W: 1}

func (a quat) mul(b quat) quat {
	return quat{
		W: a.W*b.W - a.X*b.X - a.Y*b.Y - a.Z*b.Z,
		X: a.W*b.X + a.X*b.W + a.Y*b.Z - a.Z*b.Y,
		Y: a.W*b.Y - a.X*b.Z + a.Y*b.W + a.Z*b.X,
		Z: a.W*b.Z + a.X*b.Y - a.Y*b.X + a.Z*b.W,
	}
}

func (a quat) conj() quat     { return quat{a.W, -a.X, -a.Y, -a.Z} }
func (a quat) vec() vec.V3    { return vec.V3{X: a.X, Y: a.Y, Z: a.Z} }
func (a quat) neg() quat      { return quat{-a.W, -a.X, -a.Y, -a.Z} }
func (a quat) norm2() float64 { return a.W*a.W + a.X*a.X + a.Y*a.Y + a.Z*a.Z }

// unit returns a/|a|; the zero quaternion gives the identity.
func (a quat) unit() quat {
	n := a.norm2()
	if !(n > 0) {
		return identity
	}
	s := 1 / math.Sqrt(n)
	return quat{a.W * s, a.X * s, a.Y * s, a.Z * s}
}

// d3 returns the third material axis R(q)e3 (the rope's tangent when the shear is zero).
func (a quat) d3() vec.V3 {
	return vec.V3{
		X: 2 * (a.X*a.Z + a.W*a.Y),
		Y: 2 * (a.Y*a.Z - a.W*a.X),
		Z: 1 - 2*(a.X*a.X+a.Y*a.Y),
	}
}

// addWorld returns q rotated by the small world-frame rotation vector th (q + ½(0,th)q,
// normalised).
func (a quat) addWorld(th vec.V3) quat {
	d := quat{0, th.X, th.Y, th.Z}.mul(a)
	return quat{a.W + 0.5*d.W, a.X + 0.5*d.X, a.Y + 0.5*d.Y, a.Z + 0.5*d.Z}.unit()
}

// axisAngle returns the rotation by angle (rad) about the unit axis u.
func axisAngle(u vec.V3, angle float64) quat {
	s, c := math.Sincos(angle / 2)
	return quat{c, u.X * s, u.Y * s, u.Z * s}
}

// arc returns the shortest rotation taking unit vector a to unit vector b.
func arc(a, b vec.V3) quat {
	c := a.Dot(b)
	if c < -1+1e-12 {
		return axisAngle(a.AnyPerp(), math.Pi)
	}
	x := a.Cross(b)
	return quat{1 + c, x.X, x.Y, x.Z}.unit()
}
