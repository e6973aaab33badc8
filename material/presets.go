package material

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
)

// Presets: real threads and ropes. Every number below names its source; where a number is
// derived (an effective modulus of a braid, a density from mass per metre) the derivation is
// in the comment, and where no measurement was at hand the value is marked as an estimate.
//
// Modelling limits shared by all presets (see the package comment):
//
//   - Young is the tensile modulus (EA). Braided, twisted and kernmantle structures bend far
//     more easily than a solid rod of the same tensile stiffness (their fibres slide), so
//     their presets set Bend, an effective bending modulus derived below from the fibres
//     (silk, cotton) or from the EN 892 knotability test (climbing rope); monofilaments are
//     solid rods and leave Bend 0 (Young). Bend is a modulus (EI = Bend·πR⁴/4, EI ∝ R⁴), so it
//     is exact at the preset's diameter; a textile's EI really grows more slowly with R
//     (∝ R², below), so a rope given a very different radius should set its own Bend.
//   - Twist of textile structures: no measurement was at hand. Their presets set Twist =
//     Bend/3, an estimate: the same fibre slip that softens bending softens twist, and
//     Bend/3 keeps the effective moduli at ν = 0.5 as for Shear = Young/3.
//   - Oriented fibres and braids are anisotropic: their torsional modulus is well below E/3,
//     which an isotropic rod cannot express (Validate requires Poisson's ratio ≤ 0.5, i.e.
//     G ≥ E/3). Monofilaments use the bulk polymer's Poisson's ratio; textile structures
//     (braid, twisted string, kernmantle) use ν = 0.5, the softest twist allowed.
//   - Friction is thread on thread (the same thread), the case that decides whether a knot
//     holds; friction against obstacles uses the same coefficients.
//   - Damping is air drag, linearised at a typical working speed (lambDamping for thin
//     threads, dragDamping for ropes). It is physical, not a numerical stabiliser, and it is
//     larger for thinner threads (drag per mass grows as 1/R²).

// Constants the derivations use.
const (
	airViscosity = 1.81e-5 // Pa·s, dry air at 20 °C (CRC Handbook of Chemistry and Physics, "Viscosity of gases")
	airDensity   = 1.204   // kg/m³, dry air at 20 °C, 101.325 kPa (CRC Handbook)
	cylinderCd   = 1.2     // drag coefficient of a long circular cylinder across the flow, 10³ ≲ Re ≲ 10⁵ (Hoerner, Fluid-Dynamic Drag, 1965, ch. 3)
	standardG    = 9.80665 // m/s², standard gravity (ISO 80000-3), converts EN 892's kg loads to N
)

// lambDamping returns the Damping, 1/s, of a thread of density rho, kg/m³, and diameter d, m,
// moving slowly through air. A suture of 0.07–0.34 mm moved at 5–10 cm/s has Reynolds number
// Re = v·d/ν_air ≈ 0.3–2, where Lamb's (Oseen) drag per length on a cylinder,
// F/L = 4πηv / (½ − γ − ln(Re/8)), has a denominator ≈ 2; so F/L ≈ 2πηv and the velocity decays
// at (F/L)/(ρπR²v) = 2η/(ρR²). (H. Lamb, Hydrodynamics, 6th ed., 1932, §343.)
func lambDamping(rho, d float64) float64 {
	r := d / 2
	return 2 * airViscosity / (rho * r * r)
}

// dragDamping returns the Damping, 1/s, of a rope of density rho, kg/m³, and diameter d, m,
// moved at speed v, m/s, where drag is quadratic (Re in the hundreds): F/L = ½ρ_air·Cd·d·v²,
// linearised at v: (F/L)/(ρπR²v) = ½ρ_air·Cd·d·v/(ρπR²).
func dragDamping(rho, d, v float64) float64 {
	r := d / 2
	return 0.5 * airDensity * cylinderCd * d * v / (rho * math.Pi * r * r)
}

// freeFibreBend returns the effective bending modulus, Pa, of a thread of radius r, m, made
// of parallel fibres that bend independently (the "free-fibre" limit of yarn bending: no
// friction locks them together; J. W. S. Hearle, P. Grosberg, S. Backer, Structural Mechanics
// of Fibers, Yarns, and Fabrics, Wiley 1969, ch. on yarn bending). The thread's EI is then the
// sum of its N fibres' E_f·πr_f⁴/4, with N = φ·R²/r_f² at packing fraction φ, so
// EI = E_f·φ·r_f²·πR²/4 and E_b = EI/(πR⁴/4) = E_f·φ·(r_f/R)². ef is the fibre's tensile
// modulus, Pa, phi the packing fraction, rf the fibre's radius, m. Inter-fibre friction makes a
// real thread stiffer than this; it is the lubricated limit, which textile yarns approach.
func freeFibreBend(ef, phi, rf, r float64) float64 { return ef * phi * (rf / r) * (rf / r) }

