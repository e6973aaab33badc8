package table

import (
	"strings"
	"testing"
)

// collisions returns the classes of prime knots of the table, each in a chirality, that share
// Alexander and Jones polynomials (Lookup without signature returns several knots), one class of
// each pair of mirror-image classes (the one whose first knot is as in the table), in the table's
// order.
func collisions() [][]Match {
	var out [][]Match
	for _, k := range All() {
		ms := Lookup(Invariants{Alexander: k.Alexander, Jones: k.Jones})
		// Each class once: from its first knot, as in the table.
		if len(ms) >= 2 && ms[0].Knot.Index == k.Index && !ms[0].Mirror {
			out = append(out, ms)
		}
	}
	return out
}

// wantCollisions are the classes of prime knots through 12 crossings that Alexander and Jones
// polynomials do not tell apart, in ShortName style ("m" marks the mirror image of the table's
// diagram, "[m]" either image); the mirror image of each class is a class too. 283 classes:
// 252 pairs, 28 triples, 3 quadruples.
var wantCollisions = []string{
	"5_1 m10_132",
	"6_2 12n_25",
	"7_1 12n_749",
	"7_3 m12n_523",
	"8_2 12n_340",
	"8_8 m10_129",
	"8_16 10_156",
	"9_8 m12n_65",
	"10_18 12n_561",
	"10_22 12n_817",
	"10_23 12n_607",
	"10_25 10_56",
	"10_27 m12n_471 12n_645",
	"10_28 m12n_342",
	"10_33 [m]12n_278",
	"10_35 12n_48",
	"10_38 12n_343",
	"10_39 12n_215",
	"10_40 10_103 12n_412",
	"10_52 m12n_241",
	"10_54 12n_154",
	"10_57 m12n_678",
	"10_72 12n_94",
	"10_83 12n_541",
	"10_84 12n_330",
	"10_86 m12n_317 m12n_511 m12n_588",
	"10_88 [m]12n_586",
	"10_92 12n_515",
	"10_93 m12n_277",
	"10_94 12n_787",
	"10_95 12n_595",
	"10_100 m12n_188",
	"10_102 m12n_447",
	"10_105 m12n_17 12n_584",
	"10_106 12n_369",
	"10_109 [m]12n_695",
	"10_111 12n_112",
	"10_116 m12n_424",
	"10_117 m12n_415",
	"10_141 12n_438",
	"10_155 11n_37",
	"11a_1 11a_149",
	"11a_2 11a_116",
	"11a_11 11a_167",
	"11a_19 11a_25",
	"11a_24 11a_26 11a_315",
	"11a_30 11a_272",
	"11a_33 11a_82",
	"11a_35 11a_316",
	"11a_41 m11a_183",
	"11a_44 11a_47",
	"11a_57 11a_231",
	"11a_71 m11a_248",
	"11a_76 m11a_160 m11a_289",
	"11a_79 11a_255",
	"11a_81 m11a_282",
	"11a_104 11a_168",
	"11a_138 m11a_285",
	"11a_185 m11a_265",
	"11a_186 11a_241",
	"11a_192 11a_299",
	"11a_196 m11a_216",
	"11a_251 11a_253",
	"11a_252 11a_254",
	"11n_4 11n_21 12n_24",
	"11n_10 m11n_144",
	"11n_11 11n_112",
	"11n_17 12n_146",
	"11n_20 12n_322",
	"11n_22 m11n_127",
	"11n_26 m12n_97",
	"11n_34 11n_42",
	"11n_35 11n_43",
	"11n_36 11n_44",
	"11n_39 11n_45 m12n_257",
	"11n_40 11n_46",
	"11n_41 11n_47 12n_326",
	"11n_50 11n_132 12n_414",
	"11n_51 m12n_54 m12n_218",
	"11n_55 m12n_315",
	"11n_56 m11n_58 m12n_449",
	"11n_63 m12n_564",
	"11n_71 m11n_75",
	"11n_73 11n_74",
	"11n_76 m11n_78",
	"11n_79 m11n_138",
	"11n_128 12n_142",
	"11n_151 11n_152",
	"11n_157 m12n_482",
	"11n_172 m12n_312 12n_397",
	"12a_5 12a_343",
	"12a_7 12a_14 12a_417",
	"12a_13 12a_15",
	"12a_24 12a_299",
	"12a_28 12a_799",
	"12a_29 m12a_113",
	"12a_30 12a_33 m12a_157",
	"12a_36 12a_694",
	"12a_41 12a_1116",
	"12a_44 12a_64",
	"12a_45 12a_65",
	"12a_48 12a_60",
	"12a_59 12a_63 m12a_352",
	"12a_67 12a_136",
	"12a_71 12a_416",
	"12a_81 12a_401",
	"12a_83 12a_397",
	"12a_91 12a_111",
	"12a_101 12a_115",
	"12a_102 12a_107",
	"12a_108 12a_120",
	"12a_109 12a_437",
	"12a_112 m12a_305",
	"12a_114 12a_117",
	"12a_116 12a_122 12a_182",
	"12a_124 12a_384",
	"[m]12a_126 [m]12a_132 12a_341 12a_627",
	"12a_131 12a_133 12a_324 12a_933",
	"12a_134 12a_188",
	"12a_140 12a_585",
	"12a_154 12a_162",
	"12a_164 12a_166",
	"12a_167 12a_692",
	"12a_173 m12a_258",
	"12a_180 m12a_560",
	"12a_184 12a_333 12a_662",
	"12a_195 12a_693",
	"12a_209 12a_1076",
	"12a_210 12a_623",
	"12a_212 m12a_882",
	"12a_215 m12a_280",
	"12a_226 12a_638",
	"12a_232 12a_322",
	"12a_240 m12a_671",
	"12a_273 12a_890",
	"12a_274 12a_533",
	"12a_275 12a_624",
	"12a_284 12a_673",
	"12a_306 m12a_1094",
	"12a_307 12a_781",
	"12a_310 12a_388",
	"12a_323 m12a_452",
	"12a_325 12a_711",
	"12a_327 m12a_677",
	"12a_328 12a_630",
	"12a_330 12a_619",
	"12a_338 12a_783",
	"12a_385 12a_751",
	"12a_390 12a_672",
	"12a_402 m12a_1096",
	"12a_403 m12a_625",
	"12a_427 12a_435 12a_990",
	"12a_456 m12a_1087",
	"12a_458 12a_887",
	"12a_478 12a_1104",
	"12a_510 12a_821",
	"12a_511 12a_988",
	"12a_513 12a_989",
	"12a_514 12a_849",
	"12a_523 12a_1201",
	"12a_526 12a_598 12a_954",
	"12a_527 m12a_958",
	"12a_546 12a_1173",
	"12a_587 12a_977",
	"12a_588 12a_1270",
	"12a_599 12a_956",
	"12a_606 12a_715",
	"12a_639 12a_680",
	"12a_646 12a_1083",
	"12a_656 m12a_908 m12a_1185",
	"12a_658 12a_729",
	"12a_675 12a_688",
	"12a_701 12a_987",
	"12a_705 m12a_893",
	"12a_707 12a_935",
	"12a_727 12a_947",
	"12a_734 12a_1071 12a_1175",
	"12a_746 12a_966",
	"12a_761 12a_1032",
	"12a_765 m12a_961",
	"12a_778 m12a_992",
	"12a_811 12a_817",
	"12a_829 12a_832",
	"12a_830 12a_831",
	"12a_837 m12a_1174",
	"12a_844 12a_846",
	"12a_916 12a_1226",
	"12a_926 12a_1023",
	"12a_945 m12a_1086",
	"12a_1013 m12a_1176",
	"12a_1047 12a_1203 m12a_1246",
	"12a_1052 12a_1182",
	"12a_1136 12a_1224",
	"12a_1172 12a_1268",
	"12n_3 m12n_69",
	"12n_7 m12n_10",
	"12n_14 12n_298",
	"12n_20 12n_634",
	"12n_21 12n_29",
	"12n_22 12n_30",
	"12n_23 12n_31",
	"12n_26 12n_32",
	"12n_27 12n_33 12n_173",
	"12n_28 12n_34",
	"12n_36 m12n_161",
	"12n_55 12n_223",
	"12n_56 12n_57 m12n_221",
	"12n_58 m12n_222",
	"12n_59 12n_220",
	"12n_60 12n_61 12n_219",
	"12n_62 12n_66 m12n_224",
	"12n_63 m12n_225",
	"12n_64 12n_261",
	"12n_67 m12n_229",
	"12n_70 m12n_348",
	"12n_80 12n_512",
	"12n_85 12n_130",
	"12n_86 12n_131",
	"12n_87 12n_132",
	"12n_88 12n_133",
	"12n_89 12n_134",
	"12n_90 12n_135 m12n_416",
	"12n_91 12n_136",
	"12n_92 12n_137",
	"12n_93 12n_138",
	"12n_98 12n_125",
	"12n_99 12n_126",
	"12n_113 12n_466",
	"12n_117 12n_796",
	"12n_122 12n_127",
	"12n_123 12n_128",
	"12n_124 12n_129",
	"12n_144 12n_507",
	"12n_145 m12n_838",
	"12n_147 12n_413 12n_597",
	"12n_155 12n_677",
	"12n_159 12n_469",
	"12n_180 12n_633",
	"12n_194 12n_734",
	"12n_197 m12n_687",
	"12n_201 12n_551",
	"12n_205 12n_226",
	"12n_206 12n_227",
	"12n_207 12n_228",
	"12n_208 12n_212",
	"12n_209 12n_213",
	"12n_210 12n_214",
	"12n_231 12n_232",
	"12n_244 12n_338",
	"12n_252 12n_262",
	"12n_255 12n_263",
	"12n_256 12n_264",
	"12n_288 m12n_501",
	"12n_300 12n_463",
	"12n_319 12n_470",
	"12n_320 12n_534",
	"12n_335 12n_710",
	"12n_339 m12n_741",
	"12n_344 12n_684",
	"12n_364 m12n_365",
	"12n_367 m12n_745",
	"12n_378 m12n_819",
	"12n_380 m12n_440",
	"12n_400 m12n_450",
	"12n_417 12n_694",
	"12n_420 12n_636",
	"12n_421 m12n_422",
	"12n_429 12n_520",
	"12n_434 12n_616",
	"12n_486 12n_718",
	"12n_489 m12n_746",
	"12n_532 m12n_760",
	"12n_540 12n_727",
	"12n_553 m12n_556",
	"12n_560 m12n_880",
	"12n_565 m12n_737",
	"12n_604 m12n_666",
	"12n_606 12n_685",
	"12n_618 12n_776",
	"12n_670 12n_681",
	"12n_671 12n_682",
	"12n_691 12n_692",
	"12n_693 12n_696",
}

