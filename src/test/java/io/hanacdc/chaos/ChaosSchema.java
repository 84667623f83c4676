package io.hanacdc.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The chaos test's four source tables and random statements against them: a plain one, a wide one
 * (121 columns of mixed types), one with a composite key, one with quoted mixed-case names.
 */
final class ChaosSchema {
    static final int WIDE_COLUMNS = 120;
    static final String TABLES = "public.plain,public.wide,public.pair,\"Sales Dept\".\"Order Lines\"";
    private static final int KEYS = 3000;
    /** Keys of public.plain that writers update but never delete or move (they delete up to KEYS + 2). */
    static final int GUARDED_FROM = KEYS + 3;
    static final int GUARDED_TO = KEYS + 20;

    private ChaosSchema() {}

    /** One schema change of a table (schema, table as the catalog spells them). */
    record Change(String schema, String table, String sql) {}

    /**
     * Schema changes made while the task is killed around them (DESIGN §5): ALTERs that keep the
     * columns (fillfactor, a constraint added and dropped), a column added with a default, a widened
     * decimal, a rename, a column added to the quoted table. Writers use none of
     * these columns by name, so they go on through every change.
     */
    static List<Change> changes() {
        return List.of(new Change("public", "pair", "ALTER TABLE public.pair SET (fillfactor = 80)"),
                new Change("public", "plain", "ALTER TABLE public.plain ADD CONSTRAINT n_sane CHECK (n > -1e12)"),
                new Change("public", "plain", "ALTER TABLE public.plain ADD COLUMN extra int DEFAULT 3"),
                new Change("public", "pair", "ALTER TABLE public.pair ALTER COLUMN qty TYPE numeric(14,2)"),
                new Change("public", "plain", "ALTER TABLE public.plain RENAME COLUMN extra TO \"Extra Renamed\""),
                new Change("public", "plain", "ALTER TABLE public.plain DROP CONSTRAINT n_sane"),
                new Change("Sales Dept", "Order Lines",
                        "ALTER TABLE \"Sales Dept\".\"Order Lines\" ADD COLUMN \"Added \"\"Col\"\"\" varchar(20)"));
    }

    static List<String> create() {
        List<String> ddl = new ArrayList<>();
        ddl.add("CREATE TABLE public.plain (id bigint PRIMARY KEY, v text, n numeric(14,4), at timestamp(6))");
        ddl.add("INSERT INTO public.plain SELECT g, md5(g::text), g / 7.0, timestamp '2024-01-01' + g * interval '1.000001 s'"
                + " FROM generate_series(1, 60000) g");
        StringBuilder wide = new StringBuilder("CREATE TABLE public.wide (id int PRIMARY KEY");
        for (int i = 1; i <= WIDE_COLUMNS; i++) {
            wide.append(", c").append(i).append(' ').append(switch (i % 6) {
                case 0 -> "int";
                case 1 -> "text";
                case 2 -> "numeric(12,3)";
                case 3 -> "boolean";
                case 4 -> "timestamp(3)";
                default -> "double precision";
            });
        }
        ddl.add(wide.append(')').toString());
        ddl.add("INSERT INTO public.wide (id, c1, c2, c3, c4, c5) SELECT g, 'w' || g, g / 3.0, g % 2 = 0, timestamp '2024-01-01'"
                + " + g * interval '1 minute', g * 1.5 FROM generate_series(1, " + KEYS / 2 + ") g");
        ddl.add("CREATE TABLE public.pair (region varchar(8), n int, qty numeric(10,2), note text, PRIMARY KEY (region, n))");
        ddl.add("INSERT INTO public.pair SELECT 'r' || (g % 7), g, g / 4.0, CASE WHEN g % 9 = 0 THEN '' ELSE 'p' || g END"
                + " FROM generate_series(1, " + KEYS + ") g");
        ddl.add("CREATE SCHEMA \"Sales Dept\"");
        ddl.add("CREATE TABLE \"Sales Dept\".\"Order Lines\" (\"Line Id\" int PRIMARY KEY, \"Amount\" numeric(12,2),"
                + " \"Note \"\"quoted\"\"\" text, \"When\" timestamptz)");
        ddl.add("INSERT INTO \"Sales Dept\".\"Order Lines\" SELECT g, g * 1.25, 'line ' || g, timestamptz '2024-03-01 10:00+01'"
                + " + g * interval '1 hour' FROM generate_series(1, " + KEYS + ") g");
        return ddl;
    }

