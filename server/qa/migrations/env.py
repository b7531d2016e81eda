from server.db.alembic_env import run; run()  # noqa: E702, I001
