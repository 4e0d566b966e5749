from tests.store.fixtures import db_url, postgres_server

__all__ = ["db_url", "postgres_server"]
