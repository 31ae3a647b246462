package nostromo

import "slices"

// Lists of cards, handles, colors and seats.

// without returns xs without its first x (a new slice; xs is not
// modified) and whether x was there.
func without[T comparable](xs []T, x T) ([]T, bool) {
	i := slices.Index(xs, x)
	if i < 0 {
		return xs, false
	}
	return append(xs[:i:i], xs[i+1:]...), true
}

// unique returns the distinct elements of xs in their first order.
func unique[T comparable](xs []T) []T {
	out := make([]T, 0, len(xs))
	for _, x := range xs {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// appendUnique appends x to xs unless it is there already.
func appendUnique[T comparable](xs []T, x T) []T {
	if slices.Contains(xs, x) {
		return xs
	}
	return append(xs, x)
}
