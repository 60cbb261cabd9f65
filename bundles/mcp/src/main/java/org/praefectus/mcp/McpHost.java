package org.praefectus.mcp;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.api.plugin.PluginTool;
import org.praefectus.api.vision.CaptureStreams;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.api.vision.OcrEngine;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.UiElementDetector;
import org.praefectus.api.vision.UiStateDetector;
import org.praefectus.api.vision.VisualComparator;
import org.praefectus.mcp.host.HostServices;
import org.praefectus.mcp.host.ToolHost;

/**
 * The MCP host of the desktop inside the framework: its key (the file {@link HostKeyPinning} created and pinned;
 * referencing that pin, a plain service rather than the pinning component, orders the two without a reference
 * between components, which deadlocked SCR's activation locks under a concurrent ConfigAdmin update), what every
 * server shares ({@link ToolHosts}), and the services its tools use. The stdio command and the HTTP servlet ask it
 * for a {@link ToolHost}.
 */
@Component(service = McpHost.class, configurationPid = McpConfig.PID)
public final class McpHost implements HostServices {

    private final Engine engine;
    private final ToolHosts hosts;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile ScreenCapture screenCapture;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile org.praefectus.api.vision.CaptureBackendInspector captureBackends;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile org.praefectus.api.desktop.DesktopPreflight preflight;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile ImageCodec imageCodec;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile CaptureStreams captureStreams;
    // the vision tools' services: optional, so the server runs (and says vision_unavailable) without vision
    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile OcrEngine ocrEngine;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile VisualComparator visualComparator;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile UiStateDetector uiStateDetector;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile UiElementDetector uiElementDetector;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    private final List<PluginTool> pluginTools = new CopyOnWriteArrayList<>();

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile org.praefectus.api.plugin.PluginDirectoryInstaller pluginInstaller;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile org.praefectus.api.desktop.DesktopService desktop;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile org.praefectus.api.desktop.DesktopProfiles profiles;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile org.praefectus.api.workflow.WorkflowService workflows;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile org.praefectus.api.workflow.WorkflowRecorder recorder;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile org.praefectus.api.workflow.WorkflowDrafts drafts;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile org.praefectus.api.workflow.WorkflowGoals goals;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile org.praefectus.api.graph.DesktopGraph desktopGraph;

    @Activate
    public McpHost(
            McpConfig config,
            @Reference Engine engine,
            @Reference(target = "(" + PinnedIssuer.HOST_PROPERTY + "=" + HostKeyPinning.HOST + ")") PinnedIssuer pin)
            throws IOException {
        this.engine = engine;
        this.hosts = new ToolHosts(config);
    }

    @Deactivate
    void deactivate() throws IOException {
        hosts.close();
    }

    /** A tool host with the configured profile, or {@code override} when given. */
    public ToolHost toolHost(Optional<CapabilityProfile> override) {
        return hosts.desktop(this, override);
    }

    /** What every server of this host shares. */
    ToolHosts hosts() {
        return hosts;
    }

    private volatile DesktopSession desktopSession;

    /** The desktop session the command found for this process. */
    void useDesktopSession(DesktopSession session) {
        this.desktopSession = session;
    }

    @Override
    public Optional<org.praefectus.api.desktop.DesktopService> desktop() {
        return Optional.ofNullable(desktop);
    }

    @Override
    public Optional<org.praefectus.api.desktop.DesktopProfiles> profiles() {
        return Optional.ofNullable(profiles);
    }

    @Override
    public Optional<org.praefectus.api.workflow.WorkflowService> workflows() {
        return Optional.ofNullable(workflows);
    }

    @Override
    public Optional<org.praefectus.api.workflow.WorkflowDrafts> drafts() {
        return Optional.ofNullable(drafts);
    }

    @Override
    public Optional<org.praefectus.api.workflow.WorkflowGoals> goals() {
        return Optional.ofNullable(goals);
    }

    @Override
    public Optional<org.praefectus.api.workflow.WorkflowRecorder> recorder() {
        return Optional.ofNullable(recorder);
    }

    @Override
    public Optional<org.praefectus.api.graph.DesktopGraph> desktopGraph() {
        return Optional.ofNullable(desktopGraph);
    }

    @Override
    public Optional<org.praefectus.api.vision.CaptureBackendInspector> captureBackends() {
        return Optional.ofNullable(captureBackends);
    }

    @Override
    public Optional<org.praefectus.api.desktop.DesktopPreflight> preflight() {
        return Optional.ofNullable(preflight);
    }

    @Override
    public java.util.Map<String, Object> desktopSession() {
        DesktopSession session = desktopSession;
        return session == null ? java.util.Map.of() : session.report();
    }

    @Override
    public Engine engine() {
        return engine;
    }

    @Override
    public Optional<ScreenCapture> screenCapture() {
        return Optional.ofNullable(screenCapture);
    }

    @Override
    public Optional<ImageCodec> imageCodec() {
        return Optional.ofNullable(imageCodec);
    }

    @Override
    public Optional<CaptureStreams> captureStreams() {
        return Optional.ofNullable(captureStreams);
    }

    @Override
    public Optional<OcrEngine> ocrEngine() {
        return Optional.ofNullable(ocrEngine);
    }

    @Override
    public Optional<VisualComparator> visualComparator() {
        return Optional.ofNullable(visualComparator);
    }

    @Override
    public Optional<UiStateDetector> uiStateDetector() {
        return Optional.ofNullable(uiStateDetector);
    }

    @Override
    public Optional<UiElementDetector> uiElementDetector() {
        return Optional.ofNullable(uiElementDetector);
    }

    @Override
    public Optional<org.praefectus.api.plugin.PluginDirectoryInstaller> pluginInstaller() {
        return Optional.ofNullable(pluginInstaller);
    }

    @Override
    public List<java.nio.file.Path> defaultPluginPaths() {
        String path = System.getenv("PEEKABOOX_PLUGIN_PATH");
        if (path == null || path.isBlank()) {
            return List.of();
        }
        return java.util.Arrays.stream(path.split(":"))
                .filter(p -> !p.isBlank())
                .map(java.nio.file.Path::of)
                .toList();
    }

    @Override
    public List<PluginTool> pluginTools() {
        return List.copyOf(pluginTools);
    }
}
