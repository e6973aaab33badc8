//go:build race

package ftl

const raceEnabled = true
