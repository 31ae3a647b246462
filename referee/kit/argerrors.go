package kit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// A move's arguments that the JSON decoder refuses are a "bad_args"
// refusal whose message is a plain sentence naming the argument and what
// it must be ("to must be a seat number; it was "abc"."), never the
// decoder's own text. Its Params carry the same sentence as a term
// ("detail": "§bad_args.type_seat(arg=to;got="abc")") for games whose
// catalogs translate it: ArgTerms are those terms' texts in English and
// in Portuguese (pt-BR), for a game to add to its catalog under
// "term.<key>"; the arg and got params are set too.

// argText is one bad_args sentence in English and in Portuguese.
type argText struct{ en, pt string }

// argTexts are the bad_args sentences by term key (under "bad_args.").
var argTexts = map[string]argText{
	"type_int":    {"{arg} must be a whole number; it was {got}.", "{arg} deve ser um número inteiro; era {got}."},
	"type_seat":   {"{arg} must be a seat number; it was {got}.", "{arg} deve ser o número de um assento; era {got}."},
	"type_number": {"{arg} must be a number; it was {got}.", "{arg} deve ser um número; era {got}."},
	"type_bool":   {"{arg} must be true or false; it was {got}.", "{arg} deve ser verdadeiro ou falso (true ou false); era {got}."},
	"type_string": {"{arg} must be text in quotes; it was {got}.", "{arg} deve ser um texto entre aspas; era {got}."},
	"type_list":   {"{arg} must be a list; it was {got}.", "{arg} deve ser uma lista; era {got}."},
	"type_object": {"{arg} must be a group of named values; it was {got}.", "{arg} deve ser um grupo de valores com nome; era {got}."},
	"type_value":  {"{arg} has the wrong kind of value; it was {got}.", "{arg} tem um valor do tipo errado; era {got}."},
	"unknown":     {"{arg} is not one of this move's arguments.", "{arg} não é um dos argumentos desta jogada."},
	"not_object":  {"This move's arguments must be a group of named values; they were {got}.", "Os argumentos desta jogada devem ser um grupo de valores com nome; eram {got}."},
	"syntax":      {"This move's arguments are not valid JSON.", "Os argumentos desta jogada não são um JSON válido."},
	"trailing":    {"This move's arguments are followed by more data; send them as one group of named values.", "Os argumentos desta jogada vêm seguidos de mais dados; envie-os como um único grupo de valores com nome."},
	"between":     {"{arg} must be a whole number from {min} to {max}; it was {got}.", "{arg} deve ser um número inteiro de {min} a {max}; era {got}."},
	"at_least":    {"{arg} must be a whole number of at least {min}; it was {got}.", "{arg} deve ser um número inteiro de pelo menos {min}; era {got}."},
	"at_most":     {"{arg} must be a whole number of at most {max}; it was {got}.", "{arg} deve ser um número inteiro de no máximo {max}; era {got}."},
}

// ArgTerms returns the bad_args sentences as terms: key "bad_args.<shape>"
// (a game's catalog holds it as "term.bad_args.<shape>"), value [English,
// Portuguese] with {arg}, {got}, {min} and {max} placeholders.
func ArgTerms() map[string][2]string {
	out := make(map[string][2]string, len(argTexts))
	for k, t := range argTexts {
		out["bad_args."+k] = [2]string{t.en, t.pt}
	}
	return out
}

// argError is the bad_args refusal of shape (a key of argTexts) with its
// placeholders filled from kv (name, value pairs).
func argError(rule, shape string, kv ...string) *RuleError {
	t := argTexts[shape]
	msg := t.en
	var term strings.Builder
	term.WriteString("§bad_args." + shape)
	re := &RuleError{Code: "bad_args", Rule: rule, Params: map[string]string{}}
	for i := 0; i+1 < len(kv); i += 2 {
		msg = strings.ReplaceAll(msg, "{"+kv[i]+"}", kv[i+1])
		v := termValue(kv[i+1])
		if i == 0 {
			term.WriteString("(")
		} else {
			term.WriteString(";")
		}
		term.WriteString(kv[i] + "=" + v)
		re.Params[kv[i]] = v
	}
	if len(kv) > 0 {
		term.WriteString(")")
	}
	re.Message = msg
	re.Params["detail"] = term.String()
	return re
}

// termValueEscape keeps a value inside a term from ending its list or its
// term: no term marks, brackets or semicolons (a term's own syntax).
var termValueEscape = strings.NewReplacer(";", ",", "(", "[", ")", "]", "§", "")

