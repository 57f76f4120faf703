# syntax=docker/dockerfile:1
# Transmute's container image: one image for both process kinds of a deployment.
#   API:    docker run … transmute serve --no-worker   (the default command)
#   worker: docker run … transmute worker --ops-port 9090
# Build:  docker build -t transmute .      Guide: docs/guides/deployment.md
# Debian bookworm, as the project's CI; Node 24 as package.json `engines` asks.

# ---- build: install with the lockfile, build every package, then keep production deps only ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
# pnpm at the version package.json pins (`packageManager`).
COPY package.json ./
RUN npm install --global "$(node -p 'require("./package.json").packageManager')"
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm build \
 && pnpm install --frozen-lockfile --prod --config.confirm-modules-purge=false \
 && rm -rf fixtures bench packages/e2e

# ---- runtime: the plugins' Debian tools, the built workspace, a non-root user ----
FROM node:24-bookworm-slim AS runtime
# The native tools the plugins call (OCR, PDF, media, legacy office), one list for CI and image.
COPY .ci/apt-packages /tmp/apt-packages
RUN apt-get update \
 && grep -v '^\s*#' /tmp/apt-packages | tr -d ' ' | grep -v '^$' \
    | xargs apt-get install -y --no-install-recommends \
 && rm -rf /var/lib/apt/lists/* /tmp/apt-packages
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN ln -s /app/packages/cli/dist/bin.js /usr/local/bin/transmute \
 && chmod +x /app/packages/cli/dist/bin.js \
 && mkdir -p /var/lib/transmute \
 && chown node:node /var/lib/transmute
ENV NODE_ENV=production \
    TRANSMUTE_HOST=0.0.0.0 \
    TRANSMUTE_PORT=8080 \
    TRANSMUTE_DATA_DIR=/var/lib/transmute \
    TRANSMUTE_LOG_FORMAT=json
USER node
VOLUME ["/var/lib/transmute"]
EXPOSE 8080
# /healthz: the process is alive (liveness). A worker answers it on its ops port instead; its
# orchestrator probes that port (see deploy/kubernetes/worker-deployment.yaml).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.TRANSMUTE_WORKER_OPS_PORT || process.env.TRANSMUTE_PORT) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "/app/packages/cli/dist/bin.js"]
CMD ["serve", "--no-worker"]
