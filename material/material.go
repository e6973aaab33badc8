// Package material describes what a rope or thread is made of: density, elastic moduli,
// friction and damping, in SI units, and derives the quantities a physical solver needs for a
// rope of a given radius (mass per length, stretch, bend and twist stiffness).
//
// The rope is modelled as an elastic rod of circular cross-section (area A = πR², second
// moment I = πR⁴/4, polar moment J = πR⁴/2). Braided and twisted ropes are not homogeneous:
// their fibres slide past each other, so they bend and twist far more easily than a solid rod
// of the same tensile stiffness. Material therefore takes optional effective moduli for
// bending (Bend) and twist (Twist) besides the tensile Young and the Shear of a solid rod; the
// presets give values that reproduce the rope's stretch and bending rather than the fibre's own
// modulus (each preset cites where its numbers come from).
//
// The zero Material is "no material": a geometric solver (FTL) ignores materials, a physical
// one refuses a rope without one.
package material

import (
	"errors"
	"fmt"
	"math"
)

// Friction holds Coulomb friction coefficients (dimensionless) of the rope against itself and
// against obstacles.
type Friction struct {
	Static  float64 // μs ≥ 0: sticking holds while the tangential force ≤ μs·normal force
	Kinetic float64 // μk, 0 ≤ μk ≤ μs: sliding resists with μk·normal force
}

// Material is what a rope is made of. All fields are SI.
type Material struct {
	Name    string  // a preset's name, or "" for a custom material
	Density float64 // ρ, kg/m³ (of the rope's circular cross-section, voids included), > 0
	Young   float64 // E, Pa: stretch stiffness EA, and bend stiffness EI unless Bend is set; > 0
	Shear   float64 // G, Pa: twist stiffness GJ unless Twist is set; > 0; Poisson's ratio E/2G − 1 must lie in (−1, 0.5]
	// Bend is the effective bending modulus E_b, Pa, of a braided, twisted or multifilament
	// rope: EI = E_b·πR⁴/4. 0 means Young (a solid rod). 0 ≤ Bend ≤ Young: fibre slip can make a
	// rope softer in bending than a solid rod of its tensile modulus, never stiffer.
	Bend float64
	// Twist is the effective shear modulus G_t, Pa, for twist: GJ = G_t·πR⁴/2. 0 means Shear.
	// 0 ≤ Twist ≤ Shear, for the same reason as Bend.
	Twist    float64
	Friction Friction // rope–rope and rope–obstacle
	// Damping is the rate, 1/s, at which the velocity of a free node decays (viscous damping
	// proportional to mass: v' = −Damping·v, applied as v ← v·exp(−Damping·h)); ≥ 0.
	Damping float64
	// Diameter is the preset's nominal diameter, m (USP size for sutures); scenes use it as
	// the rope's default diameter. 0 for a custom material.
	Diameter float64
}

// IsZero reports whether m is the zero Material (no material given).
func (m Material) IsZero() bool { return m == Material{} }

// Poisson returns Poisson's ratio ν = E/(2G) − 1.
func (m Material) Poisson() float64 { return m.Young/(2*m.Shear) - 1 }

// BendModulus returns the modulus of bending stiffness, Pa: Bend, or Young when Bend is 0.
func (m Material) BendModulus() float64 {
	if m.Bend > 0 {
		return m.Bend
	}
	return m.Young
}

// TwistModulus returns the modulus of twist stiffness, Pa: Twist, or Shear when Twist is 0.
func (m Material) TwistModulus() float64 {
	if m.Twist > 0 {
		return m.Twist
	}
	return m.Shear
}

