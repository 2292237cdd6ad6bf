# One image for every service; docker-compose.yml picks the command.

# Build stage: every dependency, the web app, and each service bundled to JavaScript
# (`npm run build:server`: launcher/dist, command-api/dist, query-api/dist, projector/dist).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY event-store/package.json event-store/
COPY platform/package.json platform/
COPY read-models/package.json read-models/
COPY command-api/package.json command-api/
COPY projector/package.json projector/
COPY query-api/package.json query-api/
COPY web/package.json web/
COPY launcher/package.json launcher/
COPY tools/lint/package.json tools/lint/
COPY tools/mutation/package.json tools/mutation/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w @bt/web && npm run build:server

# Runtime stage: the production dependencies of the services only (no TypeScript, tsx, test tools,
# browsers or the embedded Postgres binaries: the image runs against DATABASE_URL/EVENTSTORE_URL),
# the compiled JavaScript and the built web app, run by `node` as the unprivileged `node` user.
FROM node:22-bookworm-slim AS runtime
# Two malloc arenas rather than glibc's eight a core: Node's threads (libuv's pool, the projector's
# and replays' workers) otherwise leave freed buffers in arenas of their own: with two, a 50,000-row
# import's peak RSS above idle went from 25 to 18 MB (median of runs of npm run bench -- import, README).
ENV NODE_ENV=production MALLOC_ARENA_MAX=2
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY event-store/package.json event-store/
COPY platform/package.json platform/
COPY read-models/package.json read-models/
COPY command-api/package.json command-api/
COPY projector/package.json projector/
COPY query-api/package.json query-api/
COPY web/package.json web/
COPY launcher/package.json launcher/
COPY tools/lint/package.json tools/lint/
COPY tools/mutation/package.json tools/mutation/
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund \
      -w @bt/launcher -w @bt/command-api -w @bt/query-api -w @bt/projector \
  && npm cache clean --force
COPY --from=build /app/launcher/dist launcher/dist
COPY --from=build /app/command-api/dist command-api/dist
COPY --from=build /app/query-api/dist query-api/dist
COPY --from=build /app/projector/dist projector/dist
COPY --from=build /app/web/dist web/dist
USER node
EXPOSE 3000 8080
# Asks the service on $PORT for $HEALTHCHECK_PATH (default /livez); see launcher/src/healthcheck.ts.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "launcher/dist/healthcheck.js"]
CMD ["node", "launcher/dist/gateway.js"]
