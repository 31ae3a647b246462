package kit

// Each returns items, each with prefix before it, for lists whose every
// item takes its article: ListOr(Each("the ", roles)) writes "the First
// Officer, the Hacker or the Crewman". The input is not modified.
func Each(prefix string, items []string) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = prefix + it
	}
	return out
}
