# Furlong server image: builds the whole workspace and serves the API and the web client.
# Node 24 is the active LTS line (Node 20 left maintenance in April 2026); engines in package.json
# lists every line we support. npm ci installs exactly the lockfile and runs only the install
# scripts package.json's allowScripts approves.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY libs/domain/package.json libs/domain/
COPY libs/contracts/package.json libs/contracts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
# Without DATABASE_URL the server keeps its embedded PostgreSQL (PGlite) under DATA_DIR: a folder
# the unprivileged user owns, to mount as a volume.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
CMD ["node", "apps/server/dist/main.js"]
