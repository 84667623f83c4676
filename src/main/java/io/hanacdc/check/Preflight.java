package io.hanacdc.check;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.common.CdcException;
import io.hanacdc.common.Json;
import io.hanacdc.common.StartupTimeline;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.source.SourcePools;
import io.hanacdc.source.TableResolver;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetResolver;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code hana-cdc check} and the gate before {@code install} and {@code run}: runs the probes of the
 * source dialect, the dialect-independent ones and the target's, one result each.
 */
public final class Preflight {
    private final CdcConfig cfg;
    private final Optional<CdcConfig.Endpoint> writer;

    public Preflight(CdcConfig cfg) {
        this(cfg, Optional.empty());
    }

    /** @param writer the source as a user that writes the captured tables (check --writer-user) */
    public Preflight(CdcConfig cfg, Optional<CdcConfig.Endpoint> writer) {
        this.cfg = cfg;
        this.writer = writer;
    }

    /** Every probe, printed one line each (or as JSON); true when none failed. */
    public boolean check(PrintStream out, boolean json) throws Exception {
        List<ProbeResult> results = run(false);
        boolean passed = results.stream().noneMatch(ProbeResult::failed);
        if (json) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("passed", passed);
            doc.put("probes", results);
            out.println(Json.write(doc));
        } else {
            results.forEach(r -> out.println(r.line()));
            out.println(passed ? "check passed" : "check FAILED: " + results.stream().filter(ProbeResult::failed).count() + " probe(s) failed");
        }
        return passed;
    }

    /**
     * Refuses (throws) when a probe whose failure would lose data fails; {@code what}: the command being refused. The
     * probes run once per installed capture and settings ({@link GatePass}): true when they ran, false when a recorded
     * pass for the same capture and settings stands.
     */
    public boolean gate(String what) throws Exception {
        SourceDialect dialect = SourceDialects.forUrl(cfg.source().url(), cfg.capture());
        CaptureNames names = new CaptureNames(cfg.cdcSchema(), dialect.maxIdentifierBytes());
        GatePass pass = new GatePass(cfg, dialect, names);
        List<Probe> gating = Probes.withoutTarget(dialect).stream().filter(Probe::guardsData).toList();
        Optional<String> fingerprint;
        try (Connection c = SourcePools.connect(cfg, dialect)) {
            List<SourceTable> tables = new TableResolver(dialect, cfg.cdcSchema()).resolve(c, cfg.tables()).tables();
            Set<TableId> captured = new CaptureInstaller(dialect, names, cfg.task(), cfg.lockTimeout()).installedTables(c);
            List<TableId> ids = tables.stream().map(SourceTable::id).toList();
            fingerprint = captured.containsAll(ids) ? Optional.of(pass.fingerprint(c, gating, ids)) : Optional.empty(); // to install: prove it
            if (fingerprint.isPresent() && pass.recorded(c, fingerprint.get())) {
                StartupTimeline.mark("preflight gate: passed before for this capture and these settings, not run");
                return false;
            }
        }
        List<ProbeResult> failed = run(true).stream().filter(ProbeResult::failed).toList();
        if (!failed.isEmpty()) {
            throw new CdcException(what + " refused: the preflight check failed (run 'check' for every probe):\n"
                    + failed.stream().map(ProbeResult::line).collect(Collectors.joining("\n")));
        }
        if (fingerprint.isPresent()) {
            try (Connection c = SourcePools.connect(cfg, dialect)) {
                pass.record(c, fingerprint.get());
            }
        }
        return true;
    }

    private List<ProbeResult> run(boolean dataGuardsOnly) throws Exception {
        SourceDialect dialect = SourceDialects.forUrl(cfg.source().url(), cfg.capture());
        CaptureNames names = new CaptureNames(cfg.cdcSchema(), dialect.maxIdentifierBytes());
        try (HikariDataSource source = SourcePools.open(cfg, dialect, 3); Target target = TargetResolver.open(cfg, 2);
             HikariDataSource writes = writer.map(w -> SourcePools.open(w, dialect, 1)).orElse(null)) {
            List<SourceTable> tables;
            Set<TableId> captured;
            try (Connection c = source.getConnection()) { // a table that cannot be replicated is reported by install and run themselves
                tables = new TableResolver(dialect, cfg.cdcSchema()).resolve(c, cfg.tables()).tables();
                captured = new CaptureInstaller(dialect, names, cfg.task(), cfg.lockTimeout()).installedTables(c);
            }
            SharedCaptureObjects shared = new SharedCaptureObjects(dialect, names, cfg.task(), cfg.lockTimeout());
            CheckContext context = new CheckContext(cfg, dialect, names, source, target, tables, shared,
                    Long.toString(ProcessHandle.current().pid(), 36) + Long.toString(System.nanoTime() % 1_000_000, 36), captured,
                    writer.map(w -> new CheckContext.Writer(w.user(), writes)));
            List<Probe> probes = Probes.of(dialect, target);
            List<ProbeResult> results = new ArrayList<>();
            for (Probe p : probes) {
                if (!dataGuardsOnly || p.guardsData()) {
                    results.add(runOne(p, context));
                }
            }
            try (Connection c = source.getConnection()) {
                shared.removeIfCreated(c);
            }
            return results;
        }
    }

    private static ProbeResult runOne(Probe p, CheckContext context) {
        long t = System.nanoTime();
        ProbeResult r = runOneUntimed(p, context);
        StartupTimeline.took("probe " + p.name() + ": " + r.status(), t);
        return r;
    }

    private static ProbeResult runOneUntimed(Probe p, CheckContext context) {
        try {
            return p.run(context);
        } catch (SQLException e) {
            if (context.dialect().isMissingPrivilege(e) && !context.installs()) { // the DBA's path: capture installed, the task's user may not create
                return ProbeResult.skip(p, "could not create its scratch objects", "the task's user may not create objects in the CDC schema ("
                        + e.getMessage() + "), as on the DBA's path: run 'check' as the user who installed capture for this probe");
            }
            return ProbeResult.fail(p, "could not complete", "unexpected error: " + e.getMessage());
        } catch (Exception e) {
            return ProbeResult.fail(p, "could not complete", "unexpected error: " + e.getMessage());
        }
    }
}
