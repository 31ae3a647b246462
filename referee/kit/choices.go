package kit

// DistinctChoices returns one choice for each distinct value of xs, in the
// order they first appear: identical tokens or cards in a reserve are one
// choice to the player.
func DistinctChoices[T comparable](xs []T, choice func(T) Choice) []Choice {
	var out []Choice
	seen := map[T]bool{}
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, choice(x))
		}
	}
	return out
}
