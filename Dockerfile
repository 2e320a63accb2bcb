# The shop as one image: the built server (apps/server/dist/main.mjs), the shop (apps/web/dist) and
# the console (apps/admin/dist), production dependencies only, run as the unprivileged `node` user.
# docs/operations.md, "Containers"; compose.yaml runs two of them behind HAProxy.
#
#   docker build -t angkor-mall .
#   docker compose up

# 1. Everything installed, everything built.
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY packages/contracts/package.json packages/contracts/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# `npm ci`: exactly the lock file's versions, and a lock out of step with package.json stops the
# build (decision 0062). Browsers are never downloaded.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. The server's production dependencies only.
FROM node:24.21.0-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY packages/contracts/package.json packages/contracts/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace=@shop/server --include-workspace-root=false --no-audit --no-fund

# 3. What runs.
FROM node:24.21.0-bookworm-slim
# TRUST_PROXY is the deployment's (the proxy's address or range): an image cannot know it.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DRAIN_DELAY_MS=3000
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/contracts packages/contracts
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
# The migrations and reference data are read from the server's sources (platform/paths.ts).
COPY --from=build /app/apps/server/src apps/server/src
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-paint apps/web/dist-paint
COPY --from=build /app/apps/admin/dist apps/admin/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Alive (the container runtime restarts it); the proxy asks /ready itself.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains (docs/operations.md); compose gives it stop_grace_period to do so.
STOPSIGNAL SIGTERM
# Two malloc arenas, not eight per core: the resized pictures' threads left ~100 MB of freed
# memory in idle arenas; blocks from 128 KB mapped apart, so that freeing them gives them back
# (docs/decisions/0034-process-memory.md).
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
# V8's compiled code kept between starts of the container (written once the process is ready): a
# restarted process skips compiling the bundle, a fifth of a start's CPU (issue 45).
ENV NODE_COMPILE_CACHE=/tmp/shop-compile-cache
# A 16 MB young generation, not Node's 64 MB per semi-space on a large machine: under load it grew
# to 128 MB of written pages and kept them (decision 0034). The old generation collected when it
# has grown by half since the last collection, not up to four times: under a long tail of searches
# it held 130-220 MB of garbage (decision 0083).
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=50", "apps/server/dist/main.mjs"]
