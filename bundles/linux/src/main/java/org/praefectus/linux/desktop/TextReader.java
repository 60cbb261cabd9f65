package org.praefectus.linux.desktop;

import java.util.List;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.TextRead;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.selector.UiElement;
import org.praefectus.linux.atspi.AtspiBus;
import org.praefectus.linux.atspi.AtspiObject;
import org.praefectus.linux.executor.LinuxExecutor;

/**
 * {@code read-text}: a page of an element's whole text, where the read-back of {@code elements} holds only its first
 * 256 characters. The element is found in a fresh observation (the selector's best on-screen match among elements
 * with a text interface); its length and the page are read over AT-SPI {@code Text} in one pipelined pair of calls.
 */
public final class TextReader {

    private final LinuxExecutor executor;

    public TextReader(LinuxExecutor executor) {
        this.executor = executor;
    }

    public TextRead run(ElementQuery query, int offset, int length, CancellationToken cancellation)
            throws DesktopException {
        if (offset < 0 || length < 1 || length > TextRead.MAX_PAGE) {
            throw new DesktopException("usage", "offset is at least 0 and length 1 to " + TextRead.MAX_PAGE);
        }
        long deadline = System.currentTimeMillis() + LinuxDesktop.LISTING_DEADLINE_MS;
        try (ElementFinder finder = new ElementFinder(executor, 0)) {
            UiElement best = best(
                    finder.find(query.selector(), query.scope(), 0, cancellation, deadline)
                            .elements(),
                    query);
            if (best.role().equals("password text")) {
                throw new DesktopException("not_readable", "a password field's text is never read, only its length");
            }
            AtspiBus bus = executor.connections().accessibility().bus();
            AtspiObject object = objectOf(best);
            var count = bus.characterCount(object);
            var page = bus.text(object, offset, offset + length);
            int total = count.await(cancellation, deadline);
            String text = offset >= total ? "" : page.await(cancellation, deadline);
            return new TextRead(best, offset, text, total);
        } catch (ExecutorException e) {
            throw LinuxDesktop.failure(e);
        }
    }

    /** The best on-screen match with a text interface (its read-back has a length). */
    private static UiElement best(List<UiElement> found, ElementQuery query) throws DesktopException {
        UiElement best = null;
        for (UiElement element : found) {
            boolean hasText = element.readBack() != null && element.readBack().textLength() != null;
            if (hasText
                    && element.bounds().hasArea()
                    && (best == null
                            || query.selector().score(element)
                                    > query.selector().score(best))) {
                best = element;
            }
        }
        if (best == null) {
            throw new DesktopException("target_not_found", "no on-screen element with text matches the selector");
        }
        return best;
    }

    /** The accessible object an element's ID ({@code bus:path}) names. */
    private static AtspiObject objectOf(UiElement element) throws DesktopException {
        int split = element.id().indexOf(":/");
        AtspiObject object = split < 0
                ? null
                : new AtspiObject(element.id().substring(0, split), element.id().substring(split + 1));
        if (object == null || !object.valid()) {
            throw new DesktopException("stale_target", "the element has no accessible object to read");
        }
        return object;
    }
}
