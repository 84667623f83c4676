package io.hanacdc.sink;

import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.Setting;
import io.hanacdc.config.SettingGroup;
import java.util.List;

/**
 * What a database target does with a value its column cannot hold exactly: never a silent change. On MySQL/MariaDB, numbers wider than
 * DECIMAL(65,30) (numeric(p,s) with p &gt; 65 or s &gt; 30, unconstrained numeric, HANA's floating DECIMAL and
 * SMALLDECIMAL) go to a DECIMAL(65,s) column, a value beyond it stopping its table ({@code decimal}), or to a text
 * column that keeps each value exactly as written ({@code text}). A time with digits beyond the microseconds the target
 * keeps (HANA's TIMESTAMP has 100 ns) stops its table ({@code refuse}), or is cut to them ({@code truncate}).
 */
public record ValueRules(boolean wideNumbersAsText, boolean truncateSubMicroseconds) {
    public static final Setting WIDE_NUMBERS = Setting.choice("hanacdc.target.wide-numbers", List.of("decimal", "text"),
            "numbers wider than `DECIMAL(65,30)` (PostgreSQL `numeric(p,s)` with p > 65 or s > 30, unconstrained `numeric`, HANA's"
                    + " floating `DECIMAL` and `SMALLDECIMAL`). `decimal`: a `DECIMAL(65,s)` column, and a value beyond it stops its"
                    + " table naming table, column and value — never rounded or clipped; `text`: a text column that keeps every value"
                    + " exactly as written (`VARCHAR(p+3)`, `LONGTEXT` when unbounded). Takes effect for target tables created after it"
                    + " is set");
    public static final Setting SUB_MICROSECONDS = Setting.choice("hanacdc.target.sub-microseconds", List.of("refuse", "truncate"),
            "a time or timestamp with digits beyond microseconds (HANA's `TIMESTAMP` keeps 100 ns). `refuse`: its table stops"
                    + " naming table, column and value; `truncate`: the digits beyond microseconds are dropped");
    public static final ValueRules DEFAULT = new ValueRules(false, false);

    public static ValueRules load(CdcConfig cfg) {
        CdcConfig.Reader r = cfg.settings();
        return new ValueRules(r.choice(WIDE_NUMBERS).equals("text"), r.choice(SUB_MICROSECONDS).equals("truncate"));
    }

    /** The MySQL/MariaDB target's settings in the configuration reference. */
    public static final class Group implements SettingGroup {
        @Override
        public String title() {
            return "MySQL/MariaDB target";
        }

        @Override
        public int rank() {
            return 50;
        }

        @Override
        public List<Setting> settings() {
            return List.of(WIDE_NUMBERS, SUB_MICROSECONDS);
        }
    }
}
