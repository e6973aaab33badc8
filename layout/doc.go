// Package layout lays ropes loosely along curves that tighten into knots and hitches when
// the two ends are pulled apart.
//
// Every layout returns Options.Links+1 points, successive points exactly Options.Link apart
// (the core curve is walked with equal chords, not resampled by arc length, so tight loops keep
// their link lengths), starting and ending with straight tails of at least Options.MinTail
// links. Parts of the rope that are not neighbours along it keep at least Options.Gap =
// 2R·(1+Margin) between their axes, and at least NearGap = 2R·(1+Margin/2) where less than
// NearArc of rope lies between them (a bend shortens the chord across a few links whatever the
// knot's size); neighbours are segments closer than Options.LocalSkip along the rope (when
// Link ≥ Gap these are the simulator's own adjacent pairs). KeepsClearance checks this in
// linear time. The size search is bounded: it gives up once the knot needs far more links than
// the rope has, and Options.Done abandons it. Ropes around an
// obstacle keep their axis R·(1+Margin) from its surface. Each knot is built at the smallest
// size that keeps these clearances, times Loose. Lengths are in the units of Options.
//
// Knots (Overhand, FigureEight, OverhandThenFigureEight, Granny, Square, Braid) are long
// knots made from braid closures: the strand positions are stacked along −y, crossings swap
// neighbouring strands with the over strand raised in z, the arc closing the top strand is cut
// open into the two tails along ∓x on y = z = 0, and the other strands close through nested
// return loops below the braid. Their projection on the xy plane has one crossing per braid
// generator (3 for the overhand knot, 4 for the figure-eight), alternating. ClosedKnotOpen
// opens any closed parametric knot curve (TorusKnot, FigureEightCurve) at its +x extreme
// instead. CloveHitch and MunterHitch wrap a pole and a ring.
//
// A layout is too short for its knot when Links is below the minimum; the error says the
// minimum.
package layout
