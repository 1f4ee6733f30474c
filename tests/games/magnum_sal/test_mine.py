"""Magnum Sal's connectivity cache is an LRU of bounded size (issue 34, part 4)."""

from meeple.games.magnum_sal import components as C
from meeple.games.magnum_sal import mine as M


def test_connectivity_values_and_bounded_cache():
    n = C.NSPACES
    empty = M.connectivity([0] * n)
    assert empty[0] is True and not any(empty[s] for s in range(1, n))  # MS-8.2: S1 only
    first = [0] * n
    first[0] = 1
    conn = M.connectivity(first)
    assert [s for s in range(n) if conn[s]] == [0] + [s for s in range(1, n) if C.PARENT[s] == 0]
    for k in range(M._CONN_CACHE_MAX + 500):  # more distinct boards than the cache keeps
        occ = [(k >> b) & 1 for b in range(n)]
        M.connectivity(occ)
    info = M._connectivity.cache_info()
    assert info.currsize == M._CONN_CACHE_MAX == info.maxsize
    assert M.connectivity(first) == conn  # recomputed or kept, the same answer
