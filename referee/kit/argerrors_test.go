package kit

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDecodeArgsPlainSentences: every way the decoder refuses a move's
// arguments is a bad_args refusal in a plain sentence that names the
// argument and what it must be, with its term for translations; a seat
// argument of the catalog wants a seat number.
func TestDecodeArgsPlainSentences(t *testing.T) {
	type args struct {
		To    int               `json:"to"`
		Token string            `json:"token"`
		Face  bool              `json:"face_down"`
		Items []struct{ N int } `json:"items"`
		Rate  float64           `json:"rate"`
	}
	spec := MoveSpec{Type: "give", Args: []ArgSpec{{Name: "to", Kind: ArgSeat}}}
	for _, c := range []struct {
		raw, want, term string
	}{
		{`{"to":"abc"}`, `to must be a seat number; it was "abc".`, `§bad_args.type_seat(arg=to;got="abc")`},
		{`{"token":7}`, `token must be text in quotes; it was 7.`, `§bad_args.type_string(arg=token;got=7)`},
		{`{"face_down":"maybe"}`, `face_down must be true or false; it was "maybe".`, ""},
		{`{"items":{"N":1}}`, `items must be a list; it was {"N":1}.`, ""},
		{`{"items":[{"N":"x"}]}`, `items.0.N must be a whole number; it was "x".`, ""},
		{`{"rate":"fast"}`, `rate must be a number; it was "fast".`, ""},
		{`{"to":1.5}`, `to must be a seat number; it was 1.5.`, ""},
		{`{"x":1}`, `x is not one of this move's arguments.`, `§bad_args.unknown(arg=x)`},
		{`[1]`, `This move's arguments must be a group of named values; they were [1].`, ""},
		{`{"to":`, `This move's arguments are not valid JSON.`, `§bad_args.syntax`},
		{`{"to":1} {}`, `This move's arguments are followed by more data; send them as one group of named values.`, ""},
		{`{"to":"` + strings.Repeat("a", 60) + `"}`, "", ""},
	} {
		var a args
		err := withArgKinds(DecodeArgsRule(Move{Type: "give", Args: json.RawMessage(c.raw)}, "Game › Section", &a), spec)
		re, ok := AsRuleError(err)
		if !ok || re.Code != "bad_args" || re.Rule != "Game › Section" {
			t.Fatalf("%s: %v, want bad_args naming the section", c.raw, err)
		}
		if strings.Contains(c.raw, strings.Repeat("a", 60)) {
			if len([]rune(re.Message)) > 80 || !strings.HasSuffix(re.Message, "….") {
				t.Fatalf("%s: message %q is not shortened", c.raw, re.Message)
			}
			continue
		}
		if re.Message != c.want {
			t.Errorf("%s: message %q, want %q", c.raw, re.Message, c.want)
		}
		if c.term != "" && re.Params["detail"] != c.term {
			t.Errorf("%s: detail %q, want %q", c.raw, re.Params["detail"], c.term)
		}
	}
	for k, v := range ArgTerms() {
		if v[0] == "" || v[1] == "" || v[0] == v[1] {
			t.Errorf("term %s = %q: want English and Portuguese", k, v)
		}
	}
}

// TestArgRangeError names the bounds in the sentence.
func TestArgRangeError(t *testing.T) {
	for _, c := range []struct {
		min, max *int
		want     string
	}{
		{IntPtr(0), IntPtr(4), "n must be a whole number from 0 to 4; it was 9."},
		{IntPtr(1), nil, "n must be a whole number of at least 1; it was 9."},
		{nil, IntPtr(3), "n must be a whole number of at most 3; it was 9."},
	} {
		if got := ArgRangeError("G › S", "n", c.min, c.max, "9").Message; got != c.want {
			t.Errorf("ArgRangeError = %q, want %q", got, c.want)
		}
	}
}
