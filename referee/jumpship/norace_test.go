//go:build !race

package jumpship

// raceEnabled is false without the race detector.
const raceEnabled = false