// The classes that the signature splits (at least partly).
var wantSplitBySignature = []string{
	"5_1 m10_132",
	"6_2 12n_25",
	"7_1 12n_749",
	"7_3 m12n_523",
	"8_2 12n_340",
	"10_141 12n_438",
	"11n_20 12n_322",
	"11n_51 m12n_54 m12n_218",
	"11n_56 m11n_58 m12n_449",
	"11n_79 m11n_138",
	"12n_7 m12n_10",
	"12n_20 12n_634",
	"12n_319 12n_470",
	"12n_565 m12n_737",
}

func TestCollisions(t *testing.T) {
	got := collisions()
	var names, split []string
	sizes := map[int]int{}
	for _, c := range got {
		s := make([]string, len(c))
		sigs := map[int]bool{}
		for i, m := range c {
			s[i] = m.String()
			sg := m.Knot.Signature
			if m.Mirror {
				sg = -sg
			}
			sigs[sg] = true
		}
		name := strings.Join(s, " ")
		names = append(names, name)
		sizes[len(c)]++
		if len(sigs) > 1 {
			split = append(split, name)
		}
		// With the signature, Lookup returns exactly the knots of that signature.
		for _, m := range c {
			sg := m.Knot.Signature
			if m.Mirror {
				sg = -sg
			}
			for _, r := range Lookup(Invariants{Alexander: m.Knot.Alexander, Jones: jonesOf(m), Signature: &sg}) {
				rs := r.Knot.Signature
				if r.Mirror {
					rs = -rs
				}
				if rs != sg && !r.ChiralityUnknown {
					t.Errorf("%s: signature %d gives %s with signature %d", name, sg, r, rs)
				}
			}
		}
	}
	t.Logf("%d classes, sizes %v; split by signature: %d", len(got), sizes, len(split))
	if sizes[2] != 252 || sizes[3] != 28 || sizes[4] != 3 || len(sizes) != 3 {
		t.Errorf("class sizes %v", sizes)
	}
	if strings.Join(names, "\n") != strings.Join(wantCollisions, "\n") {
		t.Errorf("collisions:\n%s\nwant\n%s", strings.Join(names, "\n"), strings.Join(wantCollisions, "\n"))
	}
	if strings.Join(split, "\n") != strings.Join(wantSplitBySignature, "\n") {
		t.Errorf("split by signature:\n%s", strings.Join(split, "\n"))
	}
}
