"""Every effect step of every card uses the vocabulary of effects.yaml, with values of the right type."""
from __future__ import annotations

from typing import Any

GROUPS = ("actions", "conditions", "multipliers", "parameters")


def _spec(vocabulary: dict[str, Any]) -> dict[str, dict[str, Any]]:
    spec = {k: v for g in GROUPS for k, v in vocabulary[g].items()}
    spec["trigger"] = {"type": "enum", "values": list(vocabulary["triggers"])}
    return spec


def _icons(vocabulary: dict[str, Any], edition: str) -> set[str]:
    return set(vocabulary["icons"][edition])


def _check_value(cid: str, key: str, value: Any, spec: dict[str, Any], icons: set[str], ids: set[str]) -> None:
    t = spec["type"]
    if t == "int":
        assert isinstance(value, int) and not isinstance(value, bool), f"{cid}: {key} must be an int"
    elif t == "bool":
        assert value is True, f"{cid}: {key} must be true"
    elif t == "enum":
        assert value in spec["values"], f"{cid}: {key}={value!r} not in {spec['values']}"
    elif t == "list[int]":
        assert isinstance(value, list) and all(isinstance(v, int) for v in value), f"{cid}: {key}"
    elif t == "card_id":
        assert value in ids, f"{cid}: {key} refers to unknown card {value!r}"
    elif t in ("icon | list[icon]", "list[icon]"):
        vals = value if isinstance(value, list) else [value]
        assert t != "list[icon]" or isinstance(value, list), f"{cid}: {key} must be a list"
        assert vals and set(vals) <= icons, f"{cid}: {key}={value!r} has unknown icons"
    else:
        raise AssertionError(f"effects.yaml: unknown type {t!r} for {key}")


def test_vocabulary_documents_every_key(vocabulary):
    for group in (*GROUPS, "triggers"):
        for key, spec in vocabulary[group].items():
            assert spec.get("meaning"), f"{key} has no meaning"
            if group != "triggers":
                assert spec.get("type"), key
                if spec["type"] == "enum":
                    assert spec.get("values"), key


def test_every_effect_uses_only_known_keys(cards, vocabulary):
    spec = _spec(vocabulary)
    actions = set(vocabulary["actions"])
    for cid, card in cards.items():
        edition = cid.split("/")[0]
        ids = {k.split("/")[1] for k in cards if k.startswith(edition + "/")}
        assert isinstance(card["effect"], list), cid
        for step in card["effect"]:
            unknown = set(step) - set(spec)
            assert not unknown, f"{cid}: unknown effect keys {unknown}"
            assert len(set(step) & actions) == 1, f"{cid}: a step needs exactly one action: {step}"
            for key, value in step.items():
                _check_value(cid, key, value, spec[key], _icons(vocabulary, edition), ids)


def test_landmark_steps_state_their_trigger(cards):
    for cid, card in cards.items():
        if "landmark" in card["kind"]:
            assert all("trigger" in s for s in card["effect"]), cid


def test_icons_are_in_the_edition_vocabulary(cards, vocabulary):
    for cid, card in cards.items():
        assert card["icon"] in _icons(vocabulary, cid.split("/")[0]), cid


def test_chosen_player_follows_a_choice(cards):
    for cid, card in cards.items():
        for i, step in enumerate(card["effect"]):
            if step.get("from") == "chosen_player":
                assert any(s.get("choose") == "target_player" for s in card["effect"][:i]), cid
            if step.get("close_for_renovation") == "chosen_type":
                assert any(s.get("choose") == "establishment_type" for s in card["effect"][:i]), cid
