package lockup

import (
	"fmt"
	"strings"

	"tablewarden/referee/kit"
)

// Rulebook sections, named by the Portuguese book's own headings.
const (
	secSetup      = "Lockup: Breakout › Preparação (Configuração)"
	secSoloSetup  = "Lockup: Breakout › Modo Solitário - Configuração"
	secFlow       = "Lockup: Breakout › Fluxo do Jogo"
	secRollCall   = "Lockup: Breakout › I. Fase de Chamada"
	secLightsOut  = "Lockup: Breakout › II. Fase de Apagar as Luzes"
	secTunnels    = "Lockup: Breakout › Resolvendo Localizações de Túnel"
	secSoloTunnel = "Lockup: Breakout › Modo Solitário - Resolvendo Localizações de Túnel"
	secAdvancing  = "Lockup: Breakout › Avançando nas Catacumbas"
	secTomb       = "Lockup: Breakout › Tumba de Khathandor"
	secEscape     = "Lockup: Breakout › Fuga da Prisão"
	secLegend     = "Lockup: Breakout › Resolvendo a Carta de Lenda"
	secSoloLegend = "Lockup: Breakout › Modo Solitário - Resolvendo a Carta de Lenda"
	secPatrol     = "Lockup: Breakout › III. Fase de Patrulha"
	secIcons      = "Lockup: Breakout › Novos Ícones de Efeito Especial"
	secMinions    = "Lockup: Breakout › Novos Tipos de Capangas"
	secEnd        = "Lockup: Breakout › Fim de Jogo e Pontuação"
)

// text is one message in English and in Portuguese (pt-BR), with {name}
// placeholders.
type text struct{ en, pt string }

// Messages returns the message catalog: "pt-BR" has every text of the
// game, "en" only the terms (terms.go), which the pages expand in both
// languages.
func Messages() map[string]map[string]string {
	pt := map[string]string{}
	for _, m := range []map[string]text{moveTexts, argTexts, errorTexts, eventTexts, promptTexts, outcomeTexts, boardTexts} {
		for k, v := range m {
			pt[k] = v.pt
		}
	}
	for k, v := range groupTexts {
		pt[k] = v.pt
	}
	for k, v := range confirmTexts {
		pt["confirm."+k] = v.pt
	}
	for k, v := range choiceTexts {
		pt["choice."+k] = v.pt
	}
	for k, v := range panelTexts {
		pt["panel."+k] = v.pt
	}
	for k, v := range factTexts {
		pt["fact."+k] = v.pt
	}
	for k, v := range statusTexts {
		pt["status."+k] = v.pt
	}
	// The score pad's entries, for the built-in data.
	d, err := LoadData(nil)
	if err != nil {
		panic("lockup: embedded data.json: " + err.Error())
	}
	for _, f := range []string{"stars_track", "guard_stars", "dwarves", "ratmen", "golems", "dryads", "fungoids", "barrels", "base_other"} {
		name := f
		if f == "stars_track" {
			name = "stars"
		}
		pt["arg."+name] = categoryTexts[f].pt
	}
	for _, v := range d.Scoring.Value.Valuables {
		if p, ok := valuableTexts[v.Type]; ok {
			pt["arg.valuable_"+v.Type] = "Valiosos: " + p
			pt["arg.wild_as_"+v.Type] = "Valiosos coringa contados como " + p
		}
	}
	pt["choice.explorer"] = fmt.Sprintf("explorador (força %d)", d.ExplorerStrength.Value)
	for i, s := range d.CrewStrengths.Value {
		pt[fmt.Sprintf("choice.crew%d", i+1)] = fmt.Sprintf("tripulante %d (força %d)", i+1, s)
	}
	for _, l := range d.Locations.Value {
		name := l.Name
		if p, ok := locationNameTexts[name]; ok {
			name = p
		}
		pt[fmt.Sprintf("choice.location:%d", l.Number)] = fmt.Sprintf("Recompensa da localização %d %s", l.Number, name)
	}
	for k, v := range phaseTexts {
		pt["phase."+k] = v.pt
	}
	for k, v := range categoryTexts {
		pt["category."+k] = v.pt
	}
	for _, m := range []map[string]string{promptVariants, eventVariants} {
		for k, v := range m {
			pt[k] = v
		}
	}
	for k, g := range nounGenders {
		pt["gender."+k] = g
	}
	pageMessages(pt, d)
	en := map[string]string{}
	termCatalog(en, pt)
	return map[string]map[string]string{"en": en, "pt-BR": pt}
}

// fill replaces {name} placeholders by the params, given as name, value
// pairs.
func fill(tmpl string, params map[string]string) string {
	for k, v := range params {
		tmpl = strings.ReplaceAll(tmpl, "{"+k+"}", v)
	}
	return tmpl
}

func pairs(kv []string) map[string]string {
	if len(kv) == 0 {
		return nil
	}
	m := make(map[string]string, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

// ruleErr returns the rule error code with its English message filled from
// the params (name, value pairs); Params carry them for translation.
func ruleErr(code, section string, kv ...string) *kit.RuleError {
	t, ok := errorTexts[code]
	if !ok {
		panic("lockup: no message for error code " + code)
	}
	p := pairs(kv)
	if code == "bad_args" && p["detail"] == "" {
		// The referee's own bad_args name no argument: the plain sentence
		// of kit.ArgTerms' shape, "the arguments are invalid".
		if p == nil {
			p = map[string]string{}
		}
		p["detail"] = term("bad_args.invalid")
	}
	return &kit.RuleError{Code: code, Rule: section, Message: fill(t.en, englishParams(p)), Params: p}
}

// event returns a log entry, public when to is nil.
func event(code string, to []int, kv ...string) kit.Event {
	t, ok := eventTexts[code]
	if !ok {
		panic("lockup: no message for event code " + code)
	}
	p := pairs(kv)
	e := kit.Event{Code: code, Text: fill(t.en, englishParams(p)), Params: p}
	if to != nil {
		e.To = to
	}
	return e
}

func label(m map[string]text, k string) string {
	if t, ok := m[k]; ok {
		return t.en
	}
	return k
}