// shearOf returns the shear modulus G = E/(2(1+ν)) of an isotropic solid.
func shearOf(e, nu float64) float64 { return e / (2 * (1 + nu)) }

// USP sizes. The United States Pharmacopeia's monograph "Nonabsorbable Surgical Suture"
// (Table 1, limits on average diameter of Class I sutures: silk and synthetic monofilament or
// braided, e.g. nylon, polypropylene), measured as <861> Sutures—Diameter prescribes, gives
// these ranges, mm:
//
//	USP   metric  min    max
//	2-0   3       0.300  0.339
//	3-0   2       0.200  0.249
//	4-0   1.5     0.150  0.199
//	5-0   1       0.100  0.149
//	6-0   0.7     0.070  0.099
//	7-0   0.5     0.050  0.069
//	8-0   0.4     0.040  0.049
//	9-0   0.3     0.030  0.039
//	10-0  0.2     0.020  0.029
//
// (7-0 to 10-0 are microsurgical: 10-0 nylon is the usual suture of a 1 mm vessel's
// anastomosis.)
// Each preset's Diameter is the middle of its range, rounded to 5 µm (0.320 for 2-0). Real
// sutures sit anywhere in the range; give the rope's radius explicitly to model one.
var uspDiameter = map[string]float64{
	"2-0":  0.320e-3,
	"3-0":  0.225e-3,
	"4-0":  0.175e-3,
	"5-0":  0.125e-3,
	"6-0":  0.085e-3,
	"7-0":  0.060e-3,
	"8-0":  0.045e-3,
	"9-0":  0.035e-3,
	"10-0": 0.025e-3,
}

// Polypropylene monofilament (e.g. Prolene).
//
//   - Density 905 kg/m³: isotactic polypropylene, 0.90–0.91 g/cm³ (J. Brandrup, E. H.
//     Immergut, E. A. Grulke, Polymer Handbook, 4th ed., Wiley 1999).
//   - Young 4.0 GPa: measured on a commercial blue polypropylene monofilament suture,
//     4026 MPa (T. G. T. Nindhia et al., Int. J. Appl. Pharm. 13(S1), 2021,
//     doi:10.22159/ijap.2021.v13s1.Y1025). Drawing orients the chains: bulk isotactic PP is
//     1.14–1.55 GPa (W. D. Callister, D. G. Rethwisch, Materials Science and Engineering,
//     Appendix B).
//   - Shear from Poisson's ratio 0.40, bulk polypropylene (Callister & Rethwisch, Appendix B).
//   - Friction 0.30 static, 0.25 kinetic: an estimate, not a measurement. B. S. Gupta, K. W.
//     Wolf, R. W. Postlethwait, "Effect of suture material and construction on frictional
//     properties of sutures", Surg. Gynecol. Obstet. 161(1):12–16, 1985, found that
//     suture-on-suture friction falls with tension and that Prolene and Ethilon (nylon) have
//     the lowest friction of all sutures at high tension; clinical references list
//     polypropylene as the most slippery suture. We set it below nylon's fibre value.
//   - Damping: lambDamping (air).
const (
	ppDensity = 905.0
	ppYoung   = 4.0e9
	ppPoisson = 0.40
)

var ppFriction = Friction{Static: 0.30, Kinetic: 0.25}

// Nylon (polyamide 6 or 6,6) monofilament (e.g. Ethilon).
//
//   - Density 1140 kg/m³: nylon 6 and 6,6, 1.13–1.14 g/cm³ (Polymer Handbook, 4th ed.; W. E.
//     Morton, J. W. S. Hearle, Physical Properties of Textile Fibres, 4th ed., Woodhead 2008,
//     table of fibre densities: 1.14).
//   - Young 2.5 GPa: inside 1.59–3.79 GPa for nylon 6,6 (Callister & Rethwisch, Appendix B),
//     towards the middle: monofilament is drawn (stiffer) but sutures work moist, and water
//     plasticises polyamide (lower).
//   - Shear from Poisson's ratio 0.39, nylon 6,6 (Callister & Rethwisch, Appendix B).
//   - Friction 0.47 static, 0.40 kinetic: nylon on nylon, fibre on fibre (Morton & Hearle,
//     table of fibre friction coefficients). Gupta et al. 1985 (above) show that monofilament
//     suture friction falls with tension, so tight knots may slide at lower values.
//   - Damping: lambDamping (air).
const (
	nylonDensity = 1140.0
	nylonYoung   = 2.5e9
	nylonPoisson = 0.39
)

