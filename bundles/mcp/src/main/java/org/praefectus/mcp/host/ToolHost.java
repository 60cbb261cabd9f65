package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.host.AuditLine;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.host.Capability;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.api.host.HostPolicy;
import org.praefectus.api.host.PolicyDecision;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.ProtocolHashes;
import org.praefectus.api.text.CallerText;

/**
 * The MCP tools as plain Java, one {@link Tool} each, in one catalog: the profile's check, then the tool.
 * Transport-free, so stdio, HTTP and unit tests call the same code. Every effect goes through
 * {@link SignedActions}; observations that tags refer to live in {@link SessionObservations}.
 */
public final class ToolHost {

    /**
     * Per call: who is calling (for the observation cache), how to ask for a yes, the call's cancellation and
     * where its progress goes.
     */
    public record CallContext(
            String sessionKey, Confirmer confirmer, CallCancellation cancellation, Progress progress) {

        /** A call nobody cancels and nobody watches. */
        public CallContext(String sessionKey, Confirmer confirmer) {
            this(sessionKey, confirmer, CallCancellation.none(), Progress.NONE);
        }
    }

    static final long OBSERVE_DEADLINE_MS = 30_000;
    /**
     * How long one observation of a browser page may take: a 2,000-row table takes Chromium tens of seconds to
     * serialise on a loaded machine, and every reply now waits for this deadline rather than failing early.
     */
    static final long PAGE_OBSERVE_DEADLINE_MS = 90_000;

    private final ToolSet toolSet;
    private final HostServices services;
    private final CapabilityProfile profile;
    private final HostPolicy policy;
    private final AuditLog audit;
    private final SignedActions actions;
    private final Map<String, Tool> tools = new LinkedHashMap<>();

    /** The desktop's tools over {@code services}' engine. */
    public ToolHost(
            HostServices services,
            HostAuthority authority,
            CapabilityProfile profile,
            ConfirmationPolicy confirmation,
            AuditLog audit,
            Clock clock,
            long grantTtlMs,
            long confirmationWindowSeconds) {
        this(
                ToolSet.DESKTOP,
                null,
                null,
                services,
                authority,
                profile,
                confirmation,
                audit,
                clock,
                grantTtlMs,
                confirmationWindowSeconds);
    }

    /**
     * The browser mode's tools: {@code page} observed, {@code services}' engine (the page's private one) acting,
     * everything else exactly as on the desktop.
     */
    public static ToolHost browser(
            PageObserver page,
            BrowserTabs tabs,
            HostServices services,
            HostAuthority authority,
            CapabilityProfile profile,
            ConfirmationPolicy confirmation,
            AuditLog audit,
            Clock clock,
            long grantTtlMs,
            long confirmationWindowSeconds) {
        return new ToolHost(
                ToolSet.BROWSER,
                page,
                tabs,
                services,
                authority,
                profile,
                confirmation,
                audit,
                clock,
                grantTtlMs,
                confirmationWindowSeconds);
    }

    private ToolHost(
            ToolSet toolSet,
            PageObserver page,
            BrowserTabs tabs,
            HostServices services,
            HostAuthority authority,
            CapabilityProfile profile,
            ConfirmationPolicy confirmation,
            AuditLog audit,
            Clock clock,
            long grantTtlMs,
            long confirmationWindowSeconds) {
        this.toolSet = toolSet;
        this.services = services;
        this.profile = profile;
        this.policy = ToolCapabilities.policy(profile);
        this.audit = audit;
        SessionObservations observations = new SessionObservations();
        this.actions = new SignedActions(
                services,
                authority,
                profile,
                confirmation,
                audit,
                clock,
                grantTtlMs,
                confirmationWindowSeconds,
                observations,
                toolSet == ToolSet.BROWSER ? page : null);
        ElementTargets targets = new ElementTargets(services, observations, clock);
        List<Tool> all = new ArrayList<>(List.of(
                new CapabilitiesTool(services, profile, confirmation, confirmationWindowSeconds),
                new StatusTool(services)));
        if (toolSet == ToolSet.BROWSER) {
            all.add(new PageObserveTool(page, tabs, observations, clock));
            Tool act = new ActTool(
                    ActionArguments.PAGE_KINDS,
                    actions,
                    observations,
                    targets,
                    audit,
                    new ActChanges(services),
                    new PageDialogNotice(page, observations, clock));
            all.add(act);
            all.add(new NavigateBackTool(page, act, clock));
            PageSearch search = new PageSearch(page, observations);
            all.add(new PageFindTool(search, clock));
            all.add(new PageWaitForTool(search, clock));
            all.add(new TabsTool(tabs, actions, observations, clock));
            all.add(new PageScreenshotTool(page, clock));
            all.add(new FillFormTool(act, actions, observations));
        } else {
            all.addAll(desktopTools(services, observations, targets, clock));
        }
        for (Tool tool : all) {
            if (tools.put(tool.name(), tool) != null) {
                throw new IllegalStateException("two tools named " + tool.name());
            }
        }
    }

