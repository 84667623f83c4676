package io.hanacdc.common;

import java.util.regex.Pattern;

/** Keeps credentials out of logs, status output and error messages. */
public final class Secrets {
    private static final Pattern URL_PASSWORD = Pattern.compile("(?i)(password=)[^&;]*");

    private Secrets() {}

    /** A JDBC URL with any password parameter replaced. */
    public static String maskUrl(String url) {
        return url == null ? null : URL_PASSWORD.matcher(url).replaceAll("$1***");
    }
}
