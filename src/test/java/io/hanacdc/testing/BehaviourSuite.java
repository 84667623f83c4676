package io.hanacdc.testing;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;

/**
 * A suite run once per (source, target) fixture pair: its tests take sources of their own from
 * {@link #source} ({@link #fresh}) and build their pipelines into {@link #target}. A subclass names
 * the pairs with {@code @MethodSource("io.hanacdc.testing.FixtureMatrix#selected")} or another
 * {@link FixtureMatrix} factory; reports name each run, e.g. "PostgreSQL (row triggers) into default target (…)".
 */
@IntegrationTest
@ParameterizedClass(name = "{0} into {1}")
public abstract class BehaviourSuite {
    @Parameter(0)
    protected SourceFixture source;

    @Parameter(1)
    protected TargetFixture target;

    private final List<FreshSource> sources = new ArrayList<>();

    @BeforeEach
    protected void requireFixtures() {
        source.assumePresent();
        target.assumePresent();
    }

    /** A source of this test's own, dropped after it where the server outlives the run. */
    protected FreshSource fresh(String hint) throws Exception {
        return keep(source.fresh(hint));
    }

    /** A source of this test's own whose tables go into a schema of this name (suffixed where the server is shared). */
    protected FreshSource fresh(String hint, String schema) throws Exception {
        return keep(source.fresh(hint, schema));
    }

    private FreshSource keep(FreshSource s) {
        sources.add(s);
        return s;
    }

    @AfterEach
    void dropSources() throws Exception {
        for (FreshSource s : sources) {
            s.close();
        }
    }
}
