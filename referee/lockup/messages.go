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

// argTexts labels move arguments and option names ("arg.<name>").
var argTexts = map[string]text{
	"arg.token":           {"Crew token", "Ficha de equipe"},
	"arg.location":        {"Location", "Localização"},
	"arg.face_down":       {"Face down", "Virada para baixo"},
	"arg.to":              {"Space", "Espaço"},
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
	"arg.golems_as":       {"Golems count as", "Golems contam como"},
	"option.difficulty":   {"Solo difficulty colour", "Cor da dificuldade (solitário)"},
	"option.game_data":    {"Game data (board, tables) override", "Dados do jogo (tabuleiro, tabelas)"},
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
	MoveResolveLegend:    {"Legend card resolved? Patrol follows and the next legend card is revealed.", "Carta de lenda resolvida? Segue a Patrulha e a próxima carta de lenda é revelada."},
	MoveFinishRaid:       {"Last raid done? Final scoring begins.", "Último ataque feito? Começa a pontuação final."},
	MoveSubmitFinalScore: {"Submit your score pad? You cannot change it afterwards; the game ends when everyone has submitted.", "Enviar seu bloco de pontuação? Você não poderá alterá-lo depois; o jogo termina quando todos tiverem enviado."},
}

// outcomeTexts are the reasons an outcome gives.
var outcomeTexts = map[string]text{
	"outcome.final":     {"Final scoring after {rounds} rounds; ties broken by {tie_break} (game data), then shared.", "Pontuação final após {rounds} rodadas; empates desfeitos por {tie_break} (dados do jogo), depois compartilhados."},
	"outcome.solo_won":  {"The player scores {player}, the guards {guards}: the player beats the guards (assumed victory rule).", "O jogador marca {player}, os guardas {guards}: o jogador vence os guardas (regra de vitória assumida)."},
	"outcome.solo_lost": {"The guards score {guards}, the player {player}: the player must beat the guards (assumed victory rule).", "Os guardas marcam {guards}, o jogador {player}: o jogador precisa vencer os guardas (regra de vitória assumida)."},
}

