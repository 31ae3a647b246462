package spacecadets

import (
	"slices"

	"tablewarden/referee/kit"
)

// The narrowers below turn a catalog entry into the entry offered now;
// one that returns false drops the entry (no legal value).

// choices narrows an enum argument to vals; the move is not offered
// when there is none.
func choices(name string, vals []kit.Choice) func(*kit.MoveSpec) bool {
	return func(m *kit.MoveSpec) bool {
		if len(vals) == 0 {
			return false
		}
		for i := range m.Args {
			if m.Args[i].Name == name {
				m.Args[i].Choices = vals
			}
		}
		return true
	}
}

// strs are the choices of coded values, with their labels.
func strs(xs []string) []kit.Choice {
	var c []kit.Choice
	for _, x := range xs {
		c = append(c, kit.Choice{Value: x, Label: choiceLabel(x)})
	}
	return c
}

// ints narrows an int argument to [lo, hi]; the move is not offered
// when the range is empty.
func ints(name string, lo, hi int) func(*kit.MoveSpec) bool {
	return func(m *kit.MoveSpec) bool {
		if hi < lo {
			return false
		}
		for i := range m.Args {
			if m.Args[i].Name == name {
				m.Args[i].Min, m.Args[i].Max = kit.IntPtr(lo), kit.IntPtr(hi)
			}
		}
		return true
	}
}

// drop removes an optional argument that has no legal value now.
func drop(name string) func(*kit.MoveSpec) bool {
	return func(m *kit.MoveSpec) bool {
		m.Args = slices.DeleteFunc(m.Args, func(a kit.ArgSpec) bool { return a.Name == name })
		return true
	}
}

// need makes an optional argument required.
func need(name string) func(*kit.MoveSpec) bool {
	return func(m *kit.MoveSpec) bool {
		for i := range m.Args {
			if m.Args[i].Name == name {
				m.Args[i].Optional = false
			}
		}
		return true
	}
}

// label adds a suffix to the move's label (one of several entries).
func label(suffix string) func(*kit.MoveSpec) bool {
	return func(m *kit.MoveSpec) bool { m.Label += suffix; return true }
}
