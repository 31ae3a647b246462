package table

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/runenames"
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
		return "", Refusef(ReasonNameEmpty, "A name must have at least one visible character.")
	}
	out, err := precis.Nickname.String(name)
	if err != nil {
		return "", Refusef(ReasonNameInvisible, "A name cannot hold invisible, control or text-direction characters; type it again with letters, digits and spaces.")
	}
	if out == "" || !hasVisible(out) {
		return "", Refusef(ReasonNameEmpty, "A name must have at least one visible character.")
	}
	if utf8.RuneCountInString(out) > maxNameRunes {
		return "", Refusef(ReasonNameTooLong, "A name must have 1 to %d characters.", maxNameRunes)
	}
	if s := scriptsOf(out); len(s) > 1 {
		return "", Refusef(ReasonNameMixedScripts, "A name cannot mix alphabets (%s); write it in one.", strings.Join(s, " and "))
	}
	return out, nil
}

// sameName reports whether two names would read the same at the table:
// equal after the PRECIS nickname comparison (case and width folded), or
// with the same look-alike key (nameKey).
func sameName(a, b string) bool {
	ka, errA := nameKey(a)
	kb, errB := nameKey(b)
	if errA != nil || errB != nil {
		return strings.EqualFold(a, b)
	}
	return ka == kb
}

// nameKey is a name's look-alike key: two names with one key look the same
// on a screen. It is the Unicode TR39 confusables skeleton
// (github.com/mtibben/confusables) of the PRECIS-normalized name, taken
// before case is folded (so that the Cherokee "ᎠᎪᏙᎬ" maps to "DAVE"), with
// the Latin small capitals read as their letters (the skeleton keeps
// "ᴅᴀᴠᴇ" apart from "Dave"; the letter comes from the character's Unicode
// name), then lower-cased and skeletonized again (so that "ВОВ" is "bob").
func nameKey(name string) (string, error) {
	n, err := precis.Nickname.String(name)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	for _, r := range confusables.Skeleton(n) {
		sb.WriteRune(smallCapital(r))
	}
	k := confusables.Skeleton(strings.ToLower(sb.String()))
	return confusables.Skeleton(strings.ToLower(k)), nil
}

// smallCapital returns the Latin letter that a Latin small capital (such
// as U+1D05 ᴅ) is drawn as, and any other rune as it is.
func smallCapital(r rune) rune {
	if r < 0x250 { // Latin-1 and Latin Extended-A/B hold none
		return r
	}
	if l, ok := strings.CutPrefix(runenames.Name(r), "LATIN LETTER SMALL CAPITAL "); ok && len(l) == 1 {
		return rune(l[0])
	}
	return r
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
	return Refusef(ReasonNameTaken, "Someone at this table is already called %q (or a name that looks the same); pick another.", name)
}
