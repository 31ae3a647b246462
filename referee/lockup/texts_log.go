package lockup

// outcomeTexts are the reasons an outcome gives.
var outcomeTexts = map[string]text{
	"outcome.final":     {"Final scoring after {rounds} rounds; ties broken by {tie_break} (game data), then shared.", "Pontuação final após {rounds} rodadas; empates desfeitos por {tie_break} (dados do jogo), depois compartilhados."},
	"outcome.solo_won":  {"The player scores {player}, the guards {guards}: the player beats the guards (assumed victory rule).", "O jogador marca {player}, os guardas {guards}: o jogador vence os guardas (regra de vitória assumida)."},
	"outcome.solo_lost": {"The guards score {guards}, the player {player}: the player must beat the guards (assumed victory rule).", "Os guardas marcam {guards}, o jogador {player}: o jogador precisa vencer os guardas (regra de vitória assumida)."},
}

// errorTexts is every rule error code the referee returns.
var errorTexts = map[string]text{
	"player_count": {"Lockup: Breakout is for 1 to 5 players, not {n}.", "Lockup: Breakout é para 1 a 5 jogadores, não {n}."},
	"bad_option":   {"A table option is invalid: {detail}", "Uma opção da mesa é inválida: {detail}"},
	"bad_args":     {"{detail}", "{detail}"}, // kit.ArgTerms, or bad_args.invalid (ruleErr)
	"unknown_move": {"There is no such move in Lockup: Breakout.", "Essa jogada não existe em Lockup: Breakout."},
	"game_over":    {"The game is over.", "O jogo terminou."},
	"host_only":    {"Only the host's screen records this.", "Só a tela do anfitrião registra isto."},
	"system_only":  {"Only the server makes this move.", "Só o servidor faz esta jogada."},
	"not_offered":  {"That move, or that choice, is not possible now.", "Essa jogada, ou essa escolha, não é possível agora."},
	"seat_only":    {"This move is made from a player's phone.", "Esta jogada é feita no celular de um jogador."},
	"wrong_phase":  {"That move is not possible in this phase.", "Essa jogada não é possível nesta fase."},
	// The kit's timer refusals (kit.KitCodes), which no move of Lockup
	// meets today: every declared code has its Portuguese.
	"timer_not_running":         {"The timer is not running.", "O cronômetro não está correndo."},
	"timer_not_paused":          {"The timer is not paused.", "O cronômetro não está pausado."},
	"stale_timer":               {"The timer's expiry is stale: the timer has been started again since.", "O fim do cronômetro chegou atrasado: o cronômetro já foi reiniciado desde então."},
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
	"rewarded_no_library":       {"You took the reward of location {location}: your crew tokens there go back to your holding cell, not to the LIBRARY.", "Você recebeu a recompensa da localização {location}: suas fichas de equipe de lá voltam para sua cela de detenção, não para a BIBLIOTECA."},
	"cell_block_latecomers":     {"Your crew tokens at the {cell_block} went to the LIBRARY as latecomers, so they take no reward there: no reserved item can be crafted.", "Suas fichas de equipe no {cell_block} foram para a BIBLIOTECA como retardatários, então não recebem recompensa lá: nenhum item reservado pode ser criado."},
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
	"icon_claimed":              {"The Advance lantern icon of {source} has been used: each icon advances the lantern one space, once.", "O ícone Avançar Lanterna de {source} já foi usado: cada ícone avança o marcador de lanterna um espaço, uma vez."},
	"icon_source_unknown":       {"{source} gives you no Advance lantern icon now: name a resolved location where your crew stands, the legend card you are on, or one of your items or tomes.", "{source} não lhe dá um ícone Avançar Lanterna agora: indique uma localização resolvida onde sua equipe está, a carta de lenda em que você está, ou um dos seus itens ou tomos."},
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

// eventVariants are pt-BR forms of eventTexts chosen by the grammatical
// gender of the minion they name ("<key>#f", from nounGenders): "recruta
// uma Dríade", "fica com uma Dríade".
var eventVariants = map[string]string{
	"recruited#f":   "{seat} recruta uma {minion}.",
	"minion_kept#f": "{seat} fica com uma {minion} e descarta {discarded}.",
}

// nounGenders are the grammatical genders of the pt-BR names of Lockup's
// minion types (the glossary's capangas: Anão, Homem-Rato, Dríade,
// Fungoide, Golem, Metamorfo), by their term; the catalog gives them as
// "gender.<term>" so that a page picks the agreeing form of a sentence.
// Only Dríade is feminine ("a Dríade", as Portuguese writes the nymph);
// the book prints no article before these names.
var nounGenders = map[string]string{
	"category.dwarf":        "m",
	"category.ratman":       "m",
	"category.dryad":        "f",
	"category.fungoid":      "m",
	"category.golem":        "m",
	"category.shapeshifter": "m",
}
