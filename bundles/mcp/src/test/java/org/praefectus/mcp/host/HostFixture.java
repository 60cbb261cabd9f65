package org.praefectus.mcp.host;

import java.nio.file.Path;
import java.time.Clock;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.NullOutcomeLedger;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.api.workflow.WorkflowDrafts;
import org.praefectus.api.workflow.WorkflowGoals;
import org.praefectus.api.workflow.WorkflowService;
import org.praefectus.engine.execution.EngineOptions;
import org.praefectus.engine.execution.ExecutorRegistry;
import org.praefectus.engine.execution.OperationEngine;
import org.praefectus.engine.ledger.OperationLedger;
import org.praefectus.workflow.goal.DesktopGoals;

/**
 * What the host's unit tests share: a runtime without a desktop and without the vision bundle. The engine is
 * the real one, with an empty executor registry and its ledger under the test's directory, so anything that
 * would observe gets {@code executor_unavailable} and nothing can execute; every optional service is absent.
 * Closing it closes the ledger and the audit log.
 */
final class HostFixture implements AutoCloseable {

    private final Path state;
    private final OperationLedger ledger;
    private final Engine engine;
    private final AuditLog audit;

    HostFixture(Path state) throws java.io.IOException {
        this.state = state;
        this.ledger = new OperationLedger(state.resolve("ledger.jsonl"));
        this.engine = new OperationEngine(
                new ExecutorRegistry(),
                (request, actionHash) -> {
                    throw new AssertionError("no host test executes anything");
                },
                NullOutcomeLedger.INSTANCE,
                ledger,
                new EngineOptions(false, System::currentTimeMillis));
        this.audit = new AuditLog(auditFile(), "mcp", Clock.systemUTC());
    }

    /** The services of this runtime: the engine, and nothing optional. */
    HostServices services() {
        return new HostServices() {
            @Override
            public Engine engine() {
                return engine;
            }
        };
    }

    /**
     * These services with the runtime's typed workflow service and drafts ({@code null}: none), and its goal loop over
     * both when there are both.
     */
    HostServices withWorkflows(WorkflowService workflows, WorkflowDrafts drafts) {
        WorkflowGoals goals = workflows == null || drafts == null ? null : new DesktopGoals(workflows, drafts);
        return new HostServices() {
            @Override
            public Engine engine() {
                return engine;
            }

            @Override
            public java.util.Optional<WorkflowService> workflows() {
                return java.util.Optional.ofNullable(workflows);
            }

            @Override
            public java.util.Optional<WorkflowDrafts> drafts() {
                return java.util.Optional.ofNullable(drafts);
            }

            @Override
            public java.util.Optional<WorkflowGoals> goals() {
                return java.util.Optional.ofNullable(goals);
            }
        };
    }

    /** The code of a tool error (failing the test when the result is no error). */
    static String errorCode(ToolResult result) {
        org.junit.jupiter.api.Assertions.assertTrue(result.error(), () -> "expected an error: " + result.structured());
        return (String) ((java.util.Map<?, ?>) result.structured().get("error")).get("code");
    }

    AuditLog audit() {
        return audit;
    }

    Path auditFile() {
        return state.resolve("audit.jsonl");
    }

    /** A tool host of {@code profile} over these services, every action needing a confirmation. */
    ToolHost host(CapabilityProfile profile) throws Exception {
        return host(profile, services());
    }

    /** A tool host of {@code profile} over {@code services}, every action needing a confirmation. */
    ToolHost host(CapabilityProfile profile, HostServices services) throws Exception {
        return new ToolHost(
                services,
                new HostAuthority(HostKey.loadOrCreate(state.resolve("key")), "test", "gen-1", "user"),
                profile,
                ConfirmationPolicy.of("*"),
                audit,
                Clock.systemUTC(),
                60_000,
                180);
    }

    /** A browser-mode tool host of {@code profile} whose page must never be observed. */
    ToolHost browserHost(CapabilityProfile profile) throws Exception {
        return ToolHost.browser(
                new PageObserver() {
                    @Override
                    public org.praefectus.cdp.PageObservation observe(
                            int part, org.praefectus.api.executor.CancellationToken cancellation, long deadline) {
                        throw new AssertionError("no host test observes a page");
                    }

                    @Override
                    public boolean dialogOpen() {
                        throw new AssertionError("no host test asks for a page's dialog");
                    }

                    @Override
                    public boolean awaitChange(
                            long quietMs, org.praefectus.api.executor.CancellationToken cancellation, long deadline) {
                        throw new AssertionError("no host test waits for a page");
                    }

                    @Override
                    public java.util.Optional<String> previousUrl(
                            org.praefectus.api.executor.CancellationToken cancellation, long deadline) {
                        throw new AssertionError("no host test reads a page's history");
                    }

                    @Override
                    public org.praefectus.cdp.PageImage screenshot(
                            org.praefectus.api.executor.CancellationToken cancellation, long deadline) {
                        throw new AssertionError("no host test takes a screenshot");
                    }

                    @Override
                    public java.util.Optional<String> keep(org.praefectus.cdp.PageImage image) {
                        throw new AssertionError("no host test keeps a screenshot");
                    }
                },
                new BrowserTabs() {
                    @Override
                    public java.util.List<Tab> list() {
                        throw new AssertionError("no host test lists tabs");
                    }

                    @Override
                    public java.util.List<Tab> opened() {
                        throw new AssertionError("no host test lists tabs");
                    }

                    @Override
                    public Binding bind(String tag) {
                        throw new AssertionError("no host test binds a tab");
                    }

                    @Override
                    public void follow(Binding binding) {
                        throw new AssertionError("no host test follows a tab");
                    }

                    @Override
                    public void release(Binding binding) {
                        throw new AssertionError("no host test releases a tab");
                    }
                },
                services(),
                new HostAuthority(HostKey.loadOrCreate(state.resolve("key")), "test", "gen-1", "user"),
                profile,
                ConfirmationPolicy.of("*"),
                audit,
                Clock.systemUTC(),
                60_000,
                180);
    }

    /** A call from session {@code "s"} with no way to ask anyone. */
    static ToolHost.CallContext call() {
        return new ToolHost.CallContext("s", Confirmer.UNAVAILABLE);
    }

    @Override
    public void close() throws Exception {
        audit.close();
        ledger.close();
    }
}
