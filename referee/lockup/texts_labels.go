package lockup

// moveTexts labels every move type.
var moveTexts = map[string]text{
	"assign":             {"Assign a crew token", "Atribuir ficha de equipe"},
	"pass":               {"Pass (last token to the legend card)", "Passar (última ficha na carta de lenda)"},
	"advance":            {"Advance the lantern", "Avançar o marcador de lanterna"},
	"advance_paying":     {"Advance the lantern, paying the path cost", "Avançar o marcador de lanterna pagando o custo do caminho"},
	"stop_advancing":     {"Stop advancing (or decline)", "Parar de avançar (ou recusar)"},
	"keep_loot":          {"Keep a loot token", "Ficar com uma ficha de saque"},
	"guards_pay":         {"Can the guards pay the path cost?", "Os guardas podem pagar o custo do caminho?"},
	"latecomer":          {"Send tokens to the LIBRARY", "Enviar fichas para a BIBLIOTECA"},
	"advance_lantern":    {"Advance lantern icon", "Ícone Avançar Lanterna"},
	"reserve_item":       {"Reserve an item", "Reservar item"},
	"craft_item":         {"Craft an item", "Criar item"},
	"craft_reserved":     {"Craft a reserved item (CELL BLOCK)", "Criar item reservado (BLOCO DE CÉLULAS)"},
	"gain_item":          {"Gain an item another way", "Ganhar item de outra forma"},
	"upgrade_item":       {"Upgrade an item", "Melhorar item"},
	"recruit":            {"Recruit a minion", "Recrutar capanga"},
	"keep_minion":        {"Keep a drawn minion", "Ficar com um capanga comprado"},
	"play_tome":          {"Play a tome card", "Jogar carta de tomo"},
	"submit_final_score": {"Submit my score pad", "Enviar meu bloco de pontuação"},
	"resolve_legend":     {"Legend card resolved", "Carta de lenda resolvida"},
	"finish_raid":        {"Last raid done: final scoring", "Último ataque feito: pontuação final"},
}

// argTexts labels move arguments and option names and help ("arg.<name>",
// "option.<name>", "option_help.<name>").
var argTexts = map[string]text{
	"arg.token":           {"Crew token", "Ficha de equipe"},
	"arg.location":        {"Location", "Localização"},
	"arg.face_down":       {"Face down", "Virada para baixo"},
	"arg.to":              {"Space", "Espaço"},
	"arg.loot":            {"Loot token to keep", "Ficha de saque para ficar"},
	"arg.use":             {"Use it now (otherwise score 1 star)", "Usar agora (senão marcar 1 estrela)"},
	"arg.can_pay":         {"The guards can pay", "Os guardas podem pagar"},
	"arg.item":            {"Item", "Item"},
	"arg.upgrade":         {"Upgrade it", "Melhorar"},
	"arg.space":           {"Minion space", "Espaço de capanga"},
	"arg.card":            {"Minion", "Capanga"},
	"arg.tome":            {"Tome", "Tomo"},
	"arg.text_allows":     {"Its text allows play during the legend", "Seu texto permite jogar durante a lenda"},
	"arg.guards_rewarded": {"The guards got a reward (2 stars)", "Os guardas receberam recompensa (2 estrelas)"},
	"arg.value":           {"Value", "Valor"},
	"arg.category":        {"Category", "Categoria"},
	"arg.source":          {"Where the icon is", "Onde está o ícone"},
	"arg.as":              {"Type", "Tipo"},
	"option.difficulty":   {"Solo difficulty colour", "Cor da dificuldade (solitário)"},
	"option.game_data":    {"Game data (board, tables) override", "Dados do jogo (tabuleiro, tabelas)"},
	"option_help.difficulty": {"Solo only: the guard deck holds 8 blue cards and 6 cards of this colour. Assumed: the book does not print the colours' names or strengths; change them in the game data if your copy differs.",
		"Só no modo solitário: o baralho de guardas tem 8 cartas azuis e 6 cartas desta cor. Suposto: o livro não traz os nomes nem as forças das cores; mude-os nos dados do jogo se a sua cópia for diferente."},
	"option_help.game_data": {"A JSON object whose keys replace those of the built-in data.json: the catacomb board, crew strengths, scoring tables, tie-break and more. Assumed: the book does not print the catacomb board, so the built-in one is a placeholder; enter your copy's board here.",
		"Um objeto JSON cujas chaves substituem as do data.json embutido: o tabuleiro das catacumbas, as forças da equipe, as tabelas de pontuação, o desempate e mais. Suposto: o livro não traz o tabuleiro das catacumbas, então o embutido é provisório; informe aqui o tabuleiro da sua cópia."},
}

