# hana-cdc as a container: build the jar first (mvn -q package -DskipTests), then
#   docker build -t hana-cdc .
#   docker run --rm -e HANACDC_SOURCE_URL=... -e HANACDC_TARGET_URL=... -e HANACDC_TABLES=... hana-cdc
# Settings come from environment variables or a mounted /app/application.properties; YAML routes
# from a mounted /app/routes (the jar's own are used when the folder is absent).
FROM eclipse-temurin:17-jre
RUN useradd --system --uid 10001 --home-dir /app hanacdc && mkdir -p /app && chown hanacdc /app
WORKDIR /app
COPY target/hana-cdc.jar /app/hana-cdc.jar
USER 10001
# The admin API, metrics and health probes; bound to all interfaces, so a token is required (HANACDC_ADMIN_TOKEN).
ENV HANACDC_ADMIN_HOST=0.0.0.0
EXPOSE 8080
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-jar", "/app/hana-cdc.jar"]
CMD ["run"]
