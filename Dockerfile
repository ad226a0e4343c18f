# Mapwright: one image for API processes and workers (ROLE=web | worker | all).
#   docker build -t mapwright .
#   docker run -p 3000:3000 -v mapwright-data:/data mapwright            # embedded database
#   docker run -e DATABASE_URL=postgres://... -e JWT_SECRET=... -e ROLE=web mapwright
# See docs/operations.md for a multi-process deployment.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/engine/package.json packages/engine/
# `npm ci` fails when another platform's optional binaries are missing from the lockfile
RUN npm install --no-audit --no-fund
COPY . .
# dev dependencies stay: the server runs its TypeScript through tsx (also in its engine threads)
RUN npm run build -w @mapwright/web

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npx", "tsx", "apps/server/src/cli.ts"]
