package table

import (
	"errors"
	"testing"
)

// TestNickname checks the names the issue found accepted: invisible,
// control and direction characters, mixed alphabets; and that real names
// pass, normalized by the PRECIS nickname profile.
func TestNickname(t *testing.T) {
	ok := []struct{ in, want string }{
		{"Ann", "Ann"},
		{"  Ann   Lee ", "Ann Lee"},
		{"Zoë", "Zoë"},
		{"ＡＮＮ", "ANN"},   // full-width letters are normalized (NFKC)
		{"Анна", "Анна"}, // Cyrillic alone is a name
		{"山田 はな", "山田 はな"},
		{"Ann 2", "Ann 2"},
	}
	for _, c := range ok {
		got, err := nickname(c.in)
		if err != nil || got != c.want {
			t.Errorf("nickname(%q) = %q, %v, want %q", c.in, got, err, c.want)
		}
	}
	bad := []string{
		"",
		"   ",
		"Ann\u200b",                 // zero-width space
		"\u202eAnn",                 // right-to-left override
		"\u200d",                    // only a zero-width joiner
		"Ann\u2028",                 // line separator
		"\ufeffAnn",                 // byte order mark
		"An\x00n",                   // control
		"\u0410nn",                  // Cyrillic А with Latin nn
		"Bοb",                       // Greek omicron
		"abcdefghijklmnopqrstuvwxy", // 25 characters
	}
	for _, in := range bad {
		got, err := nickname(in)
		var ae *Error
		if !errors.As(err, &ae) || ae.Code != CodeInvalid || ae.Message == "" {
			t.Errorf("nickname(%q) = %q, %v, want CodeInvalid with a reason", in, got, err)
		}
	}
}

// TestSameName checks which names read the same at a table.
func TestSameName(t *testing.T) {
	same := [][2]string{
		{"Ann", "ann"},
		{"Ann", "ＡＮＮ"},
		{"Ann", "\u0430nn"}, // would be refused as mixed, but also reads the same
		{"Анна", "Ahha"},    // Cyrillic look-alikes of Latin letters
		{"Bob", "ВОВ"},
	}
	for _, c := range same {
		if !sameName(c[0], c[1]) {
			t.Errorf("sameName(%q, %q) = false, want true", c[0], c[1])
		}
	}
	differ := [][2]string{{"Ann", "Anne"}, {"Ann", "Ana"}, {"Zoë", "Zoe"}}
	for _, c := range differ {
		if sameName(c[0], c[1]) {
			t.Errorf("sameName(%q, %q) = true, want false", c[0], c[1])
		}
	}
}
