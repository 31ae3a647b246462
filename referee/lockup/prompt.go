package lockup

import (
	"strconv"

	"tablewarden/referee/kit"
)

// promptTexts are the sentences that tell each screen what to do next or
// whom the table waits for. Keys are message-catalog codes.
var promptTexts = map[string]text{
	"prompt.your_assign":     {"Your turn: assign one crew token to a location.", "Sua vez: atribua uma ficha de equipe a uma localização."},
	"prompt.your_pass":       {"Your turn: pass; your last token goes face down on the legend card.", "Sua vez: passe; sua última ficha vai virada para baixo na carta de lenda."},
	"prompt.wait_assign":     {"Waiting for {name} to assign a crew token.", "Aguardando {name} atribuir uma ficha de equipe."},
	"prompt.board_assign":    {"{name}'s turn: assigning a crew token.", "Vez de {name}: atribuindo uma ficha de equipe."},
	"prompt.your_advance":    {"Advance your lantern in the catacombs ({n} left), or stop.", "Avance seu marcador de lanterna nas catacumbas (restam {n}), ou pare."},
	"prompt.wait_advance":    {"Waiting for {name} to advance their lantern.", "Aguardando {name} avançar o marcador de lanterna."},
	"prompt.your_loot":       {"Choose the loot token to keep: use it now or score 1 star.", "Escolha a ficha de saque para ficar: use agora ou marque 1 estrela."},
	"prompt.wait_loot":       {"Waiting for {name} to choose a loot token.", "Aguardando {name} escolher uma ficha de saque."},
	"prompt.your_guards_pay": {"The guards reach a path that costs {cost}: say whether they can pay it.", "Os guardas chegam a um caminho que custa {cost}: diga se eles podem pagar."},
	"prompt.wait_guards_pay": {"Waiting for {name} to say whether the guards can pay {cost}.", "Aguardando {name} dizer se os guardas podem pagar {cost}."},
	"prompt.your_minion":     {"Choose which drawn minion to keep.", "Escolha com qual capanga comprado ficar."},
	"prompt.wait_minion":     {"Waiting for {name} to choose a drawn minion.", "Aguardando {name} escolher um capanga comprado."},
	"prompt.host_legend":     {"Read the legend card {legend} aloud, apply it to the ranking shown, then tap Legend card resolved.", "Leia a carta de lenda {legend} em voz alta, aplique-a à classificação mostrada e toque em Carta de lenda resolvida."},
	"prompt.seat_legend":     {"The table resolves the legend card {legend}; record what you gain, then wait for the host.", "A mesa resolve a carta de lenda {legend}; registre o que você ganhar e aguarde o anfitrião."},
	"prompt.first_legend":    {"Read the legend card {legend} aloud with the table, apply it to the ranking shown, then tap Legend card resolved (you or the host).", "Leia a carta de lenda {legend} em voz alta com a mesa, aplique-a à classificação mostrada e toque em Carta de lenda resolvida (você ou o anfitrião)."},
	"prompt.board_legend":    {"Resolving the legend card {legend}.", "Resolvendo a carta de lenda {legend}."},
	"prompt.host_last_raid":  {"Play the last raid as in the base game, then tap Last raid done.", "Faça o último ataque como no jogo base e toque em Último ataque feito."},
	"prompt.first_last_raid": {"Play the last raid as in the base game, then tap Last raid done (you or the host).", "Faça o último ataque como no jogo base e toque em Último ataque feito (você ou o anfitrião)."},
	"prompt.wait_last_raid":  {"Waiting for the host or {name} to finish the last raid.", "Aguardando o anfitrião ou {name} terminar o último ataque."},
	"prompt.your_score":      {"Fill in your score pad and submit it once.", "Preencha seu bloco de pontuação e envie-o uma vez."},
	"prompt.wait_scores":     {"Waiting for {names} to submit their scores.", "Aguardando {names} enviar a pontuação."},
	"prompt.game_over":       {"The game is over: {winners} won.", "O jogo terminou: {winners} venceu."},
}