// EscapeTermValue makes a value safe inside a term ("§code(name=value)"),
// as a game's own terms need too.
func EscapeTermValue(s string) string { return termValueEscape.Replace(s) }

// termValue makes a value safe inside a term, at most 40 characters.
func termValue(s string) string {
	s = EscapeTermValue(s)
	if r := []rune(s); len(r) > 40 {
		s = string(r[:39]) + "…"
	}
	return s
}

// shown is a JSON value as the player sent it, shortened for a sentence.
func shown(raw json.RawMessage) string {
	s := string(bytes.TrimSpace(raw))
	if s == "" {
		return "nothing"
	}
	if r := []rune(s); len(r) > 30 {
		s = string(r[:29]) + "…"
	}
	return s
}

// rawAt returns the JSON value at a decoder's field path ("items.0.n")
// inside raw, or nil.
func rawAt(raw json.RawMessage, path string) json.RawMessage {
	cur := raw
	for _, p := range strings.Split(path, ".") {
		if p == "" {
			continue
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(cur, &obj) == nil {
			cur = obj[p]
			continue
		}
		var list []json.RawMessage
		i, err := strconv.Atoi(p)
		if json.Unmarshal(cur, &list) != nil || err != nil || i < 0 || i >= len(list) {
			return nil
		}
		cur = list[i]
	}
	return cur
}

// kindOf names what a Go type takes, as a shape of argTexts.
func kindOf(t reflect.Type) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "type_value"
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "type_int"
	case reflect.Float32, reflect.Float64:
		return "type_number"
	case reflect.Bool:
		return "type_bool"
	case reflect.String:
		return "type_string"
	case reflect.Slice, reflect.Array:
		return "type_list"
	case reflect.Struct, reflect.Map:
		return "type_object"
	}
	return "type_value"
}

// decodeError is the bad_args refusal of the decoder's err on raw.
func decodeError(rule string, raw json.RawMessage, err error) *RuleError {
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te) && te.Field == "":
		return argError(rule, "not_object", "got", shown(raw))
	case errors.As(err, &te):
		return argError(rule, kindOf(te.Type), "arg", te.Field, "got", shown(rawAt(raw, te.Field)))
	}
	if name, ok := strings.CutPrefix(err.Error(), `json: unknown field "`); ok {
		return argError(rule, "unknown", "arg", strings.TrimSuffix(name, `"`))
	}
	return argError(rule, "syntax")
}

// ArgRangeError is the bad_args refusal of a whole-number argument outside
// its bounds (min or max nil: unbounded on that side) or not a whole
// number at all; got is the value as sent.
func ArgRangeError(rule, arg string, min, max *int, got string) *RuleError {
	switch {
	case min != nil && max != nil:
		return argError(rule, "between", "arg", arg, "min", strconv.Itoa(*min), "max", strconv.Itoa(*max), "got", shown(json.RawMessage(got)))
	case min != nil:
		return argError(rule, "at_least", "arg", arg, "min", strconv.Itoa(*min), "got", shown(json.RawMessage(got)))
	case max != nil:
		return argError(rule, "at_most", "arg", arg, "max", strconv.Itoa(*max), "got", shown(json.RawMessage(got)))
	}
	return argError(rule, "type_int", "arg", arg, "got", shown(json.RawMessage(got)))
}

// withArgKinds rewords a bad_args refusal with what spec says of the
// argument: a seat argument wants a seat number, not just a whole number.
func withArgKinds(err error, spec MoveSpec) error {
	re, ok := AsRuleError(err)
	if !ok || re.Code != "bad_args" || !strings.HasPrefix(re.Params["detail"], "§bad_args.type_int(") {
		return err
	}
	for _, a := range spec.Args {
		if a.Name == re.Params["arg"] && a.Kind == ArgSeat {
			return argError(re.Rule, "type_seat", "arg", a.Name, "got", re.Params["got"])
		}
	}
	return err
}

// wantText is what each type shape of argTexts takes, in English.
var wantText = map[string]string{"type_int": "a whole number", "type_seat": "a seat number", "type_number": "a number",
	"type_bool": "true or false", "type_string": "text in quotes", "type_list": "a list", "type_object": "a group of named values",
	"type_value": "another kind of value"}

// optionDecodeMessage is the plain sentence for table options the decoder
// refuses after their specs passed them.
func optionDecodeMessage(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		name, _, _ := strings.Cut(te.Field, ".")
		return fmt.Sprintf("Option %q must be %s.", name, wantText[kindOf(te.Type)])
	}
	return optionsNotObject
}

// optionsNotObject is the refusal of table options that are not named
// values.
const optionsNotObject = "Table options must be a group of named values, such as {\"mission\": \"7\"}."
