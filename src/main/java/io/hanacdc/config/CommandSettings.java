package io.hanacdc.config;

import static io.hanacdc.config.Setting.number;
import static io.hanacdc.config.Setting.secret;
import static io.hanacdc.config.Setting.text;

import java.util.List;

/** The commands' own settings and the operator's HTTP surface. */
public final class CommandSettings implements SettingGroup {
    public static final Setting ALTER_USER = text("hanacdc.alter.user",
            "who `alter` connects as (`--user` wins over the setting); see"
                    + " [Changing a captured table](operations.md#changing-a-captured-table)").defaultText("the task's user");
    public static final Setting ALTER_PASSWORD = secret("hanacdc.alter.password",
            "its password (or the file holding it), never from the command line; for the task's own user, the task's password")
            .defaultText("the task's, for the task's user");
    public static final Setting WRITER_PASSWORD = secret("hanacdc.check.writer-password",
            "the password (or the file holding it) of the user `check --writer-user NAME` names (probe `writer rights`)");
    public static final Setting ADMIN_HOST = text("hanacdc.admin.host", "127.0.0.1",
            "where the admin API, metrics, health and status page listen (and where the CLI calls them); camel-main's own"
                    + " `camel.server.host` / `.port`, when set, win. Under another Camel runtime that runtime's HTTP settings decide"
                    + " (see [Operations](operations.md))");
    public static final Setting ADMIN_PORT = number("hanacdc.admin.port", 8080L, 1,
            "the admin API's port. When another process holds it, the task stops before it installs anything, saying so");
    public static final Setting ADMIN_TOKEN = secret("hanacdc.admin.token",
            "bearer token for the admin API (`-file`: read from a file); clients send it only as the header"
                    + " `Authorization: Bearer <token>`; required (the task refuses to start without it) when the HTTP server actually"
                    + " binds a non-loopback address, whichever setting chose it. Without it, only requests addressed to the loopback"
                    + " admin address are served").defaultText("empty");
    public static final Setting MAX_LAG = number("hanacdc.health.max-lag-s", 300L, 1,
            "readiness fails when a table that is not paused lags more than this");

    @Override
    public String title() {
        return "Commands and admin API";
    }

    @Override
    public int rank() {
        return 40;
    }

    @Override
    public List<Setting> settings() {
        return List.of(ALTER_USER, ALTER_PASSWORD, WRITER_PASSWORD, ADMIN_HOST, ADMIN_PORT, ADMIN_TOKEN, MAX_LAG);
    }
}
