package org.praefectus.mcp.host;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.plugin.PluginTool;
import org.praefectus.api.vision.CaptureStreams;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.api.vision.OcrEngine;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.UiElementDetector;
import org.praefectus.api.vision.UiStateDetector;
import org.praefectus.api.vision.VisualComparator;

/**
 * The services the tools use, looked up at each call (they may come and go). Everything but the engine is optional
 * and absent unless a host has it (a browser session has no screen, vision or plugins).
 */
public interface HostServices {

    /** The engine the tools observe and act through: one executor choice for both. */
    Engine engine();

    default Optional<ScreenCapture> screenCapture() {
        return Optional.empty();
    }

    default Optional<ImageCodec> imageCodec() {
        return Optional.empty();
    }

    /** The vision bundle's capture streams ({@code capture_delta}). */
    default Optional<CaptureStreams> captureStreams() {
        return Optional.empty();
    }

    default Optional<OcrEngine> ocrEngine() {
        return Optional.empty();
    }

    default Optional<VisualComparator> visualComparator() {
        return Optional.empty();
    }

    default Optional<UiStateDetector> uiStateDetector() {
        return Optional.empty();
    }

    default Optional<UiElementDetector> uiElementDetector() {
        return Optional.empty();
    }

    default List<PluginTool> pluginTools() {
        return List.of();
    }

    /** Installs trusted plugin directories as bundles (their tools then arrive as {@link PluginTool}s). */
    default Optional<org.praefectus.api.plugin.PluginDirectoryInstaller> pluginInstaller() {
        return Optional.empty();
    }

    /** The plugin directories of {@code PEEKABOOX_PLUGIN_PATH} (colon-separated), in order. */
    default List<java.nio.file.Path> defaultPluginPaths() {
        return List.of();
    }

    /** The platform's typed desktop service, which plans the window tools' actions ({@link WindowTool}). */
    default Optional<org.praefectus.api.desktop.DesktopService> desktop() {
        return Optional.empty();
    }

    /** The platform's desktop profiles, which the desktop profile tools adapt ({@link ProfileTools}). */
    default Optional<org.praefectus.api.desktop.DesktopProfiles> profiles() {
        return Optional.empty();
    }

    /** The workflow service the workflow tools adapt ({@code execute_workflow}, the templates…). */
    default Optional<org.praefectus.api.workflow.WorkflowService> workflows() {
        return Optional.empty();
    }

    /** The runtime's workflow drafts ({@link DraftTools}). */
    default Optional<org.praefectus.api.workflow.WorkflowDrafts> drafts() {
        return Optional.empty();
    }

    /** The runtime's goal loop ({@link PlanTool}, {@link ExecuteGoalTool}). */
    default Optional<org.praefectus.api.workflow.WorkflowGoals> goals() {
        return Optional.empty();
    }

    /** The runtime's workflow recorder ({@link RecordingTools}, {@link ToolRecording}). */
    default Optional<org.praefectus.api.workflow.WorkflowRecorder> recorder() {
        return Optional.empty();
    }

    /** The runtime's desktop graph memory, for the graph tools ({@link GraphTools}). */
    default Optional<org.praefectus.api.graph.DesktopGraph> desktopGraph() {
        return Optional.empty();
    }

    /** The platform's capture backends, when a platform bundle provides them. */
    default Optional<org.praefectus.api.vision.CaptureBackendInspector> captureBackends() {
        return Optional.empty();
    }

    /** The platform's preflight checks, when a platform bundle provides them. */
    default Optional<org.praefectus.api.desktop.DesktopPreflight> preflight() {
        return Optional.empty();
    }

    /** What was found of the desktop session (doctor-style fields), for {@code capabilities}. */
    default Map<String, Object> desktopSession() {
        return Map.of();
    }
}
