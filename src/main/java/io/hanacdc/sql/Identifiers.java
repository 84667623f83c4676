package io.hanacdc.sql;

/** The one place identifiers are quoted: every SQL text the product emits goes through here. */
public final class Identifiers {
    private Identifiers() {}

    /** ANSI double-quoted identifier (PostgreSQL, HANA): embedded quotes are doubled. */
    public static String ansi(String name) {
        return quote(name, '"');
    }

    /** MySQL/MariaDB backtick-quoted identifier: embedded backticks are doubled. */
    public static String backtick(String name) {
        return quote(name, '`');
    }

    /** A SQL string literal: embedded single quotes are doubled. */
    public static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    private static String quote(String name, char q) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("empty identifier");
        }
        if (name.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("identifier contains a NUL character: " + name.replace('\0', '?'));
        }
        String s = String.valueOf(q);
        return s + name.replace(s, s + s) + s;
    }
}