// errorTexts is every rule error code the referee returns.
var errorTexts = map[string]text{
	"player_count":              {"Lockup: Breakout is for 1 to 5 players, not {n}.", "Lockup: Breakout é para 1 a 5 jogadores, não {n}."},
	"bad_option":                {"A table option is invalid: {detail}", "Uma opção da mesa é inválida: {detail}"},
	"bad_args":                  {"The move's arguments are invalid.", "Os argumentos da jogada são inválidos."},
	"unknown_move":              {"There is no such move in Lockup: Breakout.", "Essa jogada não existe em Lockup: Breakout."},
	"game_over":                 {"The game is over.", "O jogo terminou."},
	"host_only":                 {"Only the host's screen records this.", "Só a tela do anfitrião registra isto."},
	"system_only":               {"Only the server makes this move.", "Só o servidor faz esta jogada."},
	"not_offered":               {"That move, or that choice, is not possible now.", "Essa jogada, ou essa escolha, não é possível agora."},
	"seat_only":                 {"This move is made from a player's phone.", "Esta jogada é feita no celular de um jogador."},
	"wrong_phase":               {"That move is not possible in this phase.", "Essa jogada não é possível nesta fase."},
	"not_your_turn":             {"It is {seat}'s turn to assign a crew token.", "É a vez de {seat} atribuir uma ficha de equipe."},
	"already_passed":            {"You have passed this round.", "Você já passou nesta rodada."},
	"unknown_token":             {"You have no crew token {token}.", "Você não tem a ficha de equipe {token}."},
	"token_not_in_cell":         {"Your token {token} is not in your holding cell.", "Sua ficha {token} não está na sua cela de detenção."},
	"unknown_location":          {"There is no location {location}; locations are 1 to 7.", "Não existe a localização {location}; as localizações são 1 a 7."},
	"must_pass":                 {"Only six of your seven tokens may go on board locations: with one token left in your holding cell you must pass, and it goes face down on the legend card.", "Apenas seis das sete fichas podem ir para locais do tabuleiro: com uma ficha restante na cela de detenção você deve passar, e ela vai virada para baixo na carta de lenda."},
	"cannot_pass_yet":           {"You pass when one token is left in your holding cell; you still have {n}. Tokens cannot be assigned to the legend card otherwise.", "Você passa quando resta uma ficha na cela de detenção; você ainda tem {n}. Não se atribui fichas à carta de lenda de outra forma."},
	"face_down_limit":           {"You may assign only {limit} tokens face down to board locations this round (the legend card does not count).", "Você só pode atribuir {limit} fichas viradas para baixo a locais do tabuleiro nesta rodada (a carta de lenda não conta)."},
	"not_advancing":             {"No catacomb advance of yours is waiting now.", "Nenhum avanço seu nas catacumbas está pendente agora."},
	"await_loot":                {"Choose which loot token to keep first.", "Escolha primeiro qual ficha de saque manter."},
	"not_forward":               {"There is no arrow from {from} to {to}: lanterns move forward along the paths only, never back.", "Não há seta de {from} para {to}: o marcador de lanterna só avança seguindo os caminhos, nunca para trás."},
	"cost_unpaid":               {"The path to {to} costs {cost}; it can be taken only if the cost is paid.", "O caminho para {to} custa {cost}; ele só pode ser seguido pagando o custo."},
	"no_cost":                   {"The path to {to} has no cost to pay.", "O caminho para {to} não tem custo a pagar."},
	"lantern_ended":             {"Your lantern is on {space}: it can go no further.", "Seu marcador de lanterna está em {space}: não pode avançar mais."},
	"no_path":                   {"No path leads on from {space}.", "Nenhum caminho sai de {space}."},
	"not_on_loot":               {"You are not choosing a loot token now.", "Você não está escolhendo uma ficha de saque agora."},
	"unknown_loot":              {"The stack you are looking at has no {loot}.", "A pilha que você está olhando não tem {loot}."},
	"guards_not_waiting":        {"The guards are not waiting at a path cost.", "Os guardas não estão esperando um custo de caminho."},
	"advanced_no_library":       {"You advanced in the catacombs from location {location}: that is a reward, so you cannot send latecomers to the LIBRARY from there.", "Você avançou nas catacumbas pela localização {location}: isso é uma recompensa, então não pode enviar retardatários dessa localização para a BIBLIOTECA."},
	"not_resolved_yet":          {"Location {location} has not been resolved yet.", "A localização {location} ainda não foi resolvida."},
	"no_tokens_there":           {"You have no crew tokens at location {location}.", "Você não tem fichas de equipe na localização {location}."},
	"already_latecomer":         {"Your tokens at location {location} already go to the LIBRARY.", "Suas fichas da localização {location} já vão para a BIBLIOTECA."},
	"pending_decisions":         {"Finish the waiting decisions first: {what}.", "Termine primeiro as decisões pendentes: {what}."},
	"tome_during_legend":        {"Tome cards may not be played while the legend card is resolved, unless their text says otherwise.", "Cartas de tomo não podem ser jogadas enquanto a carta de lenda é resolvida, a menos que seu texto diga o contrário."},
	"not_at_cell_block":         {"Reserved items are crafted at the {cell_block}; you have no crew token there this round.", "Itens reservados são criados no {cell_block}; você não tem ficha de equipe lá nesta rodada."},
	"no_reserved_item":          {"You have no reserved item {item}.", "Você não tem o item reservado {item}."},
	"upgrade_only_when_crafted": {"Items are upgraded only once, immediately when crafted; {item} cannot be upgraded now.", "Itens só são melhorados uma vez, imediatamente ao serem criados; {item} não pode ser melhorado agora."},
	"empty_minion_space":        {"Minion space {space} is empty.", "O espaço de capanga {space} está vazio."},
	"no_minion_choice":          {"You have no drawn minions to choose from.", "Você não tem capangas comprados para escolher."},
	"unknown_minion":            {"That minion is not among the cards you drew.", "Esse capanga não está entre as cartas que você comprou."},
	"minion_choice_pending":     {"Choose which drawn minion to keep first.", "Escolha primeiro com qual capanga comprado ficar."},
	"solo_only":                 {"That applies to solo mode only.", "Isso vale apenas no modo solitário."},
	"score_missing":             {"The score pad has no entry for {category}: fill in every line (0 where you have none).", "O bloco de pontuação não tem valor para {category}: preencha todas as linhas (0 quando não tiver nenhum)."},
	"score_out_of_bounds":       {"{category} = {value} is out of bounds: it must be from {min} to {max}.", "{category} = {value} está fora dos limites: deve ser de {min} a {max}."},
	"score_pad_invalid":         {"The score pad is not valid: {detail}.", "O bloco de pontuação não é válido: {detail}."},
	"scoring_finished":          {"You have submitted your score already.", "Você já enviou sua pontuação."},
	"golem_needs_type":          {"Golems count as a {type} only if you have at least one {type}.", "Golems contam como {type} apenas se você tiver ao menos um {type}."},
	"golems_unchosen":           {"Choose whether your Golems count as Dwarves or Ratmen.", "Escolha se seus Golems contam como Anões ou Homens-Rato."},
	"icon_claimed":              {"The Advance lantern icon of {source} has been used: each icon advances the lantern one space, once.", "O ícone Avançar Lanterna de {source} já foi usado: cada ícone avança o marcador de lanterna um espaço, uma vez."},
	"icon_source_unknown":       {"{source} gives you no Advance lantern icon now: name a resolved location where your crew stands, the legend card you are on, or one of your items or tomes.", "{source} não lhe dá um ícone Avançar Lanterna agora: indique uma localização resolvida onde sua equipe está, a carta de lenda em que você está, ou um dos seus itens ou tomos."},
	"wild_unassigned":           {"Assign each of your {n} wild valuables to a valuable type ({assigned} assigned).", "Atribua cada um dos seus {n} valiosos coringa a um tipo de valioso ({assigned} atribuídos)."},
}

