package lockup

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"tablewarden/referee/kit"
)

// A term is how a view names a thing of the game inside a text it sends
// (a crew token, a catacomb space, a loot kind, a guard card, a score
// note): "§code" or "§code(name=value;name=value)". The pages replace each
// term by the catalog's text under "term.<code>" (Info.Messages, in
// "en" and "pt-BR") with its {name} placeholders filled from the values.
// A term's values are plain numbers or words, never terms; a text may mix
// terms with plain words and player names ("Ana: §token(n=2;strength=1)").
//
// Texts that carry an English sentence of their own (log entries, prompts,
// rule errors, the outcome's reason) have their terms expanded to English
// by english; their Params keep the terms, for the pages to translate.
//
// Names from the table's own game data (an overridden board, say) are not
// terms: a space, location, loot kind or legend card is a term only when
// the built-in data names it the same way, and is shown as written
// otherwise.

const termMark = "§"

// nextTerm finds the first term in s at or after byte from, as the pattern
// §([A-Za-z0-9_.-]+)(?:\(([^()§]*)\))? would (TestNextTermIsThePattern
// holds it to that): the term is s[start:end], its code s[code0:code1] and
// its values s[val0:val1] (val0 < 0 when it has none). ok is false when
// there is none. A hand scan, because a view has hundreds of strings and
// the regular expression was most of the cost of drawing one.
func nextTerm(s string, from int) (start, end, code0, code1, val0, val1 int, ok bool) {
	for {
		i := strings.Index(s[from:], termMark)
		if i < 0 {
			return 0, 0, 0, 0, 0, 0, false
		}
		start = from + i
		code0 = start + len(termMark)
		code1 = code0
		for code1 < len(s) && isTermCodeByte(s[code1]) {
			code1++
		}
		if code1 == code0 {
			from = code0
			continue
		}
		end, val0, val1 = code1, -1, -1
		if code1 < len(s) && s[code1] == '(' {
			j := code1 + 1
			for j < len(s) && s[j] != '(' && s[j] != ')' && !strings.HasPrefix(s[j:], termMark) {
				j++
			}
			if j < len(s) && s[j] == ')' {
				val0, val1, end = code1+1, j, j+1
			}
		}
		return start, end, code0, code1, val0, val1, true
	}
}

func isTermCodeByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-'
}

