# One image for every service; docker-compose.yml picks the command.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.base.json ./
COPY contracts/package.json contracts/
COPY event-store/package.json event-store/
COPY platform/package.json platform/
COPY command-api/package.json command-api/
COPY projector/package.json projector/
COPY query-api/package.json query-api/
COPY web/package.json web/
COPY launcher/package.json launcher/
RUN npm ci
COPY . .
RUN npm run build -w @bt/web
ENV NODE_ENV=production
USER node