// eventTexts is every event code the referee logs.
var eventTexts = map[string]text{
	"tunnels_dealt":       {"Tunnel markers: {tunnels}; {collapsed} collapsed tunnels go back to the box.", "Marcadores de túnel: {tunnels}; {collapsed} túneis colapsados voltam para a caixa."},
	"loot_dealt":          {"Loot stacks of {n} tokens on {spaces}.", "Pilhas de saque de {n} fichas em {spaces}."},
	"legend_revealed":     {"Active legend card: {legend}.", "Carta de lenda ativa: {legend}."},
	"round_started":       {"Round {round} begins: Roll Call, {seat} first.", "Começa a rodada {round}: Fase de Chamada, {seat} primeiro."},
	"guards_dealt":        {"Guard cards: {cards}; an 8th card lies face down on the legend card.", "Cartas de guarda: {cards}; uma oitava carta fica virada para baixo na carta de lenda."},
	"assigned":            {"{seat} assigns {token} to location {location}.", "{seat} atribui {token} à localização {location}."},
	"assigned_face_down":  {"{seat} assigns a token face down to location {location}.", "{seat} atribui uma ficha virada para baixo à localização {location}."},
	"your_face_down":      {"You assigned {token} face down to location {location}.", "Você atribuiu {token} virada para baixo à localização {location}."},
	"passed":              {"{seat} passes; the last token goes face down on the legend card.", "{seat} passa; a última ficha vai virada para baixo na carta de lenda."},
	"lights_out":          {"Lights Out: locations 1 to 7 are resolved, then the legend card.", "Apagar as Luzes: as localizações 1 a 7 são resolvidas, depois a carta de lenda."},
	"tokens_revealed":     {"Location {location}: revealed {tokens}.", "Localização {location}: reveladas {tokens}."},
	"tunnel_winner":       {"Location {location} ({tunnel} tunnel): {seat} may advance up to {steps}.", "Localização {location} (túnel {tunnel}): {seat} pode avançar até {steps}."},
	"tunnel_blocked":      {"Location {location}: {seat} would advance but cannot go further.", "Localização {location}: {seat} avançaria mas não pode avançar mais."},
	"tunnel_nobody":       {"Location {location}: no explorer, nobody advances.", "Localização {location}: nenhum explorador, ninguém avança."},
	"lantern_icon":        {"{seat} uses an Advance lantern icon: {source}.", "{seat} usa um ícone Avançar Lanterna: {source}."},
	"lantern_moved":       {"{seat}'s lantern moves to {space}.", "O marcador de lanterna de {seat} vai para {space}."},
	"cost_paid":           {"{seat} pays {cost} for the path to {to} (paid, not checked: the app does not track resources, the table checks them).", "{seat} paga {cost} pelo caminho para {to} (pago, não verificado: o app não controla recursos, a mesa confere)."},
	"loot_peek":           {"You look at the loot stack: {tokens}.", "Você olha a pilha de saque: {tokens}."},
	"loot_used":           {"{seat} keeps the loot token {loot} and uses it now.", "{seat} fica com a ficha de saque {loot} e a usa agora."},
	"loot_star":           {"{seat} keeps the loot token {loot} and scores 1 star instead.", "{seat} fica com a ficha de saque {loot} e marca 1 estrela em vez disso."},
	"guards_moved":        {"The guards' lantern moves to {space}.", "O marcador de lanterna dos guardas vai para {space}."},
	"guards_paid":         {"The guards pay {cost} (paid, not checked: the solo player answered for them).", "Os guardas pagam {cost} (pago, não verificado: o jogador solitário respondeu por eles)."},
	"guards_tomb":         {"The guards reach the TOMB: no further, 15 stars at final scoring.", "Os guardas chegam à TUMBA: não avançam mais, 15 estrelas na pontuação final."},
	"guards_escaped":      {"The guards ESCAPED in round {round}: {stars} stars at once.", "Os guardas ESCAPARAM na rodada {round}: {stars} estrelas imediatamente."},
	"loot_empty":          {"The loot stack on {space} is empty.", "A pilha de saque em {space} está vazia."},
	"tomb_reached":        {"{seat} reaches the TOMB: no further, 15 stars at final scoring.", "{seat} chega à TUMBA: não avança mais, 15 estrelas na pontuação final."},
	"escaped":             {"{seat} ESCAPED in round {round}: {stars} stars at once.", "{seat} ESCAPOU na rodada {round}: {stars} estrelas imediatamente."},
	"advance_declined":    {"{seat} declines to advance.", "{seat} recusa o avanço."},
	"advance_stopped":     {"{seat} stops advancing.", "{seat} para de avançar."},
	"guards_loot":         {"The guards take the top loot token ({loot}) and resolve it.", "Os guardas pegam a ficha de saque do topo ({loot}) e resolvem seu efeito."},
	"guards_wait_pay":     {"The guards are at a fork with a cost path ({cost}): can they pay?", "Os guardas estão numa bifurcação com caminho de custo ({cost}): eles podem pagar?"},
	"latecomers_sent":     {"{seat}'s tokens at location {location} go to the LIBRARY.", "As fichas de {seat} na localização {location} vão para a BIBLIOTECA."},
	"legend_strengths":    {"Legend card {legend}: {ranking}. The table applies its effect; no tome cards unless their text allows.", "Carta de lenda {legend}: {ranking}. A mesa aplica o efeito; sem cartas de tomo salvo se o texto permitir."},
	"guards_legend_stars": {"The guards' legend reward becomes {stars} stars.", "A recompensa de lenda dos guardas vira {stars} estrelas."},
	"tokens_returned":     {"Crew tokens go back to their holding cells.", "As fichas de equipe voltam para suas celas de detenção."},
	"patrol":              {"Patrol: {old} goes to the bottom of the legend deck; {legend} is revealed.", "Patrulha: {old} vai para o fundo do baralho de lendas; {legend} é revelada."},
	"minion_removed":      {"Patrol: the {minion} on space {space} goes to the discard instead of advancing.", "Patrulha: o {minion} no espaço {space} vai para o descarte em vez de avançar."},
	"minion_row":          {"Minion row: {row}.", "Fila de capangas: {row}."},
	"recruited":           {"{seat} recruits a {minion}.", "{seat} recruta um {minion}."},
	"shapeshifter":        {"{seat} recruits a Shapeshifter: it is discarded and {seat} draws {n} minions.", "{seat} recruta um Metamorfo: ele é descartado e {seat} compra {n} capangas."},
	"minions_drawn":       {"You drew {minions}; keep one.", "Você comprou {minions}; fique com um."},
	"minion_kept":         {"{seat} keeps a {minion} and discards {discarded}.", "{seat} fica com um {minion} e descarta {discarded}."},
	"item_reserved":       {"{seat} reserves an item face down.", "{seat} reserva um item virado para baixo."},
	"your_reserved":       {"You reserved {item}.", "Você reservou {item}."},
	"item_crafted":        {"{seat} crafts {item}{upgraded}.", "{seat} cria {item}{upgraded}."},
	"item_gained":         {"{seat} gains {item} (it can never be upgraded).", "{seat} ganha {item} (nunca pode ser melhorado)."},
	"tome_played":         {"{seat} plays the tome {tome}.", "{seat} joga o tomo {tome}."},
	"last_raid":           {"Round {rounds} is over: start the last raid as usual, then final scoring.", "A rodada {rounds} terminou: faça o último ataque como de costume, depois a pontuação final."},
	"final_scoring":       {"Final scoring: every player enters their counts on their own phone.", "Pontuação final: cada jogador informa suas contagens no próprio celular."},
	"score_submitted":     {"{seat} submits their score pad: {total} points.", "{seat} envia seu bloco de pontuação: {total} pontos."},
	"game_ended":          {"Final scores: {scores}.", "Pontuação final: {scores}."},
}

