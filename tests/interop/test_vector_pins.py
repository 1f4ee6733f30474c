"""Pins of the observation vectors and action masks: a SHA-256 of every seat's vector (and
the mask of every seat) at every step of whole random games, per game, player count and
variant, computed on the encodings as first merged (b2badc0); Lignum's again under its rules editions 2
and 3 (its random games play otherwise since the LG-19 hut fixes; the vectors' code unchanged);
Klondike's square ones under its rules edition 2 (the KL-21.3 penalty in the last vectors). Any speed-up of the
observation path must keep them, both through the environment (``env.observe``) and
through the encoding module (``observation_vector(state.observation(seat))``)."""

import hashlib
import random

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed (uv sync --extra rl)")

import numpy as np  # noqa: E402

from meeple.interop.pettingzoo import raw_env  # noqa: E402
from meeple.interop.spaces import ActionSpace, encoding_of  # noqa: E402

from .conftest import CONFIGS, IDS  # noqa: E402

SEEDS = (1, 2, 3)


def _digest_env(game, n, variant, seed):
    """Digests of the vectors and masks seen through the environment: every agent observed
    after every step, actions drawn by ``random.Random(seed)`` from the mask's indices."""
    e = raw_env(game, num_players=n, variant=variant)
    e.reset(seed=seed)
    rng = random.Random(seed)
    hv, hm = hashlib.sha256(), hashlib.sha256()
    while True:
        for agent in e.possible_agents:
            o = e.observe(agent)
            hv.update(o["observation"].tobytes())
            hm.update(o["action_mask"].tobytes())
        if e.game_state.is_terminal():
            break
        legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"]).tolist()
        e.step(legal[rng.randrange(len(legal))])
    return hv.hexdigest()[:16], hm.hexdigest()[:16], e.game_state.move_number


def _digest_encoding(game, n, variant, seed):
    """The same digests from ``observation_vector(state.observation(seat))`` and the legal
    actions, on the state the environment would start from (the same game seed)."""
    e = raw_env(game, num_players=n, variant=variant)
    e.reset(seed=seed)
    st = e.game_state
    enc = encoding_of(game)
    space = ActionSpace(enc.action_notations(n, variant))
    rng = random.Random(seed)
    hv, hm = hashlib.sha256(), hashlib.sha256()
    while True:
        legal = sorted(space.legal_indices(st.legal_actions())) if not st.is_terminal() else []
        for s in range(n):
            hv.update(np.asarray(enc.observation_vector(st.observation(s), n, variant), np.float32).tobytes())
            mask = np.zeros(len(space), np.int8)
            if s == st.current_player:
                mask[legal] = 1
            hm.update(mask.tobytes())
        if st.is_terminal():
            break
        st.apply_action(space.notations[legal[rng.randrange(len(legal))]])
    return hv.hexdigest()[:16], hm.hexdigest()[:16], st.move_number


