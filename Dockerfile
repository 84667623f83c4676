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
# Class-data sharing for a faster start: a training run up to its first connection (refused: no database
# answers here) records the classes it loaded; the archive is bound to this jar at this path.
RUN HANACDC_SOURCE_URL='jdbc:postgresql://127.0.0.1:1/cds-training' HANACDC_TARGET_URL='jdbc:mysql://127.0.0.1:1/cds-training' \
    HANACDC_TABLES=public.t java -XX:ArchiveClassesAtExit=/app/hana-cdc.jsa -Xlog:cds=off -Xlog:cds+dynamic=off \
    -cp /app/hana-cdc.jar io.hanacdc.Application run >/dev/null 2>&1; test -f /app/hana-cdc.jsa
USER 10001
# The admin API, metrics and health probes; bound to all interfaces, so a token is required
# (HANACDC_ADMIN_TOKEN, or HANACDC_ADMIN_TOKEN_FILE naming a mounted file).
ENV HANACDC_ADMIN_HOST=0.0.0.0
EXPOSE 8080
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-XX:SharedArchiveFile=/app/hana-cdc.jsa", "-Xlog:cds=off", "-Xlog:cds+dynamic=off", "-cp", "/app/hana-cdc.jar:/app/lib/*", "io.hanacdc.Application"]
CMD ["run"]
