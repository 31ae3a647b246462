package kit

import "testing"

func TestListAndOr(t *testing.T) {
	for _, c := range []struct {
		items   []string
		and, or string
	}{
		{nil, "", ""},
		{[]string{"Ann"}, "Ann", "Ann"},
		{[]string{"Ann", "Bob"}, "Ann and Bob", "Ann or Bob"},
		{[]string{"Ann", "Bob", "Cat"}, "Ann, Bob and Cat", "Ann, Bob or Cat"},
	} {
		if got, want := ListAnd(c.items), c.and; got != want {
			t.Errorf("ListAnd(%q) = %q, want %q", c.items, got, want)
		}
		if got, want := ListOr(c.items), c.or; got != want {
			t.Errorf("ListOr(%q) = %q, want %q", c.items, got, want)
		}
	}
}
