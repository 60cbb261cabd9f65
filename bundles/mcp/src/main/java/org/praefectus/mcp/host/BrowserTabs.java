package org.praefectus.mcp.host;

import java.util.List;
import org.praefectus.api.executor.ExecutorException;

/**
 * The tabs of browser mode's own browser ({@code tabs}): each page target under a short tag ({@code t1}, {@code t2}…,
 * given in the order the session first saw it), the one the session follows marked current. Following another tab
 * binds it an executor and a private engine of its own ({@link Binding}); the session follows it only once a signed
 * selection succeeded ({@link #follow}).
 */
public interface BrowserTabs {

    /**
     * One tab. Its title and URL are the page's content: shown to the model, never audited.
     *
     * @param tag     the session's tag for it
     * @param title   the page's title, possibly empty
     * @param url     the page's URL
     * @param label   what names it to a person and in a signed {@code window} action (its title, or its URL)
     * @param current whether the session follows it (observe and act address it)
     */
    record Tab(String tag, String title, String url, String label, boolean current) {}

    /** A tab's own executor and private engine, for a signed action on that tab; its engine is {@code engine()}. */
    interface Binding extends HostServices {
        /** The tab it is bound to. */
        Tab tab();
    }

    /** The browser's tabs, oldest first (new ones get tags). */
    List<Tab> list() throws ExecutorException;

    /** The tabs the page opened since the last {@link #list} or {@code opened}, oldest first (they get tags). */
    List<Tab> opened() throws ExecutorException;

    /**
     * A binding to the tab tagged {@code tag}: the current one's own when it is current, a new one otherwise.
     *
     * @throws ExecutorException {@code target_not_found} for a tag the session never gave or a tab that closed
     */
    Binding bind(String tag) throws ExecutorException;

    /** From now on the session follows {@code binding}'s tab; the binding it followed before is closed. */
    void follow(Binding binding);

    /** Closes a binding the session did not follow (nothing, for the current one). */
    void release(Binding binding);
}
