package givetoken

// messagesPT is the game's texts in Portuguese (pt-BR), by message key:
// the move and its argument, refusals, log entries, prompts, phases, the
// option and the end of the game.
var messagesPT = map[string]string{
	MoveGive:        "Dar uma ficha",
	"arg.to":        "Para",
	"option.target": "Fichas para vencer",
	"give_to_self":  "Você não pode dar uma ficha a si mesmo.",
	"unknown_seat":  "Não há jogador {seat} nesta mesa.",
	"not_a_player":  "Esta jogada é feita pelo celular de um jogador.",
	"game_over":     "O jogo acabou.",
	"given":         "{from} deu uma ficha para {to}.",
	"setup_bag":     "O saco tem fichas vermelhas, verdes, azuis e douradas; cada jogador tem uma mão de fichas.",
	"setup_secret":  "Seu segredo é {secret}.",
	"prompt_give":   "Dê uma ficha a outro jogador.",
	"prompt_watch":  "Qualquer jogador pode dar uma ficha a outro.",
	"prompt_over":   "{player} venceu.",
	"reason_target": "{player} tem {tokens} fichas.",
	"phase.play":    "Doação",
	"phase.over":    "Fim de jogo",
	"choice.red":    "vermelho",
	"choice.green":  "verde",
	"choice.blue":   "azul",
	"choice.gold":   "dourado",
}
