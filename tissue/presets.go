package tissue

import (
	"fmt"
	"sort"
)

// Presets are soft tissues with their sources (docs/tissue-brief.md §6–7 has the search
// behind each number). Damping is a modelling choice, not a measurement: Rayleigh's β chosen
// so that strain rates decay within a few 2.5 ms substeps, α small.
var Presets = map[string]Material{
	// Arterial wall. The shear modulus of the hepatic artery, 210 ± 47 kPa, and its density,
	// 1050 kg/m³ (Table 1 of "Tissue viscoelastic and acoustic properties, taken from the
	// literature", Phys Med Biol 2019, https://pmc.ncbi.nlm.nih.gov/articles/PMC6925591/, citing
	// Holzapfel et al. 2005): E = 2G(1 + ν) ≈ 0.6 MPa, inside the human carotid's in-vivo
	// tangent modulus of 0.40–1.50 MPa from diastole to systole
	// (https://pmc.ncbi.nlm.nih.gov/articles/PMC3470810). ν = 0.45 is a modelling choice:
	// measured in-plane 0.3–0.4 and out-of-plane 0.5–0.7 in porcine arteries, with a 2–6 %
	// volume change under pressure; linear tetrahedra lock as ν → 0.5.
	"vessel": {Name: "vessel", Young: 0.6e6, Poisson: 0.45, Density: 1050, MassDamping: 1, StiffDamping: 1e-3},
	// Skin in vivo: E = 0.13–0.26 MPa (Barel et al., quoted in NIOSHTIC-2 20028668,
	// https://www.cdc.gov/niosh/nioshtic-2/20028668.html); density 1090 kg/m³ (Table 3 of
	// Mech Mater 44 (2012), https://pmc.ncbi.nlm.nih.gov/articles/PMC3233242/). ν as "vessel".
	"skin": {Name: "skin", Young: 0.2e6, Poisson: 0.45, Density: 1090, MassDamping: 1, StiffDamping: 1e-3},
}

// Preset returns the named preset, or an error listing the known names.
func Preset(name string) (Material, error) {
	if m, ok := Presets[name]; ok {
		return m, nil
	}
	names := make([]string, 0, len(Presets))
	for n := range Presets {
		names = append(names, n)
	}
	sort.Strings(names)
	return Material{}, fmt.Errorf("tissue: unknown material %q (known: %v)", name, names)
}
