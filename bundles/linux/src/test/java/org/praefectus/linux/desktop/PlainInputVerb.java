package org.praefectus.linux.desktop;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.function.Supplier;
import org.praefectus.api.desktop.ClipboardRestore;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopState;
import org.praefectus.api.desktop.ElementMatches;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementWait;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.desktop.TextRead;
import org.praefectus.api.desktop.WindowListing;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.selector.UiElement;
import org.praefectus.linux.executor.LinuxExecutor;

/**
 * The input verb as the desktop tests call it: signed by the host the supplier gives, its outcome read as the plain
 * JSON every surface shows (Jackson, as the CLI writes it).
 */
public final class PlainInputVerb {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final InputVerb verb;
    private final Supplier<ResidentHost> host;

    public PlainInputVerb(LinuxExecutor executor, Supplier<ResidentHost> host) {
        this.verb = new InputVerb(executor);
        this.host = host;
    }

    /** The outcome of {@code request} as plain JSON. */
    public Map<String, Object> run(InputRequest request, CancellationToken cancellation) throws DesktopException {
        return plain(outcome(request, cancellation));
    }

    /** The typed outcome of {@code request}. */
    public InputOutcome outcome(InputRequest request, CancellationToken cancellation) throws DesktopException {
        return verb.run(request, host.get(), cancellation);
    }

    /** A paste of {@code request} that keeps the clipboard under {@code policy}, as plain JSON. */
    public Map<String, Object> paste(InputRequest request, ClipboardRestore policy, CancellationToken cancellation)
            throws DesktopException {
        return run(withClipboard(request, policy), cancellation);
    }

    public long[] pointer() throws DesktopException {
        return verb.pointer();
    }

    /** Any value as the plain JSON Jackson writes for it. */
    public static Map<String, Object> plain(Object value) {
        return JSON.convertValue(value, new TypeReference<Map<String, Object>>() {});
    }

    /** {@code request} keeping the clipboard under {@code policy}. */
    public static InputRequest withClipboard(InputRequest request, ClipboardRestore policy) {
        return InputRequest.of(request.verb())
                .point(request.point())
                .relative(request.relative())
                .region(request.region())
                .ratio(request.ratio())
                .selector(request.selector())
                .scope(request.scope())
                .fromCurrent(request.fromCurrent())
                .to(request.to())
                .toRatio(request.toRatio())
                .clamp(request.clamp())
                .button(request.button())
                .count(request.count())
                .direction(request.direction())
                .text(request.text())
                .clear(request.clear())
                .keys(request.keys())
                .repeat(request.repeat())
                .intervalMs(request.intervalMs())
                .delayMs(request.delayMs())
                .pace(request.pace())
                .restore(request.restore())
                .dryRun(request.dryRun())
                .clipboard(policy)
                .build();
    }

    /** A desktop service whose only verbs are the input verb and the pointer (for the flag parser's tests). */
    public DesktopService service() {
        return new DesktopService() {
            @Override
            public WindowListing windows(WindowQuery query, CancellationToken cancellation) {
                throw new UnsupportedOperationException("windows");
            }

            @Override
            public ElementMatches findElements(ElementQuery query, CancellationToken cancellation) {
                throw new UnsupportedOperationException("findElements");
            }

            @Override
            public DesktopState desktopState(int limit, CancellationToken cancellation) {
                throw new UnsupportedOperationException("desktopState");
            }

            @Override
            public ElementWait waitFor(
                    ElementQuery query, boolean gone, long timeoutMs, CancellationToken cancellation) {
                throw new UnsupportedOperationException("waitFor");
            }

            @Override
            public TextRead readText(ElementQuery query, int offset, int length, CancellationToken cancellation) {
                throw new UnsupportedOperationException("readText");
            }

            @Override
            public java.util.Map<String, org.praefectus.api.selector.ReadBack> readBack(
                    String observationId, java.util.Collection<String> tags, CancellationToken cancellation) {
                throw new UnsupportedOperationException("readBack");
            }

            @Override
            public UiElement.Point pointer() throws DesktopException {
                long[] at = verb.pointer();
                return new UiElement.Point(at[0], at[1]);
            }

            @Override
            public InputOutcome input(InputRequest request, ResidentHost signer, CancellationToken cancellation)
                    throws DesktopException {
                return verb.run(request, signer, cancellation);
            }

            @Override
            public java.util.Optional<org.praefectus.api.desktop.DesktopWindow> windowShownBy(
                    org.praefectus.api.protocol.Action action, org.praefectus.api.protocol.Terminal terminal) {
                throw new UnsupportedOperationException("windowShownBy");
            }
        };
    }
}
