package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.Settle;

/**
 * The page's own navigations, all signed as {@code open} of an http(s) URL, each fenced by the document the engine
 * resolved and proven by the document that follows: a reload (the fenced document's own URL), a step back (the
 * previous history entry's URL) or a navigation (any other URL). Commands go to this page's session only.
 */
final class PageNavigation {

    /** How often the frame tree is read while a navigation commits. */
    private static final long POLL_MS = 20;

    private final PageSession session;
    private final String resolvedDocumentId;
    private final CancellationToken cancellation;
    private final long deadlineAtMs;

    PageNavigation(PageSession session, String resolvedDocumentId, CancellationToken cancellation, long deadlineAtMs) {
        this.session = session;
        this.resolvedDocumentId = resolvedDocumentId;
        this.cancellation = cancellation;
        this.deadlineAtMs = deadlineAtMs;
    }

    /** An absolute http or https URL without user info, in the form Chromium commits it; {@code null} otherwise. */
    static String canonicalUrl(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            return null;
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https"))
                || uri.getHost() == null
                || uri.getRawUserInfo() != null
                || uri.isOpaque()) {
            return null;
        }
        int port = uri.getPort();
        boolean defaultPort =
                port == -1 || (scheme.equals("http") && port == 80) || (scheme.equals("https") && port == 443);
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port) + path
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery())
                + (uri.getRawFragment() == null ? "" : "#" + uri.getRawFragment());
    }

    /**
     * Opens {@code url} in this page, the one form the protocol's {@code open} has for a page's own navigations: the
     * URL of the fenced document reloads it ({@code Page.reload}), the URL of the previous history entry goes back to
     * that entry ({@code Page.navigateToHistoryEntry}), any other URL is navigated to ({@code Page.navigate}). Each
     * succeeds only once a document at that URL committed (a new one, except for a same-document navigation).
     */
    void open(String url) throws DispatchException {
        String wanted = canonicalUrl(url);
        if (wanted == null) {
            throw DispatchException.noEffect("browser navigation needs an absolute http or https URL");
        }
        PageSession.Location before = fenced();
        if (wanted.equals(canonicalUrl(before.url()))) {
            command("Page.reload", session.params().put("ignoreCache", false));
            awaitCommitted(before, wanted, false);
            return;
        }
        JsonNode previous = previousEntry();
        if (previous != null && wanted.equals(canonicalUrl(previous.path("url").asText("")))) {
            beforeEffect();
            command(
                    "Page.navigateToHistoryEntry",
                    session.params().put("entryId", previous.path("id").asInt()));
            awaitCommitted(before, wanted, false);
            return;
        }
        beforeEffect();
        JsonNode reply = command("Page.navigate", session.params().put("url", url));
        if (reply.hasNonNull("errorText")) {
            throw DispatchException.ambiguous("browser navigation failed");
        }
        // a same-document navigation (a new fragment) keeps the document: then only the URL proves it
        boolean sameDocument = !reply.hasNonNull("loaderId");
        awaitCommitted(before, wanted, sameDocument);
    }

    /** The history entry before the current one, or {@code null} when there is none. */
    private JsonNode previousEntry() throws DispatchException {
        JsonNode history = command("Page.getNavigationHistory", session.params());
        int current = history.path("currentIndex").asInt(-1);
        JsonNode entries = history.path("entries");
        return current >= 1 && current < entries.size() ? entries.get(current - 1) : null;
    }

    /** The page as it is now, which must still be the document the engine resolved. */
    private PageSession.Location fenced() throws DispatchException {
        beforeEffect();
        PageSession.Location location;
        try {
            session.verifyProcess();
            location = session.location(deadlineAtMs);
        } catch (ExecutorException e) {
            throw DispatchException.beforeEffect(e);
        }
        if (!location.document().documentId().equals(resolvedDocumentId)) {
            throw EffectSteps.stale("browser document changed");
        }
        return location;
    }

    private void beforeEffect() throws DispatchException {
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        if (!session.processMatches()) {
            throw EffectSteps.stale("browser process changed");
        }
    }

    private JsonNode command(String method, com.fasterxml.jackson.databind.node.ObjectNode params)
            throws DispatchException {
        try {
            return session.command(method, params, deadlineAtMs);
        } catch (ChannelException e) {
            if (e.sent()) {
                throw DispatchException.ambiguous("browser navigation outcome is unknown");
            }
            throw EffectSteps.stale("browser navigation was not dispatched");
        }
    }

    /** Waits, within the deadline, for the document that proves the navigation. */
    private void awaitCommitted(PageSession.Location before, String wanted, boolean sameDocument)
            throws DispatchException {
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, true);
        Settle.Check<DispatchException> committed = () -> {
            try {
                PageSession.Location now = session.location(deadlineAtMs);
                boolean newDocument =
                        !now.document().documentId().equals(before.document().documentId());
                if ((sameDocument || newDocument) && wanted.equals(canonicalUrl(now.url()))) {
                    return true;
                }
                if (newDocument && !now.url().isEmpty() && !now.url().equals("about:blank")) {
                    // another document than the one asked for committed (a redirect, an error page)
                    throw DispatchException.ambiguous("browser navigation reached another document");
                }
                return false;
            } catch (ExecutorException e) {
                throw DispatchException.ambiguous("browser navigation outcome is unknown");
            }
        };
        if (Settle.await(committed, Settle.every(POLL_MS), deadlineAtMs, cancellation) != Settle.Outcome.HELD) {
            // cancelled or past the deadline once the navigation was sent: the boundary says which
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, true);
            throw DispatchException.ambiguous("browser navigation outcome is unknown");
        }
    }
}
