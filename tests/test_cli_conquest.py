"""`forge conquest-of-the-empire-2 ...` through click's runner: JSON in, JSON out, saves."""
import json

from click.testing import CliRunner

from forge.cli.play import game_group

conquest = game_group("conquest-of-the-empire-2")


def run(args, tmp_path):
    result = CliRunner().invoke(conquest, args + ["--game", str(tmp_path / "g.json")])
    return result


def test_new_act_undo_show(tmp_path):
    result = run(["new", "--player", "juan", "--player", "carlos", "--first", "juan"], tmp_path)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["state"]["auction"]["opener"] == "juan"
    bid = json.dumps({"type": "bid", "player": "juan", "amount": 0, "a": "juan", "b": "carlos"})
    result = run(["act", bid, "--lang", "es"], tmp_path)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["words"]
    result = run(["act", json.dumps({"type": "auction-pass", "player": "carlos"})], tmp_path)
    assert json.loads(result.output)["state"]["order"] == ["juan", "carlos"]
    legal = json.loads(run(["legal"], tmp_path).output)
    assert {"type": "pass", "player": "juan"} in legal
    result = run(["act", json.dumps({"type": "pass", "player": "carlos"})], tmp_path)
    assert result.exit_code != 0 and "juan's turn" in str(result.exception)
    assert json.loads(run(["undo"], tmp_path).output)["position"] == 1
    shown = json.loads(run(["show"], tmp_path).output)
    assert shown["state"]["phase"] == "auction"
    table = json.loads(run(["standings"], tmp_path).output)
    assert [row["player"] for row in table] == ["juan", "carlos"]


def act(action, tmp_path, *extra):
    return run(["act", json.dumps(action), *extra], tmp_path)


def after_the_auction(tmp_path, influence: dict) -> None:
    """A new game of juan and carlos (juan first, `influence` drawn) past its one auction."""
    result = run(["new", "--player", "juan", "--player", "carlos", "--first", "juan",
                  "--option", json.dumps({"influence": influence})], tmp_path)
    assert result.exit_code == 0, result.output
    for action in ({"type": "bid", "player": "juan", "amount": 0, "a": "juan", "b": "carlos"},
                   {"type": "auction-pass", "player": "carlos"}):
        assert act(action, tmp_path).exit_code == 0


def place_the_rest(tmp_path, player: str, where: str, sea: str, run=run) -> None:
    """`player`'s starting units still off the board into `where`, his galley into `sea` (the
    first round waits for every starting unit, ruling R32)."""
    unplaced = json.loads(run(["show"], tmp_path).output)["state"]["army"][player]["unplaced"]
    land = {unit: n for unit, n in unplaced.items() if n and unit != "galley"}
    for place, units in ((where, land), (sea, {"galley": unplaced.get("galley", 0)})):
        if any(units.values()):
            action = {"type": "place", "player": player, "where": place, "units": units}
            result = run(["act", json.dumps(action)], tmp_path)
            assert result.exit_code == 0, result.output


