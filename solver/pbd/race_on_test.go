//go:build race

package pbd

const raceEnabled = true
