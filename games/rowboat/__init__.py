"""Rowboat (``shared/rules/rowboat.md``) for 2, 3 and 4 players.

Action codes (CONTRACT §1): ``moon:<k>`` (4..12, 4..10 with four players) and ``nomoon`` by the
dealer before the Tide; ``pass:<card>`` (4p exchange, all four seats at once); ``bid:<n>``;
``play:<card>``; ``rowboat``; ``lighthouse`` (any seat whose side still has it, in the exchange,
bidding or trick play, on or off turn: it is in ``legal_actions`` even when the seat is not in
``to_act``).

Options (spec §2): ``novice`` False; ``target_score`` None = the spec's default, 200 (150 with
three players); ``lighthouse_seconds`` 30 (10-120); ``knob_obligatory`` False (D6);
``partner_tie_wins`` False (D13; it only acts in the 4-player game and is ignored otherwise, so
one server-wide default fits every table); ``show_last_trick`` True (D25); ``first_dealer`` None
(drawn from the seed).

Rigged deals (``deck=``): card codes in the order they leave the top of the first hand's deck:
the Tide cards first (the stop rule or the Moon decides how many are used), then the hands one
card at a time, starting with the player left of the dealer and going clockwise (2p: the
non-dealer first). Unnamed cards follow in seeded order. The first dealer is ``first_dealer`` or
drawn from the seed.

Events (``kind``: data): ``tide`` (public: hand, dealer, tide, tricks, moon), ``deal``
(seat only: hand), ``moon``/``nomoon``, ``pass_locked`` (public: seat), ``pass_chosen`` (that
seat: card; not sent to the fourth passer, whose card changes hands in the same step),
``exchange_done``, ``received`` (receiver only: card, from), ``bid``, ``play`` (seat, card),
``rowboat`` (seat, side, trick), ``married`` (owner only: card, trick), ``trick`` (trick,
winner or None, tricks awarded / tied, lost, plays), ``hand_scored`` (per side: bid, tricks,
points, sandbags, score, total_sandbags), ``game_over`` (winners, scores), ``lighthouse``
(public: seat, side) and ``lighthouse_view`` (2p/3p: the user; 4p: both partners; data: seat,
``hands`` = [{seat, cards}], ``seconds`` = lighthouse_seconds × hands shown to each viewer).
In 4p the snapshot lists all four hands so that one event serves both partners: each sees the
other three hands, and ``seconds`` is 3 × lighthouse_seconds (spec §5). ``trick`` also
lists the trick's ``plays`` [{seat, card}], so the table can show the last trick of a hand even
though the next deal follows in the same step.

View layout (``view(state, seat)``; ``seat=None`` is the spectator view):

* ``game`` "rowboat", ``players``, ``phase`` (moon | exchange | bidding | trick_play | over),
  ``hand_number``, ``dealer``, ``to_act`` (seats), ``teams`` (lists of seats per side),
  ``seat_side`` (side index per seat), ``sides_count``.
* ``sides``: per side {seats, score, sandbags, bid (team total, None until all bid), tricks,
  rowboat, lighthouse, moon (True while still unused)}.
* ``moon``: this hand's Moon k or None. ``tide``: the Tide's card codes (empty before the deal);
  ``tide_tricks``: per Tide card {ruling, trump (suit letter), knob {rank, suit},
  knob_in_play (False when the Knob lies in the Tide)}; ``tricks_in_hand`` (N).
* ``trick_number`` (1-based, None outside trick play); ``trick``: the current trick {number,
  leader, trump, ruling, knob {rank, suit}, knob_in_play, off_knobs_rank, plays [{seat, card
  (code or "rowboat")}] in order} or None.
* ``last_trick``: {number, leader, winner (None on a tie), tied, plays} while the current trick
  has no card yet and ``show_last_trick``; cleared by the next deal.
* ``bids`` (per seat, None until made), ``tricks_won`` (per seat), ``pending`` (the pot),
  ``hand_sizes``, ``exchange_locked`` (per seat in the exchange, else None), ``last_hand``
  (per side {bid, tricks, points, sandbags} of the previous hand, or None), ``options``,
  ``winners``.
* Seat views add ``seat``, ``side``, ``hand`` (sorted by suit o, w, s, m then rank),
  ``married`` ([{card, trick}], the owner's only), ``passing`` (the card locked for the exchange),
  and on that seat's turn in trick play ``playable`` (legal hand cards).

The Knob is given as rank and suit, never as a card code: it usually lies in a hidden hand.

Decisions where the spec is silent: the cards locked for the 4p exchange leave the hand at once
(they lie face down until all four are in), so a Lighthouse snapshot taken meanwhile does not
show them; leftover cards after a Rowboat hand join the played cards, unseen (D24); the last
trick stays in the view after the final hand of the game and between hands until the next deal.
"""

from games.core import GamePackage, PlayoutProfile
from games.rowboat.engine import RowboatEngine
from games.rowboat.summary import SUMMARY

ENGINE = RowboatEngine()

GAME = GamePackage(
    engine=ENGINE,
    summary=SUMMARY,
    profile=PlayoutProfile(
        # regular scoring need not end under random bids (rowboat.md implementation note)
        options={"novice": True, "target_score": 100},
        typical_steps=100,
    ),
    position=1,
    # practice: three seats (no partner to read, yet every rule of the 4p game but the
    # exchange); seed 5 makes the learner the first dealer (the Moon is theirs to call), deals
    # a Knob that is played in its trick, and gives the learner a trick where the Rowboat may
    # go; an easy AI lights its Lighthouse in that hand (tests/games/test_practice_seeds.py)
    practice_seed=5,
    practice_players=3,
)


__all__ = ["ENGINE", "GAME", "RowboatEngine"]
