"""Short rulebook excerpts in languages the seeds do not cover (TEST DATA written for these tests,
not quotes of any printed rulebook): en, fr, it, pl, pt. Each states a few rules in the wording a
translation might use, with the values the extractors must read from it."""

from __future__ import annotations

EXCERPTS: dict[str, dict] = {
    "en": {
        "edition": "mk1",
        "text": """SETUP

Each player starts with 3 coins. The youngest player goes first.

ESTABLISHMENT TYPES

Primary Industry (Blue): Get income from the bank during anyone's turn.
Secondary Industry (Green): Get income from the bank during your turn only.
Restaurants (Red): Get income from the person who rolled the dice.
Major Establishments (Purple): Get income from all other players, but only during your turn.

GAMEPLAY

A turn consists of three phases:
1. Roll dice
2. Earn income
3. Construction

ACTIVATION ORDER

If several types of establishments are activated by the same roll, they activate in this order:
1. Restaurants (red)
2. Secondary Industry (green) and Primary Industry (blue)
3. Major Establishments (purple)

COIN TRANSACTIONS BETWEEN PLAYERS

If a player owes coins to another player and cannot pay, they pay what they can.
If a player must pay several players at once, payments are made in counterclockwise order.

END OF THE GAME

The first player to build all four of their landmarks wins!""",
        "expect": {
            "setup.starting_coins": 3,
            "setup.first_player": "youngest",
            "activation.when": {"blue": "any_turn", "green": "own_turn", "red": "opponents_turn", "purple": "own_turn"},
            "turn.phases": ["roll", "income", "build"],
            "activation.order": [["red"], ["blue", "green"], ["purple"]],
            "payment.shortfall": "pay_what_you_can",
            "payment.multiple_order": "counterclockwise",
            "end.landmarks_to_win": "all",
        },
    },
    "fr": {
        "edition": "mk1",
        "text": """MISE EN PLACE

Chaque joueur reçoit 3 pièces. Désignez le premier joueur.

ORDRE D'ACTIVATION

Si plusieurs types d'établissements sont activés par le même lancer, ils sont résolus dans l'ordre suivant : 1) Restaurants (rouge) 2) Industrie secondaire (vert) et Industrie primaire (bleu) 3) Établissements majeurs (violet)

Rouge : vous recevez des pièces pendant le tour de vos adversaires.
Bleu : vous recevez des pièces pendant le tour de n'importe quel joueur.
Vert : uniquement pendant votre tour.
Violet : uniquement pendant votre tour.

Si vous devez payer plusieurs joueurs en même temps, les paiements se font dans le sens inverse des aiguilles d'une montre.

FIN DE LA PARTIE

Le premier joueur qui a construit ses quatre monuments gagne la partie.""",
        "expect": {
            "setup.starting_coins": 3,
            "setup.first_player": "choose",
            "activation.order": [["red"], ["blue", "green"], ["purple"]],
            "activation.when": {"red": "opponents_turn", "blue": "any_turn", "green": "own_turn", "purple": "own_turn"},
            "payment.multiple_order": "counterclockwise",
            "end.landmarks_to_win": 4,
        },
    },
    "it": {
        "edition": "mk2",
        "text": """PREPARAZIONE

Ogni giocatore riceve 5 monete. Il giocatore più giovane inizia.

ORDINE DI ATTIVAZIONE

Quando più tipi di attività si attivano con lo stesso tiro, si segue questo ordine:

1. Ristoranti (rosso)
2. Industria primaria e industria secondaria (blu e verde)
3. Attività principali (viola)
4. Monumenti (arancione)

Nel tuo turno puoi tirare 1 o 2 dadi. Con 2 dadi conta la somma.

FINE DELLA PARTITA

La partita termina quando un giocatore costruisce il suo terzo monumento: quel giocatore vince.""",
        "expect": {
            "setup.starting_coins": 5,
            "setup.first_player": "youngest",
            "activation.order": [["red"], ["blue", "green"], ["purple"], ["landmark"]],
            "dice.rule": {"choices": [1, 2], "sum": True},
            "end.landmarks_to_win": 3,
        },
    },
    "pl": {
        "edition": "mk2",
        "text": """PRZYGOTOWANIE GRY

Każdy gracz otrzymuje 5 monet. Najmłodszy gracz rozpoczyna grę.

KOLEJNOŚĆ AKTYWACJI

Jeżeli jednym rzutem aktywuje się kilka rodzajów zakładów, rozpatruje się je w następującej kolejności:

1. Restauracje (czerwone)
2. Przemysł podstawowy (niebieskie)
3. Przemysł przetwórczy (zielone)
4. Zakłady specjalne (fioletowe)

Jeżeli musisz zapłacić kilku graczom jednocześnie, płacisz w kolejności przeciwnie do ruchu wskazówek zegara.

KONIEC GRY

Gra się kończy, gdy jeden z graczy zbuduje swój trzeci zabytek. Ten gracz wygrywa.""",
        "expect": {
            "setup.starting_coins": 5,
            "setup.first_player": "youngest",
            "activation.order": [["red"], ["blue"], ["green"], ["purple"]],
            "payment.multiple_order": "counterclockwise",
            "end.landmarks_to_win": 3,
        },
    },
    "pt": {
        "edition": "mk2",
        "text": """PREPARAÇÃO

Cada jogador recebe 5 moedas. Escolham o primeiro jogador.

ORDEM DE ATIVAÇÃO

1. Restaurantes (vermelho)
2. Indústria primária e Indústria secundária (azul e verde)
3. Estabelecimentos principais (roxo)
4. Monumentos (laranja)

Se você não tiver moedas no início da fase de construção, pegue 1 moeda do banco.

Se você tiver que pagar vários jogadores ao mesmo tempo, pague em sentido anti-horário.

FIM DO JOGO

O jogo termina quando um jogador construir o seu terceiro monumento. Esse jogador vence.""",
        "expect": {
            "setup.starting_coins": 5,
            "setup.first_player": "choose",
            "activation.order": [["red"], ["blue", "green"], ["purple"], ["landmark"]],
            "build.zero_coin_bonus": {"count": 1, "when": "start_of_build"},
            "payment.multiple_order": "counterclockwise",
            "end.landmarks_to_win": 3,
        },
    },
}