// phaseTexts names the phases.
var phaseTexts = map[string]text{
	PhaseRollCall:     {"Roll Call", "Fase de Chamada"},
	PhaseLightsOut:    {"Lights Out", "Fase de Apagar as Luzes"},
	PhaseLegend:       {"Lights Out: the legend card", "Apagar as Luzes: carta de lenda"},
	PhaseLastRaid:     {"Last raid", "Último ataque"},
	PhaseFinalScoring: {"Final scoring", "Pontuação final"},
	PhaseGameOver:     {"Game over", "Fim de jogo"},
}

// categoryTexts names the score categories.
var categoryTexts = map[string]text{
	"stars_in_play":  {"Stars earned in play", "Estrelas ganhas durante o jogo"},
	"escaped":        {"ESCAPED", "ESCAPOU"},
	"stars_track":    {"Stars on your track", "Estrelas na sua trilha"},
	"guard_stars":    {"Stars on the guards' track", "Estrelas na trilha dos guardas"},
	"loot_tokens":    {"Loot tokens", "Fichas de saque"},
	"catacombs":      {"Catacomb position", "Posição nas catacumbas"},
	"tomb":           {"TOMB", "TUMBA"},
	"dwarves":        {"Dwarves", "Anões"},
	"ratmen":         {"Ratmen", "Homens-Rato"},
	"golems":         {"Golems", "Golems"},
	"dryads":         {"Dryads", "Dríades"},
	"fungoids":       {"Fungoids", "Fungoides"},
	"valuables":      {"Valuables", "Valiosos"},
	"wild_valuables": {"Wild valuables", "Valiosos coringa"},
	"base_other":     {"Other base-game points", "Outros pontos do jogo base"},
	"barrels":        {"Barrel icons on cards (the crew board's is added)", "Ícones de barril nas cartas (o do tabuleiro de equipe é somado)"},
	"dwarf":          {"Dwarf", "Anão"},
	"ratman":         {"Ratman", "Homem-Rato"},
	"dryad":          {"Dryad", "Dríade"},
	"fungoid":        {"Fungoid", "Fungoide"},
	"golem":          {"Golem", "Golem"},
	"shapeshifter":   {"Shapeshifter", "Metamorfo"},
}

// choiceTexts translate the fixed values of choices ("choice.<value>"):
// yes and no, loot kinds, minion types, difficulty colours, the legend
// card as an icon's source. Crew tokens and location rewards are added
// from the data by Messages.
var choiceTexts = map[string]text{
	"true":     {"Yes", "Sim"},
	"false":    {"No", "Não"},
	"coin":     {"Coin", "Moeda"},
	"lockpick": {"Lockpick", "Gazua"},
	"idol":     {"Idol", "Ídolo"},
	"scroll":   {"Scroll", "Pergaminho"},
	"potion":   {"Potion", "Poção"},
	"map":      {"Map", "Mapa"},
	"dwarf":    {"Dwarf", "Anão"},
	"ratman":   {"Ratman", "Homem-Rato"},
	"green":    {"Green", "Verde"},
	"yellow":   {"Yellow", "Amarelo"},
	"red":      {"Red", "Vermelho"},
	"legend":   {"The active legend card", "A carta de lenda ativa"},
}

// factTexts name the seat facts every screen shows ("fact.<key>") and
// statusTexts the seat statuses ("status.<code>").
var factTexts = map[string]text{
	"holding_cell":  {"In the holding cell", "Na cela de detenção"},
	"lantern":       {"Lantern", "Lanterna"},
	"loot_tokens":   {"Loot tokens", "Fichas de saque"},
	"minions":       {"Minions", "Capangas"},
	"face_down":     {"Face-down tokens", "Fichas viradas para baixo"},
	"first_player":  {"First player", "Primeiro jogador"},
	"escaped_stars": {"ESCAPED stars", "Estrelas de ESCAPOU"},
}

