package io.hanacdc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Where SQL may be written, read from the sources' string literals: what only one database understands lives in
 * that database's home, and the control tables' statements in package control (their DDL, whose types differ, in
 * each source's home). A third source then touches its home and nothing else.
 */
class SqlHomesTest {
    private static final Path MAIN = Path.of("src/main/java/io/hanacdc");
    private static final List<String> HOMES = ArchitectureTest.HOMES.stream().map(h -> h.replace('.', '/') + "/").toList();

    /** Constructs of one database's SQL (or its catalog) that another would refuse or read differently. */
    private static final Pattern DIALECT_ONLY = Pattern.compile("\\bLIMIT\\b|FOR UPDATE|\\bNOWAIT\\b|NEXTVAL|CURRENT_UTCTIMESTAMP|ON CONFLICT"
            + "|ON DUPLICATE KEY|\\bUPSERT\\b|REPLACE INTO|LOAD DATA|\\bpg_[a-z]|\\bSYS\\.|\\bM_[A-Z_]+\\b|::[a-z]|clock_timestamp");

    /** A literal that is SQL or a clause of it, not a message: it begins with a statement's or clause's keyword, or holds FROM, WHERE or VALUES. */
    private static final Pattern SQL = Pattern.compile("^\\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|GRANT|REVOKE|WITH|SET|MERGE|UPSERT|LOCK"
            + "|CALL|DO|BEGIN|LIMIT|FOR|NOWAIT|ORDER|AND|OR|ON)\\b|\\b(FROM|WHERE|VALUES)\\b");

    /** Columns of the control tables, found in no other table. */
    private static final Pattern CONTROL_COLUMNS = Pattern.compile("\\b(purge_high|purge_open|owned_by|hand_to|switch_high|table_oid"
            + "|created_schema|cdc_table)\\b");

    private static final Pattern LITERAL = Pattern.compile("\"\"\"(.*?)\"\"\"|\"((?:[^\"\\\\\\n]|\\\\.)*)\"", Pattern.DOTALL);

    @Test
    void sqlOfOneDatabaseIsInItsHome() {
        assertEquals(List.of(), outside(DIALECT_ONLY, HOMES), "dialect-only SQL outside the homes: move it behind SourceDialect or Target");
    }

    @Test
    void theControlTablesAreWrittenOnlyInPackageControl() {
        List<String> allowed = new ArrayList<>(HOMES.subList(0, 2)); // the sources' DDL of the control tables
        allowed.add("control/");
        assertEquals(List.of(), outside(CONTROL_COLUMNS, allowed), "control tables' SQL outside package control: use ControlSql");
    }

    /** Every literal matching {@code construct} in a file outside {@code allowed}, as file: literal. */
    private static List<String> outside(Pattern construct, List<String> allowed) {
        try (Stream<Path> files = Files.walk(MAIN)) {
            List<String> found = new ArrayList<>();
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String rel = MAIN.relativize(f).toString().replace('\\', '/');
                if (allowed.stream().anyMatch(rel::startsWith)) {
                    continue;
                }
                Matcher m = LITERAL.matcher(withoutComments(Files.readString(f)));
                while (m.find()) {
                    String text = m.group(1) != null ? m.group(1) : m.group(2);
                    if (SQL.matcher(text).find() && construct.matcher(text).find()) {
                        found.add(rel + ": \"" + text + "\"");
                    }
                }
            }
            return found;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Comments may name any construct: they explain. (Literals holding comment markers are not written in this code.) */
    private static String withoutComments(String source) {
        return source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("(?m)^\\s*//.*$", "").replaceAll(" // [^\"\\n]*$", "");
    }
}
