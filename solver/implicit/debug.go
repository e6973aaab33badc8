package implicit

import "sync/atomic"

// NCPHook, when set, is called with every contact component's NCP problem just before it is
// solved: W (3M×3M, row-major), b (3M), mu (M) and the warm start λ (3M) the solver starts
// from (package ncp). The slices are the solver's own and are overwritten by the next
// solve: a hook that keeps them must copy them, and must not modify them.
type NCPHook func(W, b, mu, lambda []float64)

// ncpHook is the hook of SetNCPHook (nil: none; one atomic load per solve).
var ncpHook atomic.Pointer[NCPHook]

// SetNCPHook sets the hook called with every NCP problem of every implicit Solver in the
// process (nil removes it) and returns the one it replaces. It is a debugging aid (capturing
// real contact problems for package ncp's tests and benchmarks), not meant for production
// use; the hook runs on the stepping goroutine.
func SetNCPHook(h NCPHook) NCPHook {
	var p *NCPHook
	if h != nil {
		p = &h
	}
	if old := ncpHook.Swap(p); old != nil {
		return *old
	}
	return nil
}

// callNCPHook calls the hook, if any, with a component's problem.
func callNCPHook(W, b, mu, lambda []float64) {
	if h := ncpHook.Load(); h != nil {
		(*h)(W, b, mu, lambda)
	}
}