var nylonFriction = Friction{Static: 0.47, Kinetic: 0.40}

// Braided silk (e.g. Mersilk, Perma-Hand).
//
//   - Density 1340 kg/m³: silk fibroin, 1.34 g/cm³ (Morton & Hearle, fibre densities). The
//     voids of the braid are neglected: surgical silk is tightly braided and wax coated, and
//     USP measures its diameter under a presser foot; mass per length may be overestimated
//     by the void fraction (perhaps 10–20 %).
//   - Young 8.7 GPa: initial modulus of 3-0 braided silk, 8701 MPa (S. E. Naleway, W. Lear,
//     J. J. Kruzic, C. B. Maughan, "Mechanical properties of suture materials in general and
//     cutaneous surgery", J. Biomed. Mater. Res. B 103(4):735–742, 2015,
//     doi:10.1002/jbm.b.33171), used for every size.
//   - Shear: ν = 0.5 (a braid; see the notes at the top).
//   - Bend (effective, an estimate): the free-fibre limit, freeFibreBend(E_f, φ, r_f, R) with
//     E_f = 8.7 GPa (the braid's modulus above; the fibre's own is no lower), φ = 1 (as for
//     the density) and fibres of 11 µm diameter (an estimate: degummed Bombyx mori silk
//     filaments, the brins, are about 1 denier, 10–13 µm across). For 3-0 (R = 112.5 µm):
//     E_b = 8.7e9·(5.5/112.5)² ≈ 2.1e7 Pa, EI ≈ 2.6e-9 N·m², 1/420 of the solid rod's. Per
//     size, E_b ∝ 1/R² (silkBend). A braided, wax-coated suture is somewhat stiffer than the
//     free-fibre limit.
//   - Twist = Bend/3 (see the notes at the top).
//   - Friction 0.55 static, 0.45 kinetic: an estimate, not a measurement: Gupta et al. 1985
//     found braided sutures on average more frictional than monofilaments, so silk is set
//     above nylon's 0.47/0.40.
//   - Damping: lambDamping (air).
const (
	silkDensity       = 1340.0
	silkYoung         = 8.7e9
	silkFibreDiameter = 11e-6 // m, a degummed silk brin (estimate)
)

// silkBend returns the braided silk preset's effective bending modulus at diameter d, m.
func silkBend(d float64) float64 { return freeFibreBend(silkYoung, 1, silkFibreDiameter/2, d/2) }

var silkFriction = Friction{Static: 0.55, Kinetic: 0.45}

// Cotton string, about 2 mm (kitchen or butcher's twine).
//
//   - Density 850 kg/m³ (of the string's circular envelope): cotton fibre is 1.52–1.54 g/cm³
//     (Morton & Hearle) and a twisted staple yarn fills about 0.5–0.6 of its envelope (J. W.
//     S. Hearle, P. Grosberg, S. Backer, Structural Mechanics of Fibers, Yarns, and Fabrics,
//     Wiley 1969, ch. on yarn packing); 0.55 × 1540 ≈ 850, i.e. 2.7 g/m at 2 mm.
//   - Young 1.2 GPa (effective, an estimate): cotton fibre's initial modulus is about
//     7.7 GPa (≈ 5 N/tex × 1540 kg/m³, Morton & Hearle); a twisted yarn carries it at packing
//     0.55 and surface helix angle ≈ 25° (cos² ≈ 0.82), E ≤ 0.55·7.7·0.82 ≈ 3.5 GPa for
//     continuous filaments, and a staple yarn reaches about a third of that at small strain
//     (fibre slip, crimp; Hearle et al. 1969): ≈ 1.2 GPa.
//   - Shear: ν = 0.5 (a twisted structure; see the notes at the top).
//   - Bend ≈ 1.6e5 Pa (effective, an estimate): the free-fibre limit, freeFibreBend(E_f, φ,
//     r_f, R), with E_f = 7.7 GPa and φ = 0.55 as above, and a cotton fibre of 0.177 tex: a
//     mid-grade micronaire of 4.5 (micronaire is the fibre's mass per length in µg per inch,
//     ASTM D1448; 4.5 µg/25.4 mm = 1.77e-7 kg/m), whose equivalent round radius is
//     r_f = √(1.77e-7/(π·1540)) ≈ 6.05 µm. E_b = 7.7e9·0.55·(6.05e-6/1e-3)² ≈ 1.55e5 Pa,
//     EI ≈ 1.2e-7 N·m², 1/7700 of the solid rod's (cotton's flattened, twisted ribbon bends
//     more easily still; fibre friction in a twisted yarn stiffens it).
//   - Twist = Bend/3 (see the notes at the top).
//   - Friction 0.51 static, 0.26 kinetic: cotton on cotton, fibre on fibre (Morton & Hearle,
//     table of fibre friction coefficients).
//   - Damping: dragDamping at 0.5 m/s (Re ≈ 70: quadratic drag), ≈ 0.27 1/s.
const (
	cottonDiameter = 2e-3
	cottonDensity  = 850.0
	cottonYoung    = 1.2e9
	cottonFibreE   = 7.7e9   // Pa, cotton fibre's initial modulus (above)
	cottonPacking  = 0.55    // fraction of the envelope filled by fibre (above)
	cottonFibreTex = 1.77e-7 // kg/m, micronaire 4.5 (above)
	cottonFibreRho = 1540.0  // kg/m³, cotton fibre (above)
)

