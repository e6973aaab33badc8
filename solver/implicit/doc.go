// Package implicit is the beginning of the solver `implicit` (issue 12, seed 003: the thesis's
// Kirchhoff thread integrated implicitly with a banded solve, its contacts solved together by
// NNCG). It holds, so far, the rod's stretch and bend forces with their stabilised Jacobians
// (rod.go), tested against finite differences; the implicit step, twist, contacts and the
// Solver that plugs into the world are not built yet, and nothing outside the package uses it.
// The banded solve is package band; continuous collision detection is in package collide.
package implicit
