package tissue

import (
	"fmt"
	"math"
)

// Material is what a tissue is made of, in SI units: a linear elastic solid (co-rotated, so
// large rotations cost nothing) with Rayleigh damping.
type Material struct {
	Name    string  // a preset's name, or "" for a custom material
	Young   float64 // E, Pa, > 0
	Poisson float64 // ν, in (−1, 0.5): 0.5 (incompressible) is refused, λ would be infinite
	Density float64 // ρ, kg/m³, > 0
	// MassDamping is Rayleigh's α, 1/s: the force −α·m·v on every node; ≥ 0.
	MassDamping float64
	// StiffDamping is Rayleigh's β, s: the force −β·K·v (damps strain rates, not rigid
	// motion); ≥ 0.
	StiffDamping float64
}

// maxPoisson is the largest ν accepted: at 0.499 λ/μ ≈ 500 already, and linear tetrahedra lock.
const maxPoisson = 0.499

// Validate returns an error naming the first bad field, or nil.
func (m Material) Validate() error {
	fin := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	switch {
	case !(m.Young > 0) || !fin(m.Young):
		return fmt.Errorf("tissue: material %q: Young %v Pa must be positive and finite", m.Name, m.Young)
	case !(m.Poisson > -1 && m.Poisson <= maxPoisson):
		return fmt.Errorf("tissue: material %q: Poisson %v must be in (−1, %v]", m.Name, m.Poisson, maxPoisson)
	case !(m.Density > 0) || !fin(m.Density):
		return fmt.Errorf("tissue: material %q: Density %v kg/m³ must be positive and finite", m.Name, m.Density)
	case !(m.MassDamping >= 0) || !fin(m.MassDamping):
		return fmt.Errorf("tissue: material %q: MassDamping %v 1/s must be ≥ 0 and finite", m.Name, m.MassDamping)
	case !(m.StiffDamping >= 0) || !fin(m.StiffDamping):
		return fmt.Errorf("tissue: material %q: StiffDamping %v s must be ≥ 0 and finite", m.Name, m.StiffDamping)
	}
	return nil
}

// Lame returns Lamé's first parameter λ and the shear modulus μ, Pa.
func (m Material) Lame() (lambda, mu float64) {
	mu = m.Young / (2 * (1 + m.Poisson))
	lambda = m.Young * m.Poisson / ((1 + m.Poisson) * (1 - 2*m.Poisson))
	return lambda, mu
}