// termTexts are the fixed terms; Messages adds them and the built-in
// data's names (dataTerms) to both catalogs.
var termTexts = map[string]text{
	"token":                    {"crew token {n} (strength {strength})", "ficha de equipe {n} (força {strength})"},
	"explorer":                 {"explorer (strength {strength})", "explorador (força {strength})"},
	"face_down_token":          {"face-down token", "ficha virada para baixo"},
	"legend_place":             {"legend card", "carta de lenda"},
	"location_n":               {"location {n}", "localização {n}"},
	"location_reward":          {"Reward of location {n}", "Recompensa da localização {n}"},
	"legend_source":            {"the legend card", "a carta de lenda"},
	"legend_reward":            {"Legend card", "Carta de lenda"},
	"remove":                   {"(remove)", "(remover)"},
	"empty":                    {"empty", "vazio"},
	"yes":                      {"yes", "sim"},
	"Yes":                      {"Yes", "Sim"},
	"No":                       {"No", "Não"},
	"guards":                   {"the guards", "os guardas"},
	"strength":                 {"(strength {n})", "(força {n})"},
	"space_one":                {"1 space", "1 espaço"},
	"spaces":                   {"{n} spaces", "{n} espaços"},
	"tunnel.single":            {"single", "simples"},
	"tunnel.double":            {"double", "duplo"},
	"tunnel_note.single":       {"(single tunnel)", "(túnel simples)"},
	"tunnel_note.double":       {"(double tunnel)", "(túnel duplo)"},
	"up_to":                    {"up to", "até"},
	"upgraded":                 {" (upgraded)", " (melhorado)"},
	"how.crafted":              {"crafted", "criado"},
	"how.crafted_from_reserve": {"crafted from reserve", "criado da reserva"},
	"how.gained":               {"gained", "ganho"},
	"guard_facedown":           {"face-down guard card", "carta de guarda virada para baixo"},
	"from_location":            {"from location {n}", "da localização {n}"},
	"choosing_loot":            {"choosing a loot token", "escolhendo uma ficha de saque"},
	"guards_can_pay":           {"the guards: can they pay the path cost?", "os guardas: eles podem pagar o custo do caminho?"},
	"escaped_round":            {"round {round}: {stars} stars", "rodada {round}: {stars} estrelas"},
	"space_tomb":               {"(TOMB, {stars} stars)", "(TUMBA, {stars} estrelas)"},
	"space_escaped":            {"(ESCAPED)", "(ESCAPOU)"},
	"space_points":             {"({n} points)", "({n} pontos)"},
	"space_loot":               {"[loot]", "[saque]"},
	"cost":                     {"(cost", "(custo"},
	"pay":                      {"(pay", "(pagar"},
	"assumed_board":            {"ASSUMED default board (not in the book; the table can override it)", "Tabuleiro padrão SUPOSTO (não está no livro; a mesa pode substituí-lo)"},
	"note.track_loot":          {"track {track}, of which {loot} loot stars", "trilha {track}, das quais {loot} estrelas de saque"},
	"note.track_legend":        {"track {track}, of which {legend} legend stars", "trilha {track}, das quais {legend} estrelas de lenda"},
	"note.round":               {"round {n}", "rodada {n}"},
	"note.escaped":             {"ESCAPED scored in play", "ESCAPOU marcado durante o jogo"},
	"note.golems_as.dwarf":     {"{n} as Dwarf", "{n} como Anão"},
	"note.golems_as.ratman":    {"{n} as Ratman", "{n} como Homem-Rato"},
	"note.golems_split":        {"{dwarves} as Dwarf, {ratmen} as Ratman", "{dwarves} como Anão, {ratmen} como Homem-Rato"},
	"note.golems_unused":       {"{n}, not counted", "{n}, não contados"},
	"note.dryads":              {"{n} × {barrels} barrels", "{n} × {barrels} barris"},
	"note.fungoids":            {"{n} × {loot} loot tokens", "{n} × {loot} fichas de saque"},
	"no_entry":                 {"the score pad has no entry {name}", "o bloco de pontuação não tem a linha {name}"},
	"whole_number":             {"{name} must be a whole number", "{name} deve ser um número inteiro"},
}

// Translations of the built-in data's names: the locations of the base
// game's board (assumed), the legend cards (assumed placeholders), the
// resources of path costs, the guard card colours. The catacomb spaces are
// in spaceTexts and the loot kinds in choiceTexts.
var (
	locationNameTexts = map[string]string{
		"CELL BLOCK": "BLOCO DE CÉLULAS", "YARD": "PÁTIO", "KITCHEN": "COZINHA", "INFIRMARY": "ENFERMARIA",
		"WORKSHOP": "OFICINA", "GUARD ROOM": "SALA DOS GUARDAS", "SHOWERS": "CHUVEIROS",
	}
	legendNameTexts = map[string]string{
		"Khathandor's Shade": "A Sombra de Khathandor", "The Bone Choir": "O Coro de Ossos",
		"The Drowned Warden": "O Carcereiro Afogado", "The Lantern Widow": "A Viúva da Lanterna",
		"The Rat King": "O Rei dos Ratos", "The Sleeping Golem": "O Golem Adormecido",
		"The Weeping Idol": "O Ídolo que Chora", "The Vault Keeper": "O Guardião da Cripta",
	}
	resourceTexts = map[string]string{"iron": "ferro", "cloth": "tecido", "herbs": "ervas"}
	colourTexts   = map[string]text{
		"blue": {"blue", "azul"}, "green": {"green", "verde"}, "yellow": {"yellow", "amarelo"}, "red": {"red", "vermelho"},
	}
)

// builtinData is the embedded data.json, against which names are checked
// before they are sent as terms.
var builtinData = sync.OnceValue(func() *Data {
	d, err := LoadData(nil)
	if err != nil {
		panic("lockup: embedded data.json: " + err.Error())
	}
	return d
})

