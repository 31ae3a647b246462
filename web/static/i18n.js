// The one message catalog of the UI. Add a language by adding a block.
"use strict";
window.TW_MESSAGES = {
  "en": {
    loading: "Loading…", create_title: "Start a table", game: "Game", options: "Options", create: "Create table",
    join_title: "Join the table", your_name: "Your name", join: "Join", join_code: "Join code",
    scan_to_join: "Scan to join", seats: "Seats", start: "Start the game", board_link: "Open the board page (for a tablet in the middle)",
    waiting_players: "Waiting for players", players_needed: "{min}–{max} players", your_secret: "Only you see this",
    your_moves: "Your moves", no_moves: "Nothing to do right now.", public: "Table", tracks: "Tracks", log: "Log",
    outcome: "Game over", winners: "Winners", reason: "Why", revealed: "Revealed", scores: "Scores", total: "Total",
    status_lobby: "Waiting for players", status_playing: "In play", status_ended: "Game over", phase: "Phase", turn: "Turn",
    host: "Host", remove: "Remove", undo: "Undo last move", timers: "Timers", time_up: "Time is up!",
    refused: "Refused", rule: "Rule", moved_on: "The table moved on; your screen was refreshed.", you: "you",
    not_seated: "This phone has no seat at this table.", join_again: "Join with the code", revoked: "The host removed this seat.",
    offline: "Connection lost — reconnecting…", online: "Connected", started: "The game has started.", full: "Table full",
    by: "by", server: "server", do: "Go", choose: "choose…", yes: "yes", no: "no", host_view: "Host screen", board: "Board",
    host_moves: "Host actions", game_started_no_join: "This game has already started.", lang: "Language", chart: "Score chart", assumed: "assumed"
  },
  "pt-BR": {
    loading: "Carregando…", create_title: "Abrir uma mesa", game: "Jogo", options: "Opções", create: "Criar mesa",
    join_title: "Entrar na mesa", your_name: "Seu nome", join: "Entrar", join_code: "Código da mesa",
    scan_to_join: "Escaneie para entrar", seats: "Lugares", start: "Começar o jogo", board_link: "Abrir a página do tabuleiro (para um tablet no meio da mesa)",
    waiting_players: "Aguardando jogadores", players_needed: "{min}–{max} jogadores", your_secret: "Só você vê isto",
    your_moves: "Suas jogadas", no_moves: "Nada a fazer agora.", public: "Mesa", tracks: "Trilhas", log: "Registro",
    outcome: "Fim de jogo", winners: "Vencedores", reason: "Motivo", revealed: "Revelado", scores: "Pontuação", total: "Total",
    status_lobby: "Aguardando jogadores", status_playing: "Em jogo", status_ended: "Fim de jogo", phase: "Fase", turn: "Vez",
    host: "Anfitrião", remove: "Remover", undo: "Desfazer a última jogada", timers: "Cronômetros", time_up: "Acabou o tempo!",
    refused: "Recusado", rule: "Regra", moved_on: "A mesa mudou; sua tela foi atualizada.", you: "você",
    not_seated: "Este telefone não tem lugar nesta mesa.", join_again: "Entrar com o código", revoked: "O anfitrião removeu este lugar.",
    offline: "Conexão perdida — reconectando…", online: "Conectado", started: "O jogo começou.", full: "Mesa cheia",
    by: "por", server: "servidor", do: "Ir", choose: "escolha…", yes: "sim", no: "não", host_view: "Tela do anfitrião", board: "Tabuleiro",
    host_moves: "Ações do anfitrião", game_started_no_join: "Este jogo já começou.", lang: "Idioma", chart: "Gráfico de pontos", assumed: "suposto"
  }
};
