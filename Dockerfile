# syntax=docker/dockerfile:1
# Hub's services-mode image: one image, three roles (docker-compose.yml picks the command):
#   node --import tsx api/main.ts | projections/main.ts | workers/main.ts, and infra/db/migrate-cli.ts.
# Every stage is on the same Debian base, so native modules (argon2, msgpackr-extract) installed in
# `deps` match the runtime's glibc and Node ABI; their prebuilt linux-x64/arm64 binaries are used,
# and the toolchain is there only for an architecture without one.
ARG NODE_IMAGE=node:24-bookworm-slim

# All dependencies (the web build needs Vite and Tailwind from devDependencies).
FROM ${NODE_IMAGE} AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# The web app, built into web/dist (the API serves it); fails when over its size budget. It
# imports the API contract and a few pure domain rules (labels, bounds, document checks).
FROM deps AS build
COPY tsconfig.json ./
COPY contract ./contract
COPY domain ./domain
COPY web ./web
RUN npm run build

# Production dependencies only (tsx is one: the services run TypeScript through it).
FROM deps AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/.data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY domain ./domain
COPY commands ./commands
COPY contract ./contract
COPY infra ./infra
COPY api ./api
COPY projections ./projections
COPY workers ./workers
COPY run ./run
COPY --from=build /app/web/dist ./web/dist
# The only folder the processes write (uploads and mail when no bucket or SMTP is set); the code
# itself stays root's and read-only to them.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# Ready means: database reachable, migrations applied, the role running (infra/health/). The API
# answers on PORT; projection and worker processes on HEALTH_PORT. No curl in the slim image.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "run/healthcheck.mjs"]
# Node itself as the process that gets SIGTERM (no npm or shell in between), so the 9 s drain holds.
CMD ["node", "--import", "tsx", "api/main.ts"]
