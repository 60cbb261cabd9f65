package org.praefectus.linux;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopState;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementMatches;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementWait;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.desktop.TextRead;
import org.praefectus.api.desktop.WindowListing;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.selector.ReadBack;
import org.praefectus.api.selector.UiElement;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.UiElementDetector;
import org.praefectus.linux.desktop.DesktopSession;
import org.praefectus.linux.desktop.LinuxDesktop;

/**
 * The typed desktop service of this platform, for every surface (CLI, socket, gRPC, MCP): {@link LinuxDesktop} on the
 * runtime's desktop session, with vision fallback when a screen capture and a detector are present.
 */
@Component(service = DesktopService.class)
public final class DesktopServiceComponent implements DesktopService {

    private final LinuxDesktop desktop;

    @Activate
    public DesktopServiceComponent(
            @Reference DesktopSession session,
            @Reference(cardinality = ReferenceCardinality.OPTIONAL) ScreenCapture capture,
            @Reference(cardinality = ReferenceCardinality.OPTIONAL) UiElementDetector detector) {
        this.desktop = new LinuxDesktop(session, capture, detector);
    }

    @Override
    public WindowListing windows(WindowQuery query, CancellationToken cancellation) throws DesktopException {
        return desktop.windows(query, cancellation);
    }

    @Override
    public ElementMatches findElements(ElementQuery query, CancellationToken cancellation) throws DesktopException {
        return desktop.findElements(query, cancellation);
    }

    @Override
    public DesktopState desktopState(int limit, CancellationToken cancellation) throws DesktopException {
        return desktop.desktopState(limit, cancellation);
    }

    @Override
    public ElementWait waitFor(ElementQuery query, boolean gone, long timeoutMs, CancellationToken cancellation)
            throws DesktopException {
        return desktop.waitFor(query, gone, timeoutMs, cancellation);
    }

    @Override
    public TextRead readText(ElementQuery query, int offset, int length, CancellationToken cancellation)
            throws DesktopException {
        return desktop.readText(query, offset, length, cancellation);
    }

    @Override
    public Map<String, ReadBack> readBack(String observationId, Collection<String> tags, CancellationToken cancellation)
            throws DesktopException {
        return desktop.readBack(observationId, tags, cancellation);
    }

    @Override
    public UiElement.Point pointer() throws DesktopException {
        return desktop.pointer();
    }

    @Override
    public InputOutcome input(InputRequest request, ResidentHost signer, CancellationToken cancellation)
            throws DesktopException {
        return desktop.input(request, signer, cancellation);
    }

    @Override
    public Optional<DesktopWindow> windowShownBy(Action action, Terminal terminal) {
        return desktop.windowShownBy(action, terminal);
    }
}
