package org.praefectus.windows.executor;

import java.util.List;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.windows.uia.UiaApi;
import org.praefectus.windows.uia.WinInput;

/**
 * {@code SendInput} of planned chunks, checking cancellation and the deadline between them. Nothing inserted
 * by the first chunk is no effect (UIPI or a secure desktop blocked it); any shortfall after that is unknown.
 */
final class InputSender {

    private final UiaApi uia;

    InputSender(UiaApi uia) {
        this.uia = uia;
    }

    void send(List<List<WinInput>> chunks, CancellationToken cancellation, long deadlineAtMs) throws DispatchException {
        boolean started = false;
        for (List<WinInput> chunk : chunks) {
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, started);
            int sent = uia.sendInput(chunk);
            if (sent != chunk.size()) {
                if (!started && sent == 0) {
                    throw DispatchException.unsupported("input was blocked");
                }
                throw DispatchException.ambiguous("input interrupted after dispatch began");
            }
            started = true;
        }
    }
}
