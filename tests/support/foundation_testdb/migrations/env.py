from server.db.alembic_env import run

run()
