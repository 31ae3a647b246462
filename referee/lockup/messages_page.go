package lockup

// The pages look a group and a seat status up by the text the view sends
// ("group.Catacombs", "status.score submitted"), a part of the panels by
// any key of the public or private data, nested ones included
// ("panel.recorded_stars"), a track by its name and a fixed choice by its
// value. pageMessages adds those keys to the pt-BR catalog.

// panelPageTexts name the nested keys of the private scoring panel (its
// breakdown is a kit.ScoreLine) and of the public score chart.
var panelPageTexts = map[string]string{
	"recorded_stars":         "Estrelas registradas pelo app",
	"recruited":              "Capangas recrutados",
	"entries":                "Contagens informadas",
	"breakdown":              "Pontuação detalhada",
	"score_pad":              "Regras do total do bloco de pontuação",
	"dwarf_table":            "Tabela dos Anões",
	"ratman_table":           "Tabela dos Homens-Rato",
	"valuable_tables":        "Tabelas dos valiosos",
	"crew_board_barrels":     "Barris do tabuleiro de equipe",
	"dryad_stars_per_barrel": "Estrelas por barril (Dríades)",
	"fungoid_stars_per_loot": "Estrelas por ficha de saque (Fungoides)",
	"finished":               "Pontuação enviada",
	"categories":             "Categorias",
	"category":               "Categoria",
	"points":                 "Pontos",
	"note":                   "Observação",
	"total":                  "Total",
	"rank":                   "Colocação",
	"series":                 "Jogadores",
	"name":                   "Nome",
	// A crew token of the private panels and the public phase's name.
	"id":          "Ficha",
	"strength":    "Força",
	"explorer":    "Explorador",
	"location":    "Localização",
	"legend":      "Na carta de lenda",
	"label":       "Nome",
	"phase_label": "Fase",
	// The words beside a code, which the pages show in the code's place.
	"loot_stack_seen_labels": "Pilha de saque vista",
	"minion_choice_labels":   "Escolha de capanga",
}

// spaceTexts name the spaces of the built-in catacomb board: ENTRADA,
// TUMBA and ESCAPOU are the book's words; the others are the assumed
// board's placeholders (doc.go), translated here.
var spaceTexts = map[string]string{
	"ENTRANCE":     "ENTRADA",
	"STAIRS":       "Escadaria",
	"OSSUARY":      "Ossuário",
	"FLOODED_HALL": "Salão Inundado",
	"CRAWLWAY":     "Passagem Estreita",
	"CROSSROADS":   "Encruzilhada",
	"BONE_BRIDGE":  "Ponte de Ossos",
	"DEEP_VAULT":   "Cripta Profunda",
	"TOMB":         "TUMBA",
	"ESCAPED":      "ESCAPOU",
}

// pageMessages adds to pt the keys the pages look up by what the view
// sends.
func pageMessages(pt map[string]string, d *Data) {
	for _, v := range groupTexts {
		pt["group."+v.en] = v.pt
	}
	for k, v := range statusTexts {
		pt["status."+k] = v.pt
	}
	for k, v := range panelPageTexts {
		pt["panel."+k] = v
	}
	// The score pad's counts and the recruited minions are keyed by score
	// category.
	for k, v := range categoryTexts {
		if _, ok := pt["panel."+k]; !ok {
			pt["panel."+k] = v.pt
		}
	}
	for _, v := range d.Scoring.Value.Valuables {
		pt["panel.valuable_"+v.Type] = pt["arg.valuable_"+v.Type]
		pt["panel.wild_as_"+v.Type] = pt["arg.wild_as_"+v.Type]
	}
	pt["track.round"] = panelTexts["round"].pt
	// The side that wins a solo game the player loses (Outcome.Side).
	pt["side.guards"] = "os guardas"
	for _, s := range d.Board.Value.Spaces {
		if p, ok := spaceTexts[s.ID]; ok {
			pt["choice."+s.ID] = p
		}
	}
}
