package openapigen

import (
	"fmt"

	"tablewarden/referee/kit"
	"tablewarden/table"
)

// refusalCodes writes the refusal codes as enums: one <Game>RefusalCode per
// game (its kit.Info.RefusalCodes, which an illegal move's 422 carries) and
// TableRefusalCode (table.Reasons and table.RuleCodes, the table's and the
// HTTP layer's), and makes the Error schema's code any one of them. Each
// enum carries its codes' English meanings in x-enum-descriptions, in the
// enum's order. The Go client reads the code as a plain string
// (x-go-type); TypeScript generators read the union of the enums.
func (r *reflector) refusalCodes(top *Object, games []kit.Game) error {
	var refs []any
	for _, g := range games {
		info := g.Info()
		var codes, meanings []any
		for _, c := range info.RefusalCodes() {
			codes = append(codes, c.Code)
			meaning := kit.CodeMessage(c.Message)
			if c.Rule != "" {
				meaning += " (" + c.Rule + ")"
			}
			meanings = append(meanings, meaning)
		}
		name := gamePrefix(info) + "RefusalCode"
		r.add(name, NewObject("type", "string",
			"description", info.Name+": the code of a refusal by the game's rules (422 illegal_move, with the rule and its params).",
			"enum", codes, "x-enum-descriptions", meanings))
		refs = append(refs, ref(name))
	}
	var codes, meanings []any
	for _, rs := range table.SortedReasons() {
		codes = append(codes, string(rs.Reason))
		meanings = append(meanings, fmt.Sprintf("%s (%s)", rs.Message, rs.Code))
	}
	for _, c := range table.RuleCodes {
		dup := false
		for _, x := range codes {
			dup = dup || x == c.Code
		}
		if !dup {
			codes = append(codes, c.Code)
			meanings = append(meanings, c.Message+" (illegal_move)")
		}
	}
	r.add("TableRefusalCode", NewObject("type", "string",
		"description", "The code of a refusal by the table or the HTTP layer (the error's kind in parentheses), or by a rule that the table enforces for every game (illegal_move).",
		"enum", codes, "x-enum-descriptions", meanings))
	refs = append([]any{ref("TableRefusalCode")}, refs...)

	errSchema := top.Obj("components").Obj("schemas").Obj("Error")
	if errSchema == nil || errSchema.Obj("properties") == nil {
		return fmt.Errorf("the document has no Error schema")
	}
	errSchema.Obj("properties").Set("code", NewObject(
		"description", "The refusal's code, on every refusal: a client tells any two refusals apart by it alone. An illegal move's is the game's (<Game>RefusalCode; bad_args and bad_option in plain sentences, with params.detail a term for translations); every other refusal's is the table's or the HTTP layer's (TableRefusalCode).",
		"anyOf", refs,
		"x-go-type", "string"))
	req, _ := errSchema.Get("required")
	list, _ := req.([]any)
	has := false
	for _, x := range list {
		has = has || x == "code"
	}
	if !has {
		errSchema.Set("required", append(list, "code"))
	}
	return nil
}