var cottonBend = freeFibreBend(cottonFibreE, cottonPacking, math.Sqrt(cottonFibreTex/(math.Pi*cottonFibreRho)), cottonDiameter/2)

var cottonFriction = Friction{Static: 0.51, Kinetic: 0.26}

// Dynamic climbing rope, 10 mm single rope (kernmantle, polyamide core and sheath).
//
//   - Diameter 10 mm, mass 63 g/m: 10 mm single ropes weigh 62–65 g/m in manufacturers'
//     data (mass per metre and diameter measured per EN 892:2012+A1:2016 §5.3, under a 10 kg
//     load). Density = 0.063 kg/m / (π·(5 mm)²) ≈ 802 kg/m³ (of the envelope; core voids
//     included).
//   - Young ≈ 117 MPa (effective): EN 892 limits a single rope's static elongation to 10 %
//     under 80 kg (load rising from a 5 kg pre-load); 10 mm single ropes are specified at
//     7–9 % in manufacturers' data. With 8 %: E = (80 − 5)·g / (π·(5 mm)²·0.08)
//     = 735.5 N / 6.28e-6 m² ≈ 1.17e8 Pa. The rope is stiffer at higher strain and much
//     softer in bending than a solid rod of this E (see the notes at the top).
//   - Shear: ν = 0.5 (kernmantle; see the notes at the top).
//   - Bend ≈ 7.8 MPa (effective, derived from EN 892's knotability test; 1/15 of Young): EN
//     892 ties a single overhand knot, loads it with 10 kg for a minute, reduces the load to
//     1 kg and measures the knot's inner diameter D; the knotability K = D/d must not exceed
//     1.1 (EN 892:2012+A1:2016 §5.5; the test as described in Edelweiss's Professional
//     catalogue 2018, "tech specs"). Bending balances tension in the knot's loop: the loop of
//     a planar elastica of stiffness EI under tension T is the homoclinic solution, curvature
//     κ(s) = 2λ·sech(λs) with λ = √(T/EI), whose width across the loop is
//     2(√2 − asinh 1)/λ ≈ 1.066/λ (the points where the tangent turns 90°, λs = ±asinh 1).
//     With the centreline loop width (1 + K)·d = 21 mm at K = 1.1 and T = 1 kg·g = 9.81 N:
//     λ = 1.066/0.021 m ≈ 50.8 /m, EI = T/λ² ≈ 3.8e-3 N·m², E_b = EI/(π(5 mm)⁴/4) ≈ 7.8e6 Pa.
//     Friction in the knot keeps the loop between its equilibria at the 10 kg setting load
//     and the 1 kg measuring load, so a rope at K = 1.1 has 3.8e-3 ≤ EI ≤ 3.8e-2 N·m² (T from
//     9.81 to 98.1 N); we take the measuring load. Limits: the knot is not planar and the
//     loop wraps the other strand, so this is an estimate of the order of magnitude. The solid
//     rod's EI = E·πR⁴/4 ≈ 0.057 N·m² lies above even the upper end. Bending length
//     (EI/weight per length)^⅓ ≈ 18 cm.
//   - Twist = Bend/3 (see the notes at the top).
//   - Friction 0.47 static, 0.40 kinetic, rope on rope: both surfaces are polyamide sheath,
//     taken as nylon on nylon (Morton & Hearle, fibre friction table); the sheath's weave adds
//     interlocking this ignores.
//   - Damping: dragDamping at 1 m/s (Re ≈ 700: quadratic drag), ≈ 0.11 1/s.
const (
	climbDiameter   = 10e-3
	climbMassPerLen = 0.063 // kg/m
	climbStrain     = 0.08  // static elongation under (80 − 5) kg
)

