package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.Settle;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.WindowOperation;

/**
 * The {@code window} action on the executor's own page, as a browser tab: {@code focus} selects it
 * ({@code Page.bringToFront}), {@code close} closes it ({@code Page.close}, proven by the browser no longer listing
 * the target). The application is {@value #APPLICATION}; the title is the tab's {@link BrowserPage#label()}, which
 * must still be the live page's (and the document the one resolved) immediately before the effect. An executor
 * never selects or closes another target than its own: a host that follows another tab binds an executor to it.
 */
final class PageWindow {

    /** The application a browser tab's {@code window} action names. */
    static final String APPLICATION = "browser";

    private final PageSession session;

    PageWindow(PageSession session) {
        this.session = session;
    }

    void dispatch(Action.Window window, String documentId, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (!APPLICATION.equals(window.app()) || window.operation() == WindowOperation.MINIMIZE) {
            throw DispatchException.unsupported(
                    "a browser tab can only be selected or closed, as application " + APPLICATION);
        }
        if (window.title() == null) {
            throw DispatchException.noEffect("a browser tab is named by its title");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        if (!session.processMatches()) {
            throw EffectSteps.stale("browser process changed");
        }
        try {
            if (!session.location(deadlineAtMs).document().documentId().equals(documentId)
                    || !live(deadlineAtMs).label().equals(window.title())) {
                throw EffectSteps.stale("browser tab changed");
            }
        } catch (ExecutorException | ChannelException e) {
            throw EffectSteps.stale("browser tab changed");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        boolean close = window.operation() == WindowOperation.CLOSE;
        try {
            session.command(close ? "Page.close" : "Page.bringToFront", session.params(), deadlineAtMs);
        } catch (ChannelException e) {
            if (!e.sent()) {
                throw EffectSteps.stale("browser tab action was not dispatched");
            }
            if (!close) {
                throw DispatchException.ambiguous("browser tab selection outcome is unknown");
            }
            // a closing page may drop its connection before it answers: whether it closed is read below
        }
        if (close) {
            if (!gone(cancellation, deadlineAtMs)) {
                throw DispatchException.ambiguous("browser tab did not close");
            }
            // the page is gone, but the browser may keep its socket open: every later call must fail at once rather
            // than wait out its deadline for a reply that cannot come
            session.close();
        }
    }

    /** The live page as the browser describes it now. */
    private BrowserPage live(long deadlineAtMs) throws ChannelException {
        String targetId = session.config().targetId();
        JsonNode info = session.command(
                        "Target.getTargetInfo", session.params().put("targetId", targetId), deadlineAtMs)
                .path("targetInfo");
        if (!targetId.equals(info.path("targetId").asText(null))) {
            throw new ChannelException(false, "browser target changed");
        }
        return new BrowserPage(
                targetId, info.path("title").asText(""), info.path("url").asText(""));
    }

    /** Whether the browser stops listing the page's target before the deadline. */
    private boolean gone(CancellationToken cancellation, long deadlineAtMs) {
        String targetId = session.config().targetId();
        Settle.Check<RuntimeException> absent = () -> {
            try {
                return DevToolsChannel.pages(
                                DevToolsChannel.newMapper(), session.config().port())
                        .stream()
                        .noneMatch(page -> page.targetId().equals(targetId));
            } catch (ChannelException unanswered) {
                return false;
            }
        };
        return Settle.until(absent, 20, deadlineAtMs, cancellation);
    }
}