// promptVariants are pt-BR forms of promptTexts chosen by the count param
// (Intl.PluralRules' category, "<key>#other") where Portuguese agrees in
// number and English does not: the catalog has them, the pages pick them.
var promptVariants = map[string]string{
	"prompt.wait_scores#other": "Aguardando {names} enviarem a pontuação.",
	"prompt.game_over#other":   "O jogo terminou: {winners} venceram.",
}

// prompt returns the sentence for viewer v in state st.
func (st *State) prompt(v kit.Viewer, o *kit.Outcome) *kit.Prompt {
	seat := -1
	if v.Role == kit.RoleSeat {
		seat = v.Seat
	}
	host, board := v.Role == kit.RoleHost, v.Role == kit.RoleBoard
	switch st.Phase {
	case PhaseRollCall:
		name := st.Seats[st.Turn]
		switch {
		case seat == st.Turn && st.Players[seat].inCell() <= 1:
			return newPrompt("prompt.your_pass")
		case seat == st.Turn:
			return newPrompt("prompt.your_assign")
		case board:
			return newPrompt("prompt.board_assign", "name", name)
		}
		return newPrompt("prompt.wait_assign", "name", name)
	case PhaseLightsOut, PhaseLegend:
		if len(st.Queue) > 0 {
			h := st.Queue[0]
			if h.Seat == Guards {
				cost := ""
				for _, p := range st.Data.pathsFrom(st.GuardState.Lantern) {
					if len(p.Cost) > 0 {
						cost = costText(p.Cost)
						break
					}
				}
				if seat == 0 {
					return newPrompt("prompt.your_guards_pay", "cost", cost)
				}
				return newPrompt("prompt.wait_guards_pay", "name", st.Seats[0], "cost", cost)
			}
			name := st.Seats[h.Seat]
			switch {
			case h.AwaitLoot && seat == h.Seat:
				return newPrompt("prompt.your_loot")
			case h.AwaitLoot:
				return newPrompt("prompt.wait_loot", "name", name)
			case seat == h.Seat:
				return newPrompt("prompt.your_advance", "n", strconv.Itoa(h.StepsLeft))
			}
			return newPrompt("prompt.wait_advance", "name", name)
		}
		for s, p := range st.Players {
			if len(p.MinionChoice) > 0 {
				if seat == s {
					return newPrompt("prompt.your_minion")
				}
				return newPrompt("prompt.wait_minion", "name", st.Seats[s])
			}
		}
		switch {
		case host:
			return newPrompt("prompt.host_legend", "legend", legendTerm(st.ActiveLegend))
		case board:
			return newPrompt("prompt.board_legend", "legend", legendTerm(st.ActiveLegend))
		case seat == st.FirstPlayer:
			return newPrompt("prompt.first_legend", "legend", legendTerm(st.ActiveLegend))
		}
		return newPrompt("prompt.seat_legend", "legend", legendTerm(st.ActiveLegend))
	case PhaseLastRaid:
		switch {
		case host:
			return newPrompt("prompt.host_last_raid")
		case seat == st.FirstPlayer:
			return newPrompt("prompt.first_last_raid")
		}
		return newPrompt("prompt.wait_last_raid", "name", st.Seats[st.FirstPlayer])
	case PhaseFinalScoring:
		if seat >= 0 && !st.Players[seat].Finished {
			return newPrompt("prompt.your_score")
		}
		var names []string
		for s, p := range st.Players {
			if !p.Finished {
				names = append(names, st.Seats[s])
			}
		}
		return newPrompt("prompt.wait_scores", "names", kit.ListParam(names), "count", strconv.Itoa(len(names)))
	}
	var winners []string
	if o != nil {
		for _, w := range o.Winners {
			winners = append(winners, st.Seats[w])
		}
	}
	if len(winners) == 0 {
		winners = []string{st.name(Guards)}
	}
	return newPrompt("prompt.game_over", "winners", kit.ListParam(winners), "count", strconv.Itoa(len(winners)))
}

// newPrompt fills a prompt's English text from its params (name, value
// pairs).
func newPrompt(code string, kv ...string) *kit.Prompt {
	t, ok := promptTexts[code]
	if !ok {
		panic("lockup: no message for prompt " + code)
	}
	p := pairs(kv)
	return &kit.Prompt{Code: code, Text: fill(t.en, englishParams(p)), Params: p}
}
