# Tidewater in a container: docker build -t tidewater . && docker run -e DISCORD_TOKEN=... -v tidewater-data:/data tidewater
# Two stages: the build stage installs into a virtual environment, the runtime stage copies
# only that environment (no compiler, no pip cache) and runs as a user without privileges.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md LICENSE ./
COPY games ./games
COPY bot ./bot
RUN python3 -m venv /venv && /venv/bin/pip install -q .

FROM python:3.11-slim
RUN useradd --system --uid 10001 --home-dir /data tidewater && mkdir /data && chown tidewater /data
COPY --from=build /venv /venv
ENV TIDEWATER_STORAGE__PATH=/data/tidewater.sqlite3 \
    PYTHONUNBUFFERED=1
VOLUME /data
WORKDIR /data
USER tidewater
# exit code 2: a setting to fix (restarting will not help); 1: the database or Discord is unreachable
CMD ["/venv/bin/python", "-m", "bot"]
