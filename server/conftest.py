pytest_plugins = ["server.testing.fixtures"]
