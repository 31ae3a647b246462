//go:build race

package jumpship

// raceEnabled makes the long randomized tests play fewer games under the
// race detector: the referee runs on one goroutine, so -race adds time but
// no checks to them.
const raceEnabled = true