    private List<Tool> desktopTools(
            HostServices services, SessionObservations observations, ElementTargets targets, Clock clock) {
        VisionTools vision = new VisionTools(services, audit, OBSERVE_DEADLINE_MS);
        Tool click = new ClickTool(actions, targets, audit);
        Tool typeText = new TypeTextTool(actions, targets, audit);
        Tool drag = new DragTool(actions, targets, audit);
        List<Tool> all = new ArrayList<>(List.of(
                new SurfacesTool(services, clock),
                new ObserveTool(services, observations, clock),
                new ActTool(
                        ActionArguments.KINDS, actions, observations, targets, audit, new ActChanges(services), null),
                new CaptureScreenTool(services, audit, clock),
                new CaptureDeltaTool(services, audit, clock),
                new OcrTool("ocr", vision),
                new OcrTool("ocr_image", vision),
                new OcrTool("ocr_screen", vision),
                new CompareImagesTool(vision),
                new DetectUiStateTool(vision),
                new DetectUiElementsTool("detect_ui_elements", vision),
                new DetectUiElementsTool("vision_elements", vision),
                new ListPluginsTool(services),
                new CallPluginTool(services, audit),
                new ListWindowsTool(services, clock),
                new GetDesktopStateTool(services, clock),
                new DoctorTool(services, profile),
                click,
                typeText,
                new PasteTextTool(actions, targets, audit),
                new HotkeyTool(actions, targets, audit),
                new PressTool(actions, targets, audit),
                new ScrollTool(actions, targets, audit),
                drag,
                new MoveMouseTool(actions, targets, audit)));
        all.add(new CaptureBackendsTool(services));
        all.add(new PreflightTool(services, audit));
        all.addAll(ProfileTools.all(services));
        all.addAll(ProfileTargetTool.all(actions, services));
        WindowTool focusWindow = WindowTool.focus(actions, services);
        all.add(focusWindow);
        all.add(new DesktopFocusTool(services, focusWindow, actions));
        all.addAll(WindowTool.others(actions, services));
        all.addAll(ApplicationTool.all(actions, services));
        all.add(new WaitForTool(services));
        all.add(new ReadTextTool(services));
        all.add(IngestDesktopSnapshotTool.ingest(services));
        all.add(RefreshDesktopGraphTool.of(services));
        all.add(new LatestDesktopSnapshotTool(services));
        all.add(new DesktopGraphStatusTool(services));
        all.add(new RecordDesktopEventTool(services));
        all.add(new QueryDesktopGraphTool(services, profile));
        all.add(new QueryDesktopEdgesTool(services));
        FindElementsTool.NAMES.forEach(name -> all.add(new FindElementsTool(name, services, observations, clock)));
        all.add(new LoadWorkflowFileTool(services));
        all.add(ExecuteWorkflowTool.inline(services, actions));
        all.add(ExecuteWorkflowTool.file(services, actions));
        all.add(new ExecuteGoalTool(services, actions));
        all.add(new PlanTool(services));
        all.add(new ListWorkflowTemplatesTool(services));
        all.add(new WorkflowTemplateInfoTool(services));
        all.addAll(RecordingTools.all(services));
        all.addAll(DraftTools.all(services));
        all.addAll(AuditTools.all(audit));
        return all;
    }

