package io.hanacdc.source;

import io.hanacdc.testing.Pipeline;

/** The source contract on PostgreSQL with row-level capture triggers (hanacdc.capture.trigger-level=row). */
class PostgresRowTriggerBehaviourTest extends PostgresBehaviourTest {
    @Override
    protected Pipeline captureSettings(Pipeline p) {
        return p.set("hanacdc.capture.trigger-level", "row");
    }
}
