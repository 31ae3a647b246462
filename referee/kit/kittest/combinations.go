package kittest

import "tablewarden/referee/kit"

// Combinations lists every combination of argument values for args: values
// gives the values to try for one argument (none leaves the argument out).
// A move without arguments has one combination, the empty one.
func Combinations(args []kit.ArgSpec, values func(a kit.ArgSpec) []any) []map[string]any {
	out := []map[string]any{{}}
	for _, a := range args {
		vals := values(a)
		if len(vals) == 0 {
			continue
		}
		var next []map[string]any
		for _, c := range out {
			for _, v := range vals {
				m := map[string]any{a.Name: v}
				for k, x := range c {
					m[k] = x
				}
				next = append(next, m)
			}
		}
		out = next
	}
	return out
}

// ChoiceValues lists the values of a's choices, in order.
func ChoiceValues(a kit.ArgSpec) []any {
	var vals []any
	for _, c := range a.Choices {
		vals = append(vals, c.Value)
	}
	return vals
}
