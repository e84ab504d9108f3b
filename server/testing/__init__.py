"""Shared test support: pytest fixtures (`fixtures`, loaded by server/conftest.py), model builders
(`factories`), signed-in clients (`clients`), a frozen clock (`clock`), the one capture of realtime
events (`events`) and websocket helpers (`sockets`). Tests of every app import from here, never from
another app's tests package."""
