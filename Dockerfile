# tablewarden in a container: the static binary on an empty base, run as a
# non-root user, with its SQLite file in the /data volume.
#
#   bash .ci/release                       # builds dist/linux_amd64 and dist/linux_arm64
#   buildah bud -t tablewarden .           # or: docker build -t tablewarden .
#   podman run -p 8080:8080 -v tw-data:/data \
#     -e TABLEWARDEN_PUBLIC_URL=http://192.168.1.20:8080 tablewarden
#
# The binary is built outside (the release script), so the image needs no
# Go image to build from and is the same binary the archives hold. Set
# --build-arg TARGETARCH=arm64 for a Raspberry Pi image (docker buildx sets
# it by itself).
FROM scratch
ARG TARGETARCH=amd64
COPY dist/linux_${TARGETARCH}/tablewarden /tablewarden
# The CA roots, for ACME certificates and nothing else.
COPY dist/container/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
# An empty /data owned by the non-root user: a new named volume takes this
# ownership, so the server can create its database there.
COPY --chown=65532:65532 dist/container/data /data
USER 65532:65532
WORKDIR /data
ENV TABLEWARDEN_ADDR=:8080 \
    TABLEWARDEN_DB=/data/tablewarden.db
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["/tablewarden", "healthcheck"]
ENTRYPOINT ["/tablewarden"]
