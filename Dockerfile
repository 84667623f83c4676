# hana-cdc as a container: build the jar first (mvn -q package -DskipTests), then
#   docker build -t hana-cdc:0.1.0-SNAPSHOT .
#   docker run --rm -e HANACDC_SOURCE_URL=... -e HANACDC_TARGET_URL=... -e HANACDC_TABLES=... hana-cdc:0.1.0-SNAPSHOT
# Settings come from environment variables or a mounted /app/application.properties; YAML routes
# from a mounted /app/routes (the jar's own are used when the folder is absent); passwords and the
# token also from files (hanacdc.source.password-file etc., a mounted secret).
# SAP's HANA JDBC driver is not in this image (SAP's licence forbids passing it on): for a HANA source,
# mount it as /app/lib/ngdbc.jar or build your own image FROM this one with it in /app/lib (README).
FROM eclipse-temurin:17-jre
RUN useradd --system --uid 10001 --home-dir /app hanacdc && mkdir -p /app/lib && chown hanacdc /app
WORKDIR /app
COPY target/hana-cdc.jar LICENSE THIRD-PARTY.md /app/
USER 10001
# The admin API, metrics and health probes; bound to all interfaces, so a token is required
# (HANACDC_ADMIN_TOKEN, or HANACDC_ADMIN_TOKEN_FILE naming a mounted file).
ENV HANACDC_ADMIN_HOST=0.0.0.0
EXPOSE 8080
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-cp", "/app/hana-cdc.jar:/app/lib/*", "io.hanacdc.Application"]
CMD ["run"]
