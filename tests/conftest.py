import tests.support.toy  # noqa: F401  registers the test game "toy"