PINS = {
    "magnum-sal-2p-standard": [
        ("4f4460f614eafec3", "fe727951acd92a31", 651),
        ("20022f9f392f4aa6", "800f6585487a8a24", 630),
        ("c665da71ac45e30a", "f33bd2dbda7c21d8", 638),
    ],
    "magnum-sal-3p-standard": [
        ("d1a3c394402ef339", "e1ec17e92c9a6b50", 994),
        ("775563ae640f424d", "deb3e2847b4baea2", 1037),
        ("d1e2a6884606f388", "258769a520466385", 981),
    ],
    "magnum-sal-4p-standard": [
        ("b7b6b4e3358c63a9", "2c475af1caab628e", 1293),
        ("2ab9d67b67e5cb8c", "c6a4d385c664e4dc", 1300),
        ("d032e364e62d8551", "e4fb75989b4a8f8c", 1295),
    ],
    "magnum-sal-2p-mapped-mine": [
        ("caf5cd59a7ea5677", "fe727951acd92a31", 651),
        ("52bc8b61f3ab6b0b", "800f6585487a8a24", 630),
        ("3b1e79c96e224632", "f33bd2dbda7c21d8", 638),
    ],
    "magnum-sal-3p-mapped-mine": [
        ("606b0a8e806748e7", "e1ec17e92c9a6b50", 994),
        ("b9c745d41915868c", "deb3e2847b4baea2", 1037),
        ("6f358f88627107a1", "258769a520466385", 981),
    ],
    "magnum-sal-4p-mapped-mine": [
        ("e1b2a2412c07f3af", "2c475af1caab628e", 1293),
        ("1818880a224a40f1", "c6a4d385c664e4dc", 1300),
        ("cef6df73934356a5", "e4fb75989b4a8f8c", 1295),
    ],
    "lignum-2p-basic": [
        ("a5f60dc10371cb12", "d47159272cf915ca", 117),
        ("b1117026a1cb92d4", "7a3dad8b69448a40", 131),
        ("31d1dd16a18631c7", "a82a82017f979f7f", 95),
    ],
    "lignum-3p-basic": [
        ("aaca9ac19723a7e9", "a36804f883ad7324", 147),
        ("212c312d6230c1f4", "299195fd9f07c54c", 153),
        ("bf5c230c99250c81", "256100a6d1970662", 134),
    ],
    "lignum-4p-basic": [
        ("75a7040bf600dfee", "97900b1db39c47d6", 160),
        ("af77644c4a4f9969", "0ab4ca92af351174", 209),
        ("d4d469fb501b8b54", "71360719aecfa80e", 186),
    ],
    "lignum-2p-advanced": [
        ("f337c233dd61e62f", "0917da62eb4675c7", 104),
        ("bfca6a41773a03ea", "764c25e88333371f", 98),
        ("4e7edfc0ccada8d2", "ea1883d9b7935153", 80),
    ],
    "lignum-3p-advanced": [
        ("22512a77207cc5cf", "edc0a2d4bbb06e23", 126),
        ("1fc23795d829e12e", "4b9d872542417fbb", 125),
        ("ba27fb2aa7a04c3a", "845a8a4096cdc7a3", 169),
    ],
    "lignum-4p-advanced": [
        ("623a88c352ebd065", "62cc61d78b36aa1e", 187),
        ("6c07c9a2d7e814e6", "9553c304edaa2f35", 213),
        ("fd93912c8cf12290", "ac4974d7cf2816e1", 216),
    ],
    "lignum-2p-basic-tactical": [
        ("45d611669458bf3e", "a9e28836720e30b8", 95),
        ("dd9be9bd0022956c", "b27bdb85e8d8d3d0", 157),
        ("66c5973b2c78466a", "5d67c435be6b674d", 114),
    ],
    "lignum-3p-basic-tactical": [
        ("11717344833934f0", "fef3453893220475", 133),
        ("97862a34a9247015", "e89d732b9976ce3c", 191),
        ("68b03c04de6782eb", "d974af9a4be77169", 150),
    ],
    "lignum-4p-basic-tactical": [
        ("8d999f644cd2c0eb", "a2cf13245e87fca0", 154),
        ("7c6317e7c9cb9f69", "894a9784d95f1662", 235),
        ("49bcf21d6c0bc9bd", "cba06f9949a49861", 194),
    ],
    "lignum-2p-advanced-tactical": [
        ("263f1c9f265606a1", "996ce080d68621db", 98),
        ("5496220986afd081", "903a22788f4917ba", 108),
        ("46a2963c137ac524", "5f8b5e70d7cda4e2", 86),
    ],
    "lignum-3p-advanced-tactical": [
        ("8b8d9a3337a11d7b", "ac69d0b03ffa8743", 154),
        ("b02bbc67e0be676e", "f29add0e367bd8dd", 144),
        ("5957b2338b70f351", "82cbdd7774cf496a", 158),
    ],
    "lignum-4p-advanced-tactical": [
        ("0cc1aabe3c3acbb2", "e846fbd12a511ed5", 207),
        ("54178d23525f3b5b", "47df56d1226cbc1f", 246),
        ("37ec7997a18e3358", "29fa6529d35f7480", 213),
    ],
    "solomon-2p-standard": [
        ("56d752687791410b", "406628004db48625", 84),
        ("794fee217f86d826", "3ac7e98f03542be7", 71),
        ("82044b90db308756", "15b81bf67d7f8f47", 68),
    ],
    "solomon-3p-standard": [
        ("53f9d19f447fac87", "7c1c726c229ee0eb", 69),
        ("6111ae4600f46673", "41bbcd7378a7d782", 59),
        ("371d90b416f7db53", "d8eb2f066e0af6bc", 64),
    ],
    "solomon-4p-standard": [
        ("e4ec99da9c72a325", "73a9bccc49d60a36", 78),
        ("93a2e1f4f2949f34", "1baef4a006715d50", 62),
        ("12ece61f736421d8", "57f54f89a643c4de", 73),
    ],
    "solomon-5p-standard": [
        ("f865b23e95f133d5", "95f6458bf58bf538", 76),
        ("6a8f1ead0dac55c0", "87698118d0bb7b42", 61),
        ("c69a98c620ff45e7", "ab5baed95f38a5fb", 89),
    ],
    "solomon-2p-children": [
        ("16b7c56db06a454d", "8c117b66229f148b", 67),
        ("221e9be021165fae", "9fd525db51aa0b9f", 65),
        ("f14a8c2327e75bd2", "6a6114b77b0daf50", 71),
    ],
    "solomon-3p-children": [
        ("f9a77acde7fa727f", "f753e7f938214ffd", 86),
        ("68392e43e0159381", "99544478cdef8d46", 57),
        ("9755fccb3214697a", "bf79aaf477b6f76a", 70),
    ],
    "solomon-4p-children": [
        ("c7b03831aa04e342", "9da86022e2e91f39", 77),
        ("8fc78a8003cd3688", "57cff1e4b68da025", 57),
        ("b40bbcb67db4eb28", "57d75e245c53b671", 73),
    ],
    "solomon-5p-children": [
        ("966603b437cffa35", "bb8c42fcf2942ee4", 90),
        ("e951677684b4806c", "eecd8d5a5839134d", 56),
        ("53b4aa3f568be1d9", "32ed34d5780ea908", 86),
    ],
    "klondike-2p-family": [
        ("3700578b5533387a", "45955000539600f9", 71),
        ("169cee5709e96a47", "1770ce7d0a8c5af5", 204),
        ("1906d2e301b73842", "a2be4adb0ac72861", 199),
    ],
    "klondike-3p-family": [
        ("798dc4e83efd7e07", "0739324f7a482558", 206),
        ("6b337238251ac08d", "8a4c9d2fd7bd66a1", 148),
        ("c2674fb67a047dbf", "800b47f49a96e83d", 206),
    ],
    "klondike-4p-family": [
        ("fcf3b5d290d7a385", "a53ee525cfa6a3bf", 214),
        ("012bd9669e6e0188", "ab914e8f577899fa", 216),
        ("3416cb560cae3137", "ca798009f785a38b", 203),
    ],
    "klondike-2p-square": [
        ("d49e17bfc8ba17aa", "4873b966424a8eb5", 202),
        ("88278383a63891f6", "553a9eaac5fa93a6", 94),
        ("e23e905afef4f81f", "2ba8c6a0a6fcd607", 91),
    ],
    "klondike-3p-square": [
        ("4551edc0d8be2a4e", "5a55ddee03ee7851", 207),
        ("b8611557545e97e7", "8823ca82455b167f", 207),
        ("bc0dda79ecc9469b", "8b40d81223df65f7", 202),
    ],
    "klondike-4p-square": [
        ("5ec3a4b688882ef7", "2e7ab715bb12695e", 152),
        ("735997f24a41beef", "6b0aa3e0b57c4e9e", 212),
        ("b753d737b951ae41", "55780ebb5952e46f", 207),
    ],
    "klondike-2p-race": [
        ("3072ac3e93b7c17f", "5d5fe3935504d690", 292),
        ("29ecbac78b6926b6", "33febb1019f1f493", 245),
        ("fff90eeb778a79f0", "4fd0f585ee1e49a5", 223),
    ],
    "klondike-3p-race": [
        ("e2dbd81190bfe412", "aa6b1f8e080fa4bb", 464),
        ("5a5dee5309815b9e", "6546a1be466d1b27", 385),
        ("af9bc8cc0fd84e16", "627955ffc1338697", 417),
    ],
    "klondike-4p-race": [
        ("69ba787c5ae4d045", "0650ff06d4e2c1f6", 603),
        ("e67e21aeed8ffbb3", "396751710fc26562", 634),
        ("729749bd979de65f", "4d2c3da56f2080c5", 770),
    ],
}
"""config -> per seed (vector digest, mask digest, moves of the game)."""


@pytest.mark.parametrize("game,n,variant", CONFIGS, ids=IDS)
def test_vectors_and_masks_are_pinned(game, n, variant):
    want = PINS[f"{game}-{n}p-{variant}"]
    got_env = [_digest_env(game, n, variant, s) for s in SEEDS]
    got_enc = [_digest_encoding(game, n, variant, s) for s in SEEDS]
    assert got_env == want
    assert got_enc == want


def test_an_observation_kept_does_not_change_with_later_steps():
    """Every observation is a new writable array: one kept is not changed by later steps."""
    e = raw_env("solomon", num_players=3)
    e.reset(seed=5)
    rng = random.Random(5)
    kept = []
    for _ in range(60):
        o = e.observe(e.agent_selection)
        kept.append((o["observation"], o["observation"].copy()))
        legal = np.flatnonzero(o["action_mask"]).tolist()
        e.step(legal[rng.randrange(len(legal))])
    assert all(np.array_equal(a, b) and a.flags.writeable for a, b in kept)
    assert len({a.tobytes() for a, _ in kept}) > 30  # the observations did change
