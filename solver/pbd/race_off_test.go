//go:build !race

package pbd

const raceEnabled = false
