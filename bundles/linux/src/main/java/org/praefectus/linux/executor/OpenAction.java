package org.praefectus.linux.executor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.linux.apps.AllowedApplications;
import org.praefectus.linux.apps.DetachedProcess;
import org.praefectus.linux.apps.OpenTarget;
import org.praefectus.linux.x11.ClientWindow;
import org.praefectus.linux.x11.X11Session;

/**
 * The signed {@code open} action on X11: a file or URL ({@link OpenTarget}: http, https, file; the file exists) handed
 * to the desktop's handler, {@code xdg-open} (else {@code gio open}) from a fixed folder, as an argument vector, never
 * a shell string, started detached like a launch. It succeeds once a client window that was not there before
 * appears; none within {@link ApplicationActions#LAUNCH_WAIT_MS} is {@code outcome_unknown} (the handler may still be
 * starting, or have put the document into a window it had open). Opening with a named application, or without
 * bringing the handler forward, is not offered: {@code unsupported}.
 */
final class OpenAction {

    static final String BACKEND = "x11-xdg-open";
    /** The desktop's handlers, looked for in fixed folders only. */
    private static final List<List<String>> HANDLERS =
            List.of(List.of("/usr/bin/xdg-open"), List.of("/bin/xdg-open"), List.of("/usr/bin/gio", "open"));

    private final LinuxExecutor executor;
    private final AppearingWindows windows;

    OpenAction(LinuxExecutor executor, X11Session session) {
        this.executor = executor;
        this.windows = new AppearingWindows(session);
    }

    DispatchReceipt dispatch(Action.Open action, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        ApplicationActions.requireInput(executor);
        if (action.app() != null || action.noFocus()) {
            throw DispatchException.unsupported("open uses the desktop's handler, brought forward");
        }
        String target;
        try {
            target = OpenTarget.check(action.target());
        } catch (AllowedApplications.Refusal refusal) {
            throw new DispatchException(
                    EffectKnowledge.NO_EFFECT,
                    refusal.code().equals("file_not_found")
                            ? FailureCode.TARGET_NOT_FOUND
                            : FailureCode.PERMISSION_DENIED,
                    refusal.getMessage());
        }
        List<String> handler = HANDLERS.stream()
                .filter(h -> Files.isExecutable(Path.of(h.get(0))))
                .findFirst()
                .orElseThrow(() -> DispatchException.unsupported("neither xdg-open nor gio is installed"));
        Set<Long> before = windows.ids();
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        try {
            List<String> argv = new java.util.ArrayList<>(handler);
            argv.add(target);
            DetachedProcess.start(argv, executor.connections().environment());
        } catch (IOException e) {
            throw DispatchException.noEffect("the desktop's handler could not be started");
        }
        long until = Math.min(deadlineAtMs, System.currentTimeMillis() + ApplicationActions.LAUNCH_WAIT_MS);
        Optional<ClientWindow> shown = windows.awaitNew(before, w -> true, until, cancellation);
        if (shown.isEmpty()) {
            throw DispatchException.ambiguous("no new window appeared in time: the handler may still be starting");
        }
        executor.shownWindows().record(action, shown.get());
        return DispatchReceipt.of(BACKEND);
    }
}