// allTerms is every term code with its English and pt-BR text.
var allTerms = sync.OnceValue(func() map[string]text {
	out := map[string]text{}
	for k, v := range termTexts {
		out[k] = v
	}
	// The kit's plain sentences for arguments the decoder refuses.
	for k, v := range kit.ArgTerms() {
		out[k] = text{v[0], v[1]}
	}
	out["bad_args.invalid"] = text{"The move's arguments are invalid.", "Os argumentos da jogada são inválidos."}
	for k, v := range boardTexts {
		out[k] = v
	}
	for k, v := range categoryTexts {
		out["category."+k] = v
	}
	for k, v := range phaseTexts {
		out["phase."+k] = v
	}
	d := builtinData()
	for _, s := range d.Board.Value.Spaces {
		if p, ok := spaceTexts[s.ID]; ok {
			out["space."+s.ID] = text{s.Label, p}
		}
	}
	for _, l := range d.Locations.Value {
		if p, ok := locationNameTexts[l.Name]; ok {
			out["location."+strconv.Itoa(l.Number)] = text{l.Name, p}
		}
	}
	for i, l := range d.LegendCards.Value {
		if p, ok := legendNameTexts[l]; ok {
			out["legend."+strconv.Itoa(i)] = text{l, p}
		}
	}
	for _, k := range d.LootTokens.Value {
		if c, ok := choiceTexts[k.Kind]; ok {
			out["loot."+k.Kind] = text{k.Label, c.pt}
		}
	}
	for _, v := range d.Scoring.Value.Valuables {
		if c, ok := valuableTexts[v.Type]; ok {
			out["valuable."+v.Type] = text{v.Label, c}
		}
	}
	for _, f := range (&State{Data: d, Players: make([]Player, 2), Solo: true, GuardState: &GuardsState{}}).scorePad(0) {
		out["field."+f.Name] = text{f.Label, fieldPT(f.Name)}
	}
	for r, p := range resourceTexts {
		out["resource."+r] = text{r, p}
	}
	for c, t := range colourTexts {
		out["guard."+c] = text{t.en + " guard, strength {strength}", "guarda " + t.pt + ", força {strength}"}
		out["colour."+c] = t
	}
	return out
})

// valuableTexts translate the built-in valuable types.
var valuableTexts = map[string]string{"gold": "Ouro", "gems": "Gemas", "art": "Arte"}

// term returns the term for code with its values (name, value pairs); a
// code without a text is a programming error.
func term(code string, kv ...string) string {
	if _, ok := allTerms()[code]; !ok {
		panic("lockup: no text for term " + code)
	}
	if len(kv) == 0 {
		return termMark + code
	}
	var b strings.Builder
	b.WriteString(termMark + code + "(")
	for i := 0; i+1 < len(kv); i += 2 {
		if i > 0 {
			b.WriteByte(';')
		}
		b.WriteString(kv[i] + "=" + kit.EscapeTermValue(kv[i+1]))
	}
	b.WriteByte(')')
	return b.String()
}

// english expands every term in s to its English text.
func english(s string) string { return expandTerms(s, "en") }

// expandTerms expands every term in s to its text in lang ("en" or
// "pt-BR"), as the pages do.
func expandTerms(s, lang string) string {
	if !strings.Contains(s, termMark) {
		return s
	}
	// One pass over s (a view has hundreds of strings).
	var b strings.Builder
	last := 0
	for {
		start, end, c0, c1, v0, v1, ok := nextTerm(s, last)
		if !ok {
			break
		}
		b.WriteString(s[last:start])
		last = end
		t, ok := allTerms()[s[c0:c1]]
		if !ok {
			b.WriteString(s[start:end])
			continue
		}
		params := ""
		if v0 >= 0 {
			params = s[v0:v1]
		}
		if lang == "pt-BR" {
			b.WriteString(fill(t.pt, termValues(params)))
		} else {
			b.WriteString(fill(t.en, termValues(params)))
		}
	}
	b.WriteString(s[last:])
	return b.String()
}