// EN 892 knotability test (above).
const (
	climbKnotability = 1.1 // K = inner diameter / rope diameter, EN 892's limit
	knotMeasureLoad  = 1   // kg: the load at which the knot's inner diameter is measured
	knotSetLoad      = 10  // kg: the load that sets the knot first
)

// elasticaLoopWidth is the width across the loop of the homoclinic planar elastica, in units
// of 1/λ = √(EI/T): 2(√2 − asinh 1) ≈ 1.066.
var elasticaLoopWidth = 2 * (math.Sqrt2 - math.Asinh(1))

// knotEI returns the bending stiffness, N·m², at which the loop of an overhand knot in a rope
// of diameter d, m, with knotability k is in equilibrium under a load of kg kilograms.
func knotEI(d, k, kg float64) float64 {
	lambda := elasticaLoopWidth / ((1 + k) * d)
	return kg * standardG / (lambda * lambda)
}

var (
	climbArea  = math.Pi * (climbDiameter / 2) * (climbDiameter / 2)
	climbYoung = (80 - 5) * standardG / (climbArea * climbStrain)
	climbBend  = knotEI(climbDiameter, climbKnotability, knotMeasureLoad) / (math.Pi * math.Pow(climbDiameter/2, 4) / 4)
)

var presets = buildPresets()

func buildPresets() map[string]Material {
	m := make(map[string]Material)
	add := func(mat Material) { m[mat.Name] = mat }
	for size, d := range uspDiameter {
		add(Material{Name: "polypropylene-" + size, Density: ppDensity, Young: ppYoung, Shear: shearOf(ppYoung, ppPoisson),
			Friction: ppFriction, Damping: lambDamping(ppDensity, d), Diameter: d})
		add(Material{Name: "nylon-" + size, Density: nylonDensity, Young: nylonYoung, Shear: shearOf(nylonYoung, nylonPoisson),
			Friction: nylonFriction, Damping: lambDamping(nylonDensity, d), Diameter: d})
	}
	for _, size := range []string{"2-0", "3-0", "4-0"} {
		d := uspDiameter[size]
		bend := silkBend(d)
		add(Material{Name: "silk-" + size, Density: silkDensity, Young: silkYoung, Shear: silkYoung / 3,
			Bend: bend, Twist: bend / 3, Friction: silkFriction, Damping: lambDamping(silkDensity, d), Diameter: d})
	}
	add(Material{Name: "cotton-string", Density: cottonDensity, Young: cottonYoung, Shear: cottonYoung / 3,
		Bend: cottonBend, Twist: cottonBend / 3, Friction: cottonFriction, Damping: dragDamping(cottonDensity, cottonDiameter, 0.5), Diameter: cottonDiameter})
	climbDensity := climbMassPerLen / climbArea
	add(Material{Name: "climbing-rope-10mm", Density: climbDensity, Young: climbYoung, Shear: climbYoung / 3,
		Bend: climbBend, Twist: climbBend / 3, Friction: nylonFriction, Damping: dragDamping(climbDensity, climbDiameter, 1), Diameter: climbDiameter})
	return m
}

// Preset returns the named preset (see PresetNames), or an error listing the valid names.
func Preset(name string) (Material, error) {
	if m, ok := presets[name]; ok {
		return m, nil
	}
	return Material{}, fmt.Errorf("material: unknown preset %q; valid presets are %s", name, strings.Join(PresetNames(), ", "))
}

// PresetNames returns the names of all presets, sorted.
func PresetNames() []string {
	names := make([]string, 0, len(presets))
	for n := range presets {
		names = append(names, n)
	}
	slices.SortFunc(names, naturalCompare)
	return names
}

// naturalCompare orders strings with their runs of digits compared as numbers: nylon-2-0
// before nylon-10-0.
func naturalCompare(a, b string) int {
	digits := func(s string, i int) int {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		return j
	}
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ea, eb := digits(a, i), digits(b, j)
		if ea > i && eb > j {
			na, nb := strings.TrimLeft(a[i:ea], "0"), strings.TrimLeft(b[j:eb], "0")
			if c := cmp.Compare(len(na), len(nb)); c != 0 {
				return c
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			i, j = ea, eb
			continue
		}
		if a[i] != b[j] {
			return cmp.Compare(a[i], b[j])
		}
		i, j = i+1, j+1
	}
	return cmp.Compare(len(a)-i, len(b)-j)
}
