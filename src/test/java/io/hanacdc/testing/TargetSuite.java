package io.hanacdc.testing;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;

/**
 * A suite run once per target fixture, its pipelines built into {@link #target}. A subclass names the
 * fixtures: {@code @MethodSource("io.hanacdc.testing.TargetFixture#all")} on every run, or {@code #selected}.
 * Reports number the runs in that order: [1] the default target, [2] the embedded MariaDB, [3] MySQL 8.
 */
@IntegrationTest
@ParameterizedClass(name = "into {0}")
public abstract class TargetSuite {
    @Parameter
    protected TargetFixture target;

    @BeforeEach
    protected void requireTarget() {
        target.assumePresent();
    }
}