// termValues reads a term's "name=value;name=value".
func termValues(s string) map[string]string {
	if s == "" {
		return nil
	}
	out := map[string]string{}
	for _, p := range strings.Split(s, ";") {
		k, v, _ := strings.Cut(p, "=")
		out[k] = v
	}
	return out
}

// englishParams returns params with their terms expanded to English.
func englishParams(p map[string]string) map[string]string {
	if p == nil {
		return nil
	}
	out := make(map[string]string, len(p))
	for k, v := range p {
		if items, ok := kit.ParamList(v); ok {
			for i := range items {
				items[i] = english(items[i])
			}
			out[k] = kit.ListAnd(items)
			continue
		}
		out[k] = english(v)
	}
	return out
}

// termCatalog adds "term.<code>" to the catalog of each language.
func termCatalog(en, pt map[string]string) {
	for k, v := range allTerms() {
		en["term."+k] = v.en
		pt["term."+k] = v.pt
	}
}

// The names of the game's things as terms, when the built-in data names
// them the same way.

func (d *Data) spaceTerm(id string) string {
	l := d.spaceLabel(id)
	if t, ok := allTerms()["space."+id]; ok && t.en == l {
		return term("space." + id)
	}
	return l
}

func (d *Data) locationTerm(n int) string {
	if n < 1 || n > len(d.Locations.Value) {
		return strconv.Itoa(n)
	}
	name := d.Locations.Value[n-1].Name
	if t, ok := allTerms()["location."+strconv.Itoa(n)]; ok && t.en == name {
		return term("location." + strconv.Itoa(n))
	}
	return name
}

func (d *Data) lootTerm(kind string) string {
	l := d.lootLabel(kind)
	if t, ok := allTerms()["loot."+kind]; ok && t.en == l {
		return term("loot." + kind)
	}
	return l
}

// legendTerm names a legend card.
func legendTerm(name string) string {
	for i, l := range builtinData().LegendCards.Value {
		if l == name {
			if _, ok := allTerms()["legend."+strconv.Itoa(i)]; ok {
				return term("legend." + strconv.Itoa(i))
			}
		}
	}
	return name
}

// guardTerm names a guard card by colour and strength.
func guardTerm(colour string, strength int) string {
	if _, ok := colourTexts[colour]; ok {
		return term("guard."+colour, "strength", strconv.Itoa(strength))
	}
	return fmt.Sprintf("%s guard, strength %d", colour, strength)
}

// categoryTerm names a score category or minion type.
func categoryTerm(c string) string {
	if _, ok := categoryTexts[c]; ok {
		return term("category." + c)
	}
	return c
}

// spacesTerm is "1 space" or "n spaces".
func spacesTerm(n int) string {
	if n == 1 {
		return term("space_one")
	}
	return term("spaces", "n", strconv.Itoa(n))
}

// tunnelTerm names a tunnel marker kind ("single", "double").
func tunnelTerm(kind string) string {
	if _, ok := allTerms()["tunnel."+kind]; ok {
		return term("tunnel." + kind)
	}
	return kind
}

// fieldTerm names an entry of the score pad.
func fieldTerm(f padField) string {
	if t, ok := allTerms()["field."+f.Name]; ok && t.en == f.Label {
		return term("field." + f.Name)
	}
	return f.Label
}

// fieldPT is a score pad entry's pt-BR name.
func fieldPT(name string) string {
	switch {
	case name == "stars":
		return categoryTexts["stars_track"].pt
	case strings.HasPrefix(name, "valuable_"):
		return "Valiosos: " + valuableTexts[strings.TrimPrefix(name, "valuable_")]
	case strings.HasPrefix(name, "wild_as_"):
		return "Valiosos coringa contados como " + valuableTexts[strings.TrimPrefix(name, "wild_as_")]
	}
	return categoryTexts[name].pt
}

// costText renders a path cost such as "1 cloth + 1 herbs".
func costText(c map[string]int) string {
	parts := make([]string, 0, len(c))
	for _, k := range slices.Sorted(maps.Keys(c)) {
		r := k
		if _, ok := resourceTexts[k]; ok {
			r = term("resource." + k)
		}
		parts = append(parts, fmt.Sprintf("%d %s", c[k], r))
	}
	return strings.Join(parts, " + ")
}