// Validate returns an error naming each non-physical field ("density", "young", "shear",
// "bend", "twist", "friction.static", "friction.kinetic", "damping"), or nil.
func (m Material) Validate() error {
	pos := func(v float64) bool { return v > 0 && !math.IsInf(v, 0) }
	nonneg := func(v float64) bool { return v >= 0 && !math.IsInf(v, 0) }
	var errs []error
	if !pos(m.Density) {
		errs = append(errs, fmt.Errorf("density: %v kg/m³ must be positive and finite", m.Density))
	} else if m.Density > MaxDensity {
		errs = append(errs, fmt.Errorf("density: %v kg/m³ is above %g (denser than any solid)", m.Density, MaxDensity))
	}
	if !pos(m.Young) {
		errs = append(errs, fmt.Errorf("young: %v Pa must be positive and finite", m.Young))
	} else if m.Young > MaxModulus {
		errs = append(errs, fmt.Errorf("young: %v Pa is above %g (stiffer than diamond)", m.Young, MaxModulus))
	}
	if !pos(m.Shear) {
		errs = append(errs, fmt.Errorf("shear: %v Pa must be positive and finite", m.Shear))
	} else if m.Shear > MaxModulus {
		errs = append(errs, fmt.Errorf("shear: %v Pa is above %g (stiffer than diamond)", m.Shear, MaxModulus))
	}
	if pos(m.Young) && pos(m.Shear) {
		if nu := m.Poisson(); !(nu > -1 && nu <= 0.5+1e-12) {
			errs = append(errs, fmt.Errorf("shear: %v Pa with young %v Pa gives Poisson's ratio %.3g; it must lie in (−1, 0.5], i.e. young/3 ≤ shear < ∞", m.Shear, m.Young, nu))
		}
	}
	// Bend and Twist: optional (0 = solid rod), and no stiffer than the solid rod.
	effective := func(name string, v float64, base string, bv float64, verb, modulus string) {
		switch {
		case !nonneg(v):
			errs = append(errs, fmt.Errorf("%s: %v Pa must be ≥ 0 and finite (0 means %s)", name, v, base))
		case v > MaxModulus:
			errs = append(errs, fmt.Errorf("%s: %v Pa is above %g (stiffer than diamond)", name, v, MaxModulus))
		case pos(bv) && v > bv:
			errs = append(errs, fmt.Errorf("%s: %v Pa is above %s %v Pa; a braided or twisted rope %s more easily than a solid rod of its %s modulus, never less (0 means %s)", name, v, base, bv, verb, modulus, base))
		}
	}
	effective("bend", m.Bend, "young", m.Young, "bends", "tensile")
	effective("twist", m.Twist, "shear", m.Shear, "twists", "shear")
	if !nonneg(m.Friction.Static) || m.Friction.Static > MaxFriction {
		errs = append(errs, fmt.Errorf("friction.static: %v must be in 0..%g", m.Friction.Static, MaxFriction))
	}
	if !nonneg(m.Friction.Kinetic) || m.Friction.Kinetic > MaxFriction {
		errs = append(errs, fmt.Errorf("friction.kinetic: %v must be in 0..%g", m.Friction.Kinetic, MaxFriction))
	} else if m.Friction.Kinetic > m.Friction.Static {
		errs = append(errs, fmt.Errorf("friction.kinetic: %v must not exceed friction.static %v", m.Friction.Kinetic, m.Friction.Static))
	}
	if !nonneg(m.Damping) || m.Damping > MaxDamping {
		errs = append(errs, fmt.Errorf("damping: %v 1/s must be in 0..%g", m.Damping, MaxDamping))
	}
	return errors.Join(errs...)
}

// Bounds of Validate.
const (
	MaxDensity  = 25000.0 // kg/m³ (osmium is 22,590)
	MaxModulus  = 1.5e12  // Pa (diamond ≈ 1.2e12)
	MaxFriction = 10.0    // friction coefficients
	MaxDamping  = 1e4     // 1/s
)

// Section holds the properties of a rope of material m and radius R, per unit length.
type Section struct {
	Area       float64 // A = πR², m²
	MassPerLen float64 // ρA, kg/m
	Stretch    float64 // EA, N
	Bend       float64 // EI = E_b·πR⁴/4 (E_b = BendModulus: Bend, or Young), N·m²
	Twist      float64 // GJ = G_t·πR⁴/2 (G_t = TwistModulus: Twist, or Shear), N·m²
}

// Section returns the cross-section properties of a rope of radius r, m.
func (m Material) Section(r float64) Section {
	a := math.Pi * r * r
	i := math.Pi * r * r * r * r / 4
	return Section{Area: a, MassPerLen: m.Density * a, Stretch: m.Young * a, Bend: m.BendModulus() * i, Twist: m.TwistModulus() * 2 * i}
}