// Messages returns the pt-BR translation of every move type, argument and
// option label, phase, score category, error code and event code.
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
	for _, f := range []string{"stars_track", "guard_stars", "dwarves", "ratmen", "golems", "dryads", "fungoids", "barrels", "wild_valuables", "base_other"} {
		name := f
		if f == "stars_track" {
			name = "stars"
		}
		pt["arg."+name] = categoryTexts[f].pt
	}
	pt["choice.explorer"] = fmt.Sprintf("explorador (força %d)", d.ExplorerStrength.Value)
	for i, s := range d.CrewStrengths.Value {
		pt[fmt.Sprintf("choice.crew%d", i+1)] = fmt.Sprintf("tripulante %d (força %d)", i+1, s)
	}
	for _, l := range d.Locations.Value {
		pt[fmt.Sprintf("choice.location:%d", l.Number)] = fmt.Sprintf("Recompensa da localização %d %s", l.Number, l.Name)
	}
	for _, v := range d.Scoring.Value.Valuables {
		pt["arg.valuable_"+v.Type] = "Valiosos: " + v.Label
		pt["arg.wild_as_"+v.Type] = "Valiosos coringa contados como " + v.Label
	}
	for k, v := range phaseTexts {
		pt["phase."+k] = v.pt
	}
	for k, v := range categoryTexts {
		pt["category."+k] = v.pt
	}
	return map[string]map[string]string{"pt-BR": pt}
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
	return &kit.RuleError{Code: code, Rule: section, Message: fill(t.en, p), Params: p}
}

// event returns a log entry, public when to is nil.
func event(code string, to []int, kv ...string) kit.Event {
	t, ok := eventTexts[code]
	if !ok {
		panic("lockup: no message for event code " + code)
	}
	p := pairs(kv)
	e := kit.Event{Code: code, Text: fill(t.en, p), Params: p}
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
