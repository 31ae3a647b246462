package kit

import "math/rand/v2"

// RNG is the only source of randomness a referee may use. It is seeded from
// (table seed, move number), so replaying the move log repeats every draw.
type RNG struct {
	r *rand.Rand
}

// NewRNG returns the generator for a table seed and move number.
func NewRNG(seed, moveNo uint64) *RNG {
	return &RNG{r: rand.New(rand.NewPCG(seed, moveNo^0x9e3779b97f4a7c15))}
}

// Intn returns a number in [0, n). It panics when n <= 0.
func (g *RNG) Intn(n int) int { return g.r.IntN(n) }

// Die returns a roll of a die with the given number of sides, 1..sides.
func (g *RNG) Die(sides int) int { return g.r.IntN(sides) + 1 }

// Shuffle shuffles n elements with swap.
func (g *RNG) Shuffle(n int, swap func(i, j int)) { g.r.Shuffle(n, swap) }

// Perm returns a random permutation of [0, n).
func (g *RNG) Perm(n int) []int { return g.r.Perm(n) }

// Uint64 returns a random 64-bit number.
func (g *RNG) Uint64() uint64 { return g.r.Uint64() }
