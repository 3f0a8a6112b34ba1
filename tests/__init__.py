"""The test suite (a package, so that every test module has one name: tests.test_x, whether pytest or another test imports it)."""
