# syntax=docker/dockerfile:1
# Three stages: build the web app, build the Go binary with the app embedded,
# then a slim Debian runtime, non-root, with Tesseract and its English and
# Myanmar data (receipts are read on the server; without Tesseract the store
# still runs and its receipt checks say "not read"). Build from the
# repository root:
#   docker build -t shwe-topup .

FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM golang:1.26-bookworm AS go
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist ./web/dist
ARG VERSION=docker
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/topup ./cmd/topup \
 && mkdir -p /out/data/uploads

FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      ca-certificates tesseract-ocr tesseract-ocr-eng tesseract-ocr-mya \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --gid 65532 nonroot \
 && useradd --uid 65532 --gid 65532 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin nonroot
COPY --from=go /out/topup /usr/local/bin/topup
# A volume over a missing folder would be root-owned and unwritable for nonroot.
COPY --from=go --chown=65532:65532 /out/data /var/lib/topup
ENV APP_ENV=production \
    LISTEN_ADDR=:8080 \
    UPLOAD_DIR=/var/lib/topup/uploads \
    LOG_FORMAT=json
# Receipts live here; mount a volume so they survive a new container.
VOLUME ["/var/lib/topup"]
USER 65532:65532
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
    CMD ["/usr/local/bin/topup", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/topup"]
CMD ["serve"]