var statusTexts = map[string]text{
	"passed":               {"passed", "passou"},
	"assigning":            {"assigning", "atribuindo"},
	"scoring_finished":     {"score submitted", "pontuação enviada"},
	"scoring_not_finished": {"filling in the score pad", "preenchendo o bloco de pontuação"},
}

// groupTexts name the headings of secondary moves (Group).
var groupTexts = map[string]text{
	"group.card_effects": {"Record a card or location effect", "Registrar um efeito de carta ou localização"},
	"group.library":      {"Latecomers to the LIBRARY", "Retardatários para a BIBLIOTECA"},
	"group.catacombs":    {"Catacombs", "Catacumbas"},
}

// confirmTexts are the sentences a phone asks to confirm before sending a
// move that cannot be undone or reveals something ("confirm.<move>").
var confirmTexts = map[string]text{
	MovePass:             {"Pass? Your last token goes face down on the legend card.", "Passar? Sua última ficha vai virada para baixo na carta de lenda."},
	MoveAdvancePaying:    {"Pay this path's cost from your resources? The app records it as paid, not checked.", "Pagar o custo deste caminho com seus recursos? O app registra como pago, não verificado."},
	MoveStopAdvancing:    {"Stop advancing? You cannot take up this advance again.", "Parar de avançar? Você não pode retomar este avanço."},
	MoveKeepLoot:         {"Keep this loot token? The others go back face down.", "Ficar com esta ficha de saque? As outras voltam viradas para baixo."},
	MoveLatecomer:        {"Send these tokens to the LIBRARY? This cannot be undone.", "Enviar estas fichas para a BIBLIOTECA? Isso não pode ser desfeito."},
	MoveRecruit:          {"Recruit this minion? A Shapeshifter draws new cards; this cannot be undone.", "Recrutar este capanga? Um Metamorfo compra novas cartas; isso não pode ser desfeito."},
	MoveKeepMinion:       {"Keep this minion? The other cards drawn are discarded.", "Ficar com este capanga? As outras cartas compradas são descartadas."},
	MoveResolveLegend:    {"Legend card resolved? Patrol follows and the next legend card is revealed.", "Carta de lenda resolvida? Segue a Patrulha e a próxima carta de lenda é revelada."},
	MoveFinishRaid:       {"Last raid done? Final scoring begins.", "Último ataque feito? Começa a pontuação final."},
	MoveSubmitFinalScore: {"Submit your score pad? You cannot change it afterwards; the game ends when everyone has submitted.", "Enviar seu bloco de pontuação? Você não poderá alterá-lo depois; o jogo termina quando todos tiverem enviado."},
}

// panelTexts name the parts of the public and private panels
// ("panel.<key>", the JSON keys of Public and Private).
var panelTexts = map[string]text{
	"round":                {"Round", "Rodada"},
	"rounds":               {"Rounds", "Rodadas"},
	"phase":                {"Phase", "Fase"},
	"first_player":         {"First player", "Primeiro jogador"},
	"turn":                 {"Turn", "Vez"},
	"waiting":              {"Waiting for", "Aguardando"},
	"locations":            {"Locations", "Localizações"},
	"legend":               {"Legend card", "Carta de lenda"},
	"catacombs":            {"Catacombs", "Catacumbas"},
	"minions":              {"Minions", "Capangas"},
	"players":              {"Players", "Jogadores"},
	"guards":               {"The guards", "Os guardas"},
	"scoring_not_finished": {"Still filling in their score pad", "Ainda preenchendo o bloco de pontuação"},
	"score_chart":          {"Final scores", "Pontuação final"},
	"holding_cell":         {"Your holding cell", "Sua cela de detenção"},
	"face_down":            {"Your face-down tokens", "Suas fichas viradas para baixo"},
	"face_down_left":       {"Face-down assignments left", "Atribuições viradas para baixo restantes"},
	"loot_stack_seen":      {"The loot stack you look at", "A pilha de saque que você olha"},
	"reserved_items":       {"Your reserved items", "Seus itens reservados"},
	"minion_choice":        {"Minions you drew", "Capangas que você comprou"},
	"scoring":              {"Your final scoring", "Sua pontuação final"},
}
