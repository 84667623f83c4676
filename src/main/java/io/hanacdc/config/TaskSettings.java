package io.hanacdc.config;

import static io.hanacdc.config.Setting.secret;
import static io.hanacdc.config.Setting.text;

import java.util.List;

/** What the task connects to and what it replicates. */
public final class TaskSettings implements SettingGroup {
    public static final Setting CONFIG = text("hanacdc.config",
            "the properties file to read (see above); only as `-Dhanacdc.config` or `HANACDC_CONFIG`, not in a file");
    public static final Setting TASK = text("hanacdc.task", "default",
            "task name; positions and subscriptions are per task, so several tasks can share databases");
    public static final Setting SOURCE_URL = text("hanacdc.source.url",
            "`jdbc:sap://host:30013/?databaseName=TENANT` (SAP HANA, see the [SAP HANA guide](hana.md)) or"
                    + " `jdbc:postgresql://host:5432/db`; the dialect follows the URL. Unset: the demo build starts embedded databases")
            .defaultText("required");
    public static final Setting SOURCE_USER = text("hanacdc.source.user", "", "the source user");
    public static final Setting SOURCE_PASSWORD = secret("hanacdc.source.password",
            "its password; `-file`: read from that file instead (see [Credentials from files](operations.md#credentials-from-files))");
    public static final Setting TARGET_URL = text("hanacdc.target.url",
            "`jdbc:mysql://host:3306/database` or `jdbc:mariadb://…`; the database receives the tables. The server is detected"
                    + " (MySQL or MariaDB) and spoken to with its own driver. `kafka://host:9092[,host:9092]`: Apache Kafka"
                    + " (see [Kafka target](kafka.md))").defaultText("required");
    public static final Setting TARGET_USER = text("hanacdc.target.user", "", "the target user");
    public static final Setting TARGET_PASSWORD = secret("hanacdc.target.password", "its password; `-file`: read from that file instead");
    public static final Setting TABLE_NAME = text(TargetNames.TEMPLATE_KEY, "${table}",
            "the target table's name: a template of `${schema}` and `${table}` (the source names as the catalog spells them), e.g."
                    + " `${schema}_${table}` when two schemas have tables of the same name (see [Target names](operations.md#target-names))");
    public static final Setting DATABASE_MAP = text(TargetNames.MAP_KEY, "",
            "`schema:database` pairs, comma-separated (`SALES:sales_replica,HR:hr_replica`): the schema's tables go to that database"
                    + " (which must exist) instead of the URL's; quote a name holding `,` `:` or `\"` in double quotes, doubling its own:"
                    + " `\"a,b\":db1`");
    public static final Setting TABLES = text("hanacdc.tables",
            "comma-separated `schema.table` or `schema.*` (`*` is a wildcard in the table part); names are case-sensitive; quote"
                    + " names containing dots: `\"my.schema\".\"t\"`").defaultText("required");
    public static final Setting CDC_SCHEMA = text("hanacdc.cdc-schema",
            "source schema for CDC tables, the sequence and the capture registry (created if missing, dropped by the last uninstall"
                    + " only if hana-cdc created it); the default is the name an unquoted identifier folds to on the source")
            .defaultText("`hanacdc` (PostgreSQL), `HANACDC` (SAP HANA)");
    public static final Setting CONTROL_DATABASE = text("hanacdc.target.control-database", "",
            "where the position table `hanacdc_position` lives").defaultText("database of the target URL");

    @Override
    public String title() {
        return "Task, source and target";
    }

    @Override
    public int rank() {
        return 10;
    }

    @Override
    public List<Setting> settings() {
        return List.of(CONFIG, TASK, SOURCE_URL, SOURCE_USER, SOURCE_PASSWORD, TARGET_URL, TARGET_USER, TARGET_PASSWORD, TABLE_NAME,
                DATABASE_MAP, TABLES, CDC_SCHEMA, CONTROL_DATABASE);
    }
}
