"""Fail fast, with a clear message, when PostgreSQL or Redis is not reachable for the tests."""

from __future__ import annotations

import argparse
import sys

import psycopg
import redis


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", required=True)
    parser.add_argument("--redis", required=True)
    args = parser.parse_args()
    problems = []
    try:
        psycopg.connect(args.database.rsplit("/", 1)[0] + "/postgres", connect_timeout=3).close()
    except Exception as error:
        problems.append(f"PostgreSQL is not reachable at {args.database}: {error}")
    try:
        redis.Redis.from_url(args.redis, socket_connect_timeout=3).ping()
    except Exception as error:
        problems.append(f"Redis is not reachable at {args.redis}: {error}")
    for problem in problems:
        print(f"make test needs real services: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
