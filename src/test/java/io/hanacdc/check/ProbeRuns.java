package io.hanacdc.check;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourcePools;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetResolver;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.List;
import java.util.Map;

/** One probe run on a task's source and target as the check runs it, and dialects with one behaviour changed, to show a probe fails. */
final class ProbeRuns {
    private ProbeRuns() {}

    static ProbeResult run(CdcConfig cfg, SourceDialect dialect, Probe probe) throws Exception {
        return run(cfg, dialect, probe, null);
    }

    /** @param writer the source as a user that writes the captured tables (check --writer-user), or null */
    static ProbeResult run(CdcConfig cfg, SourceDialect dialect, Probe probe, CdcConfig.Endpoint writer) throws Exception {
        CaptureNames names = new CaptureNames(cfg.cdcSchema(), dialect.maxIdentifierBytes());
        try (HikariDataSource source = SourcePools.open(cfg, dialect, 3); Target target = TargetResolver.open(cfg, 1);
             HikariDataSource writes = writer == null ? null : SourcePools.open(writer, dialect, 1)) {
            SharedCaptureObjects shared = new SharedCaptureObjects(dialect, names, cfg.task(), cfg.lockTimeout());
            try {
                return probe.run(new CheckContext(cfg, dialect, names, source, target, List.of(), shared, "t", java.util.Set.of(),
                        java.util.Optional.ofNullable(writer).map(w -> new CheckContext.Writer(w.user(), writes))));
            } finally {
                try (Connection c = source.getConnection()) {
                    shared.removeIfCreated(c);
                }
            }
        }
    }

    /** The dialect with the named methods answered by the given handlers, everything else by the real one. */
    static SourceDialect changed(SourceDialect real, Map<String, InvocationHandler> methods) {
        return proxy(SourceDialect.class, real, methods);
    }

    @SuppressWarnings("unchecked")
    static <T> T proxy(Class<T> type, T real, Map<String, InvocationHandler> methods) {
        return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (p, m, args) -> {
            InvocationHandler handler = methods.get(m.getName());
            return handler != null ? handler.invoke(p, m, args) : invoke(m, real, args);
        });
    }

    private static Object invoke(Method m, Object target, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