    /** What this host's tools work on. */
    public ToolSet toolSet() {
        return toolSet;
    }

    /** The names of the catalog's tools. */
    public Set<String> toolNames() {
        return java.util.Collections.unmodifiableSet(tools.keySet());
    }

    /** The audit log's recent lines (decisions with hashes and lengths, never content), oldest first. */
    public List<Map<String, Object>> recentAudit() {
        return audit.recent();
    }

    /** This server's recent operations: id, action kind and action hash, most recent last (no content). */
    public List<Map<String, Object>> recentOperations() {
        RecentOperations operations = actions.operations();
        List<Map<String, Object>> list = new ArrayList<>();
        for (String id : operations.ids()) {
            operations.find(id).ifPresent(entry -> {
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("operation_id", id);
                item.put("action", entry.draft().action().kind());
                try {
                    item.put("action_hash", ProtocolHashes.normalizedActionHash(entry.draft()));
                } catch (ProtocolException e) {
                    item.put("action_hash", null);
                }
                list.add(item);
            });
        }
        return list;
    }

    public CapabilityProfile profile() {
        return profile;
    }

    /** The one path this host signs through (the profile's decision on an action kind is its). */
    SignedActions signedActions() {
        return actions;
    }

    /** Whether {@code tool} may run at all under this host's policy (the catalog lists only those). */
    public boolean allowsTool(String tool) {
        return ToolCapabilities.decide(policy, tool).allowed();
    }

    /**
     * The answer to a call of a catalog tool this profile does not allow ({@code capability_denied}, audited),
     * before anything is observed; empty when the profile allows it or no tool has that name.
     */
    public Optional<ToolResult> outsideProfile(String tool) {
        PolicyDecision decision = ToolCapabilities.decide(policy, tool);
        return tools.containsKey(tool) && !decision.allowed()
                ? Optional.of(refusedByProfile(tool, decision))
                : Optional.empty();
    }

    private ToolResult refusedByProfile(String tool, PolicyDecision decision) {
        audit.record(capabilityCheck(tool, "refused").reason(decision));
        return ToolResult.failure(
                "capability_denied",
                "the capability profile " + profile.wireName() + " does not allow the tool " + tool,
                "ask the operator to start the MCP server with a profile that allows it",
                true,
                Map.of("profile", profile.wireName()));
    }

    /** The audit line of a profile's check: the tool, the profile, and the PeekabooX capability that gates it if any. */
    private AuditLine capabilityCheck(String tool, String decision) {
        AuditLine line = AuditLine.of(AuditLine.CAPABILITY, decision).tool(tool).profile(profile);
        Optional<Capability> capability = ToolCapabilities.capabilityOf(tool);
        return capability.isPresent() ? line.capability(capability.get()) : line;
    }

    /** Runs one tool. Never throws for tool-level failures: those are {@link ToolResult#error()} results. */
    public ToolResult call(String tool, Map<String, Object> arguments, CallContext context) {
        Map<String, Object> args = arguments == null ? Map.of() : arguments;
        PolicyDecision decision = ToolCapabilities.decide(policy, tool);
        if (!decision.allowed()) {
            return refusedByProfile(tool, decision);
        }
        Tool found = tools.get(tool);
        if (found != null && ToolCapabilities.capabilityOf(tool).isPresent()) {
            audit.record(capabilityCheck(tool, "allowed"));
        }
        if (found == null) {
            return ToolResult.failure(
                    "unknown_tool", "no tool named " + CallerText.shown(tool), "call tools/list", true);
        }
        try {
            ToolResult result = found.call(args, context);
            ToolRecording.offer(services, tool, args, result);
            return result;
        } catch (ToolArguments.InvalidArgument e) {
            return refusedArguments(tool, e.code(), e.getMessage());
        }
    }

    /**
     * Arguments refused before the tool ran, by the tool (its own checks) or against its input schema (checked by
     * the server before calling): audited without content, answered with the code.
     */
    public ToolResult refusedArguments(String tool, String code, String message) {
        audit.record(AuditLine.of(AuditLine.CALL, "refused").tool(tool).reason(code));
        return ToolResult.failure(code, message, "fix the arguments and call again", true);
    }
}
