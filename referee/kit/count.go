package kit

// Count returns how many elements of xs match: the tokens face down in a
// room, the tentacles subdued, the cards captured.
func Count[T any](xs []T, match func(T) bool) int {
	n := 0
	for _, x := range xs {
		if match(x) {
			n++
		}
	}
	return n
}
