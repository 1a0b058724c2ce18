# syntax=docker/dockerfile:1
# Two stages: the build (whole toolchain) makes dist/; the runtime has production dependencies only,
# runs as the unprivileged `node` user and reports its health. docs/self-hosting.md, "Container".
# Node 20.20 is what CI tests; NODE_IMAGE picks another (22 LTS) without editing this file.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
# Sources are not here yet, so the package's own postinstall (which builds) waits for `npm run build`;
# esbuild's install script is the one the build needs.
RUN npm ci --ignore-scripts --no-audit --no-fund && npm rebuild esbuild
COPY . .
# dist/ holds everything the service reads at run time: the server, migrations, the browser bundles
# and models/ when the repository has one (scripts/build.ts).
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
# MALLOC_ARENA_MAX: fewer glibc malloc arenas for the inference and decoding threads, about 100 MB
# less resident memory for the same CPU (docs/self-hosting.md, `MALLOC_ARENA_MAX=2`).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/idv \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only; the ONNX face models come with dist/models, and the hosted flow's face
# tracker (Human and tfjs, devDependencies) is already bundled in dist/flow/dist. No install script is
# needed (onnxruntime-node's would fetch GPU libraries: its CPU library ships in the package).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /src/dist ./dist
COPY bin ./bin
COPY scripts/start.js ./scripts/start.js
RUN mkdir -p /var/lib/idv && chown node:node /var/lib/idv
USER node
EXPOSE 8080
# ROLE=worker serves no HTTP: compose.yaml turns this off for workers.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# --max-old-space-size: the JavaScript heap's ceiling, which also makes V8 collect sooner (about 80 MB
# less resident memory, same CPU; docs/self-hosting.md, `--max-old-space-size=512`).
CMD ["node", "--max-old-space-size=512", "scripts/start.js"]
