package org.praefectus.daemon.ipc;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.praefectus.api.desktop.DesktopCapture;
import org.praefectus.api.graph.DesktopGraph;
import org.praefectus.api.plugin.ProcessPlugins;
import org.praefectus.api.vision.CaptureBackendInspector;
import org.praefectus.api.vision.CaptureStreams;
import org.praefectus.api.vision.ImageAnalysis;
import org.praefectus.api.workflow.WorkflowDrafts;
import org.praefectus.api.workflow.WorkflowGoals;
import org.praefectus.api.workflow.WorkflowRecorder;
import org.praefectus.api.workflow.WorkflowService;

/**
 * The typed services the socket's vision, capture, plugin, workflow and desktop graph methods adapt, each optional: a
 * method whose service is absent (no vision or workflow bundle in this runtime) is answered {@code unsupported}.
 */
@Component(service = SocketServices.class)
public final class SocketServices {

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile ImageAnalysis imageAnalysis;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile CaptureStreams captureStreams;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile ProcessPlugins processPlugins;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile CaptureBackendInspector captureBackends;

    CaptureBackendInspector captureBackends() throws IpcException {
        return present(captureBackends, "capture backend");
    }

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile DesktopCapture desktopCapture;

    DesktopCapture desktopCapture() throws IpcException {
        return present(desktopCapture, "desktop capture");
    }

    ProcessPlugins processPlugins() throws IpcException {
        return present(processPlugins, "process plugin");
    }

    ImageAnalysis imageAnalysis() throws IpcException {
        return present(imageAnalysis, "image analysis");
    }

    CaptureStreams captureStreams() throws IpcException {
        return present(captureStreams, "capture streams");
    }

    private static <T> T present(T service, String what) throws IpcException {
        if (service == null) {
            throw new IpcException("unsupported", "this runtime has no " + what + " service");
        }
        return service;
    }

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile WorkflowService workflows;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile WorkflowDrafts drafts;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile WorkflowGoals goals;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile WorkflowRecorder recorder;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile DesktopGraph desktopGraph;

    WorkflowService workflows() throws IpcException {
        return present(workflows, "workflow");
    }

    WorkflowDrafts drafts() throws IpcException {
        return present(drafts, "workflow drafts");
    }

    WorkflowGoals goals() throws IpcException {
        return present(goals, "goal loop");
    }

    WorkflowRecorder recorder() throws IpcException {
        return present(recorder, "workflow recorder");
    }

    DesktopGraph desktopGraph() throws IpcException {
        return present(desktopGraph, "desktop graph");
    }
}