    /** One random insert, update, delete or key change on a random table; some fail on purpose (duplicate keys). */
    static String randomStatement(Random rnd) {
        int k = 1 + rnd.nextInt(KEYS);
        int op = rnd.nextInt(10);
        return switch (rnd.nextInt(4)) {
            case 0 -> switch (op) {
                case 0, 1 -> "INSERT INTO public.plain VALUES (" + k + ", " + text(rnd) + ", " + rnd.nextInt(100000) / 100.0 + ", now())"
                        + " ON CONFLICT (id) DO UPDATE SET v = excluded.v";
                case 2 -> "DELETE FROM public.plain WHERE id BETWEEN " + k + " AND " + (k + rnd.nextInt(3));
                case 3 -> "UPDATE public.plain SET id = id + " + (60000 + rnd.nextInt(1000)) + " WHERE id = " + k;
                // updates reach past the keys deleted or moved, so some rows are updated and never deleted: GUARDED
                default -> "UPDATE public.plain SET v = " + text(rnd) + ", n = n + 1 WHERE id BETWEEN " + k + " AND " + (k + rnd.nextInt(GUARDED_TO - KEYS));
            };
            case 1 -> switch (op) {
                case 0, 1 -> "INSERT INTO public.wide (id, c1, c7, c60) VALUES (" + k + ", " + text(rnd) + ", " + text(rnd) + ", " + rnd.nextInt()
                        + ") ON CONFLICT (id) DO NOTHING";
                case 2 -> "DELETE FROM public.wide WHERE id = " + k;
                case 3 -> "UPDATE public.wide SET id = " + (KEYS + rnd.nextInt(KEYS)) + " WHERE id = " + k;
                default -> wideUpdate(rnd, k);
            };
            case 2 -> {
                String region = "'r" + rnd.nextInt(7) + "'";
                yield switch (op) {
                    case 0, 1 -> "INSERT INTO public.pair VALUES (" + region + ", " + k + ", " + rnd.nextInt(10000) / 100.0 + ", " + text(rnd)
                            + ") ON CONFLICT (region, n) DO UPDATE SET qty = excluded.qty";
                    case 2 -> "DELETE FROM public.pair WHERE region = " + region + " AND n < " + (k % 50);
                    case 3 -> "UPDATE public.pair SET region = 'r" + rnd.nextInt(9) + "' WHERE region = " + region + " AND n = " + k;
                    default -> "UPDATE public.pair SET qty = qty + 1, note = " + text(rnd) + " WHERE region = " + region + " AND n BETWEEN "
                            + k + " AND " + (k + 30);
                };
            }
            default -> switch (op) {
                case 0, 1 -> "INSERT INTO \"Sales Dept\".\"Order Lines\" VALUES (" + k + ", " + rnd.nextInt(99999) / 100.0 + ", " + text(rnd)
                        + ", now()) ON CONFLICT (\"Line Id\") DO NOTHING";
                case 2 -> "DELETE FROM \"Sales Dept\".\"Order Lines\" WHERE \"Line Id\" = " + k;
                case 3 -> "UPDATE \"Sales Dept\".\"Order Lines\" SET \"Line Id\" = -\"Line Id\" WHERE \"Line Id\" = " + k;
                default -> "UPDATE \"Sales Dept\".\"Order Lines\" SET \"Amount\" = \"Amount\" + 0.01, \"Note \"\"quoted\"\"\" = "
                        + text(rnd) + " WHERE \"Line Id\" = " + k;
            };
        };
    }

    private static String wideUpdate(Random rnd, int k) {
        List<String> sets = new ArrayList<>();
        for (int i = 0, n = 1 + rnd.nextInt(6); i < n; i++) {
            int c = 1 + rnd.nextInt(WIDE_COLUMNS);
            sets.add("c" + c + " = " + switch (c % 6) {
                case 0 -> String.valueOf(rnd.nextInt());
                case 1 -> text(rnd);
                case 2 -> String.valueOf(rnd.nextInt(1_000_000_000) / 1000.0);
                case 3 -> rnd.nextBoolean() ? "true" : "NULL";
                case 4 -> "timestamp '2024-01-01' + " + rnd.nextInt(1_000_000) + " * interval '1.001 s'";
                default -> String.valueOf(rnd.nextDouble() * 1e6);
            });
        }
        return "UPDATE public.wide SET " + String.join(", ", sets) + " WHERE id BETWEEN " + k + " AND " + (k + rnd.nextInt(4));
    }

    /** Text with NULLs, empty strings, quotes and 4-byte UTF-8 among it. */
    private static String text(Random rnd) {
        return switch (rnd.nextInt(8)) {
            case 0 -> "NULL";
            case 1 -> "''";
            case 2 -> "'it''s 😀 " + rnd.nextInt(1000) + "'";
            default -> "'t" + Integer.toString(rnd.nextInt(), 36) + "'";
        };
    }
}
