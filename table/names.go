package table

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/secure/precis"
)

// maxNameRunes is the longest name a seat may take, in characters.
const maxNameRunes = 24

// nickname checks a player's name with the PRECIS nickname profile (RFC
// 8266): spaces are mapped and trimmed, the name is normalized (NFKC), and
// invisible, control and direction-override characters are refused. On top
// of the profile it refuses a name whose letters mix alphabets ("Аnn" with
// a Cyrillic А), the usual way to pass for someone else. It returns the
// name to store, or CodeInvalid with a reason a player understands.
func nickname(name string) (string, error) {
	if strings.TrimSpace(name) == "" {
		return "", Errorf(CodeInvalid, "A name must have at least one visible character.")
	}
	out, err := precis.Nickname.String(name)
	if err != nil {
		return "", Errorf(CodeInvalid, "A name cannot hold invisible, control or text-direction characters; type it again with letters, digits and spaces.")
	}
	if out == "" || !hasVisible(out) {
		return "", Errorf(CodeInvalid, "A name must have at least one visible character.")
	}
	if utf8.RuneCountInString(out) > maxNameRunes {
		return "", Errorf(CodeInvalid, "A name must have 1 to %d characters.", maxNameRunes)
	}
	if s := scriptsOf(out); len(s) > 1 {
		return "", Errorf(CodeInvalid, "A name cannot mix alphabets (%s); write it in one.", strings.Join(s, " and "))
	}
	return out, nil
}

// sameName reports whether two names would read the same at the table:
// equal after the PRECIS nickname comparison (case and width folded), or
// after mapping the Greek and Cyrillic letters that look like Latin ones.
func sameName(a, b string) bool {
	ka, errA := nameKey(a)
	kb, errB := nameKey(b)
	if errA != nil || errB != nil {
		return strings.EqualFold(a, b)
	}
	return ka == kb
}

// nameKey is the PRECIS nickname comparison key of a name with look-alike
// letters mapped to Latin.
func nameKey(name string) (string, error) {
	k, err := precis.Nickname.CompareKey(name)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	for _, r := range k {
		if l, ok := lookAlike[r]; ok {
			r = l
		}
		sb.WriteRune(unicode.ToLower(r))
	}
	return sb.String(), nil
}

// lookAlike maps the lower-case Cyrillic and Greek letters that are drawn
// like a Latin letter to that letter (names are compared lower-cased).
var lookAlike = map[rune]rune{
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't',
	'у': 'y', 'х': 'x', 'ѕ': 's', 'і': 'i', 'ї': 'i', 'ј': 'j', 'һ': 'h', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'ү': 'y',
	// Greek
	'α': 'a', 'β': 'b', 'ε': 'e', 'ζ': 'z', 'η': 'n', 'ι': 'i', 'κ': 'k', 'μ': 'm', 'ν': 'v', 'ο': 'o', 'ρ': 'p',
	'τ': 't', 'υ': 'u', 'χ': 'x',
}

// hasVisible reports whether s has a character that prints.
func hasVisible(s string) bool {
	for _, r := range s {
		if unicode.IsGraphic(r) && !unicode.IsSpace(r) {
			return true
		}
	}
	return false
}

// scriptGroups are the scripts a name's letters are sorted into. Japanese
// and Korean names mix Han with kana or Hangul by nature: one group.
var scriptGroups = []struct {
	name   string
	tables []*unicode.RangeTable
}{
	{"Latin", []*unicode.RangeTable{unicode.Latin}},
	{"Cyrillic", []*unicode.RangeTable{unicode.Cyrillic}},
	{"Greek", []*unicode.RangeTable{unicode.Greek}},
	{"Armenian", []*unicode.RangeTable{unicode.Armenian}},
	{"Hebrew", []*unicode.RangeTable{unicode.Hebrew}},
	{"Arabic", []*unicode.RangeTable{unicode.Arabic}},
	{"Devanagari", []*unicode.RangeTable{unicode.Devanagari}},
	{"Thai", []*unicode.RangeTable{unicode.Thai}},
	{"Georgian", []*unicode.RangeTable{unicode.Georgian}},
	{"Cherokee", []*unicode.RangeTable{unicode.Cherokee}},
	{"CJK", []*unicode.RangeTable{unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Bopomofo}},
}

// scriptsOf lists the script groups of s's letters, sorted. Letters of a
// script outside the groups count as "other".
func scriptsOf(s string) []string {
	seen := map[string]bool{}
	for _, r := range s {
		if !unicode.IsLetter(r) {
			continue
		}
		g := "other"
		for _, sg := range scriptGroups {
			if unicode.In(r, sg.tables...) {
				g = sg.name
				break
			}
		}
		seen[g] = true
	}
	out := make([]string, 0, len(seen))
	for g := range seen {
		out = append(out, g)
	}
	sort.Strings(out)
	return out
}

// errNameTaken is CodeConflict for a name the table already has.
func errNameTaken(name string) error {
	return Errorf(CodeConflict, "Someone at this table is already called %q (or a name that looks the same); pick another.", name)
}
