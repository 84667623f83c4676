package io.hanacdc.target;

import io.hanacdc.config.CdcConfig;

/**
 * What a database target does with a value its column cannot hold exactly: never a silent change. On MySQL/MariaDB, numbers wider than
 * DECIMAL(65,30) (numeric(p,s) with p &gt; 65 or s &gt; 30, unconstrained numeric, HANA's floating DECIMAL and
 * SMALLDECIMAL) go to a DECIMAL(65,s) column, a value beyond it stopping its table ({@code decimal}), or to a text
 * column that keeps each value exactly as written ({@code text}). A time with digits beyond the microseconds the target
 * keeps (HANA's TIMESTAMP has 100 ns) stops its table ({@code refuse}), or is cut to them ({@code truncate}).
 */
public record ValueRules(boolean wideNumbersAsText, boolean truncateSubMicroseconds) {
    public static final String WIDE_NUMBERS = "hanacdc.target.wide-numbers";
    public static final String SUB_MICROSECONDS = "hanacdc.target.sub-microseconds";
    public static final ValueRules DEFAULT = new ValueRules(false, false);

    public static ValueRules load(CdcConfig cfg) {
        CdcConfig.Reader r = cfg.settings();
        return new ValueRules(r.oneOf(WIDE_NUMBERS, "decimal", "text").equals("text"),
                r.oneOf(SUB_MICROSECONDS, "refuse", "truncate").equals("truncate"));
    }
}
