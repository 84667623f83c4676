package io.hanacdc.sink;

import io.hanacdc.common.CdcException;
import io.hanacdc.common.Secrets;
import io.hanacdc.config.CdcConfig;
import java.util.List;
import java.util.ServiceLoader;

/** The kind of target hanacdc.target.url names, among those on hana-cdc's own class path (META-INF/services). */
public final class TargetResolver {
    private static final List<TargetKind> KINDS = ServiceLoader.load(TargetKind.class, TargetKind.class.getClassLoader()).stream().map(ServiceLoader.Provider::get).toList();

    private TargetResolver() {}

    public static TargetKind kind(String url) {
        return KINDS.stream().filter(k -> k.handles(url)).findFirst().orElseThrow(() -> new CdcException("hanacdc.target.url "
                + Secrets.maskUrl(url) + " names no target hana-cdc writes to: use jdbc:mysql://host:3306/database (MySQL or MariaDB), jdbc:postgresql://host:5432/database (PostgreSQL) or kafka://host:9092 (Kafka)"));
    }

    /** The task's target, connected. */
    public static Target open(CdcConfig cfg, int poolSize) {
        return kind(cfg.target().url()).open(cfg, poolSize);
    }
}