def test_a_leader_left_alone_withdraws_before_play_goes_on(tmp_path):
    """digest 6.4: the lost battle leaves juan's general alone; `legal` offers only the
    withdrawal, any other action is refused naming it, and `withdraw` lets play go on."""
    after_the_auction(tmp_path, {"juan": {"galatia": 2, "egypt": 2},
                                 "carlos": {"galatia": 2, "asia": 2}})
    for action in ({"type": "place", "player": "juan", "where": "galatia",
                    "units": {"infantry": 1, "general": 1}},
                   {"type": "place", "player": "carlos", "where": "galatia",
                    "units": {"infantry": 2}}):
        assert act(action, tmp_path).exit_code == 0
    place_the_rest(tmp_path, "juan", "egypt", "sea-by-egypt")
    place_the_rest(tmp_path, "carlos", "asia", "sea-by-asia")
    battle = {"type": "battle", "player": "juan", "province": "galatia", "defender": "carlos"}
    assert act(battle, tmp_path).exit_code == 0
    roll = {"type": "roll", "faces": {"attacker": ["blank"] * 4,
                                      "defender": ["infantry", "blank", "blank"]}}
    shown = json.loads(act(roll, tmp_path).output)
    assert shown["state"]["withdrawal"] == {"where": "galatia", "players": ["juan"]}
    legal = json.loads(run(["legal"], tmp_path).output)
    assert legal == [{"type": "withdraw", "player": "juan", "origin": "galatia",
                      "open": ["to"], "leaders": {"general": 1}}]
    refused = act({"type": "pass", "player": "juan"}, tmp_path)
    assert refused.exit_code != 0
    assert "juan must first withdraw the leaders left alone in Galatia" in str(refused.exception)
    moved = json.loads(act({**legal[0], "to": "asia"}, tmp_path).output)
    assert "withdrawal" not in moved["state"]
    assert moved["state"]["army"]["juan"]["asia"] == {"general": 1}
    assert {"type": "pass", "player": "juan"} in json.loads(run(["legal"], tmp_path).output)


def test_a_starting_influence_that_is_not_a_count_is_refused_at_the_door(tmp_path):
    for tokens, reason in (({"asia": "x"}, 'not "x"'), ({"asia": -3}, "not -3"),
                           ({"asia": True}, "not true"), ({"asia": 1.5}, "not 1.5"),
                           ({"italia": 1, "asia": 3}, "Italia"),
                           ({"asia": 3}, "starts with 4 influence tokens")):
        result = run(["new", "--player", "juan", "--player", "carlos", "--first", "juan",
                      "--option", json.dumps({"influence": {"juan": tokens}})], tmp_path)
        assert result.exit_code != 0
        assert reason in result.output + str(result.exception), (tokens, result.output)
        assert not (tmp_path / "g.json").exists()


def test_an_immediate_card_is_played_from_the_legal_list(tmp_path):
    """Political Personality (rulebook PERSONAJE POLÍTICO): `legal` lists `play-card` with the
    province of juan's caesar; playing it puts a token there, worded as a board change, and
    `take-card` of an immediate card is refused, naming the card by its title."""
    after_the_auction(tmp_path, {"juan": {"egypt": 4}, "carlos": {"asia": 4}})
    for action in ({"type": "place", "player": "juan", "where": "egypt",
                    "units": {"caesar": 1, "infantry": 1}},
                   {"type": "offer-cards", "cards": ["political-personality"]}):
        assert act(action, tmp_path).exit_code == 0
    place_the_rest(tmp_path, "juan", "egypt", "sea-by-egypt")
    place_the_rest(tmp_path, "carlos", "asia", "sea-by-asia")
    legal = json.loads(run(["legal"], tmp_path).output)
    play = {"type": "play-card", "player": "juan", "card": "political-personality",
            "effect": "influence", "province": "egypt"}
    assert play in legal
    refused = act({"type": "take-card", "player": "juan", "card": "political-personality"},
                  tmp_path)
    assert refused.exit_code != 0
    assert "Political Personality is used as soon as it is taken" in str(refused.exception)
    shown = json.loads(act(play, tmp_path, "--lang", "es").output)
    assert shown["state"]["books"]["juan"]["influence"] == {"egypt": 5}
    assert shown["state"]["books"]["juan"]["talents"] == 65
    assert "Juan pone 1 ficha de influencia en Egipto, donde está su César" in shown["words"]


def test_a_refusal_speaks_the_language_asked(tmp_path):
    """`act --lang es`: the refusal is worded in Spanish, as the events are."""
    run(["new", "--player", "juan", "--player", "carlos", "--first", "juan"], tmp_path)
    refused = act({"type": "pass", "player": "juan"}, tmp_path, "--lang", "es")
    assert refused.exit_code != 0
    assert "las acciones se realizan en las rondas de acciones" in str(refused.exception)
    assert "actions are taken" in str(act({"type": "pass", "player": "juan"}, tmp_path).exception)
